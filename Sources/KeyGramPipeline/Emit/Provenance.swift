import KeyGram

/// Where a table came from: its input files (name, size, SHA-256) and corpus totals.
/// Stored in the table's `PROV` section; `keygram verify` compares it with the corpus folder.
public struct Provenance: Equatable, Sendable {
  public struct File: Equatable, Sendable {
    /// The file name, relative to its corpus folder.
    public var name: String
    public var size: UInt64
    public var sha256: [UInt8]
    public init(name: String, size: UInt64, sha256: [UInt8]) {
      self.name = name
      self.size = size
      self.sha256 = sha256
    }
  }

  /// Sorted by name, so the order the files were read in leaves no trace.
  public var files: [File]
  public var letters: UInt64
  public var words: UInt64
  public var compressedBytes: UInt64
  public var uncompressedBytes: UInt64
  public var invalidUTF8: UInt64
  public var outsideAlphabet: UInt64
  public var frequencyListWords: UInt64
  /// Raw unigram counts, by letter.
  public var letterCounts: [UInt64]

  public init(files: [File], counts: NgramCounts, compressedBytes: UInt64, uncompressedBytes: UInt64) {
    self.files = files.sorted { $0.name < $1.name }
    letterCounts = counts.unigrams
    letters = letterCounts.reduce(0, +)
    words = counts.words
    self.compressedBytes = compressedBytes
    self.uncompressedBytes = uncompressedBytes
    invalidUTF8 = counts.invalidUTF8
    outsideAlphabet = counts.outsideAlphabet
    frequencyListWords = counts.frequencyListWords
  }

  /// The section's bytes (docs/TableFormat.md, `PROV`).
  public var encoded: [UInt8] {
    var out = ByteWriter()
    out.uint32(UInt32(files.count))
    for file in files {
      out.string16(file.name)
      out.uint64(file.size)
      out.bytes(file.sha256)
    }
    for total in [letters, words, compressedBytes, uncompressedBytes, invalidUTF8, outsideAlphabet, frequencyListWords, 0] {
      out.uint64(total)
    }
    letterCounts.forEach { out.uint64($0) }
    return out.bytes
  }

  /// Reads a `PROV` section back; nil if it is malformed.
  package init?(section: TableBytes, letterCount: Int) {
    var reader = ByteReader(section)
    guard let fileCount = reader.uint32(), fileCount < 100_000 else { return nil }
    var files: [File] = []
    for _ in 0..<fileCount {
      guard let name = reader.string16(), let size = reader.uint64(), let hash = reader.bytes(32) else { return nil }
      files.append(File(name: name, size: size, sha256: hash))
    }
    var totals: [UInt64] = []
    for _ in 0..<8 { guard let value = reader.uint64() else { return nil }; totals.append(value) }
    var letterCounts: [UInt64] = []
    for _ in 0..<letterCount { guard let value = reader.uint64() else { return nil }; letterCounts.append(value) }
    self.files = files
    (letters, words, compressedBytes, uncompressedBytes) = (totals[0], totals[1], totals[2], totals[3])
    (invalidUTF8, outsideAlphabet, frequencyListWords) = (totals[4], totals[5], totals[6])
    self.letterCounts = letterCounts
  }
}

/// Appends little-endian integers and length-prefixed strings.
struct ByteWriter {
  var bytes: [UInt8] = []
  mutating func uint8(_ value: UInt8) { bytes.append(value) }
  mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func bytes(_ values: [UInt8]) { bytes.append(contentsOf: values) }
  mutating func string16(_ text: String) {
    let utf8 = Array(text.utf8)
    uint16(UInt16(utf8.count))
    bytes.append(contentsOf: utf8)
  }
  mutating func pad(toMultipleOf alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }
  mutating func patch32(_ value: UInt32, at offset: Int) {
    for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
  }
}

/// Reads what `ByteWriter` wrote, returning nil past the end.
struct ByteReader {
  let section: TableBytes
  var offset = 0
  init(_ section: TableBytes) { self.section = section }
  mutating func uint16() -> UInt16? { take(2).map { section.uint16(at: $0) } }
  mutating func uint32() -> UInt32? { take(4).map { section.uint32(at: $0) } }
  mutating func uint64() -> UInt64? { take(8).map { section.uint64(at: $0) } }
  mutating func bytes(_ count: Int) -> [UInt8]? { take(count).map { section.slice(from: $0, length: count).array } }
  mutating func string16() -> String? {
    guard let length = uint16(), let utf8 = bytes(Int(length)) else { return nil }
    return String(decoding: utf8, as: UTF8.self)
  }
  /// The offset of the next `count` bytes, if there are that many, and moves past them.
  private mutating func take(_ count: Int) -> Int? {
    guard offset + count <= section.count else { return nil }
    defer { offset += count }
    return offset
  }
}
