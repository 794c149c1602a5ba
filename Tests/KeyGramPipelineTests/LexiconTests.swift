import KeyGram
import Testing
@testable import KeyGramPipeline

/// The `LEXI` section: builder (`LexiconTrie`, `LexiconSection`, `Quantise.counts`), the
/// runtime view over its bytes (`Lexicon`, `LexiconCursor`), and what the view does with
/// damaged bytes.
@Suite("Lexicon: building the LEXI section and reading it back")
struct LexiconTests {
  typealias L = TableFormat.Lexicon

  // MARK: The hand example

  /// Letters a = 0, b = 1, d = 2, n = 3; {a: 6, an: 3, and: 1, b: 2}.
  static let handWords: [[UInt8]: UInt64] = [[0]: 6, [0, 3]: 3, [0, 3, 2]: 1, [1]: 2]

  @Test func quantisingCountsByHand() {
    // 212.5 / 42.5: the last unit is worth 10·ln(213/212) = 0.0471 to the first and 2·ln(43/42)
    // = 0.0471 to the second, which is larger in the fourth digit.
    #expect(Quantise.counts([10, 2, 0], total: 255) == [212, 43, 0])
    #expect(Quantise.counts([4, 6], total: 255) == [102, 153])
    // 63.75 / 191.25: 1·ln(64/63) = 0.0157 > 3·ln(192/191) = 0.0157 by 0.00003.
    #expect(Quantise.counts([1, 3], total: 255) == [64, 191])
    // A tiny nonzero mass is floored to 1 and the excess comes off the big one; zeros stay 0.
    #expect(Quantise.counts([1, 0, 1_000_000, 0], total: 255) == [1, 0, 254, 0])
    #expect(Quantise.counts([7], total: 255) == [255])
    // One dominant child, one mid-sized and 24 tiny: the tiny ones (ideal 0.27) take 24 units at
    // the floor, and the 231 left go in proportion, 222.5 : 8.5, so the second (ideal 9.15) keeps 9.
    let skewed: [UInt64] = [890_000, 34_000] + [UInt64](repeating: 1_000, count: 24)
    #expect(Quantise.counts(skewed, total: 255) == [222, 9] + [Int](repeating: 1, count: 24))
    // The 65,536 case agrees with `row` when no entry is zero.
    let masses: [UInt64] = [70, 20, 10]
    #expect(Quantise.counts(masses, total: 65_536).map(UInt16.init) == Quantise.row(masses.map { Double($0) }))
    var generator = LexiconRandom(seed: 5)
    for _ in 0..<500 {
      let row = (0..<Int(generator.next() % 30 + 1)).map { _ in generator.next() % 3 == 0 ? 0 : generator.next() % 1_000 }
      guard row.contains(where: { $0 > 0 }) else { continue }
      let weights = Quantise.counts(row, total: 255)
      #expect(weights.reduce(0, +) == 255)
      #expect(zip(row, weights).allSatisfy { $0 == 0 ? $1 == 0 : $1 >= 1 }, "\(row) → \(weights)")
    }
  }

  @Test func handExampleNodesAndBytes() throws {
    let trie = try #require(LexiconTrie(counts: Self.handWords, letterCount: 4, maximumWords: 100))
    // Breadth first: root, a, b, an, and.
    #expect(trie.labels == [0xFF, 0, 1, 3, 2])
    // Root 10 : 2 → 54,612 / 10,923; a: an 4, end 6 → 26,214; an: and 1, end 3 → 16,384.
    #expect(trie.shares == [65_535, 54_612, 10_923, 26_214, 16_384])
    #expect(trie.degrees == [2, 1, 0, 1, 0])
    #expect(trie.wordCount == 4 && trie.totalMass == 12 && trie.maximumDepth == 3)
    let bytes = LexiconSection.make(trie)
    let expected: [UInt8] = [
      5, 0, 0, 0, 4, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0,  // nodes, words, total mass
      4, 0, 16, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // letters, stride, depth, reserved
      0xFF, 0, 1, 3, 2,  // labels
      2, 1, 0, 1, 0,  // degrees
      0xFF, 0xFF, 0x54, 0xD5, 0xAB, 0x2A, 0x66, 0x66, 0x00, 0x40,  // shares, UInt16 little-endian
      1, 0, 0, 0,  // the one sample (52 is already a multiple of 4)
      0, 0, 0, 0, 0, 0, 0, 0,  // padding to 16
    ]
    #expect(bytes == expected)
    #expect(bytes.count == L.length(nodeCount: 5))
    let made = try #require(LexiconSection.make(counts: Self.handWords, letterCount: 4, maximumWords: 100))
    #expect(made.bytes == bytes && made.stats.nodes == 5 && made.stats.words == 4 && made.stats.bytes == 64)
    #expect(made.stats.fidelity == trie.fidelity && trie.fidelity.rows == 5 && trie.fidelity.problems.isEmpty)
  }

  @Test func lengthFormula() {
    // roundUp16(roundUp4(32 + 4n) + 4 ⌈n / 16⌉)
    #expect(L.length(nodeCount: 2) == 48)  // 40, + 4 = 44 → 48
    #expect(L.length(nodeCount: 16) == 112)  // 96, + 4 = 100 → 112
    #expect(L.length(nodeCount: 17) == 112)  // 100, + 8 = 108 → 112
    #expect(L.length(nodeCount: 225_000) == 956_288)  // 900,032 + 56,252 = 956,284 → 956,288
  }

  @Test func handExampleReadBack() throws {
    let bytes = LexiconSection.make(try #require(LexiconTrie(counts: Self.handWords, letterCount: 4, maximumWords: 100)))
    try Self.withLexicon(bytes, letterCount: 4) { lexicon in
      #expect(lexicon.nodeCount == 5 && lexicon.wordCount == 4 && lexicon.totalMass == 12 && lexicon.maximumDepth == 3)
      let root = lexicon.row(of: lexicon.root)
      #expect(root.childCount == 2 && root.endWeight == 0)
      #expect((0..<4).map(root.weight(ofLetter:)) == [54_612, 10_923, 0, 0])
      #expect(lexicon.endShare(of: lexicon.root) == 0)
      var cursor = LexiconCursor(lexicon: lexicon)
      #expect(cursor.evidence == 12)
      cursor.step(letter: 0, in: lexicon)  // a
      #expect(!cursor.isParked && lexicon.endShare(of: cursor.node) == 39_321)
      #expect(abs(cursor.evidence - 12 * 54_612 / 65_535) < 1e-4)
      let a = cursor.row(in: lexicon)
      #expect(a.childCount == 1 && a.letter(at: 0) == 3 && a.weight(at: 0) == 26_214 && a.endWeight == 39_321)
      cursor.step(letter: 3, in: lexicon)  // an
      #expect(lexicon.endShare(of: cursor.node) == 49_151 && lexicon.letter(of: cursor.node) == 3)
      cursor.step(letter: 2, in: lexicon)  // and
      #expect(lexicon.endShare(of: cursor.node) == 65_535 && lexicon.childCount(of: cursor.node) == 0)
      cursor.step(letter: 0, in: lexicon)  // anda: out
      #expect(cursor.isParked && cursor.evidence == 0 && cursor.node.index == 4)
      cursor.step(letter: 1, in: lexicon)  // stays parked
      #expect(cursor.isParked)
      cursor.reset()
      #expect(!cursor.isParked && cursor.evidence == 12 && cursor.node == lexicon.root)
      for outside in [-1, 4, 255, Int.max] {
        var probe = LexiconCursor(lexicon: lexicon)
        probe.step(letter: outside, in: lexicon)
        #expect(probe.isParked)
      }
      #expect(lexicon.child(of: LexiconNode(index: 4), letter: 0) == nil)
      #expect(lexicon.words().map(\.letters) == [[0], [0, 3], [0, 3, 2], [1]])
      #expect(lexicon.words(limit: 2).count == 2)
      let weights = lexicon.words().map(\.weight)
      #expect(abs(weights.reduce(0, +) - 12) < 0.01)  // the shares of each row sum to 65,535
      #expect(abs(weights[0] - 12 * 54_612 / 65_535 * 39_321 / 65_535) < 0.001)
      #expect(lexicon.verifyStructure().isEmpty)
    }
    #expect(LexiconCursor().isParked && LexiconCursor().evidence == 0)
  }

  // MARK: The builder's choices

  @Test func sameBytesWhateverTheInputOrder() throws {
    let words = Self.generatedWords(count: 2_000, seed: 3)
    let reference = LexiconSection.make(try #require(LexiconTrie(words: words, letterCount: 26, maximumWords: 1_500)))
    var generator = LexiconRandom(seed: 11)
    var shuffled = words
    shuffled.shuffle(using: &generator)
    #expect(LexiconSection.make(try #require(LexiconTrie(words: shuffled, letterCount: 26, maximumWords: 1_500))) == reference)
    // A word listed twice counts the sum.
    var split: [(letters: [UInt8], count: UInt64)] = []
    for word in shuffled {
      let half = word.count / 2
      split.append((word.letters, half))
      split.append((word.letters, word.count - half))
    }
    split.shuffle(using: &generator)
    #expect(LexiconSection.make(try #require(LexiconTrie(words: split, letterCount: 26, maximumWords: 1_500))) == reference)
  }

  @Test func topWordsByCountThenLetters() throws {
    // b, c and d tie at 5: the cut keeps b and c. Empty, zero-count and too long words never count.
    let counts: [[UInt8]: UInt64] = [[0]: 9, [3]: 5, [2]: 5, [1]: 5, [0, 0]: 1, []: 50, [1, 1]: 0,
                                     [UInt8](repeating: 2, count: 49): 100]
    let trie = try #require(LexiconTrie(counts: counts, letterCount: 4, maximumWords: 3))
    #expect(trie.labels == [0xFF, 0, 1, 2] && trie.wordCount == 3 && trie.totalMass == 19)
    let shortOnly = try #require(LexiconTrie(counts: counts, letterCount: 4, maximumWords: 10, maximumWordLength: 1))
    #expect(shortOnly.wordCount == 4 && shortOnly.maximumDepth == 1)
    #expect(LexiconTrie(counts: [[]: 3, [1]: 0], letterCount: 4, maximumWords: 10) == nil)
    // A 48-letter word is kept; depth 48.
    let long = try #require(LexiconTrie(counts: [[UInt8](repeating: 1, count: 48): 2], letterCount: 4, maximumWords: 10))
    #expect(long.maximumDepth == 48 && long.nodeCount == 49)
  }

  @Test func generatedListKeepsEveryInvariant() throws {
    let words = Self.generatedWords(count: 5_000, seed: 1)
    let trie = try #require(LexiconTrie(words: words, letterCount: 26, maximumWords: 5_000))
    var counts: [[UInt8]: UInt64] = [:]
    for word in words { counts[word.letters, default: 0] += word.count }
    #expect(trie.wordCount == counts.count)
    // The arrays: children after their parent, shares ≥ 1 and ≤ 65,535 per row.
    var next = 1
    for v in 0..<trie.nodeCount {
      let degree = Int(trie.degrees[v])
      let children = next..<(next + degree)
      #expect(degree == 0 || next > v)
      let sum = children.reduce(0) { $0 + Int(trie.shares[$1]) }
      #expect(sum <= 65_535 && children.allSatisfy { trie.shares[$0] >= 1 })
      #expect(zip(children.dropLast(), children.dropFirst()).allSatisfy { trie.labels[$0] < trie.labels[$1] })
      next += degree
    }
    #expect(next == trie.nodeCount)
    let bytes = LexiconSection.make(trie)
    try Self.withLexicon(bytes, letterCount: 26) { lexicon in
      #expect(lexicon.verifyStructure() == [])
      for (letters, _) in counts {
        var cursor = LexiconCursor(lexicon: lexicon)
        for letter in letters { cursor.step(letter: Int(letter), in: lexicon) }
        #expect(!cursor.isParked && lexicon.endShare(of: cursor.node) > 0 && cursor.evidence > 0, "\(letters)")
        // One letter more than any word: either a longer word or parked; never a crash.
        var longer = cursor
        longer.step(letter: 25, in: lexicon)
        #expect(longer.isParked == (lexicon.child(of: cursor.node, letter: 25) == nil))
      }
      let listed = lexicon.words()
      #expect(listed.count == counts.count)
      #expect(listed.map(\.letters) == counts.keys.sorted { $0.lexicographicallyPrecedes($1) })
      #expect(abs(listed.reduce(0) { $0 + Double($1.weight) } / Double(lexicon.totalMass) - 1) < 1e-3)
      // Prefixes that are not words have end share 0; those that left the lexicon park.
      var generator = LexiconRandom(seed: 17)
      for _ in 0..<2_000 {
        let letters = (0..<Int(generator.next() % 6 + 1)).map { _ in UInt8(generator.next() % 26) }
        var cursor = LexiconCursor(lexicon: lexicon)
        for letter in letters { cursor.step(letter: Int(letter), in: lexicon) }
        let isWord = counts[letters] != nil
        #expect(isWord == (!cursor.isParked && lexicon.endShare(of: cursor.node) > 0), "\(letters)")
      }
    }
  }

  // MARK: Opening: the cheap checks

  @Test func eachCheapCheckThrows() throws {
    let trie = try #require(LexiconTrie(words: Self.generatedWords(count: 300, seed: 2), letterCount: 26, maximumWords: 300))
    let good = LexiconSection.make(trie)
    let n = trie.nodeCount
    #expect(n > 48)  // at least three samples
    let samples = L.samplesOffset(nodeCount: n)
    try Self.withLexicon(good, letterCount: 26) { _ in }

    func reason(_ bytes: [UInt8], letterCount: Int = 26) -> String? {
      TableBytes.withBytes(of: bytes) { section in
        do throws(KeyGramTableError) {
          _ = try Lexicon(validating: section, letterCount: letterCount)
          return nil
        } catch {
          guard case .badSection(tag: "LEXI", let reason) = error else { return "wrong error \(error)" }
          return reason
        }
      }
    }
    func patched(_ offset: Int, _ values: [UInt8]) -> [UInt8] {
      var bytes = good
      bytes.replaceSubrange(offset..<(offset + values.count), with: values)
      return bytes
    }
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    #expect(reason(good, letterCount: 27)?.contains("letters") == true)
    #expect(reason(Array(good.prefix(20)))?.contains("head") == true)
    #expect(reason(Array(good.dropLast(16)))?.contains("length") == true)
    #expect(reason(good + [UInt8](repeating: 0, count: 16))?.contains("length") == true)
    #expect(reason(patched(L.Offset.nodeCount, le32(UInt32(n + 16))))?.contains("length") == true)
    #expect(reason(patched(L.Offset.nodeCount, le32(.max)))?.contains("nodes") == true)
    #expect(reason(patched(L.Offset.reserved + 9, [1]))?.contains("reserved") == true)
    #expect(reason(patched(L.Offset.sampleStride, [8]))?.contains("stride") == true)
    #expect(reason(patched(L.Offset.maximumDepth, [49]))?.contains("depth") == true)
    #expect(reason(patched(L.Offset.wordCount, le32(0)))?.contains("words") == true)
    #expect(reason(patched(L.Offset.totalMass, [1, 0, 0, 0, 0, 0, 0, 0]))?.contains("mass") == true)
    #expect(reason(patched(L.labelsOffset, [0]))?.contains("root") == true)
    #expect(reason(patched(L.sharesOffset(nodeCount: n), [254]))?.contains("root") == true)
    #expect(reason(patched(samples, le32(2)))?.contains("sample 0") == true)
    let second = Int(good[samples + 4]) | Int(good[samples + 5]) << 8
    #expect(reason(patched(samples + 8, le32(UInt32(second - 1))))?.contains("sample 2") == true)  // decreasing
    #expect(reason(patched(samples + 4 * (L.sampleCount(nodeCount: n) - 1), le32(UInt32(n + 1))))?.contains("sample") == true)
    if L.samplesEnd(nodeCount: n) < good.count {
      #expect(reason(patched(good.count - 1, [1]))?.contains("padding") == true)
    }
    if L.byteArraysEnd(nodeCount: n) < samples {
      #expect(reason(patched(L.byteArraysEnd(nodeCount: n), [1]))?.contains("padding") == true)
    }
  }

  // MARK: Damaged structure: lookups stay in bounds, verify names the fault

  @Test func lyingDegreesNeverReadOutOfBounds() throws {
    let bytes = LexiconSection.make(try #require(LexiconTrie(counts: Self.handWords, letterCount: 4, maximumWords: 100)))
    let degrees = L.degreesOffset(nodeCount: 5)
    // The root claims 200 children: its first child (1) + 200 is past the 5 nodes.
    var lying = bytes
    lying[degrees] = 200
    try Self.withLexicon(lying, letterCount: 4) { lexicon in
      #expect(lexicon.child(of: lexicon.root, letter: 0) == nil)
      #expect(lexicon.row(of: lexicon.root).childCount == 0)
      var cursor = LexiconCursor(lexicon: lexicon)
      cursor.step(letter: 0, in: lexicon)
      #expect(cursor.isParked)
      #expect(!lexicon.verifyStructure().isEmpty)
      _ = lexicon.words()
    }
    // "an" (node 3) claims 3 children: 4 + 3 > 5. Node 1 claims none: "an"'s first child becomes 3, itself.
    lying = bytes
    lying[degrees + 3] = 3
    lying[degrees + 1] = 0
    try Self.withLexicon(lying, letterCount: 4) { lexicon in
      #expect(lexicon.child(of: LexiconNode(index: 3), letter: 2) == nil)
      #expect(lexicon.child(of: lexicon.root, letter: 0) == LexiconNode(index: 1))
      #expect(lexicon.verifyStructure().contains { $0.contains("not after it") })
    }
    // Nodes from elsewhere are not followed.
    try Self.withLexicon(bytes, letterCount: 4) { lexicon in
      #expect(lexicon.child(of: LexiconNode(index: 5), letter: 0) == nil)
      #expect(lexicon.child(of: LexiconNode(index: .max), letter: 0) == nil)
      #expect(lexicon.share(of: LexiconNode(index: 9)) == 0 && lexicon.endShare(of: LexiconNode(index: 9)) == 0)
    }
  }

  /// Random damage to the arrays (the cheap checks still pass): every walk and listing stays in
  /// bounds (a bad read would trap on TableBytes' assertions in debug builds) and ends.
  @Test func randomDamageStaysInBounds() throws {
    let good = LexiconSection.make(try #require(LexiconTrie(words: Self.generatedWords(count: 400, seed: 4), letterCount: 26, maximumWords: 400)))
    let n = Int(good[0]) | Int(good[1]) << 8
    var generator = LexiconRandom(seed: 23)
    var caught = 0
    for _ in 0..<200 {
      var bytes = good
      for _ in 0..<Int(generator.next() % 8 + 1) {
        let offset = L.labelsOffset + 1 + Int(generator.next() % UInt64(4 * n - 1))
        let rootShare = L.sharesOffset(nodeCount: n)...(L.sharesOffset(nodeCount: n) + 1)
        if !rootShare.contains(offset) { bytes[offset] = UInt8(truncatingIfNeeded: generator.next()) }
      }
      try Self.withLexicon(bytes, letterCount: 26) { lexicon in
        if !lexicon.verifyStructure().isEmpty { caught += 1 }
        _ = lexicon.words()
        for v in 0..<n {
          let row = lexicon.row(of: LexiconNode(index: UInt32(v)))
          for letter in 0..<26 { _ = row.weight(ofLetter: letter) }
        }
        for _ in 0..<200 {
          var cursor = LexiconCursor(lexicon: lexicon)
          for _ in 0..<10 { cursor.step(letter: Int(generator.next() % 27), in: lexicon) }
        }
      }
    }
    #expect(caught > 150)
  }

  @Test func verifyNamesEachFault() throws {
    let trie = try #require(LexiconTrie(counts: Self.handWords, letterCount: 4, maximumWords: 100))
    let bytes = LexiconSection.make(trie)
    let (labels, shares, degrees) = (L.labelsOffset, L.sharesOffset(nodeCount: 5), L.degreesOffset(nodeCount: 5))
    func setShare(_ bytes: inout [UInt8], node: Int, _ value: UInt16) {
      bytes[shares + 2 * node] = UInt8(truncatingIfNeeded: value)
      bytes[shares + 2 * node + 1] = UInt8(truncatingIfNeeded: value >> 8)
    }
    func problems(_ change: (inout [UInt8]) -> Void, letterCount: Int = 4) throws -> [String] {
      var damaged = bytes
      change(&damaged)
      return try Self.withLexicon(damaged, letterCount: letterCount) { $0.verifyStructure() }
    }
    // The root's children b, a: out of order.
    #expect(try problems { $0.swapAt(labels + 1, labels + 2) }.contains { $0.contains("increasing") })
    // a 54,612 + b 10,924 = 65,536.
    #expect(try problems { setShare(&$0, node: 2, 10_924) }.contains { $0.contains("share 65536") })
    // A zero share.
    #expect(try problems { setShare(&$0, node: 4, 0) }.contains { $0.contains("share 0") })
    // A letter past the alphabet.
    #expect(try problems { $0[labels + 4] = 4 }.contains { $0.contains("label 4") })
    // The root as a word: its children leave it 1 of 65,535.
    #expect(try problems { setShare(&$0, node: 1, 54_611) }.contains { $0.contains("root is a word") })
    // A leaf that is not a word cannot be written (a leaf's end share is 65,535 − 0): a node made a
    // leaf shows as degrees that do not add up ("an" loses its child)...
    #expect(try problems { $0[degrees + 3] = 0 }.contains { $0.contains("degrees add up") })
    // ... and a word that stops being one as a wrong word count: "a"'s child takes its whole row.
    #expect(try problems { setShare(&$0, node: 3, 65_535) }.contains { $0.contains("3 nodes end a word") })
    // The head's word count and depth.
    #expect(try problems { $0[L.Offset.wordCount] = 3 }.contains { $0.contains("4 nodes end a word") })
    #expect(try problems { $0[L.Offset.maximumDepth] = 4 }.contains { $0.contains("depth 3") })
    // A sample that passes the cheap checks but is not the running sum.
    let generated = LexiconSection.make(try #require(LexiconTrie(words: Self.generatedWords(count: 300, seed: 2), letterCount: 26, maximumWords: 300)))
    var sample = generated
    let samples = L.samplesOffset(nodeCount: Int(generated[0]) | Int(generated[1]) << 8)
    sample[samples + 4] &+= 1  // sample 1 (< sample 2 still)
    let found = try Self.withLexicon(sample, letterCount: 26) { $0.verifyStructure() }
    #expect(found.contains { $0.contains("sample 1") })
    #expect(try problems { _ in } == [])
  }

  // MARK: Helpers

  static func withLexicon<R>(_ bytes: [UInt8], letterCount: Int, _ body: (Lexicon) throws -> R) throws -> R {
    try TableBytes.withBytes(of: bytes) { section in
      let lexicon = try Lexicon(validating: section, letterCount: letterCount)
      return try body(lexicon)
    }
  }

  /// `count` pseudo-random words over 26 letters (skewed, so prefixes are shared), Zipf-like counts.
  static func generatedWords(count: Int, seed: UInt64) -> [(letters: [UInt8], count: UInt64)] {
    var generator = LexiconRandom(seed: seed)
    var seen = Set<[UInt8]>()
    var words: [(letters: [UInt8], count: UInt64)] = []
    while words.count < count {
      let length = Int(generator.next() % 10) + 1
      let letters = (0..<length).map { _ -> UInt8 in
        let r = generator.next() % 1_000
        return UInt8(min(25, r * r / 38_000))  // letter k ∝ skewed towards 0
      }
      guard seen.insert(letters).inserted else { continue }
      words.append((letters, 1_000_000 / UInt64(words.count + 1) + generator.next() % 3))
    }
    return words
  }
}

/// SplitMix64, for repeatable pseudo-random words.
struct LexiconRandom: RandomNumberGenerator {
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
