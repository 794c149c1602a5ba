@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

/// Every typed open error, each made by corrupting a copy of the fixture table (English from three lines). Where
/// the corruption would otherwise also break the CRC, the CRC is recomputed so that the check
/// under test is the one that fires.
@Suite("KeyGramTable: typed open errors")
struct KeyGramTableErrorTests {
  static let crcOffset = TableFormat.Offset.crc32

  /// A copy of the table with `edit` applied and, if `fixChecksum`, a recomputed CRC.
  static func corrupted(fixChecksum: Bool = true, _ edit: (inout [UInt8]) -> Void) -> [UInt8] {
    var bytes = FixtureTable.bytes
    edit(&bytes)
    if fixChecksum { storeCRC(in: &bytes) }
    return bytes
  }

  static func storeCRC(in bytes: inout [UInt8]) {
    let crc = TableBytes.withBytes(of: bytes) { $0.crc32(readingAsZero: crcOffset) }
    store32(crc, in: &bytes, at: crcOffset)
  }

  static func store32(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
  }

  static func store16(_ value: UInt16, in bytes: inout [UInt8], at offset: Int) {
    bytes[offset] = UInt8(truncatingIfNeeded: value)
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
  }

  static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
  }

  /// The directory entry offset of section `tag`.
  static func directoryEntry(of tag: TableFormat.Tag, in bytes: [UInt8]) -> Int {
    let count = Int(read32(bytes, at: TableFormat.Offset.sectionCount))
    let directory = Int(read32(bytes, at: TableFormat.Offset.directoryOffset))
    for index in 0..<count where read32(bytes, at: directory + 16 * index) == tag.rawValue {
      return directory + 16 * index
    }
    fatalError("no \(tag) section")
  }

  func open(_ bytes: [UInt8]) -> KeyGramTableError? {
    do {
      _ = try KeyGramTable(copying: bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test("The unmodified copy opens, and the recomputed CRC equals the stored one")
  func control() {
    #expect(open(FixtureTable.bytes) == nil)
    #expect(Self.corrupted { _ in } == FixtureTable.bytes)
  }

  @Test("Bad magic")
  func badMagic() {
    #expect(open(Self.corrupted { $0[0] = UInt8(ascii: "X") }) == .badMagic)
    #expect(open(Array("not a table at all, just some text".utf8)) == .badMagic)
  }

  @Test("Unsupported version")
  func unsupportedVersion() {
    let bytes = Self.corrupted { Self.store16(3, in: &$0, at: TableFormat.Offset.majorVersion) }
    #expect(open(bytes) == .unsupportedVersion(major: 3, minor: TableFormat.minorVersion))
    // A 1.x table, whose lexicon shares are 8 bits, is refused too.
    let older = Self.corrupted { Self.store16(1, in: &$0, at: TableFormat.Offset.majorVersion) }
    #expect(open(older) == .unsupportedVersion(major: 1, minor: TableFormat.minorVersion))
  }

  @Test("Truncated: shorter than the header, and shorter than the recorded size")
  func truncated() {
    let full = FixtureTable.bytes
    #expect(open(Array(full.prefix(10))) == .truncated(expected: 64, actual: 10))
    #expect(open(Array(full.prefix(63))) == .truncated(expected: 64, actual: 63))
    #expect(open(Array(full.dropLast(100))) == .truncated(expected: full.count, actual: full.count - 100))
    #expect(open([]) == .truncated(expected: 64, actual: 0))
  }

  @Test("Checksum mismatch: one flipped bit in the trigram section")
  func checksumMismatch() {
    let stored = Self.read32(FixtureTable.bytes, at: Self.crcOffset)
    let bytes = Self.corrupted(fixChecksum: false) { $0[$0.count - 200] ^= 0x01 }
    let computed = TableBytes.withBytes(of: bytes) { $0.crc32(readingAsZero: Self.crcOffset) }
    #expect(computed != stored)
    #expect(open(bytes) == .checksumMismatch(stored: stored, computed: computed))
  }

  @Test("Incomplete: state PART")
  func incomplete() {
    let bytes = Self.corrupted { Self.store32(TableFormat.State.incomplete.rawValue, in: &$0, at: TableFormat.Offset.state) }
    #expect(open(bytes) == .incomplete)
  }

  @Test("Bad section: missing, wrong length, misaligned, out of bounds")
  func badSection() {
    let trigram = TableFormat.Section.trigram
    let missing = Self.corrupted { bytes in
      Self.store32(TableFormat.Tag("XXXX").rawValue, in: &bytes, at: Self.directoryEntry(of: trigram, in: bytes))
    }
    #expect(open(missing) == .badSection(tag: "TRIG", reason: "missing"))

    let wrongLength = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: TableFormat.Section.bigram, in: bytes)
      Self.store32(Self.read32(bytes, at: entry + 8) - 2, in: &bytes, at: entry + 8)
    }
    guard case .badSection(tag: "BIGR", _)? = open(wrongLength) else {
      Issue.record("wrong length not reported as a bad BIGR section: \(String(describing: open(wrongLength)))")
      return
    }

    let misaligned = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: trigram, in: bytes)
      Self.store32(Self.read32(bytes, at: entry + 4) + 2, in: &bytes, at: entry + 4)
    }
    guard case .badSection(tag: "TRIG", let reason)? = open(misaligned) else {
      Issue.record("misaligned section not reported: \(String(describing: open(misaligned)))")
      return
    }
    #expect(reason.contains("aligned"))

    let outOfBounds = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: trigram, in: bytes)
      Self.store32(UInt32(bytes.count), in: &bytes, at: entry + 4)
    }
    guard case .badSection(tag: "TRIG", _)? = open(outOfBounds) else {
      Issue.record("out-of-bounds section not reported: \(String(describing: open(outOfBounds)))")
      return
    }
  }

  @Test("Bad TEXT section: an unknown apostrophe rule, counts the length does not fit, a pair of one letter, readings out of order or past the alphabet")
  func badTextRulesSection() throws {
    let text = TableFormat.Section.textRules
    let n = FixtureTable.mapped.letterCount
    func sectionOffset(_ bytes: [UInt8]) -> Int { Int(Self.read32(bytes, at: Self.directoryEntry(of: text, in: bytes) + 4)) }
    func reason(_ bytes: [UInt8]) -> String {
      guard case .badSection(tag: "TEXT", let reason)? = open(bytes) else { return "no TEXT error: \(String(describing: open(bytes)))" }
      return reason
    }
    // The fixture's readings: İ (U+0130) and the Kelvin sign (U+212A), as i and k.
    let table = FixtureTable.mapped
    #expect(table.letterIndex(of: "\u{130}") == table.letterIndex(of: "i") && table.letterIndex(of: "\u{212A}") == table.letterIndex(of: "k"))
    let rule = Self.corrupted { $0[sectionOffset($0)] = 7 }
    #expect(reason(rule).contains("apostrophe rule 7 at byte 0"))
    let count = Self.corrupted { $0[sectionOffset($0) + 2] += 1 }
    #expect(reason(count).contains("do not fit"))
    let swapped = Self.corrupted { bytes in
      let readings = sectionOffset(bytes) + 4
      let first = Self.read32(bytes, at: readings), second = Self.read32(bytes, at: readings + 4)
      Self.store32(second, in: &bytes, at: readings)
      Self.store32(first, in: &bytes, at: readings + 4)
    }
    #expect(reason(swapped).contains("reading 1 at byte 8"))
    let pastAlphabet = Self.corrupted { $0[sectionOffset($0) + 4] = UInt8(n) }
    #expect(reason(pastAlphabet).contains("reading 0 at byte 4"))
    // One pair (letter 3 twice) and one reading fill the same 12 bytes; the directory counts the pair.
    let onePair = Self.corrupted { bytes in
      let start = sectionOffset(bytes)
      bytes[start + 1] = 1
      Self.store16(1, in: &bytes, at: start + 2)
      bytes[start + 4] = 3
      bytes[start + 5] = 3
      Self.store32(0x130 << 8 | 8, in: &bytes, at: start + 8)
      Self.store32(1, in: &bytes, at: Self.directoryEntry(of: text, in: bytes) + 12)
    }
    #expect(reason(onePair).contains("final-form pair 0 at byte 4 is not two different letters"))
  }

  @Test("Bad QUAD section: a rank that miscounts, a mask bit past word start, a row count the directory disagrees with, a short section")
  func badQuadgramSection() {
    let quad = TableFormat.Section.quadgram
    let n = FixtureTable.mapped.letterCount
    func sectionOffset(_ bytes: [UInt8]) -> Int { Int(Self.read32(bytes, at: Self.directoryEntry(of: quad, in: bytes) + 4)) }
    func reason(_ bytes: [UInt8]) -> String? {
      guard case .badSection(tag: "QUAD", let reason)? = open(bytes) else { return nil }
      return reason
    }

    let badRank = Self.corrupted { bytes in
      let ranks = sectionOffset(bytes) + TableFormat.Quadgram.ranksOffset(letterCount: n)
      Self.store32(Self.read32(bytes, at: ranks + 4 * 100) + 1, in: &bytes, at: ranks + 4 * 100)
    }
    #expect(reason(badRank)?.contains("rank 100") == true, "\(String(describing: open(badRank)))")

    let strayBit = Self.corrupted { bytes in
      let masks = sectionOffset(bytes) + TableFormat.Quadgram.masksOffset
      bytes[masks + 8 * 5 + 4] |= 0x80  // bit 39 of mask 5: no such first letter in a 26-letter alphabet
    }
    #expect(reason(strayBit)?.contains("mask 5") == true, "\(String(describing: open(strayBit)))")

    let wrongCount = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: quad, in: bytes)
      Self.store32(Self.read32(bytes, at: entry + 12) - 1, in: &bytes, at: entry + 12)
    }
    #expect(reason(wrongCount)?.contains("directory says") == true, "\(String(describing: open(wrongCount)))")

    let short = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: quad, in: bytes)
      Self.store32(Self.read32(bytes, at: entry + 8) - 16, in: &bytes, at: entry + 8)
    }
    // Sections are packed, so a shorter QUAD leaves a gap the next section (LEXI) does not fill.
    guard case .badSection(tag: "LEXI", let gap)? = open(short) else {
      Issue.record("a short QUAD section not reported: \(String(describing: open(short)))")
      return
    }
    #expect(gap.contains("so it must start at byte"), "\(gap)")
  }

  @Test("Bad header fields: byte order, row total, letter count")
  func badHeader() {
    let byteOrder = Self.corrupted { Self.store32(0x0403_0201, in: &$0, at: TableFormat.Offset.byteOrder) }
    #expect(open(byteOrder) == .badHeader(field: "byte order"))
    let rowTotal = Self.corrupted { Self.store32(65_535, in: &$0, at: TableFormat.Offset.rowTotal) }
    #expect(open(rowTotal) == .badHeader(field: "row total"))
    let letterCount = Self.corrupted { Self.store16(0, in: &$0, at: TableFormat.Offset.letterCount) }
    #expect(open(letterCount) == .badHeader(field: "letter count 0"))
  }

  @Test("Files: a missing file, a directory, a truncated file, a valid copy")
  func files() throws {
    #expect(throws: KeyGramTableError.cannotOpen(SystemErrno(rawValue: 2))) {
      try KeyGramTable(contentsOf: "/nonexistent/en.keygram")
    }
    #expect(throws: KeyGramTableError.cannotOpen(SystemErrno(rawValue: 21))) {
      try KeyGramTable(contentsOf: FixtureTable.folder)
    }
    let full = FixtureTable.bytes
    let truncatedPath = temporaryFile(containing: Array(full.dropLast(16)), name: "truncated.keygram")
    #expect(throws: KeyGramTableError.truncated(expected: full.count, actual: full.count - 16)) {
      try KeyGramTable(contentsOf: truncatedPath)
    }
    let emptyPath = temporaryFile(containing: [], name: "empty.keygram")
    #expect(throws: KeyGramTableError.truncated(expected: 64, actual: 0)) {
      try KeyGramTable(contentsOf: emptyPath)
    }
    let copyPath = temporaryFile(containing: full, name: "copy.keygram")
    defer { for path in [truncatedPath, emptyPath, copyPath] { removeTemporaryFile(path) } }
    let copy = try KeyGramTable(contentsOf: copyPath)
    #expect(copy.bytes.array == full)
  }

  @Test("Embedded text that is not base64")
  func badEncoding() {
    let table = EmbeddedTable(languageCode: "xx", languageName: "Broken", base64: "S0VZ!!!!")
    #expect(throws: KeyGramTableError.badEncoding) { try KeyGramTable(embedded: table) }
    let shortTable = EmbeddedTable(languageCode: "xx", languageName: "Short", base64: "S0VZR1JBTQAB")
    #expect(throws: KeyGramTableError.truncated(expected: 64, actual: 9)) { try KeyGramTable(embedded: shortTable) }
  }

  @Test("Every error describes itself")
  func descriptions() {
    let errors: [KeyGramTableError] = [
      .cannotOpen(SystemErrno(rawValue: 2)), .badMagic, .unsupportedVersion(major: 1, minor: 3), .incomplete,
      .truncated(expected: 64, actual: 0), .badHeader(field: "row total"),
      .checksumMismatch(stored: 1, computed: 2), .badSection(tag: "TRIG", reason: "missing"), .badEncoding,
    ]
    #expect(errors.map(\.description) == [
      "cannot open: No such file or directory",
      "not a KeyGram table (bad magic at byte 0)",
      "unsupported format version 1.3 at byte 8; this reader reads 2.x",
      "incomplete table: the writer was interrupted (state PART at byte 16)",
      "truncated: expected 64 bytes, found 0",
      "bad header field: row total",
      "checksum mismatch: header says CRC-32 0x00000001, bytes give 0x00000002",
      "bad section TRIG: missing",
      "embedded table is not valid base64",
    ])
  }

  @Test("a LEXI directory entry must count the lexicon's words")
  func lexiconWordCountInTheDirectory() {
    let bytes = Self.corrupted { bytes in
      let entry = Self.directoryEntry(of: TableFormat.Section.lexicon, in: bytes)
      Self.store32(Self.read32(bytes, at: entry + 12) + 1, in: &bytes, at: entry + 12)
    }
    // The lexicon holds the 14 distinct words of en/tiny.txt.
    #expect(throws: KeyGramTableError.badSection(tag: "LEXI", reason: "the directory counts 15 words, the section 14")) {
      try KeyGramTable(copying: bytes)
    }
  }
}
