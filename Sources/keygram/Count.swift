import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Count corpus files into a count file (.kgcounts), to merge and build from later.",
      discussion: """
        keygram count en -o en.kgcounts                 corpora/en/*.gz (.dz, .txt), named as build names them
        keygram count en a.gz b.gz -o shard.kgcounts    your own files, named relative to the current folder
        keygram count en corpora/en/x.gz --source-root corpora/en -o x.kgcounts
        keygram count en big.gz --part 2/8 -o big-2.kgcounts   lines 2, 10, 18, ... of big.gz
        keygram count en --language-lists -o lists.kgcounts    the lists corpora/en/ makes its lexicon from
        The counts are exact; `keygram merge` adds count files and `keygram build <lang> --counts`
        makes the table the same files would have made. Your own files are counted alone: `build en
        FILES` reads the language's lists beside them, so count those once (--language-lists) and
        merge or build with that file too; `build --counts` refuses count files that lack them
        (unless --lexicon-words 0). Format: docs/CountFormat.md.
        """)

    @Argument(help: "The language code, e.g. en.")
    var language: String

    @Argument(help: "Corpus files (gzip or plain text) to count instead of corpora/<lang>/.")
    var files: [String] = []

    @Option(name: .shortAndLong, help: "The count file to write (replaced only when complete).")
    var output: String

    @Option(name: .customLong("frequency-list"), parsing: .singleValue,
            help: "A word-frequency list to count with the files, whatever its name; repeatable.")
    var frequencyLists: [String] = []

    @Flag(name: .customLong("language-lists"),
          help: "Count the lists corpora/<lang>/ makes its lexicon from (its word list, and its lists of written forms, accepted words and misspellings), with your files if any: once for all the shards of your own files.")
    var languageLists = false

    @Option(name: [.customLong("source-root"), .customLong("relative-to")],
            help: ArgumentHelp("Name your own files relative to this folder, as `build --source-root` does (default: the current folder).", valueName: "dir"))
    var relativeTo: String?

    @Option(help: ArgumentHelp("How many files to count at once.", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("words-in-memory"),
            help: "Distinct words held in memory per counting thread before they spill, sorted, to $TMPDIR.")
    var wordsInMemory = WordCounts.defaultMemoryCap

    @Option(help: ArgumentHelp("Count only part K of N of every file's lines: lines K, K + N, K + 2N, ... (from 0).",
                               valueName: "K/N"))
    var part: String?

    @OptionGroup var folders: CorporaOption

    @OptionGroup var inflater: InflaterOption

    /// `--part K/N` read.
    var parsedPart: CountFile.Part? {
      guard let part else { return nil }
      let fields = part.split(separator: "/")
      guard fields.count == 2, let k = UInt32(fields[0]), let n = UInt32(fields[1]), n >= 1, k < n else { return nil }
      return CountFile.Part(index: k, of: n)
    }

    func validate() throws {
      if jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs).") }
      if part != nil && parsedPart == nil { throw ValidationError("--part takes K/N with 0 <= K < N, not \(part!).") }
      if wordsInMemory < 1 { throw ValidationError("--words-in-memory must be 1 or more, not \(wordsInMemory).") }
    }

    func run() throws {
      let corpora = CorpusFolder(root: folders.corpora)
      Pipeline.removeTemporaryFilesOnSignals()
      let language = try corpora.language(self.language)
      var ownInputs = files + frequencyLists
      if languageLists {
        let lists = LanguageLists.files(among: try corpora.regularCorpusFiles(for: language.code), language: language)
        if lists.isEmpty {
          throw CLIError("\(corpora.folder(for: language.code)): no word list (no language.json source feeds words), so no lists to count")
        }
        // Named as a build of one's own files names them, beside those files.
        ownInputs += lists.filter { !ownInputs.contains($0) }
      }
      let inputs = ownInputs.isEmpty ? try corpora.regularCorpusFiles(for: language.code) : ownInputs
      let folder = relativeTo.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        ?? (ownInputs.isEmpty ? corpora.folder(for: language.code) : nil)
      if inputs.isEmpty { throw CorpusError(path: corpora.folder(for: language.code), kind: .noCorpusFiles) }
      inflater.warnWhereISALWasLeftOut()
      let started = ContinuousClock.now
      var request = Pipeline.Request(language: language, inputs: inputs, corpusFolder: folder, output: .countFile(output))
      request.corporaFolder = corpora.root
      request.frequencyLists = Set(frequencyLists)
      request.jobs = jobs
      request.wordMemoryCap = wordsInMemory
      request.part = parsedPart
      request.inflater = inflater.inflater
      let summary = try Pipeline.build(request, progress: ProgressBar(label: language.code))
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      print(CountReport(head: summary.countHead!, distinctWords: UInt64(summary.words.distinctWords), path: output, seconds: seconds))
    }
  }
}

/// What `count` and `merge` print: the inputs, the totals, the output.
struct CountReport: CustomStringConvertible {
  let head: CountFile.Head
  let distinctWords: UInt64
  let path: String
  let seconds: Double

  var description: String {
    let counts = head.counts
    let files = head.files.count
    return """
      \(head.languageCode): \(files) input\(files == 1 ? "" : "s"), \(grouped(head.storedBytes)) bytes stored, \(grouped(head.textBytes)) bytes of text
      letters \(grouped(counts.letters)), words \(grouped(counts.words)), distinct lexicon words \(grouped(distinctWords))
      \(String(format: "time %.2f s", seconds))
      wrote \(path)
      """
  }
}
