@_spi(Testing) import KeyGram
import Testing

/// The invariants open checks beyond bounds (docs/TableFormat.md, "Invariants and who checks
/// them"), each broken in a copy of the fixture table (English from three lines) with its CRC fixed up, so that only the
/// invariant can refuse it.
@Suite("KeyGramTable: structural invariants checked at open")
struct TableInvariantTests {
  typealias Corrupt = KeyGramTableErrorTests
  let sections = FixtureTable.mapped.sections

  func open(_ bytes: [UInt8]) -> KeyGramTableError? { Corrupt().open(bytes) }

  func entry(_ tag: TableFormat.Tag) -> TableSections.SectionEntry { sections.sections.first { $0.tag == tag }! }

  @Test("An ASCII byte that types a letter it is no case of: 0 typed as d")
  func asciiMapAgreesWithTheAlphabet() {
    let d = FixtureTable.letter("d")
    let bytes = Corrupt.corrupted { $0[sections.asciiMapOffset + Int(UInt8(ascii: "0"))] = UInt8(d) }
    #expect(open(bytes) == .badSection(tag: "ASCI", reason: "byte 48 maps to letter \(d), which is neither its lowercase nor its uppercase"))
    let unmapped = Corrupt.corrupted { $0[sections.asciiMapOffset + Int(UInt8(ascii: "Q"))] = TableFormat.notALetter }
    #expect(open(unmapped) == .badSection(tag: "ASCI", reason: "byte 81 maps to no letter, but it is letter \(FixtureTable.letter("q"))'s uppercase"))
  }

  @Test("An alphabet with a letter twice, or a scalar that is none")
  func alphabetScalars() {
    let twice = Corrupt.corrupted { Corrupt.store32(UInt32(UInt8(ascii: "a")), in: &$0, at: sections.alphabetOffset + 8) }
    #expect(open(twice) == .badSection(tag: "ALPH", reason: "letter 1 at byte 8 repeats letter 0"))
    let surrogate = Corrupt.corrupted { Corrupt.store32(0xD800, in: &$0, at: sections.alphabetOffset + 8 * 3 + 4) }
    #expect(open(surrogate) == .badSection(tag: "ALPH", reason: "letter 3 at byte 24 is not a pair of Unicode scalars"))
  }

  @Test("Non-zero padding between sections and at the end")
  func padding() {
    let language = entry(TableFormat.Section.language), last = sections.sections.last!
    let afterLanguage = language.offset + language.length
    #expect(afterLanguage % 16 != 0, "LANG ends off a boundary, so padding follows it")
    let between = Corrupt.corrupted { $0[afterLanguage] = 1 }
    #expect(open(between) == .badSection(tag: "ALPH", reason: "padding byte \(afterLanguage) before it is not zero"))
    let end = last.offset + last.length
    #expect(end < FixtureTable.bytes.count, "the last section ends off a boundary")
    let trailing = Corrupt.corrupted { $0[$0.count - 1] = 0x80 }
    #expect(open(trailing) == .badSection(tag: "end of file", reason: "padding byte \(FixtureTable.bytes.count - 1) before it is not zero"))
  }

  @Test("Sections packed in directory order, the file ending right after the last")
  func packedLayout() {
    let trigram = Corrupt.directoryEntry(of: TableFormat.Section.trigram, in: FixtureTable.bytes)
    let gap = Corrupt.corrupted { Corrupt.store32(Corrupt.read32($0, at: trigram + 4) + 16, in: &$0, at: trigram + 4) }
    let bigram = entry(TableFormat.Section.bigram), start = entry(TableFormat.Section.trigram).offset
    #expect(open(gap) == .badSection(tag: "TRIG", reason: "starts at byte \(start + 16); what comes before it ends at byte \(bigram.offset + bigram.length), so it must start at byte \(start)"))
    let longer = Corrupt.corrupted { bytes in
      bytes += [UInt8](repeating: 0, count: 16)
      Corrupt.store32(UInt32(bytes.count), in: &bytes, at: TableFormat.Offset.fileSize)
    }
    let last = sections.sections.last!
    #expect(open(longer) == .badHeader(field: "file size \(FixtureTable.bytes.count + 16) at byte 24: the last section ends at byte \(last.offset + last.length), so the file has \(FixtureTable.bytes.count) bytes"))
    let directory = Corrupt.corrupted { Corrupt.store32(80, in: &$0, at: TableFormat.Offset.directoryOffset) }
    #expect(open(directory) == .badHeader(field: "directory offset 80 at byte 44, expected 64"))
  }

  @Test("Directory element counts")
  func elementCounts() {
    let unigram = Corrupt.directoryEntry(of: TableFormat.Section.unigram, in: FixtureTable.bytes)
    let bytes = Corrupt.corrupted { Corrupt.store32(2, in: &$0, at: unigram + 12) }
    #expect(open(bytes) == .badSection(tag: "UNIG", reason: "the directory (byte \(unigram + 12)) counts 2 elements, expected 1"))
    let layout = Corrupt.directoryEntry(of: TableFormat.Section.layout, in: FixtureTable.bytes)
    let keys = Corrupt.corrupted { Corrupt.store32(Corrupt.read32($0, at: layout + 12) + 1, in: &$0, at: layout + 12) }
    #expect(open(keys) == .badSection(tag: "LAYT", reason: "26 keys, but the directory says 27"))
    let provenance = Corrupt.directoryEntry(of: TableFormat.Section.provenance, in: FixtureTable.bytes)
    let files = Corrupt.corrupted { Corrupt.store32(Corrupt.read32($0, at: provenance + 12) + 1, in: &$0, at: provenance + 12) }
    #expect(open(files) == .badSection(tag: "PROV", reason: "1 files, but the directory says 2"))  // en/tiny.txt alone
  }

  @Test("A newer minor version opens: its readers skip what they do not know")
  func minorVersion() {
    let bytes = Corrupt.corrupted { Corrupt.store16(TableFormat.minorVersion + 7, in: &$0, at: TableFormat.Offset.minorVersion) }
    #expect(open(bytes) == nil)
  }

  @Test("LANG strings that do not fill their section")
  func languageLength() {
    let bytes = Corrupt.corrupted { Corrupt.store16(6, in: &$0, at: sections.languageOffset + 4) }  // "English" is 7 bytes
    #expect(open(bytes) == .badSection(tag: "LANG", reason: "string lengths at bytes 0 and 4 do not fill the section's 13 bytes"))
  }

  @Test("A key cap that is none of its key's letters, an empty row")
  func layoutCaps() throws {
    let layout = try #require(sections.keyboardLayoutSection)
    let rows = Int(FixtureTable.bytes[layout.lowerBound])
    let caps = layout.lowerBound + 4 + rows + 26
    let bytes = Corrupt.corrupted { Corrupt.store32(UInt32(UInt8(ascii: "0")), in: &$0, at: caps) }
    #expect(open(bytes) == .badSection(tag: "LAYT", reason: "key 0's cap at byte \(4 + rows + 26) is not a letter on the key"))
  }

  @Test("PROV: a non-zero reserved total, entries that do not fill the section")
  func provenanceShape() {
    let provenance = entry(TableFormat.Section.provenance)
    let reserved = provenance.length - TableFormat.Provenance.tailSize(letterCount: 26) + 8 * TableFormat.Provenance.reservedTotal
    let bytes = Corrupt.corrupted { $0[provenance.offset + reserved] = 1 }
    #expect(open(bytes) == .badSection(tag: "PROV", reason: "reserved total at byte \(reserved) is not zero"))
    // The last file's name one byte shorter: the totals would start a byte early.
    var lastName = 4
    for _ in 0..<(Int(Corrupt.read32(FixtureTable.bytes, at: provenance.offset)) - 1) {
      lastName += TableFormat.Provenance.fileFixedSize + Int(FixtureTable.bytes[provenance.offset + lastName])
    }
    let name = Corrupt.corrupted { $0[provenance.offset + lastName] -= 1 }
    let filesEnd = provenance.length - TableFormat.Provenance.tailSize(letterCount: 26)
    #expect(open(name) == .badSection(tag: "PROV", reason: "the files end at byte \(filesEnd - 1), so the section has \(provenance.length - 1) bytes, not \(provenance.length)"))
  }
}
