@_spi(Testing) import KeyGram
import Testing

@Suite("TypingContext")
struct TypingContextTests {
  static func symbol(_ scalar: Unicode.Scalar) -> LetterSymbol { LetterSymbol(letterIndex: EnglishTable.letter(scalar)) }
  static func context(_ previous: LetterSymbol, _ last: LetterSymbol) -> LetterContext {
    LetterContext(previous: previous, last: last)
  }
  static func context(_ earlier: LetterSymbol, _ previous: LetterSymbol, _ last: LetterSymbol) -> LetterContext {
    LetterContext(earlier: earlier, previous: previous, last: last)
  }

  func topLetter(_ context: TypingContext) -> Unicode.Scalar {
    var top = [0]
    _ = context.distribution.topLetters(into: &top)
    return context.table.letter(at: top[0])
  }

  @Test("A new context is at word start, with the word-initial distribution", arguments: EnglishTable.Source.allCases)
  func initialState(source: EnglishTable.Source) {
    let context = TypingContext(table: source.table)
    #expect(context.letterContext == .wordStart)
    #expect(context.distribution.endOfWordIndex == nil)
    #expect(context.recomputeCount == 0)
    #expect(topLetter(context) == "t")
    context._checkInvariants()
  }

  @Test("Recording t makes h highest; a boundary resets to word start", arguments: EnglishTable.Source.allCases)
  func recordAndBoundary(source: EnglishTable.Source) {
    var context = TypingContext(table: source.table)
    context.record("t")
    #expect(context.letterContext == Self.context(.boundary, Self.symbol("t")))
    #expect(topLetter(context) == "h")
    context.recordBoundary()
    #expect(context.letterContext == .wordStart)
    #expect(topLetter(context) == "t")
    context._checkInvariants()
  }

  @Test("Repeating the same context recomputes nothing")
  func cache() {
    var context = TypingContext(table: EnglishTable.mapped)
    context.recordBoundary()
    #expect(context.recomputeCount == 0)  // still word start
    context.record("t")
    #expect(context.recomputeCount == 1)
    context.record("'")
    context.record("\u{2019}")
    #expect(context.recomputeCount == 1)  // apostrophes are transparent
    context.record(" ")
    context.record(".")
    context.recordBoundary()
    #expect(context.recomputeCount == 2)  // one change to word start, then the same context
    context.record("a")
    context.record("a")
    context.record("a")
    context.record("a")
    #expect(context.recomputeCount == 5)  // ^a, ^aa, aaa, then aaa again: (a, a, a) is unchanged
    #expect(context.letterContext == Self.context(Self.symbol("a"), Self.symbol("a"), Self.symbol("a")))
    // The same holds for a resolver fed from the context.
    let resolver = GaussianKeyResolver(layout: .iPhonePortraitQWERTY, table: EnglishTable.mapped)
    resolver.update(for: context)
    resolver.update(for: context)
    context.record("'")
    resolver.update(for: context)
    #expect(resolver.recomputeCount == 1)
    context.record("b")
    resolver.update(for: context)
    #expect(resolver.recomputeCount == 2)
    context._checkInvariants()
  }

  @Test("Uppercase letters are their lowercase letters; digits, punctuation and emoji are boundaries")
  func symbols() {
    var upper = TypingContext(table: EnglishTable.mapped)
    upper.record(contentsOf: "TH")
    #expect(upper.letterContext == Self.context(.boundary, Self.symbol("t"), Self.symbol("h")))
    for boundary: Unicode.Scalar in ["3", ".", ",", "\n", "😀", "\u{A0}", "-"] {
      var context = TypingContext(table: EnglishTable.mapped)
      context.record("q")
      context.record(boundary)
      #expect(context.letterContext == .wordStart, "\(boundary.escaped(asASCII: true)) is a boundary")
    }
  }

  @Test("A letter the alphabet lacks gives the uniform distribution; a letter after it, the bigram")
  func unknownLetter() {
    var context = TypingContext(table: EnglishTable.mapped)
    context.record("é")
    #expect(context.letterContext.last == .unknownLetter)
    #expect(context.distribution.isUniform)
    context.record("t")
    #expect(context.letterContext == Self.context(.unknownLetter, Self.symbol("t")))
    #expect(!context.distribution.isUniform)
    context.record(Character("e\u{301}"))  // a combining sequence the alphabet lacks
    #expect(context.letterContext.last == .unknownLetter)
    context.record(Character("🇫🇷"))
    #expect(context.letterContext == .wordStart)
    context.record(Character("K"))
    #expect(context.letterContext == Self.context(.boundary, Self.symbol("k")))
    context._checkInvariants()
  }

  @Test("Apostrophes are transparent: don't is dont, and recording one changes nothing")
  func apostrophes() {
    for apostrophe: Unicode.Scalar in ["\u{27}", "\u{2019}", "\u{2BC}"] {
      var withApostrophe = TypingContext(table: EnglishTable.mapped)
      withApostrophe.record(contentsOf: "don")
      let before = withApostrophe.letterContext
      let recomputes = withApostrophe.recomputeCount
      withApostrophe.record(apostrophe)
      #expect(withApostrophe.letterContext == before)
      #expect(withApostrophe.recomputeCount == recomputes)
      withApostrophe.record("t")
      var without = TypingContext(table: EnglishTable.mapped)
      without.record(contentsOf: "dont")
      #expect(withApostrophe.letterContext == without.letterContext)
      // Deleting "t" then the apostrophe goes back to "…on", not to "…do".
      withApostrophe.recordDeletion()
      withApostrophe.recordDeletion()
      #expect(withApostrophe.letterContext == before)
      withApostrophe._checkInvariants()
    }
  }

  @Test("LetterContext.append keeps contexts canonical, as TypingContext does")
  func appendIsCanonical() {
    let d = Self.symbol("d"), t = Self.symbol("t"), h = Self.symbol("h")
    var context = LetterContext.wordStart
    for symbol in [t, h, d, .boundary] { context.append(symbol) }
    #expect(context == .wordStart)
    context.append(.unknownLetter)
    #expect(context == Self.context(.unknownLetter, .unknownLetter))
    context.append(t)
    #expect(context == Self.context(.unknownLetter, t))  // nothing known before t: the bigram
    context.append(h)
    #expect(context == Self.context(t, h))  // earlier unknown: the trigram row
    context.append(d)
    #expect(context == Self.context(t, h, d))
    var typed = TypingContext(table: EnglishTable.mapped)
    typed.record(contentsOf: "é th")
    var appended = LetterContext.wordStart
    for symbol in [LetterSymbol.unknownLetter, .boundary, t, h] { appended.append(symbol) }
    #expect(typed.letterContext == appended)
  }

  @Test("A deletion goes back to the letters before the deleted one")
  func deletion() {
    var context = TypingContext(table: EnglishTable.mapped)
    context.record(contentsOf: "the ca")
    context.recordDeletion()  // "the c"
    #expect(context.letterContext == Self.context(.boundary, Self.symbol("c")))
    context.recordDeletion()  // "the "
    #expect(context.letterContext == .wordStart)
    context.recordDeletion()  // "the": back into the previous word
    #expect(context.letterContext == Self.context(Self.symbol("t"), Self.symbol("h"), Self.symbol("e")))
    context.recordDeletion()
    context.recordDeletion()  // "t"
    #expect(context.letterContext == Self.context(.boundary, Self.symbol("t")))
    context.recordDeletion()  // ""
    #expect(context.letterContext == .wordStart)
    let recomputes = context.recomputeCount
    context.recordDeletion()  // nothing left to delete: nothing changes
    #expect(context.letterContext == .wordStart)
    #expect(context.recomputeCount == recomputes)
    #expect(context.rememberedCount == 0)
    context._checkInvariants()
  }

  @Test("Deleting past the remembered history gives an unknown context, not a false word start")
  func deletionPastHistory() {
    let capacity = TypingContext.historyCapacity
    #expect(capacity == 16)
    var context = TypingContext(table: EnglishTable.mapped)
    let word = "abcdefghijklmnopqrst"  // 20 letters: the first 4 are forgotten
    context.record(contentsOf: word)
    #expect(context.rememberedCount == capacity)
    for _ in 0..<(capacity - 1) { context.recordDeletion() }
    // Only "e" (the 5th letter) is remembered; what preceded it is unknown: the bigram.
    #expect(context.letterContext == Self.context(.unknownLetter, Self.symbol("e")))
    context.recordDeletion()
    #expect(context.distribution.isUniform)
    context.recordDeletion()
    #expect(context.distribution.isUniform)
    context.recordBoundary()
    #expect(context.letterContext == .wordStart)
    context._checkInvariants()
  }

  @Test("reset(textBeforeCursor:) resynchronises from the document")
  func resynchronise() {
    var context = TypingContext(table: EnglishTable.mapped)
    context.record(contentsOf: "zz")
    context.reset(textBeforeCursor: "Hello, th")
    #expect(context.letterContext == Self.context(.boundary, Self.symbol("t"), Self.symbol("h")))
    context.reset(textBeforeCursor: "")
    #expect(context.letterContext == .wordStart)
    // A long text: only the last 16 scalars are read; deleting past them is unknown.
    context.reset(textBeforeCursor: String(repeating: "x", count: 100) + "the")
    #expect(context.letterContext == Self.context(Self.symbol("t"), Self.symbol("h"), Self.symbol("e")))
    for _ in 0..<16 { context.recordDeletion() }
    #expect(context.distribution.isUniform)
    context.reset()
    #expect(context.letterContext == .wordStart)
    #expect(context.rememberedCount == 0)
    context._checkInvariants()
  }

  @Test("Random edits agree with a reference that remembers everything")
  func randomEdits() {
    let table = EnglishTable.mapped
    var context = TypingContext(table: table)
    var reference: [Unicode.Scalar] = []
    var generator = SplitMix64(seed: 0x5EED)
    let alphabet: [Unicode.Scalar] = Array("etaoinshrdlu qxz.'’é".unicodeScalars)
    for _ in 0..<20_000 {
      // Keep the text within the history so the reference and the context know the same.
      if reference.count < TypingContext.historyCapacity && generator.next() % 3 != 0 {
        let scalar = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        context.record(scalar)
        reference.append(scalar)
      } else {
        context.recordDeletion()
        if !reference.isEmpty { reference.removeLast() }
      }
      var expected = LetterContext.wordStart
      for scalar in reference where !TypingContext.isApostrophe(scalar) { expected.append(table.symbol(for: scalar)) }
      let distribution = table.distribution(after: expected)
      #expect(context.distribution.count == distribution.count)
      #expect(context.distribution.indices.allSatisfy { context.distribution.weight(at: $0) == distribution.weight(at: $0) })
      context._checkInvariants()
    }
  }
}

/// A small deterministic generator, so random tests are repeatable.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49EB_11E3_3EEB
    return z ^ (z >> 31)
  }
}
