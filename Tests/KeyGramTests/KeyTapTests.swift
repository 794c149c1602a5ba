@_spi(Testing) @testable import KeyGram
import Testing

/// Taps inside a word on shift and backspace, which the keyboard acted on, taken back for the
/// letters the typist aimed at: touches placed by hand on the shipped English table and the
/// iPhone portrait keyboard.
@Suite("Word decoder: key taps")
struct KeyTapTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY
  var words: WordDecoderTests { WordDecoderTests() }

  /// A point `fraction` of the way from the centre of the key of `role` towards the key of `letter`.
  func tap(on role: Key.Role, toward letter: Unicode.Scalar, fraction: Float) -> (TouchPoint, KeyIndex) {
    let key = layout.keyIndex(of: role)!
    let from = layout[key].frame, to = words.centre(letter)
    return (TouchPoint(x: from.midX + (to.x - from.midX) * fraction, y: from.midY + (to.y - from.midY) * fraction), key)
  }

  /// Types `before` at the keys' centres, the aimed-at letter as a backspace tap (which deletes
  /// the last letter typed), then `after`.
  func typeWithBackspace(_ before: String, toward letter: Unicode.Scalar, _ after: String, into decoder: WordDecoder, fraction: Float = 0.45) {
    words.type(before, into: decoder)
    let (point, key) = tap(on: .backspace, toward: letter, fraction: fraction)
    decoder.removeLast(tappedAt: point, key: key)
    words.type(after, into: decoder)
  }

  @Test("numbers whose m landed on backspace: the deleted u comes back and numbers replaces nbers")
  func backspaceTakenForALetter() {
    let decoder = words.decoder()
    typeWithBackspace("nu", toward: "m", "bers", into: decoder)
    #expect(decoder.typedCount == 5)
    let decision = decoder.decide()
    #expect(decision.typed.text == "nbers")
    #expect(decision.replaces)
    #expect(decision.best.text == "numbers")
    #expect(decision.typedLength == 5)
    // The same touches with the hypothesis off: the typed letters and their plain alternatives.
    var off = WordDecoder.Parameters()
    off.keyTapLetterCost = .infinity
    let plain = words.decoder(off)
    typeWithBackspace("nu", toward: "m", "bers", into: plain)
    #expect(plain.decide().best.text != "numbers")
  }

  @Test("from whose m landed on backspace, which deleted the o: from wins under the ordinary margin, as fr stands only if the backspace was meant")
  func keyTapReadingNeedsNoMargin() {
    let decoder = words.decoder()
    typeWithBackspace("fro", toward: "m", "", into: decoder, fraction: 0.4)
    let decision = decoder.decide()
    #expect(decision.typed.text == "fr")
    #expect(decision.best.text == "from")
    #expect(decision.margin > 0 && decision.margin < WordDecoder.Parameters().margin, "margin \(decision.margin)")
    #expect(decision.replaces)
    // Nearer the backspace's centre the tap says less of the m: fr stands.
    let nearer = words.decoder()
    typeWithBackspace("fro", toward: "m", "", into: nearer, fraction: 0.3)
    let stands = nearer.decide()
    #expect(stands.typed.text == "fr" && !stands.replaces, "\(stands.best.text) by \(stands.margin)")
  }

  @Test("a backspace at the key's centre after a wrong letter is the typist's own correction")
  func deliberateBackspaceStands() {
    let decoder = words.decoder()
    // "thw", backspace at its centre, then "e": the typist put the w right.
    words.type("thw", into: decoder)
    let (point, key) = tap(on: .backspace, toward: "m", fraction: 0)
    decoder.removeLast(tappedAt: point, key: key)
    words.type("e", into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "the")
    #expect(!decision.replaces)
  }

  @Test("a slip that stood once is no protected word when a backspace near m made it: numbers replaces nbers again")
  func slipMadeByABackspaceIsNotProtected() {
    let history = WordHistory()
    words.learn("nbers", into: history)
    let decoder = words.decoder(history: history)
    typeWithBackspace("nu", toward: "m", "bers", into: decoder, fraction: 0.8)
    let decision = decoder.decide()
    #expect(decision.typed.text == "nbers")
    #expect(decision.replaces, "margin \(decision.margin)")
    #expect(decision.best.text == "numbers")
    // The same letters typed exactly, every touch on its letter: the history keeps them.
    let exact = words.decoder(history: history)
    words.type("nbers", into: exact)
    let kept = exact.decide()
    #expect(kept.typed.text == "nbers")
    #expect(!kept.replaces)
  }

  @Test("make whose a landed on shift: the shift typed nothing, and make replaces mke")
  func shiftTakenForALetter() {
    let decoder = words.decoder()
    words.type("m", into: decoder)
    let (point, key) = tap(on: .shift, toward: "a", fraction: 0.45)
    decoder.addTapWithoutLetter(point, key: key)
    words.type("ke", into: decoder)
    let decision = decoder.decide()
    #expect(decision.typed.text == "mke")
    #expect(decision.replaces)
    #expect(decision.best.text == "make")
    // Without the tap, make is only a letter left out: it wins by far less.
    let plain = words.decoder()
    words.type("mke", into: plain)
    #expect(decision.margin > plain.decide().margin + 5, "\(decision.margin) against \(plain.decide().margin)")
  }

  @Test("a shift before the first letter: and whose a landed on shift is and, a capital's shift at the key's centre stays a capital")
  func shiftBeforeTheFirstLetter() {
    let decoder = words.decoder()
    let (slip, key) = tap(on: .shift, toward: "a", fraction: 0.45)
    decoder.addTapWithoutLetter(slip, key: key)
    // The shift put its capital on the n.
    decoder.add(words.centre("n"), key: layout.index("n"), letter: words.letter("n"), isCapital: true)
    words.type("d", into: decoder)
    #expect(decoder.keyTaps.count == 1 && decoder.keyTaps.position[0] == 0)
    let decision = decoder.decide()
    #expect(decision.typed.text == "Nd")
    #expect(decision.replaces)
    #expect(decision.best.text == "And")
    decoder.finishWord(decision)
    // The capital's shift, at the key's centre, then "The" typed with its capital.
    let (centre, _) = tap(on: .shift, toward: "a", fraction: 0)
    decoder.addTapWithoutLetter(centre, key: key)
    decoder.add(words.centre("t"), key: layout.index("t"), letter: words.letter("t"), isCapital: true)
    words.type("he", into: decoder)
    let capital = decoder.decide()
    #expect(!capital.replaces)
    #expect(capital.best.text == "The")
  }

  @Test("a shift slip before a word's first letter goes with that word: the next word, typed with no tap, is read as a fresh decoder reads it")
  func tapBeforeTheFirstLetterGoesWithItsWord() {
    // No word history, so nothing else rebuilds the beam's root between words; a fixed spread, as a fresh decoder's.
    var fixed = WordDecoder.Parameters()
    fixed.learnsSpread = false
    let decoder = words.decoder(fixed)
    let (slip, key) = tap(on: .shift, toward: "a", fraction: 0.45)
    decoder.addTapWithoutLetter(slip, key: key)
    words.type("nd", into: decoder)
    let first = decoder.decide()
    #expect(first.best.text == "and" && first.replaces, "the slip was taken for the a: \(first.best.text)")
    decoder.finishWord(first)
    for next in ["ny", "e", "nd"] {
      words.type(next, into: decoder)
      let fresh = words.decoder(fixed)
      words.type(next, into: fresh)
      let read = decoder.decide(limit: 8), expected = fresh.decide(limit: 8)
      #expect(read.alternativeCount == expected.alternativeCount)
      for index in 0..<Swift.min(read.alternativeCount, expected.alternativeCount) {
        #expect(read.alternative(at: index).text == expected.alternative(at: index).text, "\(next): \(index)")
        #expect(read.alternative(at: index).score == expected.alternative(at: index).score, "\(next): \(index)")
      }
      #expect(read.replaces == expected.replaces && read.margin == expected.margin, "\(next)")
      decoder.finishWord(read)
    }
  }

  @Test("key taps are ignored on letter keys and off the keyboard, and go with their letters")
  func keyTapsKeepTheirPlace() {
    let decoder = words.decoder()
    let (point, key) = tap(on: .shift, toward: "a", fraction: 0.45)
    words.type("m", into: decoder)
    decoder.addTapWithoutLetter(words.centre("a"), key: layout.index("a"))  // a letter key: no key tap
    decoder.addTapWithoutLetter(TouchPoint(x: .nan, y: 0), key: key)
    decoder.addTapWithoutLetter(TouchPoint(x: 1e9, y: 0), key: key)
    #expect(decoder.keyTaps.count == 0)
    // A backspace tap on a letter key is an ordinary backspace.
    decoder.removeLast(tappedAt: words.centre("a"), key: layout.index("a"))
    #expect(decoder.keyTaps.count == 0 && decoder.typedCount == 0)
    // The tap sat after the m: deleting the k leaves it at the word's end, deleting the m takes it away.
    decoder.reset()
    words.type("m", into: decoder)
    decoder.addTapWithoutLetter(point, key: key)
    words.type("k", into: decoder)
    #expect(decoder.keyTaps.count == 1 && decoder.keyTaps.position[0] == 1)
    decoder.removeLast()
    #expect(decoder.keyTaps.count == 1)
    decoder.removeLast()
    #expect(decoder.keyTaps.count == 0)
    // A third tap pushes out the oldest.
    words.type("mak", into: decoder)
    for _ in 0..<3 { decoder.addTapWithoutLetter(point, key: key) }
    #expect(decoder.keyTaps.count == KeyTaps.capacity)
    decoder._checkInvariants()
  }

  @Test("a tap before the first letter pushed out by two later ones takes its letters with it: the beam is as if it had never been")
  func pushedOutTapLeavesNoLetters() {
    let (slip, key) = tap(on: .shift, toward: "a", fraction: 0.45)
    let (centre, _) = tap(on: .shift, toward: "a", fraction: 0)
    let decoder = words.decoder(), fresh = words.decoder()
    decoder.addTapWithoutLetter(slip, key: key)
    words.type("nd", into: decoder)
    _ = decoder.decide()  // the root's steps now hold the slip's letters
    words.type("nd", into: fresh)
    for other in [decoder, fresh] {
      other.addTapWithoutLetter(centre, key: key)
      other.addTapWithoutLetter(centre, key: key)
    }
    #expect(decoder.keyTaps.count == KeyTaps.capacity && decoder.keyTaps.position[0] == 2)
    let decision = decoder.decide(), expected = fresh.decide()
    decoder._checkInvariants()
    #expect(decision.best.text == expected.best.text && decision.margin == expected.margin)
  }
}
