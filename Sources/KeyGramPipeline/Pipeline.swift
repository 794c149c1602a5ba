import Foundation
import KeyGram

/// The table builder: read → decode → count → normalise → emit, one stage per folder.
///
///     corpus files ──Read──▶ bytes ──Decode+Count──▶ NgramCounts ──Smooth, Quantise──▶ QuantisedModel
///                                                                         │
///                               tables/<code>.keygram ◀──Emit──┴──▶ Sources/KeyGramTables/<Name>.swift
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
    /// Draw a progress bar on stderr.
    public var showProgress: Bool
    /// Inputs that are word-frequency lists whatever their names.
    public var frequencyLists: Set<String> = []
    /// How many 4-gram contexts the table keeps (0: none; alphabets over 63 letters keep none).
    public var quadgramContexts = Prune.defaultQuadgramContexts

    public init(language: Language, inputs: [String], corpusFolder: String? = nil, tablesFolder: String,
                swiftFolder: String?, showProgress: Bool = false) {
      self.language = language
      self.inputs = inputs
      self.corpusFolder = corpusFolder
      self.tablesFolder = tablesFolder
      self.swiftFolder = swiftFolder
      self.showProgress = showProgress
    }
  }

  /// What a build did, for the summary the CLI prints.
  public struct Summary: Sendable {
    public var language: Language
    public var counts: NgramCounts
    public var provenance: Provenance
    public var model: QuantisedModel
    public var image: [UInt8]
    public var tablePath: String
    public var swiftPath: String?
    public var swiftSourceBytes: Int
    public var seconds: Double
  }

  /// True for a word-frequency list rather than running text: a name with ".freq." in it
  /// (en/count_1w.freq.txt, de/leipzig.freq.gz).
  public static func isFrequencyList(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    return name.contains(".freq.") || name.hasSuffix(".freq")
  }

  /// Counts every input: stage 1 (read) on a background thread, stages 2–3 (decode, count) here.
  /// Running text goes through the byte-level counter; frequency lists (see `isFrequencyList`,
  /// or `frequencyLists`) through `FrequencyListCounter`.
  public static func count(_ inputs: [String], decoder: LetterDecoder, corpusFolder: String? = nil,
                           frequencyLists: Set<String> = [], progress: ProgressBar? = nil) throws -> (NgramCounts, Provenance) {
    var counter = LetterCounter(decoder: decoder)
    var listCounts: NgramCounts?  // made only if a frequency list appears: the 4-gram array is large
    var list: FrequencyListCounter?
    var files: [Provenance.File] = []
    var hasher = SHA256()
    var storedBytes: UInt64 = 0
    var textBytes: UInt64 = 0
    let stream = ChunkStream(paths: inputs)
    stream.start()
    while true {
      switch stream.next() {
      case .chunk(let slot, let file):
        let path = inputs[file]
        if list == nil && (frequencyLists.contains(path) || isFrequencyList(path)) {
          list = FrequencyListCounter(decoder: decoder, path: path)
        }
        do {
          try slot.text.withUnsafeBytes { text in
            let chunk = UnsafeRawBufferPointer(rebasing: text[0..<slot.textCount])
            if list != nil { try list!.consume(chunk) } else { counter.consume(chunk) }
          }
        } catch {
          stream.cancel()
          progress?.finish()
          throw error
        }
        hasher.update(slot.stored)
        storedBytes += UInt64(slot.stored.count)
        textBytes += UInt64(slot.textCount)
        progress?.advance(by: slot.stored.count)
        stream.recycle(slot)
      case .endOfFile(let file, let size):
        if var finished = list {
          do { try finished.finish() } catch {
            stream.cancel()
            progress?.finish()
            throw error
          }
          listCounts = listCounts.map { $0 + finished.counts } ?? finished.counts
          list = nil
        } else {
          counter.finishFile()
        }
        files.append(Provenance.File(name: relativeName(inputs[file], in: corpusFolder), size: UInt64(size), sha256: hasher.finalize()))
        hasher = SHA256()
      case .failed(let error):
        stream.cancel()
        progress?.finish()
        throw error
      case .finished:
        progress?.finish()
        let counts = listCounts.map { counter.ngramCounts + $0 } ?? counter.ngramCounts
        let provenance = Provenance(files: files, counts: counts, compressedBytes: storedBytes, uncompressedBytes: textBytes)
        return (counts, provenance)
      }
    }
  }

  /// Stages 4–5: smooth, prune the 4-gram rows to the `quadgramContexts` best, and quantise.
  public static func normalise(_ counts: NgramCounts, quadgramContexts: Int = Prune.defaultQuadgramContexts) -> QuantisedModel {
    QuantisedModel(Prune.quadgrams(Smooth.model(from: counts), keeping: quadgramContexts))
  }

  /// Runs every stage and writes both outputs atomically.
  public static func build(_ request: Request) throws -> Summary {
    let started = ContinuousClock.now
    try preflight(request)
    let decoder = LetterDecoder(language: request.language)
    let total = request.inputs.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
    let progress = request.showProgress && system_stderrIsTerminal() ? ProgressBar(total: total, label: request.language.code) : nil
    let (counts, provenance) = try count(request.inputs, decoder: decoder, corpusFolder: request.corpusFolder,
                                         frequencyLists: request.frequencyLists, progress: progress)
    let model = normalise(counts, quadgramContexts: request.quadgramContexts)
    let image = TableImage.make(language: request.language, model: model, provenance: provenance, decoder: decoder)

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
    return Summary(language: request.language, counts: counts, provenance: provenance, model: model, image: image,
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
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
        throw OutputError(path: folder, reason: "no such folder")
      }
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw OutputError(path: folder, reason: "folder is not writable")
      }
    }
  }

  /// A corpus file's name in the provenance: relative to the corpus folder, or as given.
  static func relativeName(_ path: String, in folder: String?) -> String {
    if let folder, path.hasPrefix(folder + "/") { return String(path.dropFirst(folder.count + 1)) }
    return path
  }
}
