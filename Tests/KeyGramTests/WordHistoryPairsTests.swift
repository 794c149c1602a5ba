@_spi(Testing) import KeyGram
import Foundation  // FileManager, to read a fuzzing seed
import Testing

/// The word history's word pairs: learned by the typing context with each word, halved and
/// moved at a compaction, made room for when full, saved and restored.
@Suite("Word history: pairs")
struct WordHistoryPairsTests {
  let table = FixtureTable.mapped

  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { FixtureTable.letter($0) } }

  func node(_ history: WordHistory, _ word: String) -> Int? {
    let indices = letters(word)
    return history.wordNode(length: indices.count) { indices[$0] }
  }

  /// Learns `word` after `first` (nil: the sentence start), as the context would.
  func learn(_ history: WordHistory, _ word: String, after first: String?) {
    let indices = letters(word)
    guard let second = history.learn(length: indices.count, letter: { indices[$0] }) else { return }
    let start = first.map { node(history, $0) } ?? WordHistory.sentenceStartNode
    if let start { history.learnPair(first: start, second: second) }
  }

  @Test("the context teaches the pairs of a typed text, counted by hand")
  func pairsFromTheContext() {
    let history = WordHistory()
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: "the cat. the dog ")
    // (^, the) twice: the text's start and after the full stop; (the, cat), (the, dog) once;
    // nothing after "cat", which ended a sentence.
    #expect(history.pairCount(after: nil, word: letters("the")) == 2)
    #expect(history.pairCount(after: letters("the"), word: letters("cat")) == 1)
    #expect(history.pairCount(after: letters("the"), word: letters("dog")) == 1)
    #expect(history.pairCount(after: letters("cat"), word: letters("the")) == 0)
    #expect(history.pairCount(after: nil, word: letters("cat")) == 0)
    #expect(history.keptPairCount == 3)
    let the = node(history, "the")!
    #expect(history.pairTotal(after: the) == 2)
    #expect(history.pairTotal(after: WordHistory.sentenceStartNode) == 2)
    var seconds: [Int] = [], total: Float = 0
    history.forEachPair(after: the) { second, count in
      seconds.append(second)
      total += count
    }
    #expect(Set(seconds) == Set([node(history, "cat")!, node(history, "dog")!]))
    #expect(total == 2)
    // A pair's word read back from its node.
    var word = [Int](repeating: -1, count: 3)
    #expect(history.wordLetters(ofNode: node(history, "dog")!) { word[$0] = $1 } == 3)
    #expect(word == letters("dog"))
    #expect(history.wordLength(ofNode: the) == 3)
    #expect(history.wordLength(ofNode: WordHistory.sentenceStartNode) == 0)
    history._checkInvariants()
  }

  @Test("no pair across a deletion of the boundary; the context's previous node")
  func deletions() {
    let history = WordHistory()
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: "the cat ")
    // Back into "cat": "cat" is the current word again, then it becomes "cats".
    context.recordDeletion()
    context.record(contentsOf: "s ")
    #expect(history.pairCount(after: letters("the"), word: letters("cats")) == 1)
    #expect(history.pairCount(after: letters("cat"), word: letters("cats")) == 0)
    #expect(context.wordContext.previousNode(in: history) == node(history, "cats"))
    // A new text starts a sentence.
    context.reset()
    context.record(contentsOf: "dog ")
    #expect(history.pairCount(after: nil, word: letters("dog")) == 1)
    // After the cursor moved, the word before it was never learned: no pair.
    context.reset(textBeforeCursor: "it went on and on, said the wolf ")
    let pairs = history.keptPairCount
    context.record(contentsOf: "dog ")
    #expect(history.keptPairCount == pairs)
    #expect(history.count(ofWord: letters("dog")) == 2)
    history._checkInvariants()
  }

  @Test("unlearning a pair takes one back and removes it at 0; removeAll clears the pairs")
  func unlearning() {
    let history = WordHistory()
    learn(history, "the", after: nil)
    learn(history, "cat", after: "the")
    learn(history, "cat", after: "the")
    let the = node(history, "the")!, cat = node(history, "cat")!
    #expect(history.pairCount(first: the, second: cat) == 2)
    history.unlearnPair(first: the, second: cat)
    #expect(history.pairCount(first: the, second: cat) == 1)
    history.unlearnPair(first: the, second: cat)
    #expect(history.pairCount(first: the, second: cat) == 0)
    #expect(history.keptPairCount == 1)
    history.unlearnPair(first: the, second: cat)  // never learned now: nothing happens
    #expect(history.keptPairCount == 1)
    // Nodes that are not live, and a second word at the root, are refused.
    history.learnPair(first: history.nodeCount, second: cat)
    history.learnPair(first: the, second: 0)
    history.learnPair(first: -1, second: cat)
    #expect(history.keptPairCount == 1)
    #expect(history.pairCount(first: 70_000, second: -3) == 0)
    history.removeAll()
    #expect(history.keptPairCount == 0)
    #expect(history.pairTotal(after: WordHistory.sentenceStartNode) == 0)
    history._checkInvariants()
  }

  @Test("a compaction halves the pairs, moves them to the new nodes, and drops what falls below 1/2")
  func compaction() {
    let history = WordHistory(capacity: 64)
    // "zz" and "qq" first, so the words after them get new node numbers when they are dropped.
    learn(history, "zz", after: nil)
    learn(history, "qq", after: nil)
    for _ in 0..<4 { learn(history, "the", after: nil) }
    for _ in 0..<4 { learn(history, "cat", after: "the") }
    for _ in 0..<2 { learn(history, "dog", after: "the") }
    learn(history, "cat", after: "cat")  // learned once: survives one halving, not two
    let oldCat = node(history, "cat")!
    history._compactForTesting()
    history._checkInvariants()
    // "zz" and "qq" (counted once) are gone, and with them their pairs; the rest moved.
    #expect(node(history, "zz") == nil)
    #expect(node(history, "cat") != oldCat)
    #expect(history.pairCount(after: nil, word: letters("the")) == 2)
    #expect(history.pairCount(after: letters("the"), word: letters("cat")) == 2)
    #expect(history.pairCount(after: letters("the"), word: letters("dog")) == 1)
    #expect(history.pairCount(after: letters("cat"), word: letters("cat")) == 0.5)
    #expect(history.keptPairCount == 4)
    history._compactForTesting()
    history._checkInvariants()
    #expect(history.pairCount(after: nil, word: letters("the")) == 1)
    #expect(history.pairCount(after: letters("the"), word: letters("cat")) == 1)
    #expect(history.pairCount(after: letters("cat"), word: letters("cat")) == 0)
    // "dog" (count 2, then 1, then 1/2) is dropped from the trie, and its pair with it.
    #expect(node(history, "dog") == nil)
    #expect(history.keptPairCount == 2)
  }

  @Test("typing long past a full trie keeps every pair between live nodes, sorted")
  func compactionUnderTyping() {
    let history = WordHistory(capacity: 64, pairCapacity: 32)
    var context = TypingContext(table: table, wordHistory: history)
    // Ten common words, and as many made-up ones that fill the trie.
    let words = ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", "to", "it"]
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    var state: UInt32 = 7
    let generation = history.generation
    for index in 0..<600 {
      state = state &* 1_664_525 &+ 1_013_904_223
      if index % 2 == 0 {
        context.record(contentsOf: words[Int(state >> 24) % words.count])
      } else {
        for shift in [8, 13, 18, 23] { context.record(alphabet[Int(state >> UInt32(shift)) % 26]) }
      }
      context.record(index % 9 == 8 ? "." : " ")
      if index % 50 == 0 { history._checkInvariants() }
    }
    #expect(history.generation != generation)
    #expect(history.keptPairCount > 0 && history.keptPairCount <= 32)
    history._checkInvariants()
  }

  @Test("a full pair table halves every count until a quarter is free, then takes the new pair")
  func fullTable() {
    let history = WordHistory(capacity: 1024, pairCapacity: 16)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    func word(_ index: Int) -> String { String(String.UnicodeScalarView([alphabet[index % 26], alphabet[index / 26 % 26]])) }
    let the = letters("the")
    history.learn(length: 3) { the[$0] }
    // 16 pairs after "the": the first learned 4 times, the second twice, 14 once.
    for index in 0..<16 {
      for _ in 0..<(index == 0 ? 4 : index == 1 ? 2 : 1) { learn(history, word(index), after: "the") }
    }
    #expect(history.keptPairCount == 16)
    learn(history, word(16), after: "the")
    // Halved once: 2, 1 and 14 × 1/2, still 16 (more than 12); twice: 1, 1/2, the rest gone.
    #expect(history.keptPairCount == 3)
    #expect(history.pairCount(after: letters("the"), word: letters(word(0))) == 1)
    #expect(history.pairCount(after: letters("the"), word: letters(word(1))) == 0.5)
    #expect(history.pairCount(after: letters("the"), word: letters(word(2))) == 0)
    #expect(history.pairCount(after: letters("the"), word: letters(word(16))) == 1)
    history._checkInvariants()
    // No pair table at all: nothing is learned, nothing traps.
    let none = WordHistory(pairCapacity: 0)
    learn(none, "the", after: nil)
    #expect(none.keptPairCount == 0)
    #expect(none.pairCount(after: nil, word: letters("the")) == 0)
  }
}

@Suite("Word history: pairs and the decoder's undo")
struct WordHistoryPairsUndoTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { EnglishTable.letter($0) } }

  @Test("an undo moves the pair from the replacement to the restored word")
  func undoMovesThePair() throws {
    let history = WordHistory()
    var context = TypingContext(table: table, wordHistory: history)
    let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
    context.record(contentsOf: "my ")
    // "keyboard" with its r touched 60% of the way to t: shown as "keyboatd", replaced.
    for (position, scalar) in "keyboard".unicodeScalars.enumerated() {
      let frame = layout[layout.index(scalar)].frame
      var point = TouchPoint(x: frame.midX, y: frame.midY)
      var shown = scalar
      if position == 6 {
        let target = layout[layout.index("t")].frame
        point = TouchPoint(x: point.x + (target.midX - point.x) * 0.6, y: point.y + (target.midY - point.y) * 0.6)
        shown = "t"
      }
      decoder.add(point, key: layout.index(shown), letter: EnglishTable.letter(shown))
    }
    let decision = decoder.decide(after: context.wordContext)
    #expect(decision.replaces && decision.best.text == "keyboard")
    decoder.finishWord(decision)
    context.record(contentsOf: "keyboard ")  // the keyboard writes the replacement, then the space
    #expect(history.pairCount(after: letters("my"), word: letters("keyboard")) == 1)
    let undo = try #require(decoder.undoReplacement())
    for _ in 0..<(undo.replaced.writtenCount + 1) { context.recordDeletion() }
    context.record(contentsOf: undo.restored.text)
    #expect(history.pairCount(after: letters("my"), word: letters("keyboard")) == 0)
    #expect(history.pairCount(after: letters("my"), word: letters("keyboatd")) == 1)
    // The context learns the pair again when the restored word ends.
    context.recordBoundary()
    #expect(history.pairCount(after: letters("my"), word: letters("keyboatd")) == 2)
    history._checkInvariants()
  }
}

@Suite("Word history: saving")
struct WordHistoryBytesTests {
  let table = FixtureTable.mapped

  func letters(_ word: String) -> [Int] { word.unicodeScalars.map { FixtureTable.letter($0) } }

  /// A history taught a short text, pairs and a compaction included.
  func taught() -> WordHistory {
    let history = WordHistory(capacity: 64)
    var context = TypingContext(table: table, wordHistory: history)
    context.record(contentsOf: "the cat. the dog ran to the cat and the dog. then a cat sat ")
    history._compactForTesting()
    context.record(contentsOf: "the cat sat on the mat ")
    return history
  }

  func error(_ bytes: [UInt8], capacity: Int = 64, pairCapacity: Int = WordHistory.defaultPairCapacity) -> WordHistoryError? {
    do { _ = try WordHistory(bytes: bytes, capacity: capacity, pairCapacity: pairCapacity); return nil } catch { return error }
  }

  /// `bytes` with the UInt32 at `offset` set to `value` and the CRC-32 fixed up.
  func rewritten(_ bytes: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
    var body = Array(bytes.dropLast(4))
    for shift in 0..<4 { body[offset + shift] = UInt8(truncatingIfNeeded: value >> UInt32(8 * shift)) }
    let crc = TouchModel.crc32(body)
    for shift in 0..<4 { body.append(UInt8(truncatingIfNeeded: crc >> UInt32(8 * shift))) }
    return body
  }

  func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) } }

  @Test("restoring then saving gives the same bytes, words and pairs")
  func roundTrip() throws {
    let history = taught()
    let saved = history.bytes
    #expect(saved.count == 24 + 8 * (history.nodeCount - 1) + 8 * history.keptPairCount)
    let restored = try WordHistory(bytes: saved, capacity: 64)
    restored._checkInvariants()
    #expect(restored.bytes == saved)
    #expect(restored.nodeCount == history.nodeCount)
    #expect(restored.keptPairCount == history.keptPairCount)
    #expect(restored.wordCount == history.wordCount)
    for word in ["the", "cat", "dog", "sat", "mat", "on"] {
      #expect(restored.count(ofWord: letters(word)) == history.count(ofWord: letters(word)))
      #expect(restored.pairCount(after: nil, word: letters(word)) == history.pairCount(after: nil, word: letters(word)))
      #expect(restored.pairCount(after: letters("the"), word: letters(word)) == history.pairCount(after: letters("the"), word: letters(word)))
    }
    #expect(restored.pairCount(after: letters("the"), word: letters("cat")) > 0)
    // It learns on as the original does, into a larger history too.
    let larger = try WordHistory(bytes: saved)
    for copy in [history, restored, larger] {
      var context = TypingContext(table: table, wordHistory: copy)
      context.record(contentsOf: "the dog sat ")
    }
    #expect(restored.bytes == history.bytes)
    #expect(larger.pairCount(after: letters("the"), word: letters("dog")) == history.pairCount(after: letters("the"), word: letters("dog")))
    // An empty history: the fixed part alone.
    let empty = WordHistory().bytes
    #expect(empty.count == 24)
    #expect(try WordHistory(bytes: empty).bytes == empty)
  }

  @Test("every truncation, every flipped byte, another magic or version: a typed error")
  func badBytes() {
    let good = taught().bytes
    for length in 0..<good.count {
      #expect(error(Array(good.prefix(length))) == .truncated(count: length, needed: length < 24 ? 24 : good.count))
    }
    #expect(error(good + [0]) == .trailingBytes(count: good.count + 1, expected: good.count))
    for offset in 0..<good.count {
      for bit in [0, 3, 7] {
        var flipped = good
        flipped[offset] ^= UInt8(1 << bit)
        let thrown = error(flipped)
        #expect(thrown != nil, "byte \(offset) bit \(bit) flipped was accepted")
        switch offset {
        case 0..<4: #expect(thrown == .notAWordHistory)
        case 4..<8: #expect(thrown == .unsupportedVersion(major: UInt16(truncatingIfNeeded: word(flipped, 4)), minor: UInt16(truncatingIfNeeded: word(flipped, 4) >> 16)))
        case 16...: if case .checksumMismatch = thrown {} else { Issue.record("byte \(offset): \(String(describing: thrown))") }
        default: break  // the counts: a truncation, trailing bytes, a bad node count or the checksum
        }
      }
    }
    var magic = good
    magic[3] = UInt8(ascii: "X")
    #expect(error(magic) == .notAWordHistory)
    #expect(error(rewritten(good, at: 4, 1 | 1 << 16)) == .unsupportedVersion(major: 1, minor: 1))
    #expect(error(rewritten(good, at: 4, 2)) == .unsupportedVersion(major: 2, minor: 0))
    #expect(error([UInt8](repeating: 0, count: 40)) == .notAWordHistory)
  }

  @Test("an impossible structure is refused by field and byte, the checksum fixed up")
  func impossibleStructure() {
    let history = taught()
    let good = history.bytes
    let nodes = history.nodeCount, pairStart = 20 + 8 * (nodes - 1)
    // Node 1 (at byte 20) pointing at itself, or past itself: a cycle or a forward link.
    #expect(error(rewritten(good, at: 20, 1)) == .badValue(field: "node 1 parent", offset: 20))
    #expect(error(rewritten(good, at: 28, UInt32(word(good, 28) & 0xFFFF_0000) | 5)) == .badValue(field: "node 2 parent", offset: 28))
    // Letter 65,535.
    #expect(error(rewritten(good, at: 20, 0xFFFF_0000)) == .badValue(field: "node 1 letter", offset: 22))
    // Two children of one node with one letter: node 2 as a second copy of node 1.
    #expect(error(rewritten(good, at: 28, word(good, 20))) == .badValue(field: "node 2 letter", offset: 30))
    // Counts: NaN, infinite, negative, more than the parent's.
    #expect(error(rewritten(good, at: 24, Float.nan.bitPattern)) == .badValue(field: "node 1 count", offset: 24))
    #expect(error(rewritten(good, at: 24, Float.infinity.bitPattern)) == .badValue(field: "node 1 count", offset: 24))
    #expect(error(rewritten(good, at: 16, (-1 as Float).bitPattern)) == .badValue(field: "root count", offset: 16))
    #expect(error(rewritten(good, at: 16, (0 as Float).bitPattern)) == .badValue(field: "node 0 count", offset: 16))
    // Node count 0.
    #expect(error(rewritten(good, at: 8, 0)) == .badValue(field: "node count", offset: 8))
    // Pairs: a second word at the root or past the live nodes, out of order, counted 0.
    #expect(history.keptPairCount >= 2)
    let key = word(good, pairStart)
    #expect(error(rewritten(good, at: pairStart, key & 0xFFFF_0000)) == .badValue(field: "pair 0 key", offset: pairStart))
    #expect(error(rewritten(good, at: pairStart, key & 0xFFFF_0000 | UInt32(nodes))) == .badValue(field: "pair 0 key", offset: pairStart))
    #expect(error(rewritten(good, at: pairStart + 8, key)) == .badValue(field: "pair 1 key", offset: pairStart + 8))
    #expect(error(rewritten(good, at: pairStart + 4, 0)) == .badValue(field: "pair 0 count", offset: pairStart + 4))
    #expect(error(rewritten(good, at: pairStart + 4, Float.nan.bitPattern)) == .badValue(field: "pair 0 count", offset: pairStart + 4))
    // More than this history holds: refused, naming what would.
    #expect(error(good, capacity: nodes - 1 < 64 ? 64 : nodes - 1, pairCapacity: history.keptPairCount - 1)
      == .tooLarge(nodes: nodes, pairs: history.keptPairCount, capacity: 64, pairCapacity: history.keptPairCount - 1))
    // The descriptions name the byte.
    #expect(WordHistoryError.badValue(field: "node 1 parent", offset: 20).description == "word history: impossible node 1 parent at byte 20")
  }

  @Test("bytes written by another writer from the documented format load: the fuzzing seed")
  func documentedFormat() throws {
    // Tests/Fuzz/wordhistory/seeds/small-pairs.bin: a selector byte, then a history written in
    // Python from docs/Runtime.md's table: "the" 3, "cat" 2, "dog" 1, "then" 1 (letters as
    // indices, a = 0) and the pairs (^, the) 2, (the, cat) 2, (the, dog) 1, (cat, the) 1/2.
    let path = EnglishTable.packageRoot + "/Tests/Fuzz/wordhistory/seeds/small-pairs.bin"
    let seed = try #require(FileManager.default.contents(atPath: path))
    let saved = Array(seed.dropFirst())
    let history = try WordHistory(bytes: saved)
    history._checkInvariants()
    #expect(history.bytes == saved)
    let the = [19, 7, 4], cat = [2, 0, 19], dog = [3, 14, 6]
    #expect(history.wordCount == 7)
    #expect(history.count(ofWord: the) == 3 && history.count(ofWord: cat) == 2)
    #expect(history.pairCount(after: nil, word: the) == 2)
    #expect(history.pairCount(after: the, word: cat) == 2)
    #expect(history.pairCount(after: the, word: dog) == 1)
    #expect(history.pairCount(after: cat, word: the) == 0.5)
  }

  @Test("a word deeper than the longest word is refused")
  func tooDeep() {
    // A chain of 49 nodes, each the only child of the one before: a word of 49 letters.
    var body: [UInt8] = Array("KGWH".utf8)
    func append(_ value: UInt32) { for shift in 0..<4 { body.append(UInt8(truncatingIfNeeded: value >> UInt32(8 * shift))) } }
    append(1)
    append(50)
    append(0)
    append((1 as Float).bitPattern)
    for node in 1..<50 {
      append(UInt32(node - 1) | 3 << 16)
      append((1 as Float).bitPattern)
    }
    append(TouchModel.crc32(body))
    #expect(error(body) == .badValue(field: "node 49 depth", offset: 20 + 8 * 48))
  }
}

#if canImport(MallocCounter)
@Suite("Word history pairs allocations", .serialized)
struct WordHistoryPairsAllocationTests {
  @Test("learning pairs over thousands of words, full tables and compactions included, and reading them allocate nothing")
  func learningAndLookups() {
    let table = FixtureTable.mapped
    let history = WordHistory(capacity: 512, pairCapacity: 64)
    var context = TypingContext(table: table, wordHistory: history)
    // 200 words of 2 to 6 letters, typed in a pseudo-random order with full stops.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    var vocabulary: [[Unicode.Scalar]] = []
    var state: UInt32 = 3
    for _ in 0..<200 {
      var word: [Unicode.Scalar] = []
      state = state &* 1_664_525 &+ 1_013_904_223
      for _ in 0..<(2 + Int(state >> 28) % 5) {
        state = state &* 1_664_525 &+ 1_013_904_223
        word.append(alphabet[Int(state >> 24) % 26])
      }
      vocabulary.append(word)
    }
    let generation = history.generation
    var total: Float = 0, lengths = 0
    let count = mallocs {
      for index in 0..<5_000 {
        state = state &* 1_664_525 &+ 1_013_904_223
        let word = Int(state >> 16) % (Int(state >> 29) % 2 == 0 ? 20 : vocabulary.count)
        // A debug build allocates iterating an array of scalars with for-in: indices instead.
        for position in 0..<vocabulary[word].count { context.record(vocabulary[word][position]) }
        context.record(index % 11 == 10 ? "." : " ")
        guard let first = context.wordContext.previousNode(in: history) else { continue }
        total += history.pairTotal(after: first)
        history.forEachPair(after: first) { second, count in
          total += count + history.pairCount(first: first, second: second)
          let length = history.wordLetters(ofNode: second) { position, letter in lengths &+= position &+ letter }
          lengths &+= length
        }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(history.generation != generation)  // the trie compacted
    #expect(history.keptPairCount > 0)
    #expect(total > 0 && lengths > 0)
    history._checkInvariants()
  }
}
#endif
