import KeyGram
import Testing
@testable import KeyGramLab

/// The simulator's word boundaries: what a key without a letter does inside a word, the
/// typist's space taps and left-out spaces, and how a stretch of words is scored when the
/// keyboard's boundaries differ from the text's.
@Suite("Typing simulator: word boundaries")
struct SimulatorBoundaryTests {
  static let english = SimulatorTests.english
  static let layout = SimulatorTests.layout
  static let letterKeys = LetterKeyMap(layout: layout, table: english)
  let simulator = TypingSimulator(table: english, layout: layout, letterKeys: letterKeys)

  func keys(_ word: String) -> [Int] { word.unicodeScalars.map { Self.layout.keyIndex(ofLetter: $0)!.rawValue } }
  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { Self.english.letterIndex(of: $0)! } }
  func centre(_ key: KeyIndex) -> TouchPoint { TouchPoint(x: Self.layout[key].frame.midX, y: Self.layout[key].frame.midY) }
  func centre(of role: Key.Role) -> TouchPoint { centre(Self.layout.keyIndex(of: role)!) }

  /// A keyboard of one method (static, or Gaussian × prior with history, decoded) with `effects`.
  func keyboard(decoded: Bool = false, effects: TypingSimulator.KeyEffects = .real) -> TypingSimulator.KeyboardUnderTest {
    let gaussian = TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: .history)
    let method = decoded ? TypingSimulator.Method.decodedVariants(of: [gaussian])[0] : TypingSimulator.Method(name: "static", kind: .static, context: .none)
    let keyOfLetter = (0..<Self.english.letterCount).map { Self.letterKeys.keyIndex(ofLetter: $0)?.rawValue ?? -1 }
    return TypingSimulator.KeyboardUnderTest(method, index: 0, simulator: simulator, errors: .uncorrected, lexiconBalance: TypingContext.defaultLexiconBalance,
                                             historyBalance: WordHistory.defaultBalance, historyCapacity: WordHistory.defaultCapacity,
                                             keyOfLetter: keyOfLetter, letterKeyIndices: Self.layout.keys.indices.filter { !Self.layout.keys[$0].isSpecial },
                                             keepsText: false, keyEffects: effects, decisionLog: nil)
  }

  /// Types `word` on `keyboard`, each letter at its key's centre but where `landings` puts it.
  func type(_ word: String, on keyboard: inout TypingSimulator.KeyboardUnderTest, landings: [Int: TouchPoint] = [:]) {
    keyboard.startWord(spelledRight: keys(word), undoes: false)
    for (position, scalar) in word.unicodeScalars.enumerated() {
      let key = Self.layout.keyIndex(ofLetter: scalar)!
      _ = keyboard.type(landings[position] ?? centre(key), key: key, letter: Self.english.letterIndex(of: scalar)!, isCapital: false,
                        intendedLetters: Array(letters(word).prefix(position + 1)))
    }
  }

  func segmentWord(_ word: String, index: Int = 0) -> TypingSimulator.SegmentWord {
    .init(keys: keys(word), letters: letters(word), index: index, block: 0, isMisspelled: false)
  }

  @Test func backspaceDeletesTheLetterBeforeAndShiftTypesNothing() {
    var keyboard = keyboard()
    // "numbers", the b touch on backspace: the m goes.
    type("numbers", on: &keyboard, landings: [3: centre(of: .backspace)])
    #expect(keyboard.segment.committed == keys("nuers"))
    #expect(keyboard.segment.keyWithoutLetter)
    // "as", the s touch on shift: nothing typed, and the segment is marked.
    var shifted = self.keyboard()
    type("as", on: &shifted, landings: [1: centre(of: .shift)])
    #expect(shifted.segment.committed == keys("a"))
    #expect(shifted.shiftPending)
    // The same touches with every key ending the word: one wrong key in its place.
    var ending = self.keyboard(effects: .endWord)
    type("numbers", on: &ending, landings: [3: centre(of: .backspace)])
    #expect(ending.segment.committed == keys("num") + [Self.layout.keyIndex(of: .backspace)!.rawValue] + keys("ers"))
  }

  @Test func aSpaceInsideAWordEndsItAndTheNumberKeyTypesNoLettersUntilTheSpace() {
    var keyboard = keyboard()
    type("numbers", on: &keyboard, landings: [3: centre(of: .space)])
    #expect(keyboard.segment.committed == keys("num") + [TypingSimulator.Segment.boundaryMark] + keys("ers"))
    var numbers = self.keyboard()
    type("make", on: &numbers, landings: [1: centre(of: .modeChange)])
    #expect(numbers.segment.committed == keys("m") + [-1, -1])
    #expect(numbers.numberLayer)
    numbers.endWord(segmentWord("make"), intendedLetters: letters("make"), endsSentence: false, boundary: .typed)
    #expect(!numbers.numberLayer)
  }

  @Test func aDecodedWordLosesItsDeletedTouch() {
    var keyboard = keyboard(decoded: true)
    type("numbers", on: &keyboard, landings: [3: centre(of: .backspace)])
    // n, u and e, r, s: the m's touch went with the backspace.
    #expect(keyboard.engine!.decoder.touchCount == 5)
  }

  @Test func aBackspaceAtAWordsStartJoinsItToTheWordBefore() {
    var keyboard = keyboard()
    type("the", on: &keyboard)
    keyboard.endWord(segmentWord("the"), intendedLetters: letters("the"), endsSentence: false, boundary: .typed)
    #expect(keyboard.closable && keyboard.closed.isEmpty)
    type("man", on: &keyboard, landings: [0: centre(of: .backspace)])
    keyboard.endWord(segmentWord("man", index: 1), intendedLetters: letters("man"), endsSentence: false, boundary: .typed)
    keyboard.closeSegment()
    #expect(keyboard.closed.count == 1)
    #expect(keyboard.closed[0].words.map(\.keys) == [keys("the"), keys("man")])
    #expect(keyboard.closed[0].committed == keys("thean") + [TypingSimulator.Segment.boundaryMark])
  }

  @Test func spaceTapsOnALetterAndLeftOutSpacesJoinTheWords() {
    var tapped = keyboard()
    type("he", on: &tapped)
    let v = Self.layout.keyIndex(ofLetter: "v")!
    tapped.endWord(segmentWord("he"), intendedLetters: letters("he"), endsSentence: false, boundary: .tapped(centre(v)))
    type("is", on: &tapped)
    tapped.endWord(segmentWord("is", index: 1), intendedLetters: letters("is"), endsSentence: false, boundary: .typed)
    tapped.closeSegment()
    #expect(tapped.closed.count == 1)
    #expect(tapped.closed[0].committed == keys("hevis") + [TypingSimulator.Segment.boundaryMark])
    #expect(tapped.closed[0].errorClass == .spaceTapMissed)

    var omitted = keyboard()
    type("this", on: &omitted)
    omitted.endWord(segmentWord("this"), intendedLetters: letters("this"), endsSentence: false, boundary: .omitted)
    type("is", on: &omitted)
    omitted.endWord(segmentWord("is", index: 1), intendedLetters: letters("is"), endsSentence: false, boundary: .tapped(centre(of: .space)))
    omitted.closeSegment()
    #expect(omitted.closed.map(\.committed) == [keys("thisis") + [TypingSimulator.Segment.boundaryMark]])
    #expect(omitted.closed[0].errorClass == .omittedSpace)
  }

  /// A tally of "this is it" for one method, its letters counted.
  func thisIsItTally(decoded: Bool) -> TypingSimulator.Tally {
    let methods = [TypingSimulator.Method(name: decoded ? "decoded" : "static", kind: .static, context: .none)]
    var tally = TypingSimulator.Tally(simulator: simulator, methods: methods, decoded: [decoded], keystrokes: simulator.keystrokes(of: "this is it"),
                                      written: nil, slips: true, curveWindow: 500)
    for _ in 0..<8 { tally.countLetter(startsWord: false) }
    return tally
  }

  @Test func aJoinedStretchCountsEveryWordItLosesAndTheBoundaryAsALetter() throws {
    var tally = thisIsItTally(decoded: false)
    // "this is it" committed as "thisis it": two word errors, one letter (the space).
    var segment = TypingSimulator.Segment()
    segment.words = [segmentWord("this"), segmentWord("is", index: 1), segmentWord("it", index: 2)]
    let mark = TypingSimulator.Segment.boundaryMark
    segment.committed = keys("thisis") + [mark] + keys("it") + [mark]
    segment.typed = segment.committed
    segment.omittedSpace = true
    tally.count(segment, of: 0)
    let result = tally.result(touches: .init())
    #expect(result.methods[0].wordErrors == 2)
    #expect(result.methods[0].errors == 1)
    #expect(result.methods[0].errorClasses[TypingSimulator.ErrorClass.omittedSpace.rawValue]
            == .init(letterErrors: 1, wordErrors: 2, words: 3, segments: 1, segmentsRight: 0))
    #expect(TypingSimulator.wordsCommittedExactly([keys("a"), keys("b"), keys("c")], [keys("ab"), keys("c")]) == [false, false, true])
  }

  @Test func aSpacePutBackCountsAsRestoredAndARevertedBrokenWordAsReverted() throws {
    var tally = thisIsItTally(decoded: true)
    let mark = TypingSimulator.Segment.boundaryMark
    // "thisis" typed, "this is" committed: the space put back.
    var restored = TypingSimulator.Segment()
    restored.words = [segmentWord("this"), segmentWord("is", index: 1)]
    restored.typed = keys("thisis") + [mark]
    restored.committed = keys("this") + [mark] + keys("is") + [mark]
    restored.omittedSpace = true
    tally.count(restored, of: 0)
    // "it" typed right and broken into "at", then reverted by the typist.
    var reverted = TypingSimulator.Segment()
    reverted.words = [segmentWord("it", index: 2)]
    reverted.typed = keys("it") + [mark]
    reverted.committed = keys("at") + [mark]
    reverted.wasUndone = true
    reverted.revertedWords = [2]
    tally.count(reverted, of: 0)
    let result = tally.result(touches: .init())
    #expect(result.methods[0].errorClasses[TypingSimulator.ErrorClass.omittedSpace.rawValue]
            == .init(letterErrors: 0, wordErrors: 0, words: 2, segments: 1, segmentsRight: 1))
    #expect(result.methods[0].wordsBroken == 1 && result.methods[0].wordsBrokenReverted == 1 && result.methods[0].replacementsUndone == 1)
  }

  @Test func spaceTapsWithoutNoiseChangeNothingAndLeftOutSpacesCostTwoWordsEach() throws {
    let keystrokes = try SimulatorTests().heldOutText(limit: 5_000)
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    let plain = simulator.run(keystrokes, touches: .init(sigmaX: 0, sigmaY: 0), methods: methods, keyEffects: .real)
    let tapped = simulator.run(keystrokes, touches: .init(sigmaX: 0, sigmaY: 0, spaceTaps: true), methods: methods, keyEffects: .real)
    #expect(plain.methods[0].wordErrors == 0 && tapped.methods[0].wordErrors == 0 && tapped.methods[0].errors == 0)
    let omitting = simulator.run(keystrokes, touches: .init(sigmaX: 0, sigmaY: 0, spaceOmitRate: 0.05), methods: methods, keyEffects: .real)
    let joined = omitting.methods[0].errorClasses[TypingSimulator.ErrorClass.omittedSpace.rawValue]
    // Each left-out space is one letter error; each joins two words (runs of joins share theirs).
    #expect(omitting.methods[0].errors == joined.letterErrors && joined.letterErrors > 20)
    #expect(joined.wordErrors > joined.letterErrors && joined.wordErrors <= 2 * joined.letterErrors)
  }

  @Test func theOracleTypesEveryBoundary() throws {
    let keystrokes = try SimulatorTests().heldOutText(limit: 10_000)
    let gaussian = TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: .history)
    var oracle = TypingSimulator.Method.decodedVariants(of: [gaussian])[0]
    oracle.specialKeysTypeLetters = true
    let result = simulator.run(keystrokes, touches: .init(spaceTaps: true, spaceOmitRate: 0.02), methods: [oracle], errors: .uncorrected, keyEffects: .real)
    for errorClass in [TypingSimulator.ErrorClass.omittedSpace, .spaceTapMissed, .keyWithoutLetter] {
      #expect(result.methods[0].errorClasses[errorClass.rawValue].wordErrors == 0, "\(errorClass)")
    }
  }
}
