import Foundation
import KeyGram

/// The table builder: read → decode → count → normalise → emit, one stage per folder. This
/// file only wires them:
///
///     corpus files ──Read (ChunkStream)──▶ bytes ──Decode (LetterDecoder)──▶ symbols
///       ──Count (CorpusCounter: LetterCounter, FrequencyListCounter)──▶ NgramCounts
///       ──Normalise (Smooth, Prune, Quantise)──▶ QuantisedModel
///       ──Emit (TableImage, SwiftTableSource, AtomicFile)──▶ tables/<code>.keygram, Sources/KeyGramTables/<Name>.swift
///
/// Read also records the `Provenance` (file names, sizes, SHA-256) that Emit stores. Counting
/// can also stop at a count file (`countToFile`, docs/CountFormat.md), and a build start from
/// one or more (`Request.countFiles`, summed by `Merge`) instead of the corpus:
///
///     corpus files ──count──▶ shard.kgcounts ──Merge──▶ all.kgcounts ──Normalise, Emit──▶ the same table
///
/// Several files are counted in parallel, `jobs` at a time, and their counts added.
public enum Pipeline {
  /// The fewest letters a build accepts unless told otherwise (`Request.minimumLetters`).
  public static let defaultMinimumLetters = 10_000

  /// Removes the temporary files of outputs being written (and spilled word counts) when
  /// SIGINT, SIGTERM or SIGHUP ends the process; a signal during the final renames waits for them.
  public static func removeTemporaryFilesOnSignals() { SignalCleanup.install() }

  /// What to build and where.
  public struct Request: Sendable {
    public var language: Language
    /// Corpus files, each gzip or plain text.
    public var inputs: [String]
    /// The folder the provenance names inputs relative to (nil: the current folder); build
    /// names its own corpus folder's files from that folder, and the user's files from `--source-root`.
    public var corpusFolder: String?
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
    /// Count files to build from instead of `inputs` (their sum, as `keygram merge` makes it).
    public var countFiles: [String] = []
    /// How many files are counted at once (each on its own counting thread and reader thread).
    public var jobs = 1
    /// Distinct words a word count holds in memory before spilling a sorted run to `$TMPDIR`.
    public var wordMemoryCap = WordCounts.defaultMemoryCap
    /// A corpus with fewer letters of the alphabet is refused (0: no floor): zeros, or text in
    /// another script, would otherwise make a near-uniform table.
    public var minimumLetters = Pipeline.defaultMinimumLetters

    public init(language: Language, inputs: [String], corpusFolder: String? = nil, tablesFolder: String,
                swiftFolder: String?) {
      self.language = language
      self.inputs = inputs
      self.corpusFolder = corpusFolder
      self.tablesFolder = tablesFolder
      self.swiftFolder = swiftFolder
    }
  }

  /// What a build did, for the summary the CLI prints.
  public struct Summary: Sendable {
    public var language: Language
    public var counts: NgramCounts
    /// The word counts behind the lexicon, and what the lexicon kept.
    public var words: WordCounts
    public var lexicon: LexiconSection.Stats?
    public var provenance: Provenance
    public var model: QuantisedModel
    public var image: [UInt8]
    public var tablePath: String
    public var swiftPath: String?
    public var swiftSourceBytes: Int
    public var seconds: Double
    /// The inputs that fed the lexicon's words (empty: no source feeds words).
    public var wordSources: [String]
  }

  /// Stages 1–3: reads every input on a background thread (recording the provenance as it
  /// goes), and decodes and counts it here. Running text goes to the byte-level counter,
  /// word-frequency lists (`CorpusCounter.isFrequencyList`, or listed in `frequencyLists`)
  /// to `FrequencyListCounter`.
  ///
  /// With `part` (k, n), only the lines numbered k, k + n, k + 2n, ... (from 0) of every file
  /// are counted: n such parts count every line once. Each part still reads and hashes whole
  /// files; only part 0 adds their stored sizes to the total, and each adds its lines' text bytes.
  public static func count(_ inputs: [String], decoder: LetterDecoder, corpusFolder: String? = nil,
                           frequencyLists: Set<String> = [], wordMemoryCap: Int = WordCounts.defaultMemoryCap,
                           part: CountFile.Part? = nil,
                           progress: (any BuildProgress)? = nil) throws -> (NgramCounts, WordCounts, Provenance) {
    var recorder = ProvenanceRecorder(corpusFolder: corpusFolder)
    var counter = CorpusCounter(decoder: decoder, wordMemoryCap: wordMemoryCap, wholeFiles: part == nil)
    var lineIndex = 0
    if let progress {
      progress.begin(totalBytes: totalSize(of: inputs))
    }
    defer { progress?.finish() }
    let stream = ChunkStream(paths: inputs)
    stream.start()
    var reading: Int?
    func read(_ file: Int) {
      guard file != reading else { return }
      reading = file
      lineIndex = 0
      let path = inputs[file]
      counter.startFile(path, isFrequencyList: frequencyLists.contains(path) || CorpusCounter.isFrequencyList(path),
                            source: decoder.language.source(for: path))
    }
    do {
      events: while true {
        switch stream.next() {
        case .chunk(let slot, let file):
          read(file)
          if let part {
            let counted = try slot.withText { text in
              try consumeLines(of: text, part: part, lineIndex: &lineIndex) { try counter.consume($0) }
            }
            recorder.record(slot, textBytes: counted, countStored: part.index == 0)
          } else {
            try slot.withText { try counter.consume($0) }
            recorder.record(slot)
          }
          progress?.advance(by: slot.stored.count)
          stream.recycle(slot)
        case .endOfFile(let file, let size):
          read(file)
          try counter.finishFile()
          recorder.finishFile(inputs[file], size: size)
        case .failed(let error):
          throw error
        case .finished:
          break events
        }
      }
    } catch {
      stream.cancel()
      throw error
    }
    let counts = try counter.counts()
    return (counts, try counter.words(), recorder.provenance(of: counts))
  }

  /// The stored bytes of `inputs`, for a progress bar; 0 (unknown) when one is standard input,
  /// a pipe or anything else whose size is known only at its end.
  static func totalSize(of inputs: [String]) -> Int {
    var total = 0
    for path in inputs {
      guard path != CorpusReader.standardInput, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int else { return 0 }
      total += size
    }
    return total
  }

  /// Feeds `body` the lines of `text` that belong to `part` (each with its newline), going on
  /// from line `lineIndex`; returns the bytes fed.
  static func consumeLines(of text: UnsafeRawBufferPointer, part: CountFile.Part, lineIndex: inout Int,
                           _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows -> Int {
    let bytes = text.bindMemory(to: UInt8.self)
    var start = 0, fed = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
      let next = end < bytes.count ? end + 1 : end
      if lineIndex % Int(part.count) == Int(part.index) {
        try body(UnsafeRawBufferPointer(rebasing: text[start..<next]))
        fed += next - start
      }
      if end < bytes.count { lineIndex += 1 }
      start = next
    }
    return fed
  }

  /// Stages 1–3 over several files at once: the inputs are dealt, largest first, to `jobs`
  /// groups of about equal stored size; each group is counted as `count` counts it, on its
  /// own threads, and the groups' counts are added. Every file is counted from a fresh word
  /// boundary either way, so the sum is exactly what one pass over all the files counts. An
  /// error is that of the earliest failing input.
  public static func count(_ inputs: [String], decoder: LetterDecoder, corpusFolder: String? = nil,
                           frequencyLists: Set<String> = [], jobs: Int, wordMemoryCap: Int = WordCounts.defaultMemoryCap,
                           part: CountFile.Part? = nil,
                           progress: (any BuildProgress)? = nil) throws -> (NgramCounts, WordCounts, Provenance) {
    let jobs = Swift.max(1, Swift.min(jobs, inputs.count))
    guard jobs > 1 else {
      return try count(inputs, decoder: decoder, corpusFolder: corpusFolder, frequencyLists: frequencyLists,
                       wordMemoryCap: wordMemoryCap, part: part, progress: progress)
    }
    let sizes = inputs.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
    var groups = [[Int]](repeating: [], count: jobs)
    var loads = [Int](repeating: 0, count: jobs)
    for file in inputs.indices.sorted(by: { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }) {
      let lightest = loads.indices.min { loads[$0] != loads[$1] ? loads[$0] < loads[$1] : $0 < $1 }!
      groups[lightest].append(file)
      loads[lightest] += sizes[file]
    }
    for k in groups.indices { groups[k].sort() }
    let dealt = groups
    let shared = progress.map { SharedProgress($0) }
    progress?.begin(totalBytes: totalSize(of: inputs))
    defer { progress?.finish() }
    let results = ParallelResults<(NgramCounts, WordCounts, Provenance)>(count: jobs)
    DispatchQueue.concurrentPerform(iterations: jobs) { k in
      results.set(k, Result {
        try count(dealt[k].map { inputs[$0] }, decoder: decoder, corpusFolder: corpusFolder,
                  frequencyLists: frequencyLists, wordMemoryCap: wordMemoryCap, part: part, progress: shared)
      })
    }
    var failures: [(file: Int, error: any Error)] = []
    var parts: [(NgramCounts, WordCounts, Provenance)] = []
    for k in 0..<jobs {
      switch results.get(k) {
      case .success(let part): parts.append(part)
      case .failure(let error):
        let failed = (error as? CorpusError).flatMap { failure in groups[k].first { inputs[$0] == failure.path } } ?? groups[k][0]
        failures.append((failed, error))
      }
    }
    if let first = failures.min(by: { $0.file < $1.file }) { throw first.error }
    var (counts, words, provenance) = parts[0]
    var files = provenance.files
    var stored = provenance.storedBytes, text = provenance.textBytes
    for (partCounts, partWords, partProvenance) in parts.dropFirst() {
      do {
        counts = try counts + partCounts
      } catch {
        throw CountOverflowError(count: error.count, paths: inputs)
      }
      do {
        words = try words + partWords
      } catch {
        throw CountOverflowError(count: error.count, paths: inputs)
      }
      try words.spillIfFull()
      files += partProvenance.files
      stored += partProvenance.storedBytes
      text += partProvenance.textBytes
    }
    provenance = Provenance(files: files, counts: counts, storedBytes: stored, textBytes: text)
    return (counts, words, provenance)
  }

  /// `keygram count`: stages 1–3 over `inputs`, written to the count file `output` (atomically;
  /// docs/CountFormat.md) instead of going on to a table.
  @discardableResult
  public static func countToFile(_ inputs: [String], language: Language, output: String, corpusFolder: String? = nil,
                                 frequencyLists: Set<String> = [], jobs: Int = 1,
                                 wordMemoryCap: Int = WordCounts.defaultMemoryCap, part: CountFile.Part? = nil,
                                 progress: (any BuildProgress)? = nil) throws -> (head: CountFile.Head, words: WordCounts) {
    guard !inputs.isEmpty else { throw CorpusError(path: corpusFolder ?? ".", kind: .noCorpusFiles) }
    try refuseDuplicates(inputs, corpusFolder: corpusFolder)
    let decoder = LetterDecoder(language: language)
    let (counts, words, provenance) = try count(inputs, decoder: decoder, corpusFolder: corpusFolder,
                                                frequencyLists: frequencyLists, jobs: jobs, wordMemoryCap: wordMemoryCap,
                                                part: part, progress: progress)
    let head = CountFile.Head(language: language, counts: counts, droppedWords: words.droppedWords, provenance: provenance,
                              part: part ?? .whole)
    try CountFile.write(head, words: words, to: output)
    return (head, words)
  }

  /// Stages 4–5: smooth, prune the 4-gram rows to the `quadgramContexts` best, and quantise.
  public static func normalise(_ counts: NgramCounts, quadgramContexts: Int = Prune.defaultQuadgramContexts) -> QuantisedModel {
    QuantisedModel(Prune.quadgrams(Smooth.model(from: counts), keeping: quadgramContexts))
  }

  /// Stage 4 for words: the trie of the `maximumWords` most frequent words, each node's row
  /// quantised to 255; nil when no source feeds words or `maximumWords` is 0. The kept words'
  /// counts must sum to at most `Quantise.maximumCountTotal` (2⁵⁴) for exact quantising.
  public static func normalise(_ words: WordCounts, letterCount: Int, maximumWords: Int) throws -> LexiconTrie? {
    guard maximumWords > 0 else { return nil }
    let kept = try words.top(maximumWords)
    var total: UInt64 = 0
    for word in kept {
      let (sum, overflow) = total.addingReportingOverflow(word.count)
      guard !overflow, sum <= Quantise.maximumCountTotal else { throw LexiconMassError(paths: []) }
      total = sum
    }
    return LexiconTrie(words: kept.map { (letters: Symbol.letterIndices($0.word), count: $0.count) }, letterCount: letterCount,
                       maximumWords: maximumWords)
  }

  /// Runs every stage and writes both outputs atomically, reporting reading's progress to `progress`.
  public static func build(_ request: Request, progress: (any BuildProgress)? = nil) throws -> Summary {
    let createdFolders = try preflight(request)
    do {
      return try buildAfterPreflight(request, progress: progress)
    } catch {
      // A refused build leaves no folder of its own behind: those it made, innermost first, if empty.
      for folder in createdFolders.reversed() { system_removeEmptyFolder(folder) }
      throw error
    }
  }

  /// The inputs of `request` whose source feeds the lexicon's words.
  static func wordSources(of request: Request) -> [String] {
    guard request.countFiles.isEmpty else { return request.countFiles }
    return request.inputs.filter { request.language.source(for: $0).feeds.contains(.words) }
  }

  private static func buildAfterPreflight(_ request: Request, progress: (any BuildProgress)?) throws -> Summary {
    let started = ContinuousClock.now
    let decoder = LetterDecoder(language: request.language)
    let (counts, words, provenance) = request.countFiles.isEmpty
      ? try count(request.inputs, decoder: decoder, corpusFolder: request.corpusFolder,
                  frequencyLists: request.frequencyLists, jobs: request.jobs, wordMemoryCap: request.wordMemoryCap,
                  progress: progress)
      : try Merge.load(request.countFiles, language: request.language, wordMemoryCap: request.wordMemoryCap)
    guard counts.unigrams.reduce(0, +) >= UInt64(request.minimumLetters) else {
      throw TooFewLettersError(paths: request.countFiles.isEmpty ? request.inputs : request.countFiles,
                               language: request.language.name, storedBytes: provenance.storedBytes,
                               textBytes: provenance.textBytes, letters: counts.unigrams.reduce(0, +),
                               minimum: request.minimumLetters)
    }
    let (model, lexicon, image): (QuantisedModel, Lexicon?, [UInt8])
    do {
      (model, lexicon, image) = try Self.image(language: request.language, decoder: decoder, counts: counts, words: words,
                                               provenance: provenance, quadgramContexts: request.quadgramContexts,
                                               lexiconWords: request.lexiconWords)
    } catch is LexiconMassError {
      throw LexiconMassError(paths: wordSources(of: request))
    }

    // Check the image with the runtime's own validator, and the invariants verify checks that
    // need no corpus (a count file's totals are trusted until here), before anything is replaced.
    let table = try KeyGramTable(copying: image)
    if let problem = TableImage.selfConsistencyProblems(of: table).first {
      throw InconsistentInputError(paths: request.countFiles.isEmpty ? request.inputs : request.countFiles, problem: problem)
    }

    // Write every output, then replace them together (the index is made under the folder lock).
    let tablePath = request.tablesFolder + "/\(request.language.code).keygram"
    let incomplete = withUnsafeBytes(of: TableFormat.State.incomplete.rawValue.littleEndian, Array.init)
    let outputs = OutputSet()
    outputs.add(try AtomicFile(image, for: tablePath, incompleteMarker: (TableFormat.Offset.state, incomplete)))
    var swiftPath: String?
    var swiftBytes = 0
    if let swiftFolder = request.swiftFolder {
      let source = SwiftTableSource.source(for: request.language, image: image)
      let path = swiftFolder + "/" + SwiftTableSource.fileName(for: request.language)
      outputs.add(try AtomicFile(Array(source.utf8), for: path))
      swiftPath = path
      swiftBytes = source.utf8.count
    }
    try outputs.commit { () throws(OutputError) -> [AtomicFile] in
      guard let swiftFolder = request.swiftFolder else { return [] }
      return try index(in: swiftFolder, adding: request.language)
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    let lexiconStats = lexicon.map { LexiconSection.Stats(nodes: $0.trie.nodeCount, words: $0.trie.wordCount, bytes: $0.section.count) }
    return Summary(language: request.language, counts: counts, words: words, lexicon: lexiconStats,
                   provenance: provenance, model: model, image: image,
                   tablePath: tablePath, swiftPath: swiftPath, swiftSourceBytes: swiftBytes, seconds: seconds,
                   wordSources: lexicon == nil ? [] : wordSources(of: request))
  }

  /// A normalised lexicon and its section's bytes.
  typealias Lexicon = (trie: LexiconTrie, section: [UInt8])

  /// Stages 4–6 after counting: the model, the lexicon and the table image, as `build` writes
  /// them and `verify` builds them again to compare.
  static func image(language: Language, decoder: LetterDecoder, counts: NgramCounts, words: WordCounts,
                    provenance: Provenance, quadgramContexts: Int, lexiconWords: Int)
    throws -> (model: QuantisedModel, lexicon: Lexicon?, image: [UInt8]) {
    let model = normalise(counts, quadgramContexts: quadgramContexts)
    let lexicon = try normalise(words, letterCount: language.alphabet.count, maximumWords: lexiconWords)
      .map { (trie: $0, section: LexiconSection.make($0)) }
    let image = TableImage.make(language: language, model: model, provenance: provenance,
                                asciiLetterIndices: decoder.asciiLetterIndices,
                                lexicon: lexicon.map { ($0.section, $0.trie.wordCount) })
    return (model, lexicon, image)
  }

  /// Hands a progress bar the reports of several counting threads, one at a time; `begin`
  /// and `finish` are the caller's, once for the whole count.
  final class SharedProgress: BuildProgress, @unchecked Sendable {
    private let target: any BuildProgress
    private let lock = NSLock()
    init(_ target: any BuildProgress) { self.target = target }
    func begin(totalBytes: Int) {}
    func advance(by bytes: Int) { lock.withLock { target.advance(by: bytes) } }
    func finish() {}
  }

  /// One result per parallel job, written from the job's thread.
  final class ParallelResults<Value>: @unchecked Sendable {
    private var results: [Result<Value, any Error>?]
    private let lock = NSLock()
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ result: Result<Value, any Error>) { lock.withLock { results[index] = result } }
    func get(_ index: Int) -> Result<Value, any Error> { lock.withLock { results[index]! } }
  }

  /// KeyGramTables.swift, listing the generated sources in `folder` plus `language`'s, and the
  /// package manifest's list of them where the folder is a package's (`PackageManifest`).
  /// Two languages whose names give one identifier (and file) would overwrite each other: refused.
  static func index(in folder: String, adding language: Language) throws(OutputError) -> [AtomicFile] {
    let identifier = SwiftTableSource.identifier(for: language)
    let markers = SwiftTableSource.markers(inFolder: folder)
    if let other = markers.first(where: { $0.identifier == identifier && $0.code != language.code }) {
      throw OutputError(path: folder + "/" + SwiftTableSource.fileName(for: language),
                        reason: "holds the table of \(other.code) as `\(identifier)`, the identifier \(language.code)'s name "
                          + "\"\(language.name)\" gives too; rename one of them in its language.json; no output was replaced")
    }
    let entries = SwiftTableSource.entries(markers: markers, adding: SwiftTableSource.IndexEntry(language))
    var files = [try AtomicFile(Array(SwiftTableSource.index(entries).utf8), for: folder + "/" + SwiftTableSource.indexFileName)]
    // The package's list of table modules, so its next evaluation sees a language just added.
    if let manifestPath = PackageManifest.path(forSwiftFolder: folder),
       let manifest = try? String(contentsOfFile: manifestPath, encoding: .utf8),
       let updated = PackageManifest.updated(manifest, entries: entries), updated != manifest {
      files.append(try AtomicFile(Array(updated.utf8), for: manifestPath))
    }
    return files
  }

  /// Fails early, before any counting, on problems that would otherwise surface only at the end;
  /// returns the output folders it had to make (`mkdir -p`), outermost first.
  static func preflight(_ request: Request) throws -> [String] {
    guard !request.inputs.isEmpty || !request.countFiles.isEmpty else {
      throw CorpusError(path: request.corpusFolder ?? ".", kind: .noCorpusFiles)
    }
    try refuseDuplicates(request.inputs, corpusFolder: request.corpusFolder)
    var created: [String] = []
    for folder in [request.tablesFolder] + (request.swiftFolder.map { [$0] } ?? []) {
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
        var missing: [String] = [], ancestor = URL(fileURLWithPath: folder).standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path) && ancestor.path != "/" {
          missing.insert(ancestor.path, at: 0)
          ancestor.deleteLastPathComponent()
        }
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw OutputError(path: folder, reason: "cannot create the folder: \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        created += missing
        isDirectory = true
      }
      guard isDirectory.boolValue else { throw OutputError(path: folder, reason: "not a folder") }
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw OutputError(path: folder, reason: "folder is not writable")
      }
    }
    try OutputSet.checkTarget(request.tablesFolder + "/\(request.language.code).keygram")
    if let swiftFolder = request.swiftFolder {
      try OutputSet.checkTarget(swiftFolder + "/" + SwiftTableSource.fileName(for: request.language))
      try OutputSet.checkTarget(swiftFolder + "/" + SwiftTableSource.indexFileName)
    }
    return created
  }

  /// One file given twice (by two paths that name it alike) would be counted twice.
  static func refuseDuplicates(_ inputs: [String], corpusFolder: String?) throws(CorpusError) {
    var seen: [String: String] = [:]
    for path in inputs {
      let name = Provenance.fileName(path, in: corpusFolder)
      if let first = seen[name] {
        throw CorpusError(path: path, kind: .unreadable(first == path ? "named twice among the inputs" : "the same file as \(first), named twice among the inputs"))
      }
      seen[name] = path
    }
  }
}

/// A build whose inputs (count files, whose totals it trusts) give a table that breaks one of
/// the format's invariants: refused before anything is written.
public struct InconsistentInputError: Error, Equatable, CustomStringConvertible {
  public var paths: [String]
  public var problem: String
  public var description: String {
    "\(paths.joined(separator: ", ")): the table these inputs give would break an invariant (\(problem)); no output was replaced"
  }
}
