import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// The word pairs: counted as the decoder reads words (`PairCounter`), carried by count files
/// and merges exactly, smoothed, pruned and quantised (`WordPairModel`), written as `PAIR`.
@Suite("Word pairs: counting, smoothing, pruning, the PAIR section")
struct WordPairTests {
  static let language = Fixtures.language()

  /// The pairs of `text` as "first second" (first "^" for the sentence start) → count, in
  /// occurrences (the counter keeps thousandths).
  static func pairs(_ text: String, language: Language = language, chunkSize: Int? = nil) throws -> [String: UInt64] {
    var counter = PairCounter(decoder: LetterDecoder(language: language))
    counter.startFile()
    try Fixtures.feed(Array(text.utf8), chunkSize: chunkSize) { try counter.consume($0) }
    try counter.finishFile()
    return try named(counter.pairs, language: language)
  }

  static func named(_ pairs: WordCounts, language: Language = language, unit: UInt64 = SourceRule.pairCountUnit) throws -> [String: UInt64] {
    let letters = language.alphabet.map(String.init)
    let spell = { (word: ArraySlice<UInt8>) in word.map { letters[Symbol.letterIndex(of: $0)] }.joined() }
    var named: [String: UInt64] = [:]
    try pairs.forEachSorted { key, count in
      let (first, second) = PairCounter.words(of: key)
      #expect(count % unit == 0, "\(count) is not whole occurrences")
      named[(first.isEmpty ? "^" : spell(first)) + " " + spell(second)] = count / unit
    }
    return named
  }

  /// By hand: "The cat sat." gives (^ the) (the cat) (cat sat); "The dog, the cat!" (^ the)
  /// (the dog) (dog the): the comma keeps the pair, (the cat); line 2 "A cat sat on 3 mats"
  /// (^ a) (a cat) (cat sat) (sat on), and the number ends the chain: no (on …), no (… mats).
  static let tinyText = "The cat sat. The dog, the cat!\nA cat sat on 3 mats\n"
  static let tinyPairs: [String: UInt64] = ["^ the": 2, "the cat": 2, "cat sat": 2, "the dog": 1, "dog the": 1,
                                            "^ a": 1, "a cat": 1, "sat on": 1]

  @Test(arguments: [nil, 1, 2, 5] as [Int?])
  func aTinyTextCountsByHand(chunkSize: Int?) throws {
    #expect(try Self.pairs(Self.tinyText, chunkSize: chunkSize) == Self.tinyPairs)
  }

  @Test func aTinyMemoryCapSpillsAndCountsTheSame() throws {
    // Two ids or pairs in memory at most: flushed, spilled to sorted runs, the previous word interned again.
    var counter = PairCounter(decoder: LetterDecoder(language: Self.language), wordMemoryCap: 2)
    counter.startFile()
    try Fixtures.feed(Array(Self.tinyText.utf8), chunkSize: 3) { chunk in
      try counter.consume(chunk)
      try counter.spillIfFull()
    }
    try counter.finishFile()
    #expect(counter.pairs.spilledRuns > 0)
    #expect(try Self.named(counter.pairs) == Self.tinyPairs)
  }

  @Test func sentenceEndsAndOtherMarks() throws {
    // … and ? end sentences; quotes, commas and dashes do not; an apostrophe is dropped (transparent).
    #expect(try Self.pairs("go… now, \"don't\" — stop") == ["^ go": 1, "^ now": 1, "now dont": 1, "dont stop": 1])
    #expect(try Self.pairs("is it? yes\r\nno") == ["^ is": 1, "is it": 1, "^ yes": 1, "^ no": 1])
    // A word over 48 letters drops the pairs on both sides; a foreign letter spoils its run.
    let long = String(repeating: "a", count: 49)
    #expect(try Self.pairs("one \(long) two café three four") == ["^ one": 1, "three four": 1])
    // Each file starts a sentence.
    var counter = PairCounter(decoder: LetterDecoder(language: Self.language))
    for text in ["a b", "c d"] {
      counter.startFile()
      try Array(text.utf8).withUnsafeBytes { try counter.consume($0) }
      try counter.finishFile()
    }
    #expect(try Self.named(counter.pairs) == ["^ a": 1, "a b": 1, "^ c": 1, "c d": 1])
  }

  @Test func aPairWeightCountsEachOccurrenceInThousandths() throws {
    // "a b a b" at pair weight 0.25: (^ a) once, (a b) twice, (b a) once, each occurrence 250 thousandths.
    var counter = PairCounter(decoder: LetterDecoder(language: Self.language))
    counter.startFile(occurrenceCount: SourceRule(files: "*", feeds: [.letters, .pairs], pairWeight: 0.25).pairOccurrenceCount)
    try Array("a b a b".utf8).withUnsafeBytes { try counter.consume($0) }
    try counter.finishFile()
    #expect(try Self.named(counter.pairs, unit: 1) == ["^ a": 250, "a b": 500, "b a": 250])
  }

  @Test func aListOfPairsFeedsThePairsAtItsWeight() throws {
    // "of the 3000" at weight 0.001: 3 occurrences, 3,000 thousandths; one word, three words or a
    // weighted count under a thousandth add nothing; the letters and the lexicon get nothing.
    let rule = SourceRule(files: "pairs.freq.txt", feeds: .pairs, pairWeight: 0.001)
    var counter = FrequencyListCounter(decoder: LetterDecoder(language: Self.language), path: "pairs.freq.txt", source: rule)
    try Array("of the\t3000\nthe\t50\na b c 70\nthe cat 1\nthe cat 2000\n".utf8).withUnsafeBytes { try counter.consume($0) }
    try counter.finishFile()
    #expect(try Self.named(counter.pairs, unit: 1) == ["of the": 3000, "the cat": 2001])
    #expect(try counter.counts.symbolTotal() == 0 && counter.words.counts.isEmpty)
  }

  @Test func weightedCountsUnderAnOccurrenceAreDiscountedWithinTheirOwnCount() throws {
    // (the cat) weighs 0.3 of an occurrence: n1 counts it, its discount is at most 299 of its 300 thousandths.
    let trie = try Self.trie(["the", "cat", "sat"])
    var pairs = try Self.counts(["the sat": 1, "cat sat": 2])
    try pairs.add([20, 8, 5, PairCounter.separator, 3, 1, 20], count: 300)
    let model = try #require(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: 1 << 20))
    #expect(model.stats.n1 == 2 && model.stats.n2 == 1 && model.stats.discountMilli == 500)
    let the = try #require(model.rows.first { $0.first == LexiconWords(trie: trie).ids[[20, 8, 5]] })
    // Entries 300 − 299 = 1 and 1000 − 500 = 500 against γ = 299 + 500 = 799.
    #expect(the.seconds.count == 2 && Int(the.weights.reduce(0, +)) + Int(the.backoff) == 65_535)
    #expect(abs(Int(the.backoff) - 799 * 65_535 / 1300) <= 2)
  }

  @Test func elisionsSplitAfterAClitic() throws {
    var french = Fixtures.language("abcdefghijklmnopqrstuvwxyz", code: "fr", apostrophes: false)
    french.elisions = ["l"]
    #expect(try Self.pairs("l'homme aujourd'hui", language: french) == ["^ l": 1, "l homme": 1, "homme aujourdhui": 1])
  }

  // MARK: The model

  /// A lexicon of `words` (equal counts but for order) over a–z.
  static func trie(_ words: [String]) throws -> LexiconTrie {
    let list = words.enumerated().map { (letters: $0.element.unicodeScalars.map { UInt8($0.value - 97) }, count: UInt64(100 - $0.offset)) }
    return try #require(LexiconTrie(words: list, letterCount: 26, maximumWords: words.count))
  }

  /// Pair counts given in occurrences, kept as the counter keeps them (thousandths) unless `unit` says otherwise.
  static func counts(_ named: [String: UInt64], unit: UInt64 = SourceRule.pairCountUnit) throws -> WordCounts {
    var pairs = WordCounts(keyLimit: PairCounter.keyLimit)
    for (name, count) in named {
      let parts = name.split(separator: " ").map { $0 == "^" ? [] : $0.unicodeScalars.map { UInt8($0.value - 96) } }
      try pairs.add(parts[0] + [PairCounter.separator] + parts[1], count: count * unit)
    }
    return pairs
  }

  @Test func theDiscountAndTheRowSumsAreExact() throws {
    let trie = try Self.trie(["the", "cat", "sat", "dog", "a", "on"])
    let model = try #require(try WordPairModel.make(pairs: Self.counts(Self.tinyPairs), trie: trie, byteBudget: 1 << 20))
    // n1 = 5 (the dog, dog the, ^ a, a cat, sat on), n2 = 3: D = 5 / 11 = 0.4545…, 455 thousandths.
    #expect(model.stats.n1 == 5 && model.stats.n2 == 3 && model.stats.discountMilli == 455)
    #expect(WordPairModel.discountMilli(n1: 5, n2: 3) == 455)
    #expect(model.stats.lexiconPairs == 8 && model.stats.entries == 8 && model.stats.occurrencesMilli == 11_000)
    // Rows: ^, the, cat, sat, dog, a (every first word), ids ascending, entries ascending.
    #expect(model.rows.count == 6)
    #expect(model.rows.map(\.first) == model.rows.map(\.first).sorted() && model.rows[0].first == 0)
    for row in model.rows {
      #expect(row.weights.reduce(UInt32(row.backoff)) { $0 + UInt32($1) } == 65_535)
      #expect(row.seconds == row.seconds.sorted() && row.weights.allSatisfy { $0 >= 1 } && row.backoff >= 1)
    }
    // Row "cat": (cat sat) 2 × 1000 − 455 = 1545 against γ = 455 · 1: 50,626 and 14,909 of 65,535.
    let words = LexiconWords(trie: trie)
    let cat = try #require(model.rows.first { $0.first == words.ids[[3, 1, 20]] })
    #expect(cat.seconds == [words.ids[[19, 1, 20]]!])
    #expect(abs(Int(cat.weights[0]) - 50_626) <= 1 && Int(cat.weights[0]) + Int(cat.backoff) == 65_535)
    // Head words: all six, likeliest first (counts 100, 99, … in listed order).
    #expect(model.headWords == ["the", "cat", "sat", "dog", "a", "on"].map { word in words.ids[word.unicodeScalars.map { UInt8($0.value - 96) }]! })
  }

  @Test func pairsOutsideTheLexiconAreLeftOut() throws {
    let trie = try Self.trie(["the", "cat"])
    let model = try #require(try WordPairModel.make(pairs: Self.counts(Self.tinyPairs), trie: trie, byteBudget: 1 << 20))
    #expect(model.stats.lexiconPairs == 2 && model.rows.count == 2)  // (^ the), (the cat)
    #expect(try WordPairModel.make(pairs: Self.counts(["dog sat": 4]), trie: trie, byteBudget: 1 << 20) == nil)
  }

  @Test func pruningKeepsToTheBudgetAndItsOwnLengthRebuildsIt() throws {
    let trie = try Self.trie(["the", "cat", "sat", "dog", "a", "on"])
    let pairs = try Self.counts(Self.tinyPairs)
    let full = try #require(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: 1 << 20))
    #expect(full.section.count == full.stats.bytes)
    #expect(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: 0) == nil)
    for budget in stride(from: 16, through: full.stats.bytes, by: 8) {
      guard let pruned = try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: budget) else { continue }
      #expect(pruned.section.count <= budget && pruned.stats.entries <= full.stats.entries)
      for row in pruned.rows { #expect(row.weights.reduce(UInt32(row.backoff)) { $0 + UInt32($1) } == 65_535) }
      // verify rebuilds with the section's own length: the same model.
      #expect(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: pruned.section.count) == pruned)
    }
    // The smallest section with one entry: 16 + 10 + 8 (ids and offsets, γ, padding) … as the format says.
    let one = TableFormat.Pairs.length(rows: 1, entries: 1, headWords: 6)
    let smallest = try #require(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: one))
    #expect(smallest.stats.entries == 1 && smallest.section.count == one)
    #expect(try WordPairModel.make(pairs: pairs, trie: trie, byteBudget: one - 1) == nil)
  }

  @Test func theSectionBytesFollowTheFormat() throws {
    let trie = try Self.trie(["the", "cat", "sat", "dog", "a", "on"])
    let model = try #require(try WordPairModel.make(pairs: Self.counts(Self.tinyPairs), trie: trie, byteBudget: 1 << 20))
    let bytes = model.section
    func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) } }
    func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
    typealias P = TableFormat.Pairs
    let (r, e, h) = (Int(u32(P.Offset.rowCount)), Int(u32(P.Offset.entryCount)), Int(u32(P.Offset.headWordCount)))
    #expect(r == 6 && e == 8 && h == 6 && u32(P.Offset.reserved) == 0)
    #expect(bytes.count == P.length(rows: r, entries: e, headWords: h) && bytes.count % 16 == 0)
    #expect(u32(P.rowOffsetsOffset(rows: r)) == 0 && u32(P.rowOffsetsOffset(rows: r) + 4 * r) == UInt32(e))
    for row in 0..<r {
      let (start, end) = (Int(u32(P.rowOffsetsOffset(rows: r) + 4 * row)), Int(u32(P.rowOffsetsOffset(rows: r) + 4 * row + 4)))
      #expect(start < end)
      let weights = (start..<end).reduce(UInt32(u16(P.backoffsOffset(rows: r) + 2 * row))) { $0 + UInt32(u16(P.weightsOffset(rows: r, entries: e) + 2 * $1)) }
      #expect(weights == P.rowTotal)
      #expect(u32(P.firstWordsOffset() + 4 * row) == model.rows[row].first)
    }
    #expect((0..<h).map { u32(P.headWordsOffset(rows: r, entries: e) + 4 * $0) } == model.headWords)
  }
}
