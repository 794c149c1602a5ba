@_spi(Testing) @testable import KeyGram
import Foundation
import Testing

/// The suggestion bar after a space (`WordDecoder.nextWords`), on the shipped English table,
/// checked against the pair model read directly.
@Suite("The bar after a space")
struct NextWordsTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func context(after text: String, history: WordHistory? = nil) -> WordContext {
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: text)
    return context.wordContext
  }

  func texts(_ words: WordSuggestions) -> [String] { (0..<words.count).map { words[$0].text } }

  @Test("without a history the bar is the pair model's three likeliest of the row and the head words, best first")
  func barFollowsThePairModel() throws {
    let lexicon = try #require(table.lexicon), pairs = try #require(table.wordPairs)
    let decoder = WordDecoder(table: table, layout: layout)
    for text in ["one of ", "I saw the ", "it is ", "you can "] {
      let context = context(after: text)
      let row = pairs.row(after: context.previousWord)
      #expect(row.count > 0, "\(text): no row")
      // The reference: every word of the row and every head word, by P(word | previous word).
      var candidates = Set((row.start..<row.end).map { pairs.entry(at: $0).word.rawValue })
      for index in 0..<pairs.headWordCount { candidates.insert(pairs.headWord(at: index).rawValue) }
      // The previous word itself is offered only when the row keeps that pair ("the the" is no pair).
      if let previous = context.previousWord, pairs.weight(of: previous, in: row) == 0 { candidates.remove(previous.rawValue) }
      let ranked = candidates.map { raw -> (WordID, Float) in
        let word = WordID(node: LexiconNode(index: raw))
        return (word, pairs.probability(of: word, in: row, lexiconProbability: Float(exp(Double(lexicon.logProbability(of: word))))))
      }.sorted { $0.1 > $1.1 }
      let words = decoder.nextWords(after: context, limit: 3)
      #expect(words.count == 3)
      #expect((0..<words.count).map { words[$0].wordID } == ranked.prefix(3).map(\.0), "\(text): \(texts(words))")
      for position in 1..<words.count { #expect(words[position - 1].score >= words[position].score) }
    }
    #expect(texts(decoder.nextWords(after: context(after: "one of "), limit: 1)) == ["the"])
  }

  @Test("the previous word is its own next word only where the text wrote the pair, and after \"the\" no word is archaic or all capitals")
  func noRepeatAfterThe() throws {
    let decoder = WordDecoder(table: table, layout: layout)
    let pairs = try #require(table.wordPairs)
    for text in ["I saw the ", "of the ", "that that ", "a ", "is "] {
      let context = context(after: text)
      let previous = try #require(context.previousWord)
      let words = decoder.nextWords(after: context, limit: 8)
      #expect(words.count == 8)
      let kept = pairs.weight(of: previous, in: pairs.row(after: previous)) > 0
      for word in words { #expect(word.wordID != previous || kept, "\(text): \(texts(words))") }
    }
    let afterThe = texts(decoder.nextWords(after: context(after: "I saw the "), limit: 3))
    for word in afterThe { #expect(word.lowercased() == word && !["lord", "thy", "thee", "unto"].contains(word), "\(afterThe)") }
  }

  @Test("after a reset to text that ends a sentence, the next words start one, capitalised")
  func sentenceStartAfterReset() {
    for text in ["It works. ", "Really? ", "Yes!  ", "Done.\n"] {
      var typing = TypingContext(table: table)
      typing.reset(textBeforeCursor: text)
      #expect(typing.wordContext.isSentenceStart, "\(text)")
      let engine = TypingEngine(table: table, layout: layout)
      engine.reset(textBeforeCursor: text)
      let bar = engine.suggestions.map(\.text)
      #expect(!bar.isEmpty && bar.allSatisfy { $0.first?.isUppercase == true }, "\(text): \(bar)")
    }
    var typing = TypingContext(table: table)
    typing.reset(textBeforeCursor: "Hi, ")
    #expect(!typing.wordContext.isSentenceStart)
    typing.reset(textBeforeCursor: "It works. Th")
    #expect(typing.wordContext.isSentenceStart, "the current word starts a sentence")
  }

  @Test("at a sentence start the words are capitalised, and a limit of 0 gives none")
  func sentenceStart() {
    let decoder = WordDecoder(table: table, layout: layout)
    let words = decoder.nextWords(after: .textStart, limit: 3)
    #expect(words.count == 3)
    for position in 0..<words.count { #expect(words[position].isCapital(at: 0), "\(words[position].text)") }
    #expect(decoder.nextWords(after: .textStart, limit: 0).count == 0)
  }

  @Test("a pair the user typed twice comes first after its first word, though no table lists it")
  func historyPairs() {
    let history = WordHistory()
    var typing = TypingContext(table: table, wordHistory: history)
    let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
    let before = texts(decoder.nextWords(after: context(after: "quokka "), limit: 3))
    #expect(!before.contains("zebrafish"))
    typing.record(contentsOf: "a quokka zebrafish and a quokka zebrafish. ")
    let after = decoder.nextWords(after: context(after: "quokka ", history: history), limit: 3)
    #expect(after.count == 3 && after[0].text == "zebrafish", "\(texts(after))")
    // Two of two: (κ₂ · P + 2) / (κ₂ + 2) with κ₂ = 16 and P, the mixture's, under 10⁻⁴ here.
    #expect(abs(after[0].score - logf(2.0 / 18)) < 0.01, "\(after[0].score)")
    // After another word the pair counts for nothing.
    #expect(!texts(decoder.nextWords(after: context(after: "the ", history: history), limit: 3)).contains("zebrafish"))
  }

  @Test("the head words spelled at init are the lexicon's words, with their probabilities")
  func headWordsMatchTheLexicon() throws {
    let lexicon = try #require(table.lexicon), pairs = try #require(table.wordPairs)
    let heads = HeadWords(table: table)
    #expect(heads.count == pairs.headWordCount && heads.count > 0)
    for index in 0..<heads.count {
      let word = pairs.headWord(at: index)
      var letters = [Int](repeating: -1, count: lexicon.depth(of: word.node))
      lexicon.forEachLetterBackwards(of: word.node) { position, letter in letters[position] = letter }
      #expect((0..<Int(heads.lengths[index])).map { heads.letter($0, ofWord: index) } == letters)
      #expect(heads.logProbabilities[index] == lexicon.logProbability(of: word))
      #expect(heads.index(of: Int32(bitPattern: word.rawValue)) == Int32(index))
    }
    #expect(HeadWords(table: FixtureTable.mapped).count == 0)
  }
}
