@_spi(Testing) import KeyGram
import Testing

/// The word decoder on the shipped English table (its lexicon: wordfreq's 100,000 most
/// frequent English words) and the iPhone portrait keyboard.
@Suite("Word decoder")
struct WordDecoderTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func decoder(_ parameters: WordDecoder.Parameters = .init(), history: WordHistory? = nil) -> WordDecoder {
    WordDecoder(table: table, layout: layout, parameters: parameters, wordHistory: history)
  }

  func letter(_ scalar: Unicode.Scalar) -> Int { EnglishTable.letter(scalar) }

  func centre(_ scalar: Unicode.Scalar) -> TouchPoint {
    let frame = layout[layout.index(scalar)].frame
    return TouchPoint(x: frame.midX, y: frame.midY)
  }

  /// Touches `word`'s keys at their centres; `shifted` moves the touch of a position
  /// `fraction` of the way towards another key, and that key's letter is what was shown.
  func type(_ word: String, into decoder: WordDecoder, shifted: [Int: (toward: Unicode.Scalar, fraction: Float)] = [:]) {
    for (position, scalar) in word.unicodeScalars.enumerated() {
      var point = centre(scalar)
      var shown = scalar
      if let shift = shifted[position] {
        let target = centre(shift.toward)
        point = TouchPoint(x: point.x + (target.x - point.x) * shift.fraction, y: point.y + (target.y - point.y) * shift.fraction)
        if shift.fraction > 0.5 { shown = shift.toward }
      }
      decoder.add(point, key: layout.index(shown), letter: letter(shown))
    }
  }

  func learn(_ word: String, into history: WordHistory, times: Int = 1) {
    let letters = word.unicodeScalars.map { letter($0) }
    for _ in 0..<times { history.learn(length: letters.count) { letters[$0] } }
  }

  @Test("a lexicon word typed at its keys' centres stands")
  func exactWordStands() {
    let decoder = decoder()
    type("keyboard", into: decoder)
    let decision = decoder.decide()
    #expect(decision.isDecoded)
    #expect(!decision.replaces)
    #expect(decision.typed.text == "keyboard")
    #expect(decision.best.text == "keyboard")
    #expect(decision.typedLength == 8)
  }

  @Test("the typed letters' score is a log, finite however rare their letters: qzxjqzxjqz at key centres")
  func rareLettersScoreFinitely() {
    let decoder = decoder()
    type("qzxjqzxjqz", into: decoder)
    let decision = decoder.decide()
    #expect(decision.isDecoded)
    #expect(decision.typed.text == "qzxjqzxjqz")
    #expect(decision.typed.score.isFinite, "typed score \(decision.typed.score)")
    #expect(decision.margin.isFinite, "margin \(decision.margin)")
  }

  @Test("spreads and offsets far out of range are clamped: every score and margin stays finite",
        arguments: [Float(1e-30), .leastNonzeroMagnitude, 1e30, .greatestFiniteMagnitude])
  func extremeParametersScoreFinitely(extreme: Float) {
    var parameters = WordDecoder.Parameters()
    parameters.sigmaX = extreme
    parameters.sigmaY = extreme
    parameters.offsetX = extreme
    parameters.offsetY = -extreme
    parameters.spreadPriorTouches = extreme
    parameters.spreadMemory = extreme
    let sanitized = parameters.sanitized
    #expect(WordDecoder.Parameters.spreadRange.contains(sanitized.sigmaX) && WordDecoder.Parameters.spreadRange.contains(sanitized.sigmaY))
    #expect(WordDecoder.Parameters.offsetRange.contains(sanitized.offsetX) && WordDecoder.Parameters.offsetRange.contains(sanitized.offsetY))
    let decoder = decoder(parameters)
    for _ in 0..<3 {
      type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
      let decision = decoder.decide()
      #expect(!decision.typed.score.isNaN && !decision.best.score.isNaN && !decision.margin.isNaN,
              "σ \(extreme): typed \(decision.typed.score), best \(decision.best.score), margin \(decision.margin)")
      decoder.finishWord(decision)
    }
  }

  @Test("a letter index outside the alphabet shows as U+FFFD, never as a truncated real letter",
        arguments: [Int.min, -1, 1 << 32, Int.max])
  func outOfRangeLetterShowsReplacementCharacter(letter: Int) {
    let decoder = decoder()
    type("ab", into: decoder)
    decoder.add(centre("c"), key: layout.index("c"), letter: letter)
    let decision = decoder.decide()
    #expect(!decision.isDecoded)
    #expect(decision.typed.text == "ab\u{FFFD}")
  }

  @Test("later touches fix an earlier letter: a touch that showed t between r and t is read as r")
  func substitution() {
    let decoder = decoder()
    type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
    let decision = decoder.decide()
    #expect(decision.typed.text == "keyboatd")
    #expect(decision.replaces)
    #expect(decision.best.text == "keyboard")
    #expect(decision.margin > decoder.parameters.margin)
    #expect(decision.best.source == .lexicon)
  }

  @Test("a skipped letter and a doubled touch cost their edit cost, and are found")
  func omissionsAndExtraTouches() {
    var edits = WordDecoder.Parameters.withoutSpellingEdits
    edits.omissionCost = 8
    edits.extraTouchCost = 8
    let omitted = decoder(edits)
    type("keybord", into: omitted)
    #expect(omitted.decide().best.text == "keyboard")
    let doubled = decoder(edits)
    type("keybooard", into: doubled)
    #expect(doubled.decide().best.text == "keyboard")
    // Without edits the decoder cannot change a word's length.
    let strict = decoder(.withoutSpellingEdits)
    type("keybord", into: strict)
    let decision = strict.decide(limit: 8)
    for index in 0..<decision.alternativeCount { #expect(decision.alternative(at: index).count == 7) }
  }

  @Test("alternatives are distinct words, best first, at most the limit")
  func rankedAlternatives() {
    let decoder = decoder()
    type("hears", into: decoder)
    let decision = decoder.decide(limit: 5)
    #expect(decision.alternativeCount >= 2 && decision.alternativeCount <= 5)
    #expect(decision.best.hasSameLetters(as: decision.alternative(at: 0)))
    var seen: Set<String> = []
    for index in 0..<decision.alternativeCount {
      let word = decision.alternative(at: index)
      #expect(seen.insert(word.text).inserted, "\(word.text) twice")
      if index > 0 { #expect(word.score <= decision.alternative(at: index - 1).score) }
    }
    // A limit above the maximum is the maximum.
    #expect(decoder.decide(limit: 100).alternativeCount <= WordDecoder.maximumAlternatives)
  }

  @Test("the typed letters stand unless the best word beats them by more than the margin")
  func margin() {
    var cautious = WordDecoder.Parameters()
    cautious.margin = 1000
    let decoder = decoder(cautious)
    type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
    let decision = decoder.decide()
    #expect(decision.best.text == "keyboard" && decision.margin > 0)
    #expect(!decision.replaces)
  }

  @Test("words the user typed are candidates, and a word the history holds, typed exactly, stands")
  func history() {
    let history = WordHistory()
    // A word no lexicon has, learned three times, is found from a sloppy touch.
    learn("qwfpgj", into: history, times: 3)
    let decoder = decoder(history: history)
    type("qwfpgj", into: decoder, shifted: [2: ("d", 0.55)])
    let decision = decoder.decide()
    #expect(decision.typed.text == "qwdpgj")
    #expect(decision.best.text == "qwfpgj")
    #expect(decision.best.source.contains(.history))
    #expect(decision.replaces)

    // "keyboatd" would be corrected, unless the user's history holds it as often as an undo teaches it.
    let protected = WordDecoder(table: table, layout: layout, wordHistory: history)
    type("keyboard", into: protected, shifted: [6: ("t", 0.6)])
    #expect(protected.decide().replaces)
    learn("keyboatd", into: history, times: 2)
    let again = protected.decide()
    #expect(again.typed.source.contains(.history))
    #expect(!again.replaces)
  }

  @Test("a lexicon word kept now and then is corrected again; restored by undo, it stands: tou for you")
  func lexiconSlipIsNotProtected() throws {
    // The y touch lands just over the border on t: "tou", a lexicon word, beaten by "you".
    for times in [0, 1, 2] {
      let history = WordHistory()
      learn("tou", into: history, times: times)
      let decoder = decoder(history: history)
      type("you", into: decoder, shifted: [0: ("t", 0.52)])
      let decision = decoder.decide()
      #expect(decision.typed.text == "tou" && decision.best.text == "you")
      #expect(decision.replaces, "tou kept \(times) times")
    }
    let history = WordHistory()
    let decoder = decoder(history: history)
    type("you", into: decoder, shifted: [0: ("t", 0.52)])
    let replaced = decoder.decide()
    #expect(replaced.replaces)
    decoder.finishWord(replaced)
    learn("you", into: history)  // what the typing context teaches at the boundary
    let restoration = try #require(decoder.undoReplacement())
    #expect(restoration.restored.text == "tou")
    // Learned as often as protects a lexicon word.
    #expect(history.count(ofWord: "tou".unicodeScalars.map { letter($0) }) == WordDecoder.Parameters().protectedLexiconWordCount)
    decoder.finishWord(decoder.decide())
    type("you", into: decoder, shifted: [0: ("t", 0.52)])
    let again = decoder.decide()
    #expect(again.typed.text == "tou" && !again.replaces)
  }

  @Test("a word outside the lexicon kept once stands when typed exactly but replaces nothing; kept twice, it is a target")
  func historyTargets() {
    let history = WordHistory()
    learn("qwfpgj", into: history)
    let once = decoder(history: history)
    type("qwfpgj", into: once, shifted: [2: ("d", 0.55)])
    let decision = once.decide(limit: 8)
    #expect(decision.typed.text == "qwdpgj")
    #expect(!decision.replaces)
    #expect(!(0..<decision.alternativeCount).contains { decision.alternative(at: $0).text == "qwfpgj" })
    #expect(!once.suggestions(limit: 8).contains { $0.text == "qwfpgj" })
    let exact = decoder(history: history)
    type("qwfpgj", into: exact)
    #expect(exact.decide().typed.source.contains(.history))
    #expect(!exact.decide().replaces)

    learn("qwfpgj", into: history)
    let twice = decoder(history: history)
    type("qwfpgj", into: twice, shifted: [2: ("d", 0.55)])
    #expect(twice.decide().replaces)
    #expect(twice.decide().best.text == "qwfpgj")
  }

  @Test("backspace right after a replacement restores the typed word and teaches the history")
  func undo() throws {
    let history = WordHistory()
    let model = TouchModel(layout: layout)
    let decoder = decoder(history: history)
    type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
    let decision = decoder.decide()
    #expect(decision.replaces)
    decoder.finishWord(decision, teaching: model)
    learn("keyboard", into: history)  // what the typing context teaches at the boundary
    let restoration = try #require(decoder.undoReplacement(teaching: model))
    #expect(restoration.restored.text == "keyboatd")
    #expect(restoration.replaced.text == "keyboard")
    // Restored by hand, it is learned as often as makes it a correction target: twice.
    #expect(history.count(ofWord: "keyboatd".unicodeScalars.map { letter($0) }) == 2)
    #expect(history.count(ofWord: "keyboard".unicodeScalars.map { letter($0) }) == 0)
    // The touch model forgot the replacement's touches.
    #expect(model.pendingCount == 0)
    // The restored word is the current word again, and stands.
    #expect(decoder.typedCount == 8)
    let kept = decoder.decide()
    #expect(!kept.replaces && kept.typed.text == "keyboatd")
    // Only right after a replacement: a second undo does nothing.
    #expect(decoder.undoReplacement() == nil)
    // Next time the same touches stand as typed: the history holds the word.
    decoder.finishWord(kept)
    type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
    #expect(!decoder.decide().replaces)
    // A touch after the replacement ends the chance to undo.
    let fresh = self.decoder()
    type("keyboard", into: fresh, shifted: [6: ("t", 0.6)])
    fresh.finishWord(fresh.decide())
    fresh.add(centre("a"), key: layout.index("a"), letter: letter("a"))
    #expect(fresh.undoReplacement() == nil)
  }

  @Test("the touch model learns each touch as the letter of the word that stood")
  func touchModelLearnsTheWordThatStood() {
    let model = TouchModel(layout: layout)
    let decoder = decoder()
    type("keyboard", into: decoder, shifted: [6: ("t", 0.6)])
    let decision = decoder.decide()
    #expect(decision.replaces)
    decoder.finishWord(decision, teaching: model)
    #expect(model.pendingCount == 8)
    // The next word's end commits the previous word's touches.
    type("the", into: decoder)
    decoder.finishWord(decoder.decide(), teaching: model)
    #expect(model.sampleCount(ofKey: layout.index("r")) > 0)
    #expect(model.sampleCount(ofKey: layout.index("y")) > 0)
    // Shown as t but learned as r; "the" is still pending.
    #expect(model.sampleCount(ofKey: layout.index("t")) == 0)
    #expect(model.pendingCount == 3)
    // The touch shown as t was learned as r: r's mean offset points towards t.
    #expect(model.offset(ofKey: layout.index("r")).x > 0)
  }

  @Test("suggestions complete and correct the current touches, best first")
  func suggestions() {
    let decoder = decoder()
    #expect(decoder.suggestions(limit: 3).isEmpty)
    type("keyb", into: decoder)
    let suggestions = decoder.suggestions(limit: 3)
    #expect(suggestions.count == 3)
    #expect(suggestions.first?.text == "keyboard")
    for index in 1..<suggestions.count { #expect(suggestions[index].score <= suggestions[index - 1].score) }
    #expect(Set(suggestions.map(\.text)).count == 3)
    // A sloppy first letter is corrected too: "jeyb" still suggests "keyboard".
    let sloppy = self.decoder()
    type("keyb", into: sloppy, shifted: [0: ("j", 0.55)])
    #expect(sloppy.suggestions(limit: 3).contains { $0.text == "keyboard" })
    #expect(decoder.suggestions(limit: 0).isEmpty)
  }

  @Test("deleting and retyping gives what typing afresh gives")
  func deletionsReuseTheBeam() {
    let retyped = decoder()
    type("keyboatd", into: retyped)
    _ = retyped.suggestions()
    _ = retyped.decide()
    retyped.removeLast()
    retyped.removeLast()
    type("rd", into: retyped)
    let fresh = decoder()
    type("keyboard", into: fresh)
    let (a, b) = (retyped.decide(limit: 5), fresh.decide(limit: 5))
    #expect(a.alternativeCount == b.alternativeCount)
    for index in 0..<a.alternativeCount {
      #expect(a.alternative(at: index).text == b.alternative(at: index).text)
      #expect(a.alternative(at: index).score == b.alternative(at: index).score)
    }
  }

  // MARK: Bad input

  @Test("a word longer than the buffer is kept as typed, never truncated")
  func longWord() {
    let decoder = decoder()
    let long = String(repeating: "keyboard", count: 8)  // 64 letters
    type(long, into: decoder)
    #expect(decoder.typedCount == 64 && decoder.touchCount == WordDecoder.capacity)
    let decision = decoder.decide()
    #expect(!decision.isDecoded && !decision.replaces)
    #expect(decision.typedLength == 64)
    #expect(decision.alternativeCount == 0)
    #expect(decoder.suggestions().isEmpty)
    // Deleting back into the buffer decodes again.
    for _ in 0..<(64 - 8) { decoder.removeLast() }
    #expect(decoder.decide().isDecoded)
  }

  @Test("touches that are not finite or far off the keyboard are kept as typed", arguments: [
    TouchPoint(x: .nan, y: 100), TouchPoint(x: 100, y: .infinity), TouchPoint(x: -.infinity, y: 0),
    TouchPoint(x: 1e30, y: 80), TouchPoint(x: 100, y: -5000), TouchPoint(x: 3.4e38, y: -3.4e38),
  ])
  func badTouches(touch: TouchPoint) {
    let decoder = decoder()
    type("keybo", into: decoder)
    decoder.add(touch, key: layout.index("t"), letter: letter("t"))
    type("rd", into: decoder)
    let decision = decoder.decide()
    #expect(!decision.isDecoded && !decision.replaces)
    #expect(decision.typed.text == "keybotrd")
    #expect(decoder.suggestions().isEmpty)
    // Once the bad touch is deleted, the word decodes.
    decoder.removeLast()
    decoder.removeLast()
    decoder.removeLast()
    type("ard", into: decoder)
    #expect(decoder.decide().isDecoded)
  }

  @Test("keys outside the layout and letters outside the alphabet are kept as typed")
  func badKeysAndLetters() {
    let decoder = decoder()
    type("key", into: decoder)
    decoder.add(centre("b"), key: KeyIndex(999), letter: letter("b"))
    #expect(!decoder.decide().isDecoded)
    decoder.removeLast()
    decoder.add(centre("b"), key: layout.index("b"), letter: 26)
    #expect(!decoder.decide().isDecoded)
    decoder.removeLast()
    decoder.add(centre("b"), key: layout.index("b"), letter: -1)
    #expect(!decoder.decide().isDecoded)
  }

  @Test("a backspace past the word's start leaves a word the decoder did not see as typed")
  func backspacePastTheStart() {
    let decoder = decoder()
    decoder.removeLast()
    type("keyboatd", into: decoder)
    #expect(!decoder.decide().isDecoded)
    decoder.reset()
    type("keyboatd", into: decoder)
    #expect(decoder.decide().isDecoded)
  }

  @Test("the spread follows the typist: after precise words, a touch 70% of the way to a neighbour is read as typed")
  func learnedSpread() {
    let learning = decoder(), fixed: WordDecoder = {
      var parameters = WordDecoder.Parameters()
      parameters.learnsSpread = false
      return decoder(parameters)
    }()
    #expect(learning.spread == (8, 8))
    // Forty words touched within 1 pt of their keys' centres.
    for index in 0..<40 {
      for target in [learning, fixed] {
        for (position, scalar) in "keyboards".unicodeScalars.enumerated() {
          let point = centre(scalar), nudge: Float = (index + position) % 2 == 0 ? 1 : -1
          target.add(TouchPoint(x: point.x + nudge, y: point.y - nudge), key: layout.index(scalar), letter: letter(scalar))
        }
        target.finishWord(target.decide())
      }
    }
    // (20 · 8² + 360 · 1²) / 380 ≈ 2.3² (one word is still pending).
    #expect(learning.spread.x < 2.5 && learning.spread.x >= 2)
    #expect(fixed.spread == (8, 8))
    for target in [learning, fixed] { type("keyboard", into: target, shifted: [6: ("t", 0.7)]) }
    let precise = learning.decide(), assumed = fixed.decide()
    #expect(precise.typed.text == "keyboatd" && assumed.typed.text == "keyboatd")
    #expect(!precise.replaces)
    #expect(assumed.replaces && assumed.best.text == "keyboard")
  }

  @Test("the default beam decides touch noise as a beam three times as wide does")
  func narrowBeamDecidesAsAWideOne() {
    var wide = WordDecoder.Parameters()
    wide.beamWidth = 48
    wide.omissionBeamWidth = 24
    let narrow = decoder(), broad = decoder(wide)
    let words: [(String, [Int: (toward: Unicode.Scalar, fraction: Float)])] = [
      ("keyboard", [6: ("t", 0.6)]), ("because", [3: ("y", 0.6)]), ("question", [1: ("y", 0.6)]),
      ("thinking", [5: ("k", 0.6)]), ("language", [0: ("k", 0.6)]), ("through", [4: ("i", 0.6)]),
      ("different", [2: ("d", 0.6)]), ("people", [3: ("o", 0.6)]),
    ]
    for (word, shift) in words {
      narrow.reset()
      broad.reset()
      type(word, into: narrow, shifted: shift)
      type(word, into: broad, shifted: shift)
      let a = narrow.decide(), b = broad.decide()
      #expect(a.best.text == b.best.text && a.replaces == b.replaces, "\(word): \(a.best.text) against \(b.best.text)")
      #expect(a.replaces && a.best.text == word, "\(word): \(a.best.text)")
    }
  }
}
