@_spi(Testing) import KeyGram
import Testing

@Suite("KeyboardLayout and LetterKeyMap")
struct KeyboardLayoutTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func key(_ letter: Unicode.Scalar) -> Key { layout[layout.keyIndex(ofLetter: letter)!] }

  @Test("The iPhone portrait QWERTY layout has the documented geometry")
  func iPhoneGeometry() throws {
    layout._checkInvariants()
    #expect(layout.rows.count == 4)
    #expect(layout.rows.map(\.keyRange.count) == [10, 9, 9, 3])
    #expect(layout.keys.count == 31)
    #expect(layout.bounds == KeyFrame(x: 0, y: 0, width: 375, height: 216))
    // Row 1: 37.5 pt slots, 31.5 pt caps with 3 pt either side.
    #expect(key("q").slot == KeyFrame(x: 0, y: 0, width: 37.5, height: 54))
    #expect(key("q").frame == KeyFrame(x: 3, y: 5, width: 31.5, height: 44))
    #expect(key("p").slot.maxX == 375)
    #expect(key("w").frame.minX - key("q").frame.maxX == 6)
    // Row 2 offset by half a slot; row 3 by a slot and a half (z under s).
    #expect(key("a").slot.minX == 18.75)
    #expect(key("a").slot.minY == 54)
    #expect(key("z").slot.minX == 56.25)
    #expect(key("z").frame.midX == key("s").frame.midX)
    #expect(key("c").frame.midX == key("f").frame.midX)
    // Shift and backspace fill the ends of row 3; the space row holds three special keys.
    let shift = layout[try #require(layout.keyIndex(of: .shift))]
    let backspace = layout[try #require(layout.keyIndex(of: .backspace))]
    #expect(shift.slot == KeyFrame(x: 0, y: 108, width: 56.25, height: 54))
    #expect(shift.frame.width == 42 && shift.frame.minX == 3)
    #expect(backspace.slot.maxX == 375 && backspace.slot.minX == key("m").slot.maxX)
    #expect(layout.keys[layout.rows[3].keyRange].map(\.role) == [.modeChange, .space, .returnKey])
    #expect(layout.keys.filter(\.isSpecial).count == 5)
    // The slots of every row tile it: neighbours share an edge.
    for row in layout.rows {
      for index in row.keyRange.dropLast() {
        #expect(layout.keys[index].slot.maxX == layout.keys[index + 1].slot.minX)
        #expect(layout.staticDivider(afterKey: KeyIndex(index)) == layout.keys[index].slot.maxX)
      }
    }
    #expect(layout.rowDivider(afterRow: 0) == 54)
  }

  @Test("Other metrics: no space row, a wider keyboard")
  func metrics() {
    var metrics = KeyboardLayout.Metrics.iPhonePortrait
    #expect(metrics.horizontalGap == 6 && metrics.verticalGap == 10 && metrics.slotWidth == 37.5)
    metrics.includesSpaceRow = false
    metrics.width = 393
    let wide = KeyboardLayout.qwerty(metrics)
    wide._checkInvariants()
    #expect(wide.rows.count == 3)
    #expect(abs(wide.bounds.width - 393) < 1e-3)
    #expect(abs(wide[wide.keyIndex(ofLetter: "p")!].slot.maxX - 393) < 1e-3)
  }

  @Test("Bad geometry is normalised: invalid keys and empty rows are dropped, rows and keys sorted")
  func normalisation() {
    func letterKey(_ letter: Unicode.Scalar, x: Float, y: Float) -> Key {
      Key(role: .letter(letter), frame: KeyFrame(x: x + 3, y: y + 5, width: 31.5, height: 44),
          horizontalGap: 6, verticalGap: 10)
    }
    let bad = Key(role: .letter("x"), frame: KeyFrame(x: .nan, y: 0, width: 10, height: 10), slot: KeyFrame(x: 0, y: 0, width: 10, height: 10))
    let negative = Key(role: .letter("y"), frame: KeyFrame(x: 0, y: 0, width: -1, height: 10), slot: KeyFrame(x: 0, y: 0, width: 10, height: 10))
    let layout = KeyboardLayout(rows: [
      [letterKey("d", x: 37.5, y: 54), letterKey("c", x: 0, y: 54)],
      [],
      [bad, negative],
      [letterKey("a", x: 0, y: 0), letterKey("b", x: 37.5, y: 0)],
    ])
    layout._checkInvariants()
    #expect(layout.rows.count == 2)
    #expect(layout.keys.compactMap(\.letter) == ["a", "b", "c", "d"])
    #expect(KeyboardLayout(rows: []).keys.isEmpty)
    #expect(KeyboardLayout(rows: [[], []]).rows.isEmpty)
    #expect(KeyboardLayout(rows: []).bounds == KeyFrame(x: 0, y: 0, width: 0, height: 0))
  }

  @Test("Letters map to keys through the table's alphabet; a key may type several letters")
  func letterKeyMap() {
    let table = FixtureTable.mapped
    var map = LetterKeyMap(layout: layout, table: table)
    map._checkInvariants()
    #expect(map.letterCount == 26)
    for letter in table.alphabet {
      let keyIndex = map.keyIndex(ofLetter: table.letterIndex(of: letter)!)
      #expect(keyIndex == layout.keyIndex(ofLetter: letter))
    }
    let e = layout.keyIndex(ofLetter: "e")!
    #expect(map.letters(onKey: e) == [FixtureTable.letter("e")])
    // As a LAYT section would say for é: here, q typed by the w key as well.
    let w = layout.keyIndex(ofLetter: "w")!
    let assigned = map.assign(letter: FixtureTable.letter("q"), toKey: w)
    #expect(assigned)
    #expect(map.letters(onKey: w) == [FixtureTable.letter("q"), FixtureTable.letter("w")])
    let badLetter = map.assign(letter: 99, toKey: w)
    let badKey = map.assign(letter: 0, toKey: 99)
    #expect(!badLetter && !badKey)
    map.removeKey(ofLetter: FixtureTable.letter("q"))
    #expect(map.keyIndex(ofLetter: FixtureTable.letter("q")) == nil)
    #expect(map.keyIndex(ofLetter: -1) == nil)
    map._checkInvariants()
    // Explicit indices: out-of-range ones leave the letter without a key.
    let explicit = LetterKeyMap(keyIndexOfLetter: [0, 5, nil, 31, -2], keyCount: 31)
    #expect(explicit.keyIndexOfLetter == [0, 5, nil, nil, nil])
    explicit._checkInvariants()
  }

  @Test("A table without a LAYT section: QWERTY, letters mapped through the key caps")
  func tableWithoutLayout() throws {
    let bytes = KeyGramTableErrorTests.corrupted { bytes in
      let entry = KeyGramTableErrorTests.directoryEntry(of: TableFormat.Section.layout, in: bytes)
      KeyGramTableErrorTests.store32(TableFormat.Tag("XLAY").rawValue, in: &bytes, at: entry)  // unknown: ignored
    }
    let table = try KeyGramTable(copying: bytes)
    #expect(table.keyboardLayout == nil)
    #expect(KeyboardLayout.iPhonePortrait(for: table) == .iPhonePortraitQWERTY)
    let map = LetterKeyMap(layout: layout, table: table)
    #expect(map == LetterKeyMap(layout: layout, table: FixtureTable.mapped))
    for letter in table.alphabet { #expect(map.keyIndex(ofLetter: table.letterIndex(of: letter)!) == layout.keyIndex(ofLetter: letter)) }
  }
}
