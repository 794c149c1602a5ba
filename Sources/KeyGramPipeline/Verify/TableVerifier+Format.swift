import Foundation
import KeyGram

/// The format invariants open leaves to `keygram verify` (docs/TableFormat.md, "Invariants and
/// who checks them"), and the reproduction: each problem names the section and the byte.
extension TableVerifier {
  /// `LANG`, `ALPH` and `ASCI` exactly as the manifest makes them: the code and name, each
  /// letter's uppercase (`language.uppercase(of:)`), and the decoder's ASCII map.
  func manifestProblems(of table: KeyGramTable, language: Language) -> [String] {
    var problems: [String] = []
    let sections = table.sections, bytes = table.bytes
    let codeLength = Int(bytes.uint16(at: sections.languageOffset))
    let code = bytes.slice(from: sections.languageOffset + 2, length: codeLength).array
    let name = bytes.slice(from: sections.languageOffset + 4 + codeLength, length: Int(bytes.uint16(at: sections.languageOffset + 2 + codeLength))).array
    if code != Array(language.code.utf8) { problems.append("LANG byte 2: the code differs from the manifest's \(Printable.quoted(language.code))") }
    if name != Array(language.name.utf8) {
      problems.append("LANG byte \(4 + codeLength): the name \(Printable.quoted(String(decoding: name, as: UTF8.self))) differs from the manifest's \(Printable.quoted(language.name))")
    }
    for (index, letter) in language.alphabet.enumerated() {
      let stored = bytes.uint32(at: sections.alphabetOffset + 8 * index + 4), expected = language.uppercase(of: letter).value
      if stored != expected { problems.append("ALPH byte \(8 * index + 4): letter \(letter)'s uppercase is \(Hex.codePoint(stored)), expected \(Hex.codePoint(expected))") }
    }
    let ascii = memo.asciiMap(for: language)
    if let byte = (0..<128).first(where: { bytes.uint8(at: sections.asciiMapOffset + $0) != ascii[$0] }) {
      problems.append("ASCI byte \(byte): maps to \(bytes.uint8(at: sections.asciiMapOffset + byte)), the manifest's letters give \(ascii[byte])")
    }
    return problems
  }

  /// The table built again from `files` with the table's own shape (4-gram contexts, lexicon
  /// words, and its `PAIR` section's length as the byte budget: pruning keeps the longest prefix
  /// of its order that fits, so that length gives the same pairs), as `keygram build` makes it;
  /// built once per verifier.
  func rebuild(_ language: Language, files: [String], sources: Sources?, quadgramContexts: Int, lexiconWords: Int,
               pairBytes: Int, knownWords: Int) -> Result<Rebuilt, any Error> {
    memo.image(for: "\(language.code) \(quadgramContexts) \(lexiconWords) \(pairBytes) \(knownWords) \(sources?.root ?? "")") {
      var language = language, lists: Set<String> = []
      if let sources {
        let named = Set(sources.frequencyLists.map { Provenance.fileName($0, in: sources.root) })
        lists = Set(files.filter { named.contains(Provenance.fileName($0, in: sources.root)) })
        if sources.textFeedsWords { language = language.feedingWords(fromText: files.filter { !lists.contains($0) }) }
      }
      var request = Pipeline.Request(language: language, inputs: files, corpusFolder: sources?.root ?? corpora.folder(for: language.code),
                                     output: .image)
      request.corporaFolder = sources == nil ? nil : corpora.root
      request.frequencyLists = lists
      request.jobs = ProcessInfo.processInfo.activeProcessorCount
      request.quadgramContexts = quadgramContexts
      request.lexiconWords = lexiconWords
      request.pairBytes = pairBytes
      request.knownWords = knownWords
      request.minimumLetters = 0  // the table verified passed its own build's floor
      let summary = try Pipeline.build(request)
      return Rebuilt(image: summary.image!, lexiconFidelity: summary.lexicon?.fidelity)
    }
  }

  /// Where `actual` first differs from `expected` outside the CRC field (which differs with
  /// any other byte), named by header, directory entry or section; nil when they are equal.
  static func firstDifference(_ actual: [UInt8], _ expected: [UInt8], sections: [TableSections.SectionEntry]) -> String? {
    let crc = TableFormat.Offset.crc32..<(TableFormat.Offset.crc32 + 4)
    guard let offset = (0..<min(actual.count, expected.count)).first(where: { actual[$0] != expected[$0] && !crc.contains($0) })
            ?? (actual.count == expected.count ? nil : min(actual.count, expected.count)) else { return nil }
    let found = offset < actual.count ? String(actual[offset]) : "the end", wanted = offset < expected.count ? String(expected[offset]) : "the end"
    let place: String
    if offset < TableFormat.headerSize {
      place = "header byte \(offset)"
    } else if let entry = sections.first(where: { ($0.offset..<($0.offset + $0.length)).contains(offset) }) {
      place = "\(entry.tag) byte \(offset - entry.offset) (file byte \(offset))"
    } else if offset < TableFormat.headerSize + sections.count * TableFormat.directoryEntrySize {
      place = "directory byte \(offset)"
    } else {
      place = "padding byte \(offset)"
    }
    return "\(place) is \(found), building again gives \(wanted)"
  }
}

/// What a verifier computes once and then reuses: corpus file digests by path, ASCII maps by
/// language, rebuilt table images by key. Safe to share across threads.
final class VerifierMemo: @unchecked Sendable {
  private let lock = NSLock()
  private var images: [String: Result<TableVerifier.Rebuilt, any Error>] = [:]
  private var digests: [String: Result<(size: UInt64, digest: FileDigest), CorpusError>] = [:]
  private var asciiMaps: [String: (language: Language, map: [UInt8])] = [:]

  func image(for key: String, _ make: () throws -> TableVerifier.Rebuilt) -> Result<TableVerifier.Rebuilt, any Error> {
    lock.lock()
    defer { lock.unlock() }
    if let image = images[key] { return image }
    let image = Result { try make() }
    images[key] = image
    return image
  }

  /// The `ASCI` section the builder writes for `language`.
  func asciiMap(for language: Language) -> [UInt8] {
    lock.lock()
    defer { lock.unlock() }
    if let known = asciiMaps[language.code], known.language == language { return known.map }
    let map = LetterDecoder(language: language).asciiLetterIndices
    asciiMaps[language.code] = (language, map)
    return map
  }

  /// The size and SHA-256 of the file at `path`, or why it cannot be read.
  func digest(of path: String) -> Result<(size: UInt64, digest: FileDigest), CorpusError> {
    lock.lock()
    defer { lock.unlock() }
    if let known = digests[path] { return known }
    let found = Result { () throws(CorpusError) in try FileHasher.hash(fileAt: path) }
    digests[path] = found
    return found
  }
}

