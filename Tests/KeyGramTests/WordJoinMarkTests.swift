@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

/// A mark key of the letter rows (French `'` beside n, Greek `;` beside ς) ends a word as the
/// space bar does, and a tap on it that was a letter is read across it as a space tap is.
/// Touches placed by hand on the shipped tables and their iPhone portrait keyboards.
@Suite("Word decoder: joins across a mark key")
struct WordJoinMarkTests {
  /// A language's shipped table, its keyboard and a decoder with the table's settings.
  struct Keyboard {
    let table: KeyGramTable
    let layout: KeyboardLayout
    let letterKeys: LetterKeyMap

    init(_ embedded: EmbeddedTable) throws {
      table = try KeyGramTable(embedded: embedded)
      layout = KeyboardLayout.iPhonePortrait(for: table)
      letterKeys = LetterKeyMap(layout: layout, table: table)
    }

    func decoder() -> WordDecoder { WordDecoder(table: table, layout: layout, letterKeys: letterKeys) }

    func key(of scalar: Unicode.Scalar) throws -> KeyIndex {
      let letter = try #require(table.letterIndex(of: scalar))
      return try #require(letterKeys.keyIndex(ofLetter: letter))
    }

    func centre(of key: KeyIndex) -> TouchPoint { TouchPoint(x: layout[key].frame.midX, y: layout[key].frame.midY) }

    /// The mark key `mark`, and a point `fraction` of the way from its centre towards the key of `letter`.
    func tap(on mark: Unicode.Scalar, toward letter: Unicode.Scalar, fraction: Float) throws -> (TouchPoint, KeyIndex) {
      let markKey = try #require(layout.keyIndex(of: .punctuation(mark)))
      let from = centre(of: markKey), to = centre(of: try key(of: letter))
      return (TouchPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction), markKey)
    }

    /// Touches `word`'s keys at their centres, decides it and finishes it as a keyboard does.
    func typeAndFinish(_ word: String, into decoder: WordDecoder) throws {
      try type(word, into: decoder)
      decoder.finishWord(decoder.decide())
    }

    func type(_ word: String, into decoder: WordDecoder) throws {
      for scalar in word.unicodeScalars {
        let letter = try #require(table.letterIndex(of: scalar))
        let key = try #require(letterKeys.keyIndex(ofLetter: letter))
        decoder.add(centre(of: key), key: key, letter: letter)
      }
    }

    /// Types `word` at the keys' centres, finishes it, and ends it with `tap` (a point and its key),
    /// as a keyboard does; returns what `noteSpaceTap` returned.
    @discardableResult
    func type(_ word: String, endedBy tap: (TouchPoint, KeyIndex), into decoder: WordDecoder) throws -> WordJoin? {
      try typeAndFinish(word, into: decoder)
      return decoder.noteSpaceTap(tap.0, key: tap.1)
    }

    func spaceBarCentre() throws -> (TouchPoint, KeyIndex) {
      let space = try #require(layout.keyIndex(of: .space))
      return (centre(of: space), space)
    }
  }

  @Test("French bonjour whose n landed on the apostrophe key: bo, the apostrophe and jour become bonjour")
  func apostropheTakenForN() throws {
    let french = try Keyboard(KeyGramTables.french)
    let decoder = french.decoder()
    let (slip, apostrophe) = try french.tap(on: "'", toward: "n", fraction: 0.4)
    // Still the apostrophe key's touch: the keyboard typed the mark and ended the word.
    #expect(french.layout[apostrophe].slot.contains(slip))
    try french.type("bo", endedBy: (slip, apostrophe), into: decoder)
    try french.type("jour", into: decoder)
    let decision = decoder.decide()
    let join = try #require(decision.join)
    #expect(join.word.text == "bonjour")
    #expect(join.replaces, "margin \(join.margin)")
    // "bo", the apostrophe and "jour".
    #expect(join.replacedCharacterCount == 7)
    #expect(decision.spannedPrecedingWords == 1)
  }

  @Test("French l'homme with the apostrophe tapped at its key's centre: nothing is joined")
  func deliberateApostropheStands() throws {
    let french = try Keyboard(KeyGramTables.french)
    let decoder = french.decoder()
    try french.type("l", endedBy: try french.tap(on: "'", toward: "n", fraction: 0), into: decoder)
    try french.type("homme", into: decoder)
    let decision = decoder.decide()
    #expect(decision.join == nil)
    #expect(decision.spannedPrecedingWords == 0)
  }

  @Test("le, backspace near m, ais: after a space the space comes back with mais; after the apostrophe no space is put back for the mark")
  func backspaceAfterAMarkRestoresNoSpace() throws {
    let french = try Keyboard(KeyGramTables.french)
    let backspace = try #require(french.layout.keyIndex(of: .backspace))
    let from = french.centre(of: backspace), to = french.centre(of: try french.key(of: "m"))
    let nearM = TouchPoint(x: from.x + (to.x - from.x) * 0.6, y: from.y + (to.y - from.y) * 0.6)
    var restored: [Bool] = []
    for end in [try french.spaceBarCentre(), try french.tap(on: "'", toward: "n", fraction: 0.4)] {
      let decoder = french.decoder()
      try french.type("le", endedBy: end, into: decoder)
      decoder.removeLast(tappedAt: nearM, key: backspace)
      try french.type("ais", into: decoder)
      restored.append(decoder.decide().restoresSpace)
    }
    #expect(restored == [true, false])
  }

  @Test("Greek όπως whose ς landed on the ; key, then the space: όπω becomes όπως at the space")
  func semicolonTakenForFinalSigma() throws {
    let greek = try Keyboard(KeyGramTables.greek)
    let decoder = greek.decoder()
    let (slip, semicolon) = try greek.tap(on: ";", toward: "ς", fraction: 0.4)
    #expect(greek.layout[semicolon].slot.contains(slip))
    #expect(try greek.type("όπω", endedBy: (slip, semicolon), into: decoder) == nil)
    let (centre, space) = try greek.spaceBarCentre()
    let join = try #require(decoder.noteSpaceTap(centre, key: space))
    #expect(join.word.text == "όπως")
    #expect(join.replaces, "margin \(join.margin)")
    // "όπω", the ; and the space.
    #expect(join.replacedCharacterCount == 5)
  }
}
