@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

/// Words typed without their marks on the shipped German and Turkish tables, every touch at its
/// key's centre: with `markedLetterCost` a touch on u may be ü, whose key is its own.
@Suite("Marked letters typed on their base letter's key")
struct MarkedLetterTests {
  func decide(_ typed: String, table: KeyGramTable, markedLetterCost: Float) throws -> WordDecision {
    let layout = KeyboardLayout.iPhonePortrait(for: table), letterKeys = LetterKeyMap(layout: layout, table: table)
    var parameters = WordDecoder.Parameters(table: table)
    parameters.markedLetterCost = markedLetterCost
    let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters)
    for scalar in typed.unicodeScalars {
      let letter = try #require(table.letterIndex(of: scalar)), key = try #require(layout.keyIndex(ofLetter: scalar))
      decoder.add(TouchPoint(x: layout[key].frame.midX, y: layout[key].frame.midY), key: key, letter: letter)
    }
    return decoder.decide(limit: 3)
  }

  @Test("fur reads as für, cunku as çünkü and tesekkurler as teşekkürler (marks off two letters) at 3 nats a letter; off by default",
        arguments: [("de", "fur", "für"), ("tr", "cunku", "çünkü"), ("tr", "tesekkurler", "teşekkürler")])
  func marksLeftOff(language: String, typed: String, intended: String) throws {
    let table = try KeyGramTable(embedded: language == "de" ? KeyGramTables.german : KeyGramTables.turkish)
    let reading = try decide(typed, table: table, markedLetterCost: 3)
    #expect(reading.replaces && reading.best.text == intended, "\(typed) → \(reading.best.text)")
    #expect(!reading.best.correctsSpelling)
    let off = try decide(typed, table: table, markedLetterCost: .infinity)
    #expect(!(off.replaces && off.best.text == intended), "\(typed) → \(off.best.text) with the reading off")
  }

  @Test("a word the lexicon holds without marks stands beside its marked twin: schon, not schön")
  func bothWordsStand() throws {
    let reading = try decide("schon", table: try KeyGramTable(embedded: KeyGramTables.german), markedLetterCost: 3)
    #expect(!reading.replaces && reading.best.text == "schon", "schon → \(reading.best.text)")
  }
}
