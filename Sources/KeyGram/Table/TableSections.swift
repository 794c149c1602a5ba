/// Where each section of a validated table lies. Made only by validation, so every offset
/// in it is known to be in bounds and the readers can skip their checks.
@usableFromInline
package struct TableSections: Sendable, Equatable {
  @usableFromInline package let majorVersion: UInt16
  @usableFromInline package let minorVersion: UInt16
  @usableFromInline package let letterCount: Int
  @usableFromInline package let storedCRC32: UInt32
  @usableFromInline package let languageOffset: Int
  @usableFromInline package let alphabetOffset: Int
  @usableFromInline package let asciiMapOffset: Int
  @usableFromInline package let unigramOffset: Int
  @usableFromInline package let initialOffset: Int
  @usableFromInline package let bigramOffset: Int
  @usableFromInline package let trigramOffset: Int
  /// The optional `QUAD` section (format 1.2): where its masks, ranks and rows start, and how
  /// many rows it has (0 when the table has none).
  @usableFromInline package let quadgramMasksOffset: Int
  @usableFromInline package let quadgramRanksOffset: Int
  @usableFromInline package let quadgramRowsOffset: Int
  @usableFromInline package let quadgramRowCount: Int
  /// The optional `LEXI` section (format 1.3), checked at open as far as lookups need.
  @usableFromInline package let lexicon: Lexicon?
  /// The optional `LAYT` section: offset and length, or nil.
  package let keyboardLayoutSection: Range<Int>?
  /// The optional `PROV` section: offset and length, or nil.
  package let provenanceSection: Range<Int>?
  /// Every directory entry, in file order, for tools that list or check them.
  package let sections: [SectionEntry]

  package struct SectionEntry: Sendable, Equatable {
    package let tag: TableFormat.Tag
    package let offset: Int
    package let length: Int
    package let elementCount: Int
  }

  /// Reads and checks the header, CRC and section directory of `bytes`.
  package init(validating bytes: TableBytes) throws(KeyGramTableError) {
    typealias F = TableFormat
    guard bytes.count >= F.headerSize else {
      if bytes.count >= 8, !Self.hasMagic(bytes) { throw .badMagic }
      throw .truncated(expected: F.headerSize, actual: bytes.count)
    }
    guard Self.hasMagic(bytes) else { throw .badMagic }
    majorVersion = bytes.uint16(at: F.Offset.majorVersion)
    minorVersion = bytes.uint16(at: F.Offset.minorVersion)
    guard majorVersion == F.majorVersion else {
      throw .unsupportedVersion(major: majorVersion, minor: minorVersion)
    }
    let state = bytes.uint32(at: F.Offset.state)
    if state == F.State.incomplete.rawValue { throw .incomplete }
    guard state == F.State.complete.rawValue else { throw .badHeader(field: "state") }
    guard bytes.uint32(at: F.Offset.headerSize) == UInt32(F.headerSize) else { throw .badHeader(field: "header size") }
    guard bytes.uint32(at: F.Offset.byteOrder) == F.byteOrderSanity else { throw .badHeader(field: "byte order") }
    let recordedSize = Int(bytes.uint32(at: F.Offset.fileSize))
    guard recordedSize <= bytes.count else { throw .truncated(expected: recordedSize, actual: bytes.count) }
    guard recordedSize == bytes.count else { throw .badHeader(field: "file size (\(recordedSize) recorded, \(bytes.count) present)") }
    storedCRC32 = bytes.uint32(at: F.Offset.crc32)
    let computed = bytes.crc32(readingAsZero: F.Offset.crc32)
    guard computed == storedCRC32 else { throw .checksumMismatch(stored: storedCRC32, computed: computed) }

    let n = Int(bytes.uint16(at: F.Offset.letterCount))
    guard n >= 2 && n <= F.maximumLetterCount else { throw .badHeader(field: "letter count \(n)") }
    guard Int(bytes.uint16(at: F.Offset.rowWidth)) == n + 1 else { throw .badHeader(field: "row width") }
    guard bytes.uint32(at: F.Offset.rowTotal) == F.rowTotal else { throw .badHeader(field: "row total") }
    letterCount = n
    let sectionCount = Int(bytes.uint32(at: F.Offset.sectionCount))
    let directory = Int(bytes.uint32(at: F.Offset.directoryOffset))
    guard directory >= F.headerSize, sectionCount <= 64,
          directory + sectionCount * F.directoryEntrySize <= bytes.count else {
      throw .badHeader(field: "section directory")
    }
    for offset in stride(from: F.Offset.reserved, to: F.headerSize, by: 4) where bytes.uint32(at: offset) != 0 {
      throw .badHeader(field: "reserved bytes at \(offset)")
    }

    var entries: [SectionEntry] = []
    entries.reserveCapacity(sectionCount)
    let directoryEnd = directory + sectionCount * F.directoryEntrySize
    for index in 0..<sectionCount {
      let at = directory + index * F.directoryEntrySize
      let entry = SectionEntry(tag: F.Tag(rawValue: bytes.uint32(at: at)),
                               offset: Int(bytes.uint32(at: at + 4)),
                               length: Int(bytes.uint32(at: at + 8)),
                               elementCount: Int(bytes.uint32(at: at + 12)))
      var name: String { entry.tag.description }  // only spelled out for an error
      guard entry.offset % F.sectionAlignment == 0 else { throw .badSection(tag: name, reason: "offset \(entry.offset) not 16-byte aligned") }
      guard entry.offset >= directoryEnd, entry.offset + entry.length <= bytes.count else {
        throw .badSection(tag: name, reason: "bytes \(entry.offset)..<\(entry.offset + entry.length) outside the file")
      }
      if let previous = entries.last, previous.offset + previous.length > entry.offset {
        throw .badSection(tag: name, reason: "overlaps \(previous.tag) or is out of order")
      }
      if Self.find(entry.tag, in: entries) != nil { throw .badSection(tag: name, reason: "appears twice") }
      if let expected = F.expectedLength(of: entry.tag, letterCount: n), expected != entry.length {
        throw .badSection(tag: name, reason: "length \(entry.length), expected \(expected) for \(n) letters")
      }
      entries.append(entry)
    }
    sections = entries
    let language = try Self.required(F.Section.language, in: entries)
    languageOffset = language.offset
    alphabetOffset = try Self.required(F.Section.alphabet, in: entries).offset
    asciiMapOffset = try Self.required(F.Section.asciiMap, in: entries).offset
    unigramOffset = try Self.required(F.Section.unigram, in: entries).offset
    initialOffset = try Self.required(F.Section.initial, in: entries).offset
    bigramOffset = try Self.required(F.Section.bigram, in: entries).offset
    trigramOffset = try Self.required(F.Section.trigram, in: entries).offset
    if let quad = Self.find(F.Section.quadgram, in: entries) {
      quadgramRowCount = try Self.validateQuadgrams(bytes.slice(from: quad.offset, length: quad.length),
                                                    elementCount: quad.elementCount, letterCount: n)
      quadgramMasksOffset = quad.offset + F.Quadgram.masksOffset
      quadgramRanksOffset = quad.offset + F.Quadgram.ranksOffset(letterCount: n)
      quadgramRowsOffset = quad.offset + F.Quadgram.rowsOffset(letterCount: n)
    } else {
      (quadgramRowCount, quadgramMasksOffset, quadgramRanksOffset, quadgramRowsOffset) = (0, 0, 0, 0)
    }
    if let section = Self.find(F.Section.lexicon, in: entries) {
      let view = try Lexicon(validating: bytes.slice(from: section.offset, length: section.length), letterCount: n)
      guard section.elementCount == view.wordCount else {
        throw .badSection(tag: "LEXI", reason: "the directory counts \(section.elementCount) words, the section \(view.wordCount)")
      }
      lexicon = view
    } else {
      lexicon = nil
    }
    keyboardLayoutSection = Self.find(F.Section.layout, in: entries).map { $0.offset..<($0.offset + $0.length) }
    provenanceSection = Self.find(F.Section.provenance, in: entries).map { $0.offset..<($0.offset + $0.length) }

    // Strings of LANG must fit their section; ASCII map entries must name real letters.
    let codeLength = language.length >= 2 ? Int(bytes.uint16(at: language.offset)) : Int.max
    guard codeLength <= language.length - 4,
          2 + codeLength + 2 + Int(bytes.uint16(at: language.offset + 2 + codeLength)) <= language.length else {
      throw .badSection(tag: "LANG", reason: "string lengths exceed the section")
    }
    if let section = keyboardLayoutSection {
      try Self.validateKeyboardLayout(bytes.slice(from: section.lowerBound, length: section.count), letterCount: n)
    }
    for byte in 0..<128 {
      let index = bytes.uint8(at: asciiMapOffset + byte)
      guard index == F.notALetter || Int(index) < n else {
        throw .badSection(tag: "ASCI", reason: "byte \(byte) maps to letter \(index) of \(n)")
      }
    }
  }

  /// `QUAD`: a length that fits its row count, masks with no bit past word start, and ranks
  /// that count the mask bits before them, so every row a lookup can reach is in the section.
  /// Returns the row count.
  private static func validateQuadgrams(_ section: TableBytes, elementCount: Int, letterCount n: Int) throws(KeyGramTableError) -> Int {
    typealias Q = TableFormat.Quadgram
    guard n <= Q.maximumLetterCount else { throw .badSection(tag: "QUAD", reason: "\(n) letters; 4-gram rows allow at most \(Q.maximumLetterCount)") }
    guard section.count >= Q.headSize else { throw .badSection(tag: "QUAD", reason: "shorter than its head") }
    let rows = Int(section.uint32(at: 0))
    guard rows == elementCount else { throw .badSection(tag: "QUAD", reason: "\(rows) rows, but the directory says \(elementCount)") }
    for offset in stride(from: 4, to: Q.headSize, by: 4) where section.uint32(at: offset) != 0 {
      throw .badSection(tag: "QUAD", reason: "reserved bytes at \(offset)")
    }
    guard section.count == Q.length(letterCount: n, rows: rows) else {
      throw .badSection(tag: "QUAD", reason: "length \(section.count), expected \(Q.length(letterCount: n, rows: rows)) for \(rows) rows of \(n) letters")
    }
    let masks = Q.masksOffset, ranks = Q.ranksOffset(letterCount: n)
    let firstLetters: UInt64 = n == 63 ? ~0 : (1 << UInt64(n + 1)) - 1
    var counted = 0
    for group in 0..<(n * n) {
      let mask = section.uint64(at: masks + 8 * group)
      guard mask & ~firstLetters == 0 else { throw .badSection(tag: "QUAD", reason: "mask \(group) names a letter past \(n)") }
      guard Int(section.uint32(at: ranks + 4 * group)) == counted else {
        throw .badSection(tag: "QUAD", reason: "rank \(group) is \(section.uint32(at: ranks + 4 * group)), expected \(counted)")
      }
      counted += mask.nonzeroBitCount
    }
    guard counted == rows else { throw .badSection(tag: "QUAD", reason: "masks name \(counted) rows, the head says \(rows)") }
    return rows
  }

  /// `LAYT`: row and key counts that add up, and every letter on a key that exists.
  private static func validateKeyboardLayout(_ section: TableBytes, letterCount n: Int) throws(KeyGramTableError) {
    guard section.count >= 4 else { throw .badSection(tag: "LAYT", reason: "shorter than its counts") }
    let rows = Int(section.uint16(at: 0)), keys = Int(section.uint16(at: 2))
    guard section.count == 4 + rows + n + 4 * keys else {
      throw .badSection(tag: "LAYT", reason: "length \(section.count), expected \(4 + rows + n + 4 * keys) for \(rows) rows, \(keys) keys, \(n) letters")
    }
    var keysInRows = 0
    for row in 0..<rows { keysInRows += Int(section.uint8(at: 4 + row)) }
    guard keysInRows == keys else { throw .badSection(tag: "LAYT", reason: "rows hold \(keysInRows) keys, header says \(keys)") }
    for letter in 0..<n where Int(section.uint8(at: 4 + rows + letter)) >= keys {
      throw .badSection(tag: "LAYT", reason: "letter \(letter) is on key \(section.uint8(at: 4 + rows + letter)) of \(keys)")
    }
  }

  /// "KEYGRAM\0" read as a little-endian UInt64, so the check is one compare.
  private static let magicWord: UInt64 = 0x004D_4152_4759_454B

  private static func hasMagic(_ bytes: TableBytes) -> Bool {
    bytes.uint64(at: 0) == magicWord
  }

  /// The entry for `tag`, by a plain loop: validation runs at every launch, so it avoids
  /// closures and the allocations they can bring.
  private static func find(_ tag: TableFormat.Tag, in entries: [SectionEntry]) -> SectionEntry? {
    for entry in entries where entry.tag == tag { return entry }
    return nil
  }

  private static func required(_ tag: TableFormat.Tag, in entries: [SectionEntry]) throws(KeyGramTableError) -> SectionEntry {
    guard let entry = find(tag, in: entries) else { throw .badSection(tag: tag.description, reason: "missing") }
    return entry
  }

  /// A UInt16-length-prefixed UTF-8 string at `offset`.
  package func string(in bytes: TableBytes, at offset: Int) -> String {
    let length = Int(bytes.uint16(at: offset))
    return bytes.slice(from: offset + 2, length: length).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
  }
}
