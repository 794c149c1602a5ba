@_spi(Testing) import KeyGram
import Testing

/// Format 2.4 `KNOW`: the language's words past the lexicon, as a Bloom filter read in place,
/// and the decoder letting them stand. The section tests pack a hand-made filter into the
/// fixture's sections (`FormTable`); the decoder's, the shipped English table's.
@Suite("Known words: the KNOW section")
struct KnownWordsTests {
  /// A `KNOW` section over `words` (letters of the fixture's alphabet), set by the runtime's own bits.
  static func section(_ words: [String], table: KeyGramTable, blocks: Int = 1, hashes: Int = 7) -> FormTable.Section {
    var bits = [UInt64](repeating: 0, count: blocks)
    for word in words {
      let letters = FormTable.letters(word, table: table)
      KnownWords.bitIndices(count: letters.count, letter: { letters[$0] }, bitCount: 64 * blocks, hashCount: hashes) { bits[$0 >> 6] |= 1 << UInt64($0 & 63) }
    }
    var bytes: [UInt8] = []
    for value in [words.count, hashes, blocks, 0] { FormTable.append32(value, to: &bytes) }
    for block in bits { for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: block >> (8 * UInt64(index)))) } }
    return FormTable.Section(tag: TableFormat.Section.knownWords, bytes: bytes, elementCount: words.count)
  }

  static let words = ["hte", "teh", "cta"]

  /// The hand-made `FORM` table with `KNOW` after its `FORM`, at minor version `minor`.
  static func image(minor: UInt8 = 4, edit: (inout FormTable.Section) -> Void = { _ in }) -> [UInt8] {
    var known = section(words, table: FormTable.table)
    edit(&known)
    return FormTable.image(inserting: known, after: TableFormat.Section.writtenForms, minor: minor)
  }

  func knownError(_ image: [UInt8]) -> String? { FormTable.sectionError("KNOW", in: image) }

  @Test("the hand-made table opens at 2.4 and knows the words put in, and no lexicon word or other letters")
  func opens() throws {
    let table = try KeyGramTable(copying: Self.image())
    #expect(table.formatVersion == (2, 4))
    let known = try #require(table.knownWords)
    #expect(known.wordCount == 3 && known.hashCount == 7 && known.bitCount == 64)
    for word in Self.words { #expect(known.contains(FormTable.letters(word, table: table)), "\(word)") }
    for word in ["the", "cat", "and", "ht", "hteh", "tca"] { #expect(!known.contains(FormTable.letters(word, table: table)), "\(word)") }
    #expect(!known.contains([]))
    // (1 − (1 − 1/64)^21)^7: 21 of 64 bits asked for, about 28% set, so 1.3 in 10,000.
    #expect(abs(known.falsePositiveRate - 1.3e-4) < 0.2e-4, "\(known.falsePositiveRate)")
    // A table without KNOW knows no words.
    #expect(FormTable.table.knownWords == nil)
  }

  @Test("each bad KNOW is refused at open with its reason")
  func badInputs() {
    #expect(knownError(Self.image { $0.bytes = [UInt8]($0.bytes.prefix(8)) })?.contains("shorter than its 16-byte head") == true)
    #expect(knownError(Self.image { $0.bytes[12] = 1 })?.contains("reserved") == true)
    #expect(knownError(Self.image { FormTable.store32(0, in: &$0.bytes, at: 4) })?.contains("0 hashes") == true)
    #expect(knownError(Self.image { FormTable.store32(17, in: &$0.bytes, at: 4) })?.contains("expected 1 to 16") == true)
    #expect(knownError(Self.image { FormTable.store32(0, in: &$0.bytes, at: 8) })?.contains("no blocks") == true)
    #expect(knownError(Self.image { $0.elementCount += 1 })?.contains("the directory counts 4 words") == true)
    #expect(knownError(Self.image { $0.bytes += [UInt8](repeating: 0, count: 8) })?.contains("expected 24 for 1 blocks") == true)
    // A 2.3 table cannot hold KNOW.
    do {
      _ = try KeyGramTable(copying: Self.image(minor: 3))
      Issue.record("a 2.3 table with KNOW opened")
    } catch {
      #expect("\(error)".contains("section KNOW needs 2.4"), "\(error)")
    }
  }

  @Test("a known word typed stands against a spelling correction that would replace it, which is still offered; off, it is replaced")
  func aKnownWordStands() throws {
    let table = EnglishTable.mapped, layout = KeyboardLayout.iPhonePortraitQWERTY
    let letters = "graffito".unicodeScalars.map { EnglishTable.letter($0) }
    #expect(try #require(table.knownWords).contains(letters))
    #expect(table.lexicon?.word(spelledBy: letters) == nil)
    func decide(standing: Bool) -> WordDecision {
      var parameters = WordDecoder.Parameters()
      (parameters.spellingMargin, parameters.omissionSpellingMargin, parameters.margin) = (0, 0, 0)
      parameters.knownWordsStand = standing
      let decoder = WordDecoder(table: table, layout: layout, parameters: parameters)
      for scalar in "graffito".unicodeScalars {
        let key = layout.index(scalar), frame = layout[key].frame
        decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: EnglishTable.letter(scalar))
      }
      return decoder.decide()
    }
    let standing = decide(standing: true)
    #expect(!standing.replaces && standing.typed.source == .knownWord && standing.best.text == "graffiti" && standing.best.correctsSpelling)
    let off = decide(standing: false)
    #expect(off.replaces && off.best.text == "graffiti" && off.typed.source == [])
  }
}
