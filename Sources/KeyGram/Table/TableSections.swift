/// Where each section of a validated table lies. Made only by validation, so every offset
/// in it is known to be in bounds and the readers can skip their checks.
///
/// It checks the header, the directory, the padding, `LANG`, `ALPH` and `ASCI` itself; each
/// other section it knows checks itself (`QuadgramSection`, `Lexicon`, `TextRulesSection`,
/// `WrittenFormsSection`, `WordPairSection`, `KnownWordsSection`, `OffensiveWordsSection`, `DecoderSettingsSection`, `KeyboardLayoutSection`, `ProvenanceSection`), and this keeps where its parts lie.
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
  /// The optional `QUAD` section (format 1.2, `QuadgramSection`): where its masks, ranks and
  /// rows start, and how many rows it has (0 when the table has none).
  @usableFromInline package let quadgramMasksOffset: Int
  @usableFromInline package let quadgramRanksOffset: Int
  @usableFromInline package let quadgramRowsOffset: Int
  @usableFromInline package let quadgramRowCount: Int
  /// The optional `LEXI` section (format 1.3), checked at open as far as lookups need.
  @usableFromInline package let lexicon: Lexicon?
  /// The optional `LAYT` section (`KeyboardLayoutSection`): offset and length, or nil.
  package let keyboardLayoutSection: Range<Int>?
  /// The optional `PROV` section (`ProvenanceSection`): offset and length, or nil.
  package let provenanceSection: Range<Int>?
  /// The optional `TEXT` section (format 2.1, `TextRulesSection`): whether an apostrophe ends a word (else it is
  /// dropped, as tables before 2.1 were built), and where its final-form pairs start and how many.
  @usableFromInline package let apostrophesEndWords: Bool
  @usableFromInline package let finalFormPairsOffset: Int
  @usableFromInline package let finalFormPairCount: Int
  /// `TEXT`'s readings: scalars the builder reads as a letter that `ALPH` does not name (İ as i,
  /// the Kelvin sign as k), as ascending UInt32 (scalar << 8 | letter).
  @usableFromInline package let readingsOffset: Int
  @usableFromInline package let readingCount: Int
  /// The optional `FORM` section (format 2.2, `WrittenFormsSection`): how the lexicon's words are
  /// written, and where it starts (0 when the table has none).
  package let writtenForms: WrittenFormsSection?
  package let writtenFormsOffset: Int
  /// The optional `PAIR` section (format 2.3, `WordPairSection`): the word-pair model, and where
  /// it lies (0, 0 when the table has none).
  package let wordPairs: WordPairSection?
  package let wordPairsOffset: Int
  package let wordPairsLength: Int
  /// The optional `KNOW` section (format 2.4, `KnownWordsSection`): the known words' filter, and
  /// where it starts (0 when the table has none).
  package let knownWords: KnownWordsSection?
  package let knownWordsOffset: Int
  /// The optional `TUNE` section (format 2.5, `DecoderSettingsSection`): how many decoder
  /// settings it holds, and where it starts (0 when the table has none).
  package let decoderSettings: DecoderSettingsSection?
  package let decoderSettingsOffset: Int
  /// The optional `OFFN` section (format 2.6, `OffensiveWordsSection`): how many words it flags,
  /// and where it starts (0 when the table has none).
  package let offensiveWords: OffensiveWordsSection?
  package let offensiveWordsOffset: Int
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
    let minor = bytes.uint16(at: F.Offset.minorVersion)
    minorVersion = minor
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
    guard directory == F.headerSize else {
      throw .badHeader(field: "directory offset \(directory) at byte \(F.Offset.directoryOffset), expected \(F.headerSize)")
    }
    guard sectionCount <= 64, directory + sectionCount * F.directoryEntrySize <= bytes.count else {
      throw .badHeader(field: "section directory")
    }
    for offset in stride(from: F.Offset.reserved, to: F.headerSize, by: 4) where bytes.uint32(at: offset) != 0 {
      throw .badHeader(field: "reserved bytes at \(offset)")
    }

    var entries: [SectionEntry] = []
    entries.reserveCapacity(sectionCount)
    let directoryEnd = directory + sectionCount * F.directoryEntrySize
    var end = directoryEnd  // where the directory or the previous section ends
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
      // Packed in directory order: each section starts at the first boundary after the bytes before it.
      guard entry.offset == F.sectionStart(after: end) else {
        throw .badSection(tag: name, reason: "starts at byte \(entry.offset); what comes before it ends at byte \(end), so it must start at byte \(F.sectionStart(after: end))")
      }
      try Self.checkPadding(bytes, from: end, to: entry.offset, before: name)
      if let expected = F.expectedElementCount(of: entry.tag, letterCount: n), expected != entry.elementCount {
        throw .badSection(tag: name, reason: "the directory (byte \(at + 12)) counts \(entry.elementCount) elements, expected \(expected)")
      }
      guard F.Section.minorVersionAdding(entry.tag) <= minor else {
        throw .badHeader(field: "minor version \(minor) at byte \(F.Offset.minorVersion): section \(name) needs \(F.majorVersion).\(F.Section.minorVersionAdding(entry.tag))")
      }
      entries.append(entry)
      end = entry.offset + entry.length
    }
    guard bytes.count == F.sectionStart(after: end) else {
      throw .badHeader(field: "file size \(bytes.count) at byte \(F.Offset.fileSize): the last section ends at byte \(end), so the file has \(F.sectionStart(after: end)) bytes")
    }
    try Self.checkPadding(bytes, from: end, to: bytes.count, before: "end of file")
    sections = entries
    let language = try Self.required(F.Section.language, in: entries)
    languageOffset = language.offset
    alphabetOffset = try Self.required(F.Section.alphabet, in: entries).offset
    asciiMapOffset = try Self.required(F.Section.asciiMap, in: entries).offset
    unigramOffset = try Self.required(F.Section.unigram, in: entries).offset
    initialOffset = try Self.required(F.Section.initial, in: entries).offset
    bigramOffset = try Self.required(F.Section.bigram, in: entries).offset
    trigramOffset = try Self.required(F.Section.trigram, in: entries).offset
    if let section = Self.find(F.Section.quadgram, in: entries) {
      let view = try QuadgramSection(validating: bytes.slice(from: section.offset, length: section.length),
                                     elementCount: section.elementCount, letterCount: n)
      quadgramRowCount = view.rowCount
      quadgramMasksOffset = section.offset + view.masksOffset
      quadgramRanksOffset = section.offset + view.ranksOffset
      quadgramRowsOffset = section.offset + view.rowsOffset
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
    if let section = Self.find(F.Section.writtenForms, in: entries) {
      writtenForms = try WrittenFormsSection(validating: bytes.slice(from: section.offset, length: section.length),
                                             elementCount: section.elementCount, lexiconWordCount: lexicon?.wordCount)
      writtenFormsOffset = section.offset
    } else {
      (writtenForms, writtenFormsOffset) = (nil, 0)
    }
    if let section = Self.find(F.Section.wordPairs, in: entries) {
      wordPairs = try WordPairSection(validating: bytes.slice(from: section.offset, length: section.length),
                                      elementCount: section.elementCount, hasLexicon: lexicon != nil)
      (wordPairsOffset, wordPairsLength) = (section.offset, section.length)
    } else {
      (wordPairs, wordPairsOffset, wordPairsLength) = (nil, 0, 0)
    }
    if let section = Self.find(F.Section.knownWords, in: entries) {
      knownWords = try KnownWordsSection(validating: bytes.slice(from: section.offset, length: section.length), elementCount: section.elementCount)
      knownWordsOffset = section.offset
    } else {
      (knownWords, knownWordsOffset) = (nil, 0)
    }
    if let section = Self.find(F.Section.decoderSettings, in: entries) {
      decoderSettings = try DecoderSettingsSection(validating: bytes.slice(from: section.offset, length: section.length), elementCount: section.elementCount)
      decoderSettingsOffset = section.offset
    } else {
      (decoderSettings, decoderSettingsOffset) = (nil, 0)
    }
    if let section = Self.find(F.Section.offensiveWords, in: entries) {
      offensiveWords = try OffensiveWordsSection(validating: bytes.slice(from: section.offset, length: section.length),
                                                 elementCount: section.elementCount, lexiconNodeCount: lexicon?.nodeCount)
      offensiveWordsOffset = section.offset
    } else {
      (offensiveWords, offensiveWordsOffset) = (nil, 0)
    }
    keyboardLayoutSection = Self.find(F.Section.layout, in: entries).map { $0.offset..<($0.offset + $0.length) }
    provenanceSection = Self.find(F.Section.provenance, in: entries).map { $0.offset..<($0.offset + $0.length) }
    if let section = Self.find(F.Section.textRules, in: entries) {
      let view = try TextRulesSection(validating: bytes.slice(from: section.offset, length: section.length),
                                      elementCount: section.elementCount, letterCount: n)
      apostrophesEndWords = view.apostrophesEndWords
      finalFormPairsOffset = section.offset + view.finalFormPairsOffset
      finalFormPairCount = view.finalFormPairCount
      readingsOffset = section.offset + view.readingsOffset
      readingCount = view.readingCount
    } else {
      (apostrophesEndWords, finalFormPairsOffset, finalFormPairCount, readingsOffset, readingCount) = (false, 0, 0, 0, 0)
    }

    // The two strings of LANG fill their section exactly, the code at least one byte.
    let codeLength = language.length >= 2 ? Int(bytes.uint16(at: language.offset)) : Int.max
    guard codeLength >= 1, codeLength <= language.length - 4,
          2 + codeLength + 2 + Int(bytes.uint16(at: language.offset + 2 + codeLength)) == language.length else {
      throw .badSection(tag: "LANG", reason: "string lengths at bytes 0 and \(codeLength == .max ? 2 : 2 + codeLength) do not fill the section's \(language.length) bytes")
    }
    let alphabet = bytes.slice(from: alphabetOffset, length: 8 * n)
    let asciiMap = bytes.slice(from: asciiMapOffset, length: 128)
    try Self.validateAlphabet(alphabet, asciiMap: asciiMap, letterCount: n)
    // LAYT and PROV are checked after ALPH, which LAYT's caps are read against; only their
    // ranges are kept.
    if let section = Self.find(F.Section.layout, in: entries) {
      _ = try KeyboardLayoutSection(validating: bytes.slice(from: section.offset, length: section.length),
                                    elementCount: section.elementCount, alphabet: alphabet, letterCount: n)
    }
    if let section = Self.find(F.Section.provenance, in: entries) {
      _ = try ProvenanceSection(validating: bytes.slice(from: section.offset, length: section.length),
                                elementCount: section.elementCount, letterCount: n)
    }
  }

  /// Padding (`from ..< to`, before the section named `next`) is zero.
  private static func checkPadding(_ bytes: TableBytes, from start: Int, to end: Int, before next: String) throws(KeyGramTableError) {
    for offset in start..<end where bytes.uint8(at: offset) != 0 {
      throw .badSection(tag: next, reason: "padding byte \(offset) before it is not zero")
    }
  }

  /// `ALPH` and `ASCI` agree: every scalar is a Unicode scalar, no lowercase letter repeats, an
  /// ASCII byte maps only to a letter whose lowercase or uppercase it is, and a letter whose
  /// lowercase (or uppercase) is ASCII is typed by that byte.
  private static func validateAlphabet(_ alphabet: TableBytes, asciiMap: TableBytes, letterCount n: Int) throws(KeyGramTableError) {
    let none = TableFormat.notALetter
    for letter in 0..<n {
      let lower = alphabet.uint32(at: 8 * letter), upper = alphabet.uint32(at: 8 * letter + 4)
      guard Unicode.Scalar(lower) != nil, Unicode.Scalar(upper) != nil else {
        throw .badSection(tag: "ALPH", reason: "letter \(letter) at byte \(8 * letter) is not a pair of Unicode scalars")
      }
      for earlier in 0..<letter where alphabet.uint32(at: 8 * earlier) == lower {
        throw .badSection(tag: "ALPH", reason: "letter \(letter) at byte \(8 * letter) repeats letter \(earlier)")
      }
      if lower < 128, asciiMap.uint8(at: Int(lower)) != UInt8(letter) {
        throw .badSection(tag: "ASCI", reason: "byte \(lower) maps to \(asciiMap.uint8(at: Int(lower))), but it is letter \(letter)")
      }
      if upper < 128, asciiMap.uint8(at: Int(upper)) == none {
        throw .badSection(tag: "ASCI", reason: "byte \(upper) maps to no letter, but it is letter \(letter)'s uppercase")
      }
    }
    for byte in 0..<128 {
      let index = asciiMap.uint8(at: byte)
      guard index != none else { continue }
      guard Int(index) < n else { throw .badSection(tag: "ASCI", reason: "byte \(byte) maps to letter \(index) of \(n)") }
      guard alphabet.uint32(at: 8 * Int(index)) == UInt32(byte) || alphabet.uint32(at: 8 * Int(index) + 4) == UInt32(byte) else {
        throw .badSection(tag: "ASCI", reason: "byte \(byte) maps to letter \(index), which is neither its lowercase nor its uppercase")
      }
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
