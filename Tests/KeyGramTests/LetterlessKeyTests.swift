@_spi(Testing) @testable import KeyGram
import Testing

/// A key without letters (the Greek `;`, format 2.1): the fixture table with q moved onto the w
/// key and a `;` cap left on the q key's place, so the top row keeps its ten keys.
@Suite("Letterless keys")
struct LetterlessKeyTests {
  typealias Corrupt = KeyGramTableErrorTests

  /// The fixture's `LAYT` offsets: the section start, its row count, and its caps' start.
  static var layoutOffsets: (start: Int, rows: Int, caps: Int) {
    let section = FixtureTable.mapped.sections.keyboardLayoutSection!
    let rows = Int(FixtureTable.bytes[section.lowerBound]) | Int(FixtureTable.bytes[section.lowerBound + 1]) << 8
    return (section.lowerBound, rows, section.lowerBound + 4 + rows + FixtureTable.mapped.letterCount)
  }

  /// The fixture with letter q typed by key 1 (w) and key 0's cap set to `cap`.
  static func withKeyZeroLetterless(cap: Unicode.Scalar) -> [UInt8] {
    let (start, rows, caps) = layoutOffsets
    return Corrupt.corrupted { bytes in
      bytes[start + 4 + rows + FixtureTable.letter("q")] = 1
      Corrupt.store32(cap.value, in: &bytes, at: caps)
    }
  }

  static let table: KeyGramTable = {
    do { return try KeyGramTable(copying: withKeyZeroLetterless(cap: ";")) } catch { fatalError("\(error)") }
  }()

  @Test("A key no letter is on opens when its cap is not a letter of the alphabet")
  func opens() throws {
    let keyboard = try #require(Self.table.keyboardLayout)
    #expect(keyboard.rows[0].count == 10 && keyboard.rows[0][0] == ";")
    #expect(keyboard.isLetterless(key: 0) && !keyboard.isLetterless(key: 1))
    #expect(keyboard.keyRoles[0][0] == .punctuation(";") && keyboard.keyRoles[0][1] == .letter("w"))
    #expect(keyboard.keyIndexOfLetter[FixtureTable.letter("q")] == 1)
  }

  @Test("A letterless key whose cap is a letter of the alphabet (either case) is refused", arguments: ["q", "Q", "e"] as [Unicode.Scalar])
  func capThatIsALetter(cap: Unicode.Scalar) {
    let caps = Self.layoutOffsets.caps - Self.layoutOffsets.start
    let letter = FixtureTable.letter(Unicode.Scalar(String(cap).lowercased())!)
    #expect(Corrupt().open(Self.withKeyZeroLetterless(cap: cap))
            == .badSection(tag: "LAYT", reason: "key 0 types no letter, but its cap at byte \(caps) is letter \(letter) of the alphabet"))
  }

  @Test("A letterless key whose cap is not a Unicode scalar is refused")
  func capThatIsNoScalar() {
    let caps = Self.layoutOffsets.caps - Self.layoutOffsets.start
    let bytes = Corrupt.corrupted { bytes in
      bytes[Self.layoutOffsets.start + 4 + Self.layoutOffsets.rows + FixtureTable.letter("q")] = 1
      Corrupt.store32(0xD800, in: &bytes, at: Self.layoutOffsets.caps)
    }
    #expect(Corrupt().open(bytes) == .badSection(tag: "LAYT", reason: "key 0 types no letter, and its cap at byte \(caps) is not a Unicode scalar"))
  }

  @Test("The layout keeps the letterless key in its row, with a slot like its neighbours'")
  func geometry() throws {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    layout._checkInvariants()
    let top = layout.rows[0].keyRange
    #expect(top.count == 10)
    #expect(layout.keys[top.first!].role == .punctuation(";") && layout.keys[top.first!].isSpecial)
    #expect(layout.keys[top.first!].letter == nil)
    #expect(abs(layout.keys[top.first!].slot.width - layout.keys[top.first! + 1].slot.width) < 1e-4)
    // The same geometry as QWERTY: the letterless key sits where q was.
    let qwerty = KeyboardLayout.iPhonePortraitQWERTY
    #expect(layout.keys[top.first!].frame == qwerty.keys[0].frame)
    let map = LetterKeyMap(layout: layout, table: Self.table)
    #expect(map.letters(onKey: KeyIndex(0)).isEmpty)
    #expect(map.keyIndex(ofLetter: FixtureTable.letter("q")) == KeyIndex(1))
    #expect(KeyboardLayout.iPhonePortrait(rows: Self.table.keyboardLayout!.rows) == layout)
  }

  @Test("Every resolver gives the letterless key for a touch on its centre, and it gets no weight")
  func resolvers() throws {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    let semicolon = KeyIndex(0)
    let centre = layout[semicolon].frame.center
    var context = TypingContext(table: Self.table)
    context.record(contentsOf: "th")
    let weighted: [any WeightedKeyResolver] = [
      GaussianKeyResolver(layout: layout, table: Self.table), BoundaryShiftResolver(layout: layout, table: Self.table),
    ]
    for resolver in weighted {
      #expect(resolver.resolve(centre, after: context) == semicolon)
      #expect(resolver.probability(ofKey: semicolon) == 0)
      let total = layout.keyIndices.reduce(Float(0)) { $0 + resolver.probability(ofKey: $1) }
      #expect(abs(total - 1) < 1e-3)
      // Its neighbour still takes touches on its own centre.
      #expect(resolver.resolve(layout[KeyIndex(1)].frame.center) == KeyIndex(1))
    }
    #expect(StaticKeyResolver(layout: layout).resolve(centre) == semicolon)
  }

  @Test("The word decoder takes no letter from the letterless key and never proposes it")
  func decoder() throws {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    let decoder = WordDecoder(table: Self.table, layout: layout)
    let semicolon = KeyIndex(0)
    #expect(decoder.keyOfLetter.count == Self.table.letterCount)
    for letter in 0..<Self.table.letterCount { #expect(decoder.keyOfLetter[letter] != 0) }
    for scalar in "th".unicodeScalars {
      let key = try #require(layout.keyIndex(ofLetter: scalar))
      decoder.add(layout[key].frame.center, key: key, letter: FixtureTable.letter(scalar))
    }
    // A host that passed the touch anyway: `;` is no letter index, so the word is kept as typed.
    #expect(layout[semicolon].letter == nil && Self.table.letterIndex(of: ";") == nil)
    decoder.add(layout[semicolon].frame.center, key: semicolon, letter: Self.table.letterIndex(of: ";") ?? -1)
    let decision = decoder.decide()
    #expect(!decision.replaces && !decision.isDecoded)
    decoder.removeLast()
    let suggestions = decoder.suggestions(limit: 3)
    for suggestion in suggestions { #expect(!suggestion.text.contains(";")) }
  }

  #if canImport(MallocCounter)
  @Test("Resolving a touch on the letterless key allocates nothing")
  func noAllocation() {
    let layout = KeyboardLayout.iPhonePortrait(for: Self.table)
    let gaussian = GaussianKeyResolver(layout: layout, table: Self.table)
    let boundary = BoundaryShiftResolver(layout: layout, table: Self.table)
    var context = TypingContext(table: Self.table)
    context.record("t")
    let centre = layout[KeyIndex(0)].frame.center
    var hits = 0
    let count = mallocs {
      for _ in 0..<1_000 {
        if gaussian.resolve(centre, after: context) == KeyIndex(0) { hits += 1 }
        if boundary.resolve(centre, after: context) == KeyIndex(0) { hits += 1 }
      }
    }
    #expect(count == 0)
    #expect(hits == 4_000)  // the warm-up run and the measured one
  }
  #endif
}
