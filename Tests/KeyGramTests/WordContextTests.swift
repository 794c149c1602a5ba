@_spi(Testing) import KeyGram
import Testing

/// Word ids and the words before the one being typed, on the shipped English table.
@Suite("Word ids and word context")
struct WordContextTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { EnglishTable.letter($0) } }

  func id(_ word: String) throws -> WordID? { try #require(table.lexicon).wordID(spelledBy: letters(word)) }

  func typed(_ text: String) -> TypingContext {
    var context = TypingContext(table: table)
    context.record(contentsOf: text)
    return context
  }

  /// The previous word's letters as kept in `context`.
  func previousLetters(_ context: WordContext) -> [Int] { (0..<context.previousLength).map { context.previousLetter(at: $0) } }

  @Test("a lexicon word has an id, its terminal node; a prefix, the root and a node past the trie have none")
  func wordIDs() throws {
    let lexicon = try #require(table.lexicon)
    let the = try #require(try id("the"))
    #expect(lexicon.isWord(the))
    #expect(the.node == lexicon.word(spelledBy: letters("the")))
    #expect(try id("th") == nil || lexicon.endShare(of: lexicon.node(spelledBy: letters("th"))!) > 0)
    #expect(try id("qxzq") == nil)
    #expect(!lexicon.isWord(WordID(node: lexicon.root)))
    #expect(!lexicon.isWord(WordID(node: LexiconNode(index: UInt32(lexicon.nodeCount)))))
    #expect(try id("the") != id("them"))
  }

  @Test("a word enters the context when its boundary is recorded, and shifts the one before it back")
  func wordsEnterAtTheirBoundary() throws {
    let start = TypingContext(table: table).wordContext
    #expect(start == .textStart && start.isSentenceStart && start.previousLength == 0 && start.previousWord == nil)
    let partway = typed("the quick")
    #expect(partway.wordContext.previousWord == (try id("the")))
    #expect(previousLetters(partway.wordContext) == letters("the"))
    #expect(!partway.wordContext.isSentenceStart)
    let after = typed("the quick brown ")
    #expect(after.wordContext.previousWord == (try id("brown")))
    #expect(after.wordContext.wordBeforePrevious == (try id("quick")))
    #expect(previousLetters(after.wordContext) == letters("brown"))
    // Two boundaries in a row leave the previous word alone.
    #expect(typed("the quick,  ").wordContext.previousWord == (try id("quick")))
  }

  @Test("letters that are no lexicon word are kept without an id; a word longer than the history is unknown")
  func wordsOutsideTheLexicon() {
    let context = typed("qxzq ").wordContext
    #expect(context.previousWord == nil)
    #expect(previousLetters(context) == letters("qxzq"))
    let long = typed("internationalisation ").wordContext
    #expect(long.previousLength == 0 && long.previousWord == nil)
  }

  @Test("a sentence starts at the text's start and after . ! ? … or a line break, not after a comma")
  func sentenceStarts() {
    #expect(typed("Hello. ").wordContext.isSentenceStart)
    #expect(typed("Hello! ").wordContext.isSentenceStart)
    #expect(typed("Really?").wordContext.isSentenceStart)
    #expect(typed("Well…  ").wordContext.isSentenceStart)
    #expect(typed("Dear Sir,\n").wordContext.isSentenceStart)
    #expect(!typed("Hello, ").wordContext.isSentenceStart)
    #expect(!typed("Hello world ").wordContext.isSentenceStart)
    // The flag belongs to the word being typed: its letters keep it.
    #expect(typed("Hello. Wor").wordContext.isSentenceStart)
    #expect(!typed("Hello. World ").wordContext.isSentenceStart)
  }

  @Test("deleting back into the previous word re-reads the words before it; deleting inside a word keeps them")
  func deletions() throws {
    var context = typed("the quick ")
    context.recordDeletion()
    #expect(context.wordContext.previousWord == (try id("the")))
    #expect(previousLetters(context.wordContext) == letters("the"))
    #expect(context.wordContext.wordBeforePrevious == nil)
    var inside = typed("the quick bro")
    let before = inside.wordContext
    inside.recordDeletion()
    #expect(inside.wordContext == before)
    var toStart = typed("the ")
    toStart.recordDeletion()
    #expect(toStart.wordContext == .textStart)
  }

  @Test("a reset starts a text; a reset from text reads the words before the cursor")
  func resets() throws {
    var context = typed("the quick ")
    context.reset()
    #expect(context.wordContext == .textStart)
    context.reset(textBeforeCursor: "I saw the fox")
    #expect(context.wordContext.previousWord == (try id("the")))
    #expect(!context.wordContext.isSentenceStart)
    context.reset(textBeforeCursor: "a very long text whose start is forgotten")
    #expect(context.wordContext.previousWord == (try id("is")))
  }

  @Test("the decoder decides alike with and without a word context when the table has no word pairs; a decided word has its lexicon id")
  func decoderTakesTheContext() throws {
    let decoder = WordDecoder(table: table, layout: layout)
    let context = typed("I saw the ").wordContext
    for (word, shown) in [("keyboard", "keyboarf"), ("the", "thw"), ("house", "hoise")] {
      for (position, scalar) in shown.unicodeScalars.enumerated() {
        let aim = layout[layout.index(word.unicodeScalars[word.unicodeScalars.index(word.unicodeScalars.startIndex, offsetBy: position)])].frame
        let key = layout[layout.index(scalar)].frame
        decoder.add(TouchPoint(x: (aim.midX + key.midX) / 2, y: (aim.midY + key.midY) / 2), key: layout.index(scalar), letter: EnglishTable.letter(scalar))
      }
      let plain = decoder.decide(limit: 4)
      let plainTexts = (0..<plain.alternativeCount).map { plain.alternative(at: $0).text }
      let plainScores = (0..<plain.alternativeCount).map { plain.alternative(at: $0).score }
      let (replaces, margin) = (plain.replaces, plain.margin)
      let withContext = decoder.decide(after: context, limit: 4)
      // A table with word pairs scores by the context, so only one without them decides alike.
      if table.wordPairs == nil {
        #expect((0..<withContext.alternativeCount).map { withContext.alternative(at: $0).text } == plainTexts)
        #expect((0..<withContext.alternativeCount).map { withContext.alternative(at: $0).score } == plainScores)
        #expect(withContext.replaces == replaces && withContext.margin == margin)
      }
      #expect(withContext.spannedPrecedingWords == 0)
      #expect(withContext.best.text == word)
      #expect(withContext.best.wordID == (try id(word)))
      #expect(decoder.suggestions(after: context, limit: 3).count > 0)
      decoder.finishWord(withContext)
    }
  }
}
