import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  /// The benchmark baseline: the same streaming reader `build` uses (ISA-L or zlib, as
  /// `--inflater` says), with nothing done to the bytes it yields. `make bench` compares `build` against it.
  struct Inflate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Decompress corpus files and discard the text (a benchmark baseline).",
      shouldDisplay: false)

    @Argument(help: "Corpus files.")
    var files: [String]

    @OptionGroup var inflater: InflaterOption

    func run() throws {
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      var total = 0
      inflater.warnWhereISALWasLeftOut()
      for file in files {
        let reader = try CorpusReader(path: file, inflater: inflater.inflater)
        while true {
          let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
          if count == 0 { break }
          total += count
        }
      }
      print("\(total) bytes")
    }
  }
}
