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
/// Read also records the `Provenance` (file names, sizes, SHA-256) that Emit stores.
public enum Pipeline {
  /// What to build and where.
  public struct Request: Sendable {
    public var language: Language
    /// Corpus files, each gzip or plain text.
    public var inputs: [String]
    /// Folder whose relative names go into the provenance (defaults to each file's own name).
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
  }

  /// Stages 1–3: reads every input on a background thread (recording the provenance as it
  /// goes), and decodes and counts it here. Running text goes to the byte-level counter,
  /// word-frequency lists (`CorpusCounter.isFrequencyList`, or listed in `frequencyLists`)
  /// to `FrequencyListCounter`.
  public static func count(_ inputs: [String], decoder: LetterDecoder, corpusFolder: String? = nil,
                           frequencyLists: Set<String> = [],
                           progress: (any BuildProgress)? = nil) throws -> (NgramCounts, WordCounts, Provenance) {
    var recorder = ProvenanceRecorder(corpusFolder: corpusFolder)
    var counter = CorpusCounter(decoder: decoder)
    if let progress {
      progress.begin(totalBytes: inputs.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) })
    }
    defer { progress?.finish() }
    let stream = ChunkStream(paths: inputs)
    stream.start()
    var reading: Int?
    func read(_ file: Int) {
      guard file != reading else { return }
      reading = file
      let path = inputs[file]
      counter.startFile(path, isFrequencyList: frequencyLists.contains(path) || CorpusCounter.isFrequencyList(path),
                            source: decoder.language.source(for: path))
    }
    do {
      events: while true {
        switch stream.next() {
        case .chunk(let slot, let file):
          read(file)
          try slot.withText { try counter.consume($0) }
          recorder.record(slot)
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

  /// Stages 4–5: smooth, prune the 4-gram rows to the `quadgramContexts` best, and quantise.
  public static func normalise(_ counts: NgramCounts, quadgramContexts: Int = Prune.defaultQuadgramContexts) -> QuantisedModel {
    QuantisedModel(Prune.quadgrams(Smooth.model(from: counts), keeping: quadgramContexts))
  }

  /// Stage 4 for words: the trie of the `maximumWords` most frequent words, each node's row
  /// quantised to 255; nil when no source feeds words or `maximumWords` is 0. The kept words'
  /// counts must sum to at most `Quantise.maximumCountTotal` (2⁵⁴) for exact quantising.
  public static func normalise(_ words: WordCounts, letterCount: Int, maximumWords: Int) throws(LexiconMassError) -> LexiconTrie? {
    guard maximumWords > 0 else { return nil }
    let kept = words.top(maximumWords)
    var total: UInt64 = 0
    for word in kept {
      let (sum, overflow) = total.addingReportingOverflow(word.count)
      guard !overflow, sum <= Quantise.maximumCountTotal else { throw LexiconMassError(paths: []) }
      total = sum
    }
    // Symbols are letter index + 1.
    return LexiconTrie(words: kept.map { (letters: $0.word.map { $0 - 1 }, count: $0.count) }, letterCount: letterCount,
                       maximumWords: maximumWords)
  }

  /// Runs every stage and writes both outputs atomically, reporting reading's progress to `progress`.
  public static func build(_ request: Request, progress: (any BuildProgress)? = nil) throws -> Summary {
    let started = ContinuousClock.now
    try preflight(request)
    let decoder = LetterDecoder(language: request.language)
    let (counts, words, provenance) = try count(request.inputs, decoder: decoder, corpusFolder: request.corpusFolder,
                                         frequencyLists: request.frequencyLists, progress: progress)
    let model = normalise(counts, quadgramContexts: request.quadgramContexts)
    let lexicon: LexiconTrie?
    do {
      lexicon = try normalise(words, letterCount: request.language.alphabet.count, maximumWords: request.lexiconWords)
    } catch {
      throw LexiconMassError(paths: request.inputs.filter { request.language.source(for: $0).feeds.contains(.words) })
    }
    let lexiconSection = lexicon.map(LexiconSection.make)
    let image = TableImage.make(language: request.language, model: model, provenance: provenance,
                                asciiLetterIndices: decoder.asciiLetterIndices,
                                lexicon: lexicon.map { (lexiconSection!, $0.wordCount) })

    // Check the image with the runtime's own validator before anything is replaced.
    _ = try KeyGramTable(copying: image)

    // Prepare every output, then replace them together.
    let tablePath = request.tablesFolder + "/\(request.language.code).keygram"
    let incomplete = withUnsafeBytes(of: TableFormat.State.incomplete.rawValue.littleEndian, Array.init)
    var outputs = [try AtomicFile(image, for: tablePath, incompleteMarker: (TableFormat.Offset.state, incomplete))]
    var swiftPath: String?
    var swiftBytes = 0
    if let swiftFolder = request.swiftFolder {
      let source = SwiftTableSource.source(for: request.language, image: image)
      let path = swiftFolder + "/" + SwiftTableSource.fileName(for: request.language)
      outputs.append(try AtomicFile(Array(source.utf8), for: path))
      outputs.append(try index(in: swiftFolder, adding: request.language))
      swiftPath = path
      swiftBytes = source.utf8.count
    }
    for output in outputs { try output.commit() }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    let lexiconStats = lexicon.map { LexiconSection.Stats(nodes: $0.nodeCount, words: $0.wordCount, bytes: lexiconSection!.count) }
    return Summary(language: request.language, counts: counts, words: words, lexicon: lexiconStats,
                   provenance: provenance, model: model, image: image,
                   tablePath: tablePath, swiftPath: swiftPath, swiftSourceBytes: swiftBytes, seconds: seconds)
  }

  /// KeyGramTables.swift, listing the generated sources in `folder` plus `language`'s.
  static func index(in folder: String, adding language: Language) throws(OutputError) -> AtomicFile {
    let source = SwiftTableSource.index(forFolder: folder, adding: (language.code, SwiftTableSource.identifier(for: language)))
    return try AtomicFile(Array(source.utf8), for: folder + "/" + SwiftTableSource.indexFileName)
  }

  /// Fails early, before any counting, on problems that would otherwise surface only at the end.
  static func preflight(_ request: Request) throws {
    guard !request.inputs.isEmpty else {
      throw CorpusError(path: request.corpusFolder ?? ".", kind: .noCorpusFiles)
    }
    for folder in [request.tablesFolder] + (request.swiftFolder.map { [$0] } ?? []) {
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
        // Made as `mkdir -p` would; only a failure to make it is an error.
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw OutputError(path: folder, reason: "cannot create the folder: \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        isDirectory = true
      }
      guard isDirectory.boolValue else { throw OutputError(path: folder, reason: "not a folder") }
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw OutputError(path: folder, reason: "folder is not writable")
      }
    }
  }
}
