@_spi(Testing) @testable import KeyGram
import Testing

/// A space-bar tap that was a letter: the word before it, the tap and the word after it read as
/// one word. Touches placed by hand on the shipped English table and the iPhone portrait keyboard.
@Suite("Word decoder: joins across a space tap")
struct WordJoinTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY
  var words: WordDecoderTests { WordDecoderTests() }

  /// A point `fraction` of the way from the space bar's centre towards the key of `letter`.
  func spaceTap(toward letter: Unicode.Scalar, fraction: Float) -> (TouchPoint, KeyIndex) {
    let key = layout.keyIndex(of: .space)!
    let from = layout[key].frame, to = words.centre(letter)
    return (TouchPoint(x: from.midX + (to.x - from.midX) * fraction, y: from.midY + (to.y - from.midY) * fraction), key)
  }

  /// Types `first` at the keys' centres and ends it as a keyboard does (decided, finished, the
  /// space tap noted), with the space tapped `fraction` of the way towards `letter`; then `second`.
  /// `learnsFirst`: the history learns the first word, as the text does when its space is typed.
  @discardableResult
  func type(_ first: String, spaceToward letter: Unicode.Scalar, fraction: Float, _ second: String,
            into decoder: WordDecoder, learnsFirst: Bool = false) -> WordDecision {
    typeWithoutDeciding(first, spaceToward: letter, fraction: fraction, second, into: decoder, learnsFirst: learnsFirst)
    return decoder.decide()
  }

  /// As `type(_:spaceToward:fraction:_:into:learnsFirst:)`, the second word left undecided.
  func typeWithoutDeciding(_ first: String, spaceToward letter: Unicode.Scalar, fraction: Float, _ second: String,
                           into decoder: WordDecoder, learnsFirst: Bool = false) {
    words.type(first, into: decoder)
    decoder.finishWord(decoder.decide())
    if learnsFirst, let history = decoder.wordHistory { words.learn(first, into: history) }
    let (point, key) = spaceTap(toward: letter, fraction: fraction)
    decoder.noteSpaceTap(point, key: key)
    words.type(second, into: decoder)
  }

  @Test("numbers whose b landed on the space bar: num and ers become numbers, spanning the previous word")
  func spaceTapTakenForALetter() throws {
    let decoder = words.decoder()
    let decision = type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder)
    // "num", the space and "ers".
    try requireJoin(decision, "numbers", replacing: 7)
    #expect(decision.spannedPrecedingWords == 1)
    // Off: no second search, nothing spans.
    var off = WordDecoder.Parameters()
    off.joinMargin = .infinity
    let plain = words.decoder(off)
    let kept = type("num", spaceToward: "b", fraction: 0.55, "ers", into: plain)
    #expect(kept.join == nil)
    #expect(kept.spannedPrecedingWords == 0)
  }

  @Test("a space tapped at the bar's centre between two words joins nothing")
  func spaceAtTheCentreStands() {
    let decoder = words.decoder()
    let decision = type("num", spaceToward: "b", fraction: 0, "ers", into: decoder)
    #expect(decision.join == nil)
    #expect(decision.spannedPrecedingWords == 0)
  }

  @Test("of the, the space tapped near the letters: two words that stand are not joined")
  func twoWordsStand() {
    let decoder = words.decoder()
    let decision = type("of", spaceToward: "b", fraction: 0.55, "the", into: decoder)
    #expect(decision.join?.replaces != true)
    #expect(decision.spannedPrecedingWords == 0)
  }

  @Test("the word before the tap is kept only when it stood as typed and nothing came between")
  func keptOnlyWhenItStood() {
    let decoder = words.decoder()
    // "nhm", its h halfway to u, is replaced: the word before the tap is no longer the typed letters.
    words.type("nhm", into: decoder, shifted: [1: ("u", 0.45)])
    let replaced = decoder.decide()
    decoder.finishWord(replaced)
    let (point, key) = spaceTap(toward: "b", fraction: 0.55)
    decoder.noteSpaceTap(point, key: key)
    words.type("ers", into: decoder)
    #expect(replaced.replaces, "\(replaced.best.text)")
    #expect(decoder.decide().join == nil)
    // A reset between the tap and the next word forgets it.
    let other = words.decoder()
    words.type("num", into: other)
    other.finishWord(other.decide())
    other.noteSpaceTap(point, key: key)
    other.reset()
    words.type("ers", into: other)
    #expect(other.decide().join == nil)
    // A tap on a letter key is no space tap.
    let third = words.decoder()
    words.type("num", into: third)
    third.finishWord(third.decide())
    third.noteSpaceTap(words.centre("b"), key: layout.index("b"))
    words.type("ers", into: third)
    #expect(third.decide().join == nil)
  }

  @Test("a join put in: the history forgets the word before the tap, which the text had learned")
  func historyForgetsTheJoinedWord() throws {
    let history = WordHistory()
    let decoder = words.decoder(history: history)
    let num = "num".unicodeScalars.map { words.letter($0) }
    let decision = type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder, learnsFirst: true)
    #expect(history.count(ofWord: num) == 1)
    let join = try #require(decision.join)
    #expect(join.replaces)
    decoder.finishWord(decision)
    #expect(history.count(ofWord: num) == 0)
  }

  @Test("a backspace right after a join restores num, the space and ers; the same slip then stands, the join only offered")
  func undoAfterAJoin() throws {
    let history = WordHistory()
    var context = TypingContext(table: words.table, wordHistory: history)
    let decoder = words.decoder(history: history)
    let num = "num".unicodeScalars.map { words.letter($0) }, ers = "ers".unicodeScalars.map { words.letter($0) }
    let numbers = "numbers".unicodeScalars.map { words.letter($0) }
    // The text as the host keeps it: "num " typed, then "ers" read as "numbers" and its space.
    context.record(contentsOf: "num ")
    var decision = type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder)
    let join = try #require(decision.join)
    #expect(join.replaces)
    decoder.finishWord(decision)
    for _ in 0..<4 { context.recordDeletion() }
    context.record(contentsOf: "numbers ")
    #expect(history.count(ofWord: numbers) == 1 && history.count(ofWord: num) == 0)
    let undo = try #require(decoder.undoReplacement())
    #expect(undo.replaced.text == "numbers")
    #expect(undo.restoredPrevious?.text == "num")
    #expect(undo.restored.text == "ers")
    #expect(undo.replacedSecond == nil)
    #expect(history.count(ofWord: numbers) == 0)
    // The host takes out "numbers " and puts back "num ers"; the letters stand at the word's end.
    for _ in 0..<8 { context.recordDeletion() }
    context.record(contentsOf: "num ers")
    decision = decoder.decide()
    #expect(!decision.replaces && decision.join == nil)
    decoder.finishWord(decision)
    context.record(contentsOf: " ")
    #expect(history.count(ofWord: num) == 1 && history.count(ofWord: ers) >= 2)
    // The same slip again: the history holds "num ers" as the user kept it.
    decision = type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder)
    let offered = try #require(decision.join)
    #expect(offered.word.text == "numbers" && offered.margin > 3)
    #expect(!offered.replaces)
    #expect(decision.spannedPrecedingWords == 0)
  }

  @Test("a slip that stood once, its pair learned, does not block the same join later: only an undo does")
  func slipThatStoodDoesNotBlockTheJoin() throws {
    let history = WordHistory()
    var context = TypingContext(table: words.table, wordHistory: history)
    // The text kept "num ers" once, as the typist left it: both words and their pair learned once.
    context.record(contentsOf: "num ers ")
    let num = "num".unicodeScalars.map { words.letter($0) }, ers = "ers".unicodeScalars.map { words.letter($0) }
    #expect(history.pairCount(after: num, word: ers) == 1 && history.count(ofWord: ers) == 1)
    let decoder = words.decoder(history: history)
    let join = try #require(type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder).join)
    #expect(join.word.text == "numbers")
    #expect(join.replaces)
  }

  @Test("an undo after the next word's first letter on the space bar gives back the letters, with no word before them")
  func undoAfterATapKeptAlone() throws {
    let decoder = words.decoder(history: WordHistory())
    let key = typeWithSpace("the", into: decoder)
    let (slip, _) = spaceTap(toward: "b", fraction: 0.55)
    decoder.noteSpaceTap(slip, key: key)
    words.type("andwidth", into: decoder)
    let decision = decoder.decide()
    #expect(decision.join?.replaces == true)
    decoder.finishWord(decision)
    let undo = try #require(decoder.undoReplacement())
    #expect(undo.replaced.text == "bandwidth")
    #expect(undo.restoredPrevious?.text == "")
    #expect(undo.restored.text == "andwidth")
  }

  @Test("a fragment the history learned from an earlier slip does not stop the join")
  func historyFragmentsDoNotProtect() throws {
    let history = WordHistory()
    words.learn("num", into: history, times: 2)
    words.learn("ers", into: history, times: 2)
    let decoder = words.decoder(history: history)
    let join = try #require(type("num", spaceToward: "b", fraction: 0.55, "ers", into: decoder).join)
    #expect(join.word.text == "numbers")
    #expect(join.replaces)
  }

  @Test("a word written otherwise still stood: i, shown as I, its space tapped near n, and appropriate become inappropriate")
  func writtenFormStandsForAJoin() throws {
    let decoder = words.decoder()
    words.type("i", into: decoder)
    let first = decoder.decide()
    #expect(first.replaces && first.best.text == "I")
    decoder.finishWord(first)
    let (slip, key) = spaceTap(toward: "n", fraction: 0.55)
    decoder.noteSpaceTap(slip, key: key)
    words.type("appropriate", into: decoder)
    // "I", the space and "appropriate".
    try requireJoin(decoder.decide(), "inappropriate", replacing: 13)
    // An undo gives back the word as the text showed it.
    decoder.finishWord(decoder.decide())
    #expect(try #require(decoder.undoReplacement()).restoredPrevious?.text == "I")
  }

  @Test("some whose m landed on return: so, the line break and e become some")
  func returnTapTakenForALetter() throws {
    let decoder = words.decoder()
    words.type("so", into: decoder)
    decoder.finishWord(decoder.decide())
    let returnKey = layout.keyIndex(of: .returnKey)!, m = words.centre("m")
    // Just below m, inside return's top edge.
    decoder.noteSpaceTap(TouchPoint(x: m.x, y: layout[returnKey].frame.minY + 3), key: returnKey)
    words.type("e", into: decoder)
    try requireJoin(decoder.decide(), "some", replacing: 4)
  }

  @Test("a word's last letter on the space bar, then the space: emissio becomes emission at the second tap, a becomes an")
  func lastLetterOnTheSpaceBar() throws {
    let history = WordHistory()
    let decoder = words.decoder(history: history)
    let emissio = "emissio".unicodeScalars.map { words.letter($0) }
    typeWithSlip("emissio", toward: "n", into: decoder)
    words.learn("emissio", into: history)
    let (centre, key) = spaceTap(toward: "b", fraction: 0)
    let join = try #require(decoder.noteSpaceTap(centre, key: key))
    #expect(join.word.text == "emission" && join.replaces && join.margin > 3)
    // "emissio", the space the n typed and the space just typed.
    #expect(join.replacedCharacterCount == 9)
    #expect(history.count(ofWord: emissio) == 0)
    // Nothing is kept for the next word: this tap was the space.
    words.type("is", into: decoder)
    #expect(decoder.decide().join == nil)
    // "a", its n on the space bar, then the space: a short word takes its last letter back too.
    let short = words.decoder()
    typeWithSlip("a", toward: "n", fraction: 0.65, into: short)
    let an = try #require(short.noteSpaceTap(centre, key: key))
    #expect(an.word.text == "an" && an.replaces && an.replacedCharacterCount == 3, "\(an.word.text), margin \(an.margin)")
    // A word the user kept as typed stands.
    let kept = WordHistory()
    words.learn("emissio", into: kept, times: 2)
    let keeping = words.decoder(history: kept)
    typeWithSlip("emissio", toward: "n", into: keeping)
    #expect(keeping.noteSpaceTap(centre, key: key) == nil)
    // The intended word in the history is no sign that the user kept the letters without it.
    let intended = WordHistory()
    words.learn("emission", into: intended, times: 5)
    let learning = words.decoder(history: intended)
    typeWithSlip("emissio", toward: "n", into: learning)
    #expect(learning.noteSpaceTap(centre, key: key)?.word.text == "emission")
  }

  /// Types `word` at the keys' centres and ends it with a space tap `fraction` of the way towards `letter`.
  func typeWithSlip(_ word: String, toward letter: Unicode.Scalar, fraction: Float = 0.55, into decoder: WordDecoder) {
    words.type(word, into: decoder)
    decoder.finishWord(decoder.decide())
    let (slip, key) = spaceTap(toward: letter, fraction: fraction)
    decoder.noteSpaceTap(slip, key: key)
    decoder.finishWord(decoder.decide())
  }

  @Test("the first letter on the space bar after a space: the  andwidth becomes the bandwidth")
  func tapAfterASpaceIsTheFirstLetter() throws {
    let decoder = words.decoder()
    let key = typeWithSpace("the", into: decoder)
    let (slip, _) = spaceTap(toward: "b", fraction: 0.55)
    decoder.noteSpaceTap(slip, key: key)
    words.type("andwidth", into: decoder)
    // The second space and the eight letters typed; "the" stays.
    try requireJoin(decoder.decide(), "bandwidth", replacing: 9)
  }

  /// The decision's join, which must read `word` and replace `count` characters before the cursor.
  @discardableResult
  func requireJoin(_ decision: WordDecision, _ word: String, replacing count: Int,
                   sourceLocation: SourceLocation = #_sourceLocation) throws -> WordJoin {
    let join = try #require(decision.join, sourceLocation: sourceLocation)
    #expect(join.word.text == word, sourceLocation: sourceLocation)
    #expect(join.replaces, "margin \(join.margin)", sourceLocation: sourceLocation)
    #expect(join.replacedCharacterCount == count, sourceLocation: sourceLocation)
    return join
  }

  /// Types `word` at the keys' centres and ends it with a space tapped at the bar's centre;
  /// returns the space bar's key.
  @discardableResult
  func typeWithSpace(_ word: String, into decoder: WordDecoder) -> KeyIndex {
    words.type(word, into: decoder)
    decoder.finishWord(decoder.decide())
    let (centre, key) = spaceTap(toward: "b", fraction: 0)
    decoder.noteSpaceTap(centre, key: key)
    return key
  }

  /// A point `fraction` of the way from backspace's centre towards the key of `letter`.
  func backspaceTap(toward letter: Unicode.Scalar, fraction: Float) -> (TouchPoint, KeyIndex) {
    let key = layout.keyIndex(of: .backspace)!
    let from = layout[key].frame, to = words.centre(letter)
    return (TouchPoint(x: from.midX + (to.x - from.midX) * fraction, y: from.midY + (to.y - from.midY) * fraction), key)
  }

  /// Types `first` and its space, a backspace tap `fraction` of the way from the key's centre
  /// towards `m` (which deletes the space), then `second`.
  func typeAfterDeletedSpace(_ first: String, backspaceTowardM fraction: Float, _ second: String, into decoder: WordDecoder) {
    typeWithSpace(first, into: decoder)
    let (tap, backspace) = backspaceTap(toward: "m", fraction: fraction)
    decoder.removeLast(tappedAt: tap, key: backspace)
    words.type(second, into: decoder)
  }

  @Test("the more, its m on backspace after the space: the space comes back and more replaces ore")
  func backspaceAfterASpaceIsTheFirstLetter() {
    let decoder = words.decoder()
    typeAfterDeletedSpace("the", backspaceTowardM: 0.6, "ore", into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "ore")
    #expect(decision.replaces)
    #expect(decision.best.text == "more")
    #expect(decision.restoresSpace)
    decoder.finishWord(decision)
    #expect(decoder.undoReplacement() == nil)
  }

  @Test("has moved, its m on backspace after the space: moved wins under the ordinary margin, as oved would stand run onto has")
  func restoredSpaceNeedsNoMargin() {
    let decoder = words.decoder()
    typeAfterDeletedSpace("has", backspaceTowardM: 0.45, "oved", into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "oved")
    #expect(decision.best.text == "moved")
    #expect(decision.margin > 0 && decision.margin < WordDecoder.Parameters().margin, "margin \(decision.margin)")
    #expect(decision.replaces && decision.restoresSpace)
  }

  @Test("a backspace at its centre after a space deletes the space on purpose: theory stands")
  func deliberateBackspaceJoinsTheWords() {
    let decoder = words.decoder()
    typeAfterDeletedSpace("the", backspaceTowardM: 0, "ory", into: decoder)
    let decision = decoder.decide()
    // The decoder saw only the end of "theory": the letters stand as typed.
    #expect(!decision.isDecoded)
    #expect(!decision.replaces)
    #expect(!decision.restoresSpace)
  }

  @Test("after num, its space tapped near b, and e: the suggestions offer the joined word")
  func suggestionsAfterADoubtfulSpace() throws {
    let decoder = words.decoder()
    typeWithoutDeciding("num", spaceToward: "b", fraction: 0.55, "e", into: decoder)
    let suggestions = decoder.suggestions(limit: 3)
    let join = try #require(suggestions.join)
    // "numbe" completed: "number", the likelier of "number" and "numbers".
    #expect(join.word.text == "number")
    #expect(join.margin > 0)
    #expect(!join.replaces)
    // "num", the space and "e".
    #expect(join.replacedCharacterCount == 5)
    // The suggestions for "e" alone are still there, and reading two words changes nothing.
    #expect(!suggestions.isEmpty)
    #expect(decoder.suggestions(limit: 3, readingTwoWords: true).join?.word.text == join.word.text)
  }

  @Test("a suggested join put in: the history forgets the word before the tap, and the word ends")
  func acceptingASuggestedJoin() throws {
    let history = WordHistory()
    let decoder = words.decoder(history: history)
    let num = "num".unicodeScalars.map { words.letter($0) }
    typeWithoutDeciding("num", spaceToward: "b", fraction: 0.55, "e", into: decoder, learnsFirst: true)
    _ = try #require(decoder.suggestions(limit: 3).join)
    decoder.acceptSuggestedJoin()
    #expect(history.count(ofWord: num) == 0)
    #expect(decoder.suggestions(limit: 3).isEmpty)
    #expect(decoder.suggestions(limit: 3).join == nil)
    #expect(decoder.undoReplacement() == nil)
    // Once taken, a second call forgets nothing more.
    words.learn("num", into: history)
    decoder.acceptSuggestedJoin()
    #expect(history.count(ofWord: num) == 1)
  }

  @Test("of, its space tapped near b, and th: no joined word is offered; a space at the bar's centre keeps nothing")
  func noJoinedSuggestionWhenTheTwoRead() {
    let decoder = words.decoder()
    typeWithoutDeciding("of", spaceToward: "b", fraction: 0.55, "th", into: decoder)
    #expect(decoder.suggestions(limit: 3).join == nil)
    let centred = words.decoder()
    typeWithSpace("num", into: centred)
    words.type("e", into: centred)
    #expect(centred.suggestions(limit: 3).join == nil)
  }

  @Test("the joiner grown touch by touch by the suggestion bar, a letter taken back and retyped, decides as a fresh one")
  func joinerFollowsTheSuggestionBar() throws {
    let cold = words.decoder()
    let expected = try requireJoin(type("num", spaceToward: "b", fraction: 0.55, "ers", into: cold), "numbers", replacing: 7)
    let typing = words.decoder()
    typeWithoutDeciding("num", spaceToward: "b", fraction: 0.55, "", into: typing)
    // "e", "r", a stray "x" taken back, "s": the bar after every touch grows the joiner's beam.
    for letter in ["e", "r", "x"] as [Unicode.Scalar] {
      words.type(String(letter), into: typing)
      _ = typing.suggestions(limit: 3)
    }
    typing.removeLast()
    words.type("s", into: typing)
    _ = typing.suggestions(limit: 3)
    // The joiner kept its steps, at the spread the first word taught: asked again, it searches nothing.
    let joiner = try #require(typing.joinerReplayingTouches())
    #expect(joiner.beam.readySteps == joiner.touches.storedCount + 1)
    let join = try requireJoin(typing.decide(), "numbers", replacing: 7)
    #expect(join.margin == expected.margin)
    // The next kept word, its space tapped nearer the bar's centre: the joiner reads the new tap, not the old.
    for decoder in [cold, typing] { decoder.finishWord(decoder.decide()) }
    let fresh = type("num", spaceToward: "b", fraction: 0.5, "ers", into: cold)
    typeWithoutDeciding("num", spaceToward: "b", fraction: 0.5, "er", into: typing)
    _ = typing.suggestions(limit: 3)
    words.type("s", into: typing)
    let again = typing.decide()
    #expect(again.join?.word.text == "numbers")
    #expect(again.join?.margin == fresh.join?.margin)
    #expect(again.join?.margin != join.margin)
  }

  @Test("words typed with slips, space taps near letters and backspaces: the suggestion bar after every touch changes no join")
  func suggestionBarChangesNoJoin() {
    // The first word, the second, and the letter the space tap was aimed at.
    let pairs: [(String, String, Unicode.Scalar)] = [("num", "ers", "b"), ("so", "ething", "m"), ("i", "appropriate", "n"),
                                                     ("infor", "ation", "m"), ("of", "the", "b"), ("key", "oard", "b")]
    // A fixed spread: touches at the keys' centres would teach a spread too narrow for any slip.
    var fixed = WordDecoder.Parameters()
    fixed.learnsSpread = false
    let shown = words.decoder(fixed), blind = words.decoder(fixed)
    var seed: UInt64 = 7, joins = 0
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33) % bound
    }
    for round in 0..<60 {
      let (first, second, slipped) = pairs[round % pairs.count]
      let fraction = Float(3 + next(5)) / 10, stray = next(3) == 0
      for decoder in [shown, blind] {
        words.type(first, into: decoder)
        decoder.finishWord(decoder.decide())
        let (point, key) = spaceTap(toward: slipped, fraction: fraction)
        decoder.noteSpaceTap(point, key: key)
      }
      for (index, letter) in second.unicodeScalars.enumerated() {
        for decoder in [shown, blind] { words.type(String(letter), into: decoder) }
        _ = shown.suggestions(limit: 3)
        if stray && index == 1 {
          // The bar sees the stray letter, so the joiner takes a step for it and must drop it.
          for decoder in [shown, blind] { words.type("x", into: decoder) }
          _ = shown.suggestions(limit: 3)
          for decoder in [shown, blind] { decoder.removeLast() }
          _ = shown.suggestions(limit: 3)
        }
      }
      let seen = shown.decide(), unseen = blind.decide()
      shown._checkInvariants()
      #expect(seen.join?.word.text == unseen.join?.word.text, "round \(round)")
      #expect(seen.join?.margin == unseen.join?.margin, "round \(round)")
      #expect(seen.join?.replaces == unseen.join?.replaces, "round \(round)")
      if seen.join?.replaces == true { joins += 1 }
      shown.finishWord(seen)
      blind.finishWord(unseen)
    }
    // The rounds hold joins that replace, not only words that stand.
    #expect(joins > 5)
  }
}
