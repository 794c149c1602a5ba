@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

/// Every shipped table's own keyboard (its LAYT section), laid out iPhone-style.
@Suite("Layouts of the shipped languages")
struct LanguageLayoutTests {
  static let codes = KeyGramTables.languageCodes

  static func table(_ code: String) throws -> KeyGramTable { try #require(try KeyGramTables.table(for: code)) }

  @Test("The table's keyboard is laid out and every letter has a key", arguments: codes)
  func layout(code: String) throws {
    let table = try Self.table(code)
    let layout = KeyboardLayout.iPhonePortrait(for: table)
    layout._checkInvariants()
    let tableLayout = try #require(table.keyboardLayout)
    // Letter keys and letterless keys (the Greek `;`), in the table's order.
    let caps = layout.keys.compactMap { key -> Unicode.Scalar? in
      if case .punctuation(let mark) = key.role { return mark }
      return key.letter
    }
    #expect(caps == tableLayout.keyCaps)
    #expect(abs(layout.bounds.width - 375) < 1e-3)
    // The last letter row, with shift and backspace, spans the keyboard with no gaps.
    let lastLetterRow = layout.rows[layout.rows.count - 2].keyRange
    #expect(layout.keys[lastLetterRow.first!].role == .shift && layout.keys[lastLetterRow.last!].role == .backspace)
    for index in lastLetterRow.dropLast() {
      #expect(abs(layout.keys[index].slot.maxX - layout.keys[index + 1].slot.minX) < 1e-3)
    }
    let map = LetterKeyMap(layout: layout, table: table)
    map._checkInvariants()
    for letter in 0..<table.letterCount {
      let key = try #require(map.keyIndex(ofLetter: letter), "\(table.letter(at: letter)) has no key")
      #expect(layout[key].letter == tableLayout.keyCaps[tableLayout.keyIndexOfLetter[letter]])
    }
  }

  @Test("Both resolvers work on every language's keyboard", arguments: codes)
  func resolvers(code: String) throws {
    let table = try Self.table(code)
    let layout = KeyboardLayout.iPhonePortrait(for: table)
    let resolvers: [any WeightedKeyResolver] = [
      BoundaryShiftResolver(layout: layout, table: table), GaussianKeyResolver(layout: layout, table: table),
    ]
    var context = TypingContext(table: table)
    context.record(table.letter(at: 0))
    for resolver in resolvers {
      resolver.update(for: context)
      let total = layout.keyIndices.reduce(Float(0)) { $0 + resolver.probability(ofKey: $1) }
      #expect(abs(total - 1) < 1e-3)
      for (index, key) in layout.keys.enumerated() { #expect(resolver.resolve(key.frame.center) == KeyIndex(index)) }
    }
  }

  @Test("French: é, è, ê and ë are typed by the e key, whose weight is their sum")
  func accentsShareAKey() throws {
    let table = try Self.table("fr")
    let layout = KeyboardLayout.iPhonePortrait(for: table)
    let map = LetterKeyMap(layout: layout, table: table)
    let e = try #require(layout.keyIndex(ofLetter: "e"))
    let lettersOnE = map.letters(onKey: e).map { table.letter(at: $0) }
    #expect(Set(lettersOnE) == ["e", "é", "è", "ê", "ë"])
    let resolver = BoundaryShiftResolver(layout: layout, letterKeys: map)
    var context = TypingContext(table: table, lexiconBalance: .infinity)  // the n-gram row alone
    context.record(contentsOf: "caf")
    resolver.update(for: context)
    let distribution = context.distribution
    let letterTotal = (0..<table.letterCount).reduce(0.0) { map.keyIndex(ofLetter: $1) == nil ? $0 : $0 + distribution[$1] }
    let expected = lettersOnE.reduce(0.0) { $0 + distribution[table.letterIndex(of: $1)!] } / letterTotal
    #expect(abs(Double(resolver.probability(ofKey: e)) - expected) < 1e-5)
    // After "caf", é is likely: the e key must be likelier than with e alone.
    #expect(Double(resolver.probability(ofKey: e)) > distribution[table.letterIndex(of: "e")!] / letterTotal)
  }
}
