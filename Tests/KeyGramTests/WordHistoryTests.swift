@_spi(Testing) import KeyGram
import Testing

/// The user's word history: a fixed-size trie of learned word counts, taught by the typing
/// context at each word's boundary and blended into the resolvers' weights.
@Suite("Word history")
struct WordHistoryTests {
  let table = FixtureTable.mapped

  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { FixtureTable.letter($0) } }

  func learn(_ history: WordHistory, _ word: String) {
    let indices = letters(word)
    history.learn(length: indices.count) { indices[$0] }
  }

  @Test("learned words are counted exactly, prefixes share nodes")
  func counting() {
    let history = WordHistory(capacity: 64)
    learn(history, "the")
    learn(history, "the")
    learn(history, "then")
    learn(history, "to")
    // Nodes: root, t, h, e, n, o: six, counted by hand.
    #expect(history.nodeCount == 6)
    #expect(history.wordCount == 4)
    #expect(history.count(ofWord: letters("the")) == 2)
    #expect(history.count(ofWord: letters("then")) == 1)
    #expect(history.count(ofWord: letters("to")) == 1)
    #expect(history.count(ofWord: letters("th")) == 0)
    #expect(history.count(ofWord: letters("cat")) == 0)
  }

  @Test("unlearning takes back one occurrence at a time and says whether it took one")
  func unlearning() {
    let history = WordHistory(capacity: 64)
    learn(history, "the")
    learn(history, "the")
    learn(history, "then")
    let the = letters("the"), th = letters("th"), cat = letters("cat")
    #expect(history.unlearn(length: the.count) { the[$0] })
    #expect(history.count(ofWord: the) == 1)
    #expect(history.unlearn(length: the.count) { the[$0] })
    #expect(history.count(ofWord: the) == 0)
    #expect(history.count(ofWord: letters("then")) == 1)
    // None left, a prefix that was never a word, a word never learned: nothing is taken back.
    #expect(!history.unlearn(length: the.count) { the[$0] })
    #expect(!history.unlearn(length: th.count) { th[$0] })
    #expect(!history.unlearn(length: cat.count) { cat[$0] })
    #expect(history.wordCount == 1)
  }

  @Test("a full history halves its counts and forgets what falls below one; memory never grows")
  func compaction() {
    let history = WordHistory(capacity: 64)
    for _ in 0..<8 { learn(history, "keyboard") }  // 9 nodes with the root, count 8
    let generation = history.generation
    // Distinct 5-letter words, each learned once, until the 64 nodes overflow.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    for index in 0..<40 {
      learn(history, String(String.UnicodeScalarView([alphabet[index % 26], alphabet[(index / 26 + 3) % 26], "x", "y", "z"])))
      #expect(history.nodeCount <= history.capacity)
    }
    #expect(history.generation > generation)
    // 11 five-letter words fit beside "keyboard", so 40 overflow three times at most:
    // "keyboard" keeps a count of at least 8 / 8; "adxyz", learned once first, is forgotten.
    #expect(history.count(ofWord: letters("keyboard")) >= 1)
    #expect(history.count(ofWord: letters("adxyz")) == 0)
  }

  @Test("the context teaches whole words at their boundary, never a deleted letter")
  func learningFromTheContext() {
    let history = WordHistory()
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: "teh")
    context.recordDeletion()
    context.recordDeletion()
    context.record(contentsOf: "he don't ")
    #expect(history.count(ofWord: letters("the")) == 1)
    #expect(history.count(ofWord: letters("dont")) == 1)
    #expect(history.count(ofWord: letters("teh")) == 0)
    #expect(history.wordCount == 2)
    // A word with a letter the alphabet lacks is not learned.
    context.record(contentsOf: "café ")
    #expect(history.wordCount == 2)
  }

  @Test("the history's row is blended by μ = c / (c + balance), and steers the resolvers")
  func blend() throws {
    let history = WordHistory(balance: 3)
    var context = TypingContext(table: table, wordHistory: history)
    for _ in 0..<9 { context.record(contentsOf: "qwfp ") }  // a word no table predicts
    context.record(contentsOf: "qw")
    // 9 learned words through "qw", all going on with "f": μ = 9 / 12.
    #expect(context.historyWeight == 0.75)
    #expect(context.historyProbability(ofLetter: FixtureTable.letter("f")) == 1)
    let resolver = GaussianKeyResolver(layout: .iPhonePortraitQWERTY, table: table)
    resolver.update(for: context)
    let f = KeyboardLayout.iPhonePortraitQWERTY.keys.firstIndex { $0.letter == "f" }!
    #expect(resolver.probability(ofKey: KeyIndex(f)) > 0.75)
    // Without the history, f after "qw" is unlikely.
    let plain = GaussianKeyResolver(layout: .iPhonePortraitQWERTY, table: table)
    var without = TypingContext(table: table)
    without.record(contentsOf: "qw")
    plain.update(for: without)
    #expect(plain.probability(ofKey: KeyIndex(f)) < 0.1)
    // Off the learned words the history has no say.
    context.record("a")
    #expect(context.historyWeight == 0)
  }

  @Test("a deletion walks the history cursor back; a cursor from before a compaction parks")
  func deletionsAndStaleCursors() {
    let history = WordHistory(capacity: 64)
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: "them them ")
    context.record(contentsOf: "thx")
    #expect(context.historyCursor.isParked)
    context.recordDeletion()
    #expect(!context.historyCursor.isParked)
    #expect(context.historyWeight > 0)
    // Another context fills the shared history: nodes move, and this cursor must not read them.
    let generation = history.generation
    var other = TypingContext(table: table, wordHistory: history)
    for index in 0..<30 { other.record(contentsOf: "w\(["a", "b", "c", "d", "e", "f"][index % 6])q\(["g", "h", "i", "j", "k"][index % 5])z ") }
    #expect(history.generation != generation)
    #expect(history.nodeCount <= 64)
    context.record("e")
    #expect(context.historyCursor.isParked)
    #expect(context.historyWeight == 0)
  }
}

#if canImport(MallocCounter)
@Suite("Word history allocations", .serialized)
struct WordHistoryAllocationTests {
  @Test("typing with a word history, compactions included, allocates nothing", arguments: EnglishTable.Source.allCases)
  func typing(source: EnglishTable.Source) {
    let table = source.table
    let history = WordHistory(capacity: 256)
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let boundary = BoundaryShiftResolver(layout: layout, table: table)
    let gaussian = GaussianKeyResolver(layout: layout, table: table)
    var context = TypingContext(table: table, wordHistory: history)
    let letters: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz’é".unicodeScalars)
    let generation = history.generation
    var state: UInt32 = 1
    let count = mallocs {
      for index in 0..<100_000 {
        // Pseudo-random words of about six letters, so the history keeps filling up.
        state = state &* 1_664_525 &+ 1_013_904_223
        let draw = Int(state >> 20)
        if draw % 7 == 0 { context.recordBoundary() }
        else if index % 13 == 5 { context.recordDeletion() }
        else { context.record(letters[draw % letters.count]) }
        boundary.update(for: context)
        gaussian.update(for: context)
      }
    }
    #expect(count == 0)
    #expect(history.generation > generation)  // the loop compacted the history
    #expect(history.wordCount > 0)
  }
}
#endif
