@_spi(Testing) import KeyGram
import Testing

/// The typing context's lexicon cursor and blend, on the shipped English table (whose lexicon
/// is the 100,000 most frequent words of wordfreq's English list).
@Suite("Lexicon in the typing context")
struct LexiconContextTests {
  let table = EnglishTable.mapped

  func typed(_ text: String, balance: Float = TypingContext.defaultLexiconBalance) -> TypingContext {
    var context = TypingContext(table: table, lexiconBalance: balance)
    context.record(contentsOf: text)
    return context
  }

  func letter(_ scalar: Unicode.Scalar) -> Int { EnglishTable.letter(scalar) }

  @Test("the shipped table has a lexicon, and a word's letters walk it")
  func lettersStepTheCursor() throws {
    let lexicon = try #require(table.lexicon)
    #expect(lexicon.wordCount == 100_000)
    let context = typed("keyb")
    #expect(!context.lexiconCursor.isParked)
    let row = try #require(context.lexiconRow)
    // After "keyb" almost every lexicon word goes on with "o" (keyboard, keyboards, …).
    #expect(row.weight(ofLetter: letter("o")) > 200)
    #expect(context.blendedProbability(ofLetter: letter("o")) > context.distribution.probability(ofLetter: letter("o")))
    #expect(context.lexiconWeight > 0.9)
  }

  @Test("a boundary returns to the root, a letter the alphabet lacks parks until the next one")
  func boundariesAndUnknownLetters() {
    var context = typed("keyb ")
    #expect(context.lexiconCursor.node == table.lexicon!.root)
    #expect(context.lexiconCursor.relativeEvidence == 1)
    #expect(context.wordPrefixNgramProbability == 1)
    context.record("é")
    #expect(context.lexiconCursor.isParked)
    #expect(context.lexiconWeight == 0)
    #expect(context.lexiconRow == nil)
    context.record("t")
    #expect(context.lexiconCursor.isParked)
    context.recordBoundary()
    #expect(!context.lexiconCursor.isParked)
  }

  @Test("a prefix no lexicon word has parks the cursor, and the blend falls back to the n-gram row")
  func leavingTheLexicon() {
    let context = typed("qxz")
    #expect(context.lexiconCursor.isParked)
    #expect(context.lexiconWeight == 0)
    for index in 0..<table.letterCount {
      #expect(context.blendedProbability(ofLetter: index) == context.distribution.probability(ofLetter: index))
    }
  }

  @Test("apostrophes are transparent to the cursor")
  func apostrophes() {
    #expect(typed("don't").lexiconCursor == typed("dont").lexiconCursor)
    #expect(typed("don’t").wordPrefixNgramProbability == typed("dont").wordPrefixNgramProbability)
  }

  @Test("a deletion goes back to where the remaining text leads", arguments: [
    ("keybx", "keyb"), ("keyboard", "keyboar"), ("the q", "the "), ("qxz", "qx"), ("don't", "don'"),
  ])
  func deletions(text: String, expected: String) {
    var context = typed(text)
    context.recordDeletion()
    let fresh = typed(expected)
    #expect(context.lexiconCursor == fresh.lexiconCursor)
    #expect(context.wordPrefixNgramProbability == fresh.wordPrefixNgramProbability)
    #expect(context.lexiconWeight == fresh.lexiconWeight)
  }

  @Test("deleting back over a space returns to the word before")
  func deletingIntoThePreviousWord() {
    var context = typed("the q")
    context.recordDeletion()
    context.recordDeletion()
    #expect(context.lexiconCursor == typed("the").lexiconCursor)
  }

  @Test("a word longer than the remembered history parks after a deletion: its start is unknown")
  func deletionPastTheHistory() {
    var context = typed("internationalisations")  // 21 letters, more than the 16 remembered
    context.recordDeletion()
    #expect(context.lexiconCursor.isParked)
    context.recordBoundary()
    #expect(!context.lexiconCursor.isParked)
  }

  @Test("reset(textBeforeCursor:) starts the cursor in the text's last word")
  func resetFromText() {
    var context = typed("zzz")
    context.reset(textBeforeCursor: "hello wor")
    #expect(context.lexiconCursor == typed("hello wor").lexiconCursor)
    context.reset()
    #expect(context.lexiconCursor == TypingContext(table: table).lexiconCursor)
  }

  @Test("an infinite balance leaves the lexicon out: the resolvers weigh keys as before")
  func lexiconOff() {
    let off = typed("keyb", balance: .infinity)
    #expect(off.lexiconWeight == 0)
    #expect(off.lexiconCursor.isParked)
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let withLexicon = GaussianKeyResolver(layout: layout, table: table)
    let without = GaussianKeyResolver(layout: layout, table: table)
    let reference = GaussianKeyResolver(layout: layout, table: table)
    withLexicon.update(for: typed("keyb"))
    without.update(for: off)
    reference.update(with: off.distribution)
    let o = layout.index("o")
    #expect(without.probability(ofKey: o) == reference.probability(ofKey: o))
    #expect(withLexicon.probability(ofKey: o) > without.probability(ofKey: o))
  }

  @Test("the blend is a mixture: λ starts at 1 / (1 + balance) and the blended row sums to 1")
  func mixture() {
    let start = TypingContext(table: table, lexiconBalance: 0.25)
    #expect(abs(start.lexiconWeight - 0.8) < 1e-6)
    let context = typed("th")
    let total = (0..<table.letterCount).reduce(0.0) { $0 + context.blendedProbability(ofLetter: $1) }
      + context.blendedEndOfWordProbability
    #expect(abs(total - 1) < 1e-3)
  }

  @Test("resolvers recompute when only the lexicon cursor moved")
  func cacheFollowsTheCursor() {
    let resolver = BoundaryShiftResolver(layout: .iPhonePortraitQWERTY, table: table)
    var context = typed("zzthe")  // parked, in the same letter context as "the"
    #expect(context.lexiconCursor.isParked)
    resolver.update(for: context)
    let before = resolver.recomputeCount
    context = typed("the")
    #expect(context.letterContext == typed("zzthe").letterContext)
    resolver.update(for: context)
    #expect(resolver.recomputeCount == before + 1)
    resolver.update(for: context)
    #expect(resolver.recomputeCount == before + 1)
  }
}
