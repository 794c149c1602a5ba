import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add count files (.kgcounts) into one: the exact sum, in any order or grouping.",
      discussion: """
        keygram merge a.kgcounts b.kgcounts -o all.kgcounts
        The files must be counts of the same language, alphabet and counting rules, in this
        format version, and name no input twice. Words are merged as sorted streams, so memory
        does not grow with the vocabulary.
        """)

    @Argument(help: "The count files to add.")
    var counts: [String] = []

    @Option(name: .shortAndLong, help: "The count file to write (replaced only when complete).")
    var output: String

    func run() throws {
      Pipeline.removeTemporaryFilesOnSignals()
      let started = ContinuousClock.now
      let (head, words) = try KeyGramPipeline.Merge.files(counts, into: output)
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      print(CountReport(head: head, distinctWords: words, path: output, seconds: seconds))
    }
  }
}
