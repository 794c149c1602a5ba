import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Count a corpus and write its table (binary and generated Swift).",
      discussion: """
        keygram build en               reads corpora/en/*.gz (.dz, .txt)
        keygram build --all            every language with a corpora/<lang>/language.json
        keygram build en FILE...       your own corpus files instead of corpora/en/ (named in the table
                                       relative to --source-root; the lexicon from corpora/en/'s word list,
                                       with its dictionary and misspelling lists)
        zcat *.gz | keygram build en - standard input (also pipes and FIFOs) read as a stream
        keygram build en --counts all.kgcounts   from `keygram count`/`merge` output: the same table
                                       (count files of your own files need the language's lists counted
                                       once with them: `keygram count en --language-lists`)
        """)

    @Argument(help: "The language code, e.g. en.")
    var language: String?

    @Argument(help: "Corpus files (gzip or plain text) to use instead of corpora/<lang>/; - reads standard input.")
    var files: [String] = []

    @Option(name: .customLong("frequency-list"), parsing: .singleValue,
            help: "A word-frequency list (\"word<TAB>count\" or \"word count\" lines, gzip or plain) to count with the files; repeatable.")
    var frequencyLists: [String] = []

    @Option(name: .customLong("quadgram-contexts"),
            help: "How many 4-gram contexts the table keeps, those that beat their trigram row by the most (0: none).")
    var quadgramContexts = Prune.defaultQuadgramContexts

    @Option(name: .customLong("lexicon-words"),
            help: "How many words the table's lexicon keeps, the most frequent (0: no lexicon).")
    var lexiconWords = LexiconSection.defaultWordCount

    @Option(name: .customLong("pair-bytes"),
            help: "The most bytes the word-pair model (PAIR) takes, its likeliest pairs kept (0: no word pairs).")
    var pairBytes = WordPairModel.defaultByteBudget

    @Option(name: .customLong("known-words"),
            help: "How many words past the lexicon the table knows as words without suggesting them (KNOW), so they stand as typed (0: none).")
    var knownWords = KnownWordsFilter.defaultWordCount

    @Option(name: .customLong("source-root"),
            help: ArgumentHelp("With your own files: the folder the table names them relative to, so builds in two checkouts give the same bytes; `verify --source-root` takes the same folder. (default: the current folder)", valueName: "dir"))
    var sourceRoot: String?

    @Option(name: .customLong("lexicon-from"),
            help: ArgumentHelp("With your own files: the lexicon's words from the word list in corpora/<lang>/ (language) or from your files' own words (text); --lexicon-words 0 builds none.", valueName: "language|text"))
    var lexiconFrom: LexiconOrigin = .language

    @Option(name: .customLong("counts"), parsing: .upToNextOption,
            help: "Count files (keygram count, merge) to build from instead of the corpus, summed: --counts A B, or --counts A --counts B.")
    var countFiles: [String] = []

    @Option(help: ArgumentHelp("How many files to count at once.", valueName: "n"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("words-in-memory"),
            help: "Distinct words held in memory per counting thread before they spill, sorted, to $TMPDIR.")
    var wordsInMemory = WordCounts.defaultMemoryCap

    @Option(name: .customLong("min-letters"),
            help: "Refuse a corpus with fewer letters of the alphabet than this (0: no floor); zeros or text in another script would make a near-uniform table.")
    var minLetters = Pipeline.defaultMinimumLetters

    @Flag(help: "Build every language in the corpora folder.")
    var all = false

    @Flag(name: .customLong("no-swift"), help: "Write only the binary table.")
    var noSwift = false

    @OptionGroup var folders: FolderOptions

    @OptionGroup var inflater: InflaterOption

    func validate() throws {
      if all && (language != nil || !files.isEmpty || !frequencyLists.isEmpty) { throw ValidationError("--all takes no language or files.") }
      if !all && language == nil { throw ValidationError("Name a language (e.g. en) or pass --all.") }
      if !countFiles.isEmpty && (all || !files.isEmpty || !frequencyLists.isEmpty) {
        throw ValidationError("--counts takes a language and no files.")
      }
      if jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs).") }
      if wordsInMemory < 1 { throw ValidationError("--words-in-memory must be 1 or more, not \(wordsInMemory).") }
      if quadgramContexts < 0 { throw ValidationError("--quadgram-contexts must be 0 or more, not \(quadgramContexts).") }
      if minLetters < 0 { throw ValidationError("--min-letters must be 0 or more, not \(minLetters).") }
      if lexiconWords < 0 { throw ValidationError("--lexicon-words must be 0 or more, not \(lexiconWords).") }
      if knownWords < 0 { throw ValidationError("--known-words must be 0 or more, not \(knownWords).") }
      if pairBytes < 0 { throw ValidationError("--pair-bytes must be 0 or more, not \(pairBytes).") }
      if files.isEmpty && frequencyLists.isEmpty {
        if sourceRoot != nil { throw ValidationError("--source-root names your own files; corpora/<lang>/ files are named from that folder.") }
        if lexiconFrom != .language { throw ValidationError("--lexicon-from applies to your own files; for corpora/<lang>/ its language.json's sources say what feeds the lexicon.") }
      }
    }

    func run() throws {
      let corpora = CorpusFolder(root: folders.corpora)
      let codes = all ? corpora.languageCodes : [language!]
      if all && codes.isEmpty { throw corpora.missingFolder(lookingFor: "*/\(LanguageManifest.fileName)") }
      inflater.warnWhereISALWasLeftOut()
      Pipeline.removeTemporaryFilesOnSignals()
      // First of all, a build killed while replacing outputs in these folders is finished.
      for note in try Pipeline.finishInterruptedBuilds(in: [folders.out] + (noSwift ? [] : [folders.swiftOut])) {
        print("note: \(note)")
      }
      for code in codes {
        var language = try corpora.language(code)
        let ownInputs = files + frequencyLists
        var inputs: [String] = [], root = ownInputs.isEmpty ? corpora.folder(for: code) : sourceRoot ?? "."
        if root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        var lexiconNote: String?
        if !countFiles.isEmpty {
          inputs = []
        } else if ownInputs.isEmpty {
          inputs = try corpora.regularCorpusFiles(for: code)
        } else if lexiconWords == 0 || !frequencyLists.isEmpty {
          inputs = ownInputs
        } else if lexiconFrom == .text {
          language = language.feedingWords(fromText: files)
          inputs = ownInputs
        } else {
          // The language's word lists: frequency lists its manifest says feed the lexicon; and
          // with them the lists that say which of their words are words and how they are
          // written (sources that feed forms, accepts or misspellings), so the lexicon is the
          // one the language's own table has.
          let lists = LanguageLists.files(among: try corpora.regularCorpusFiles(for: code), language: language)
          inputs = ownInputs + lists.filter { !ownInputs.contains($0) }
          if lists.isEmpty {
            lexiconNote = "no lexicon: \(corpora.folder(for: code)) has no word list (no language.json source feeds words); "
              + "--lexicon-from text takes your files' own words"
          }
        }
        if inputs.isEmpty && countFiles.isEmpty { throw CorpusError(path: corpora.folder(for: code), kind: .noCorpusFiles) }
        var request = Pipeline.Request(
          language: language, inputs: inputs, corpusFolder: countFiles.isEmpty ? root : nil,
          tablesFolder: folders.out, swiftFolder: noSwift ? nil : folders.swiftOut)
        request.corporaFolder = corpora.root
        request.frequencyLists = Set(frequencyLists)
        request.quadgramContexts = quadgramContexts
        request.lexiconWords = lexiconWords
        request.pairBytes = pairBytes
        request.knownWords = knownWords
        request.countFiles = countFiles
        request.jobs = jobs
        request.wordMemoryCap = wordsInMemory
        request.minimumLetters = minLetters
        request.inflater = inflater.inflater
        let summary = try Pipeline.build(request, progress: ProgressBar(label: code))
        print(BuildReport(summary, lexiconWords: lexiconWords, note: lexiconNote))
      }
    }
  }
}

extension LexiconOrigin: ExpressibleByArgument {}
