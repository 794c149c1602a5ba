import Foundation
import KeyGram

/// The table builder: read → decode → count → normalise → emit, one stage per folder. This
/// file only wires them, in `build`, the one way in for `keygram build`, `keygram count` and
/// `keygram verify`'s rebuild:
///
///     corpus files ──Read (ChunkStream)──▶ bytes ──Decode (LetterDecoder)──▶ symbols
///       ──Count (CorpusCounter: LetterCounter, FrequencyListCounter, PairCounter)──▶ NgramCounts, WordCounts
///       ──Normalise (Smooth, Prune, Quantise; LexiconChoice, LexiconTrie, LexiconForms, WordPairModel)──▶ QuantisedModel
///       ──Emit (TableImage, SwiftTableSource, TableOutputs)──▶ tables/<code>.keygram, Sources/KeyGramTables/<Name>.swift
///
/// Read also records the `Provenance` (file names, sizes, SHA-256) that Emit stores. Counting
/// can also stop at a count file (`Request.Output.countFile`, docs/CountFormat.md), and a build
/// start from one or more (`Request.countFiles`, summed by `Merge`) instead of the corpus:
///
///     corpus files ──count──▶ shard.kgcounts ──Merge──▶ all.kgcounts ──Normalise, Emit──▶ the same table
public enum Pipeline {
  /// The fewest letters a build accepts unless told otherwise (`Request.minimumLetters`).
  public static let defaultMinimumLetters = 10_000

  /// Removes the temporary files of outputs being written (and spilled word counts) when
  /// SIGINT, SIGTERM or SIGHUP ends the process; a signal during the final renames waits for them.
  public static func removeTemporaryFilesOnSignals() { SignalCleanup.install() }

  /// What to build and where.
  public struct Request: Sendable {
    /// What a build makes, and so where it stops.
    public enum Output: Sendable, Equatable {
      /// The table in `tablesFolder`, and its generated Swift in `swiftFolder` if there is one.
      case table
      /// A count file at this path (docs/CountFormat.md): the build stops after counting.
      case countFile(String)
      /// The table's bytes in memory only: `verify` compares them with the table it checks.
      case image
    }

    public var language: Language
    /// Corpus files, each gzip or plain text.
    public var inputs: [String]
    /// The folder the provenance names inputs relative to (nil: the current folder); build
    /// names its own corpus folder's files from that folder, and the user's files from `--source-root`.
    public var corpusFolder: String?
    /// The corpora folder: its files outside `corpusFolder` (a language's word list beside the
    /// user's own text) are named by their place in it, whatever the working folder.
    public var corporaFolder: String?
    /// What the build makes.
    public var output: Output
    /// Where `<code>.keygram` goes.
    public var tablesFolder: String
    /// Where the generated Swift goes; nil for none.
    public var swiftFolder: String?
    /// Inputs that are word-frequency lists whatever their names.
    public var frequencyLists: Set<String> = []
    /// How many 4-gram contexts the table keeps (0: none; alphabets over 63 letters keep none).
    public var quadgramContexts = Prune.defaultQuadgramContexts
    /// How many words the lexicon keeps, the most frequent (0: no lexicon).
    public var lexiconWords = LexiconSection.defaultWordCount
    /// The most bytes the word-pair model's `PAIR` section takes (0: none; needs a lexicon).
    public var pairBytes = WordPairModel.defaultByteBudget
    /// How many known words beyond the lexicon the `KNOW` section holds (0: none; needs a lexicon).
    public var knownWords = KnownWordsFilter.defaultWordCount
    /// Count files to build from instead of `inputs` (their sum, as `keygram merge` makes it).
    public var countFiles: [String] = []
    /// Which lines of every input a count file counts (`keygram count --part`); nil: all.
    package var part: CountFile.Part?
    /// How many files are counted at once (each on its own counting thread and reader thread).
    public var jobs = 1
    /// Distinct words a word count holds in memory before spilling a sorted run to `$TMPDIR`.
    public var wordMemoryCap = WordCounts.defaultMemoryCap
    /// A corpus with fewer letters of the alphabet is refused (0: no floor): zeros, or text in
    /// another script, would otherwise make a near-uniform table.
    public var minimumLetters = Pipeline.defaultMinimumLetters
    /// Which library inflates gzip inputs (`Inflater`): ISA-L where it loads, else zlib.
    public var inflater = Inflater.automatic

    /// A build of the table (`.table`) into `tablesFolder` and `swiftFolder`.
    public init(language: Language, inputs: [String], corpusFolder: String? = nil, tablesFolder: String,
                swiftFolder: String?) {
      self.init(language: language, inputs: inputs, corpusFolder: corpusFolder, output: .table)
      self.tablesFolder = tablesFolder
      self.swiftFolder = swiftFolder
    }

    /// A build that makes `output`; `.table` writes to the current folder until `tablesFolder` is set.
    public init(language: Language, inputs: [String], corpusFolder: String? = nil, output: Output) {
      self.language = language
      self.inputs = inputs
      self.corpusFolder = corpusFolder
      self.output = output
      tablesFolder = "."
    }

    /// How the provenance names the inputs.
    var naming: Provenance.Naming { Provenance.Naming(folder: corpusFolder, corpora: corporaFolder) }

    /// The inputs the build reads: the count files, or else the corpus files.
    var readPaths: [String] { countFiles.isEmpty ? inputs : countFiles }

    /// The inputs whose source feeds the lexicon's words.
    var wordSources: [String] {
      countFiles.isEmpty ? inputs.filter { language.source(for: $0).feeds.contains(.words) } : countFiles
    }
  }

  /// The refusal of a build with fewer letters than its floor, naming only the inputs that feed
  /// letters and their bytes (a word list feeds none).
  static func tooFewLetters(_ request: Request, counts: NgramCounts, provenance: Provenance) -> TooFewLettersError {
    let feedsLetters = request.countFiles.isEmpty
      ? request.inputs.map { request.language.source(for: $0).feeds.contains(.letters) } : request.countFiles.map { _ in true }
    let paths = zip(request.readPaths, feedsLetters).filter(\.1).map(\.0)
    let others = zip(request.readPaths, feedsLetters).filter { !$0.1 }.map(\.0)
    let size = Dictionary(provenance.files.map { ($0.name, $0.size) }, uniquingKeysWith: +)
    let stored = others.isEmpty ? provenance.storedBytes
      : paths.reduce(0) { $0 + (size[Provenance.fileName($1, in: request.corpusFolder)] ?? 0) }
    return TooFewLettersError(paths: paths, language: request.language.name, storedBytes: stored,
                              textBytes: others.isEmpty ? provenance.textBytes : nil, letters: counts.letters,
                              minimum: request.minimumLetters, feedingNoLetters: others)
  }

  /// Finishes the builds killed while replacing their outputs in `folders` (`CommitIntent`):
  /// each such set is rolled forward or back whole. Returns a sentence for each, naming its
  /// files; empty (and no lock taken) where no folder holds one.
  public static func finishInterruptedBuilds(in folders: [String]) throws(OutputError) -> [String] {
    try CommitIntent.recoverLocking(folders).map(\.description)
  }

  /// What a build did, for the summary the CLI prints.
  public struct Summary: Sendable {
    public var language: Language
    package var counts: NgramCounts
    /// The word counts behind the lexicon, and what the lexicon kept.
    package var words: WordCounts
    public var provenance: Provenance
    public var seconds: Double
    /// The CPU time the count stage took on its threads (nil for a build from count files).
    public var countingSeconds: Double?
    /// The count file's head (`.countFile` builds).
    package var countHead: CountFile.Head?
    /// The table, its model and its lexicon (`.table` and `.image` builds).
    package var model: QuantisedModel?
    public var image: [UInt8]?
    package var lexicon: LexiconSection.Stats?
    /// The lexicon's written forms (`.table` and `.image` builds with a lexicon).
    package var writtenForms: LexiconForms?
    /// The word-pair model (`.table` and `.image` builds with a lexicon and counted pairs).
    package var wordPairs: WordPairModel?
    /// The known words' filter (`.table` and `.image` builds with a lexicon and words past it).
    package var knownWords: KnownWordsFilter?
    /// The lexicon's words the list of offensive words flags (`OFFN`), nil without a lexicon.
    package var offensiveWords: OffensiveWordFlags?
    /// Which words the lexicon kept and which it left out as misspellings, and why (`.table`
    /// and `.image` builds with a lexicon).
    package var lexiconChoice: LexiconChoice?
    /// The inputs that fed the lexicon's words (empty: no lexicon).
    public var wordSources: [String] = []
    /// The request's corpora folder, for naming its files as the provenance does.
    public var corporaFolder: String?
    /// What was written (`.table` builds).
    public var tablePath: String?
    public var swiftPath: String?
    public var swiftSourceBytes = 0
  }

  /// Runs the stages `request.output` needs and writes what it names, atomically, reporting
  /// reading's progress to `progress`.
  public static func build(_ request: Request, progress: (any BuildProgress)? = nil) throws -> Summary {
    guard !request.readPaths.isEmpty else { throw CorpusError(path: request.corpusFolder ?? ".", kind: .noCorpusFiles) }
    try request.inflater.checkAvailable()
    try Provenance.refuseDuplicates(request.inputs, naming: request.naming)
    let outputs = TableOutputs(language: request.language, tablesFolder: request.tablesFolder, swiftFolder: request.swiftFolder)
    let createdFolders = request.output == .table ? try outputs.prepare() : []
    do {
      return try run(request, writingTo: outputs, progress: progress)
    } catch {
      // A refused build leaves no folder of its own behind: those it made, innermost first, if empty.
      for folder in createdFolders.reversed() { system_removeEmptyFolder(folder) }
      throw error
    }
  }

  private static func run(_ request: Request, writingTo outputs: TableOutputs, progress: (any BuildProgress)?) throws -> Summary {
    let started = ContinuousClock.now
    let language = request.language
    // A table that keeps no pairs does not count them; a count file holds everything.
    var countsPairs = request.lexiconWords > 0 && request.pairBytes > 0
    // Nor does one without a lexicon read running text's written forms (they are the lexicon's).
    var countsForms = request.lexiconWords > 0
    if case .countFile = request.output {
      countsPairs = true
      countsForms = true
    }
    if case .table = request.output, request.countFiles.isEmpty {
      // The emit stage's scan of the code space (18 ms) does not depend on the corpus: it runs
      // while the counting waits for its first chunk, on the core the reader leaves idle.
      Thread { _ = TableImage.readingCandidates }.start()
    }
    let decoder = LetterDecoder(language: countsPairs ? language : language.withoutPairs)
    let timing = CPUTiming()
    // Read, decode, count: from the corpus, or the sum of count files.
    let (counts, words, provenance, forms, pairs) = request.countFiles.isEmpty
      ? try CorpusCounter.count(request.inputs, decoder: decoder, naming: request.naming,
                                frequencyLists: request.frequencyLists, jobs: request.jobs, wordMemoryCap: request.wordMemoryCap,
                                part: request.part, inflater: request.inflater, countsForms: countsForms, progress: progress,
                                timing: timing)
      : try Merge.load(request.countFiles, language: language, wordMemoryCap: request.wordMemoryCap)
    if !request.countFiles.isEmpty && request.lexiconWords > 0, let corpora = request.corporaFolder,
       let folderFiles = try? CorpusFolder(root: corpora).regularCorpusFiles(for: language.code) {
      // Count files of one's own shards hold no lists unless counted once with them.
      try LanguageLists.check(inputs: provenance.files.map(\.name), countFiles: request.countFiles, language: language,
                              lists: LanguageLists.files(among: folderFiles, language: language))
    }
    var summary = Summary(language: language, counts: counts, words: words, provenance: provenance, seconds: 0)
    summary.corporaFolder = request.corporaFolder
    summary.countingSeconds = request.countFiles.isEmpty ? timing.cpuSeconds : nil
    if case .countFile(let path) = request.output {
      let head = CountFile.Head(language: language, counts: counts, droppedWords: words.droppedWords, provenance: provenance,
                                part: request.part ?? .whole)
      try CountFile.write(head, words: words, forms: forms, pairs: pairs, to: path)
      summary.countHead = head
      summary.seconds = (ContinuousClock.now - started) / .seconds(1)
      return summary
    }
    guard counts.letters >= UInt64(request.minimumLetters) else { throw tooFewLetters(request, counts: counts, provenance: provenance) }

    // Normalise.
    let model = QuantisedModel(counts: counts, quadgramContexts: request.quadgramContexts)
    // The lexicon's words: the most frequent, less the misspellings.
    let choice = try LexiconChoice.make(words: words, forms: forms, language: language, maximumWords: request.lexiconWords,
                                        maximumKnownWords: request.knownWords)
    let lexicon = try LexiconTrie(choice: choice, letterCount: language.alphabet.count, sources: request.wordSources)
      .map { (trie: $0, section: LexiconSection.make($0)) }
    let writtenForms = try lexicon.map { lexicon in
      try LexiconForms.make(words: choice.kept, trie: lexicon.trie, forms: forms, language: language)
    }
    let wordPairs = try lexicon.flatMap { lexicon in
      try WordPairModel.make(pairs: pairs, trie: lexicon.trie, byteBudget: request.pairBytes)
    }
    let knownWords = lexicon != nil && !choice.known.isEmpty ? KnownWordsFilter(words: choice.known) : nil
    let offensiveWords = try lexicon.map { lexicon in
      try OffensiveWordFlags.make(words: choice.kept, trie: lexicon.trie, writtenForms: writtenForms, forms: forms, language: language)
    }
    // Emit, checked with the runtime's own validator before anything is replaced.
    let image = TableImage.make(language: language, model: model, provenance: provenance,
                                asciiLetterIndices: decoder.asciiLetterIndices,
                                lexicon: lexicon.map { ($0.section, $0.trie.wordCount) }, writtenForms: writtenForms,
                                wordPairs: wordPairs, knownWords: knownWords, offensiveWords: offensiveWords)
    try TableImage.checkSelfConsistency(image, inputs: request.readPaths)
    summary.model = model
    summary.image = image
    summary.writtenForms = writtenForms
    summary.wordPairs = wordPairs
    summary.knownWords = knownWords
    summary.offensiveWords = offensiveWords
    if let lexicon {
      summary.lexiconChoice = choice
      summary.lexicon = LexiconSection.Stats(nodes: lexicon.trie.nodeCount, words: lexicon.trie.wordCount, bytes: lexicon.section.count,
                                            fidelity: lexicon.trie.fidelity)
      summary.wordSources = request.wordSources
    }
    if request.output == .table {
      let written = try outputs.write(image)
      (summary.tablePath, summary.swiftPath, summary.swiftSourceBytes) = (written.tablePath, written.swiftPath, written.swiftSourceBytes)
    }
    summary.seconds = (ContinuousClock.now - started) / .seconds(1)
    return summary
  }
}
