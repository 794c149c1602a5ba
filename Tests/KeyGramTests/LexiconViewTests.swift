@testable import KeyGram
import Testing

/// The runtime's `LEXI` view without the builder: a section written out by hand.
@Suite("Lexicon view: a hand-written section")
struct LexiconViewTests {
  /// {a: 6, an: 3, and: 1, b: 2} over a = 0, b = 1, d = 2, n = 3 (docs/TableFormat.md, `LEXI`).
  static let section: [UInt8] = [
    5, 0, 0, 0, 4, 0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0,
    4, 0, 16, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0xFF, 0, 1, 3, 2,  2, 1, 0, 1, 0,
    0xFF, 0xFF, 0x54, 0xD5, 0xAB, 0x2A, 0x66, 0x66, 0x00, 0x40,  // 65,535, 54,612, 10,923, 26,214, 16,384
    1, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0, 0,
  ]

  @Test func readsTheHandWrittenSection() throws {
    try TableBytes.withBytes(of: Self.section) { bytes in
      let lexicon = try Lexicon(validating: bytes, letterCount: 4)
      #expect(lexicon.verifyStructure().isEmpty)
      var cursor = LexiconCursor(lexicon: lexicon)
      for letter in [0, 3, 2] { cursor.step(letter: letter, in: lexicon) }
      #expect(!cursor.isParked && lexicon.endShare(of: cursor.node) == 65_535)
      #expect(lexicon.words().map(\.letters) == [[0], [0, 3], [0, 3, 2], [1]])
    }
  }

  /// The decoder's plain view of the trie reads what the lexicon reads: nodes 0 root, 1 a, 2 b,
  /// 3 an, 4 and; end shares 65,535 minus the children's (root 65,535 − 54,612 − 10,923 = 0,
  /// a 65,535 − 26,214, an 65,535 − 16,384, the leaves 65,535).
  @Test func trieViewReadsWhatTheLexiconReads() throws {
    try TableBytes.withBytes(of: Self.section) { bytes in
      let lexicon = try Lexicon(validating: bytes, letterCount: 4)
      let trie = lexicon.trie
      #expect([(0, 0), (0, 1), (0, 2), (1, 3), (3, 2), (4, 0), (2, 0)].map { trie.child(of: $0.0, letter: $0.1) } == [1, 2, -1, 3, 4, -1, -1])
      #expect(trie.child(of: -1, letter: 0) == -1 && trie.child(of: 5, letter: 0) == -1)
      #expect((-1...5).map { trie.endShare(of: $0) } == [0, 0, 39_321, 65_535, 49_151, 65_535, 0])
      #expect((-1...5).map { trie.share(of: $0) } == [0, 65_535, 54_612, 10_923, 26_214, 16_384, 0])
      for node in 0..<5 {
        #expect(trie.endShare(of: node) == Int(lexicon.row(of: LexiconNode(index: UInt32(node))).endWeight))
      }
      var children: [[Int]] = []
      trie.forEachChild(of: 0) { letter, child, share in children.append([letter, child, share]) }
      trie.forEachChild(of: 4) { letter, child, share in children.append([letter, child, share]) }
      #expect(children == [[0, 1, 54_612], [1, 2, 10_923]])
    }
  }

  /// The search's walk over the lexicon's and a history's children together: at the roots, the
  /// lexicon has a (node 1) and b (node 2), the history a and d; a letter mask passes letters
  /// over in both tries, and a walk started anew forgets the one before.
  @Test func mergedWalkPairsLettersAndHonoursTheMask() throws {
    try TableBytes.withBytes(of: Self.section) { bytes in
      let lexicon = try Lexicon(validating: bytes, letterCount: 4)
      let history = WordHistory()
      for word in [[2], [0], [0, 3]] { history.learn(length: word.count) { word[$0] } }
      let historyA = try #require(history.child(of: 0, letter: 0)), historyD = try #require(history.child(of: 0, letter: 2))
      let walk = MergedChildWalk(letterCount: 4, trie: lexicon.trie)
      func walked(_ letters: LetterMask) -> [[Int]] {
        var cursor = walk.start(lexiconNode: 0, history: history, node: 0, letters: letters)
        var seen: [[Int]] = []
        while let child = walk.next(&cursor, history: history) { seen.append([child.letter, Int(child.lexicon), child.share, Int(child.history)]) }
        return seen
      }
      #expect(walked(.all) == [[0, 1, 54_612, historyA], [1, 2, 10_923, -1], [2, -1, 0, historyD]])
      var bAndD = LetterMask.none
      bAndD.insert(1)
      bAndD.insert(2)
      #expect(walked(bAndD) == [[1, 2, 10_923, -1], [2, -1, 0, historyD]])
      #expect(walked(LetterMask(letter: 0)) == [[0, 1, 54_612, historyA]])
      #expect(walked(.none).isEmpty)
      var viaBody: [[Int]] = []
      walk.forEach(lexiconNode: 0, history: history, node: 0) { viaBody.append([$0, Int($1), $2, Int($3)]) }
      #expect(viaBody == walked(.all))
      // Off the lexicon (node −1) only the history's children come; without a history, only the lexicon's.
      var offLexicon = walk.start(lexiconNode: -1, history: history, node: Int32(historyA))
      #expect(walk.next(&offLexicon, history: history).map { [$0.letter, Int($0.lexicon)] } == [3, -1])
      var noHistory = walk.start(lexiconNode: 1, history: nil, node: -1)
      #expect(walk.next(&noHistory, history: nil).map { [$0.letter, Int($0.lexicon), Int($0.history)] } == [3, 3, -1])
      #expect(walk.next(&noHistory, history: nil) == nil)
    }
  }

  /// Letters 0–63 are bits; from 64 on every mask holds them (a mask only narrows a walk).
  @Test func letterMaskHoldsWhatWasInserted() {
    var mask = LetterMask.none
    mask.insert(0)
    mask.insert(63)
    mask.insert(70)
    #expect([0, 1, 62, 63, 64, 200].map { mask.contains($0) } == [true, false, false, true, true, true])
    #expect((0..<64).allSatisfy { LetterMask.all.contains($0) } && !LetterMask(letter: 5).contains(4) && LetterMask(letter: 5).contains(5))
    #expect(LetterMask(letter: -1) == .none)
  }
}

/// The lexicon's hot path (cursor steps and row reads) allocates nothing. Named so that
/// `make test`'s release pass (`--filter Allocation`) runs it too.
@Suite("Lexicon allocations", .serialized)
struct LexiconAllocationTests {
  @Test func stepsAndRowReadsAllocateNothing() throws {
    try TableBytes.withBytes(of: LexiconViewTests.section) { bytes in
      let lexicon = try Lexicon(validating: bytes, letterCount: 4)
      let letters = [0, 3, 2, 1, 0, 0, 3, 1]  // a n d | b a | a n b: words, parking, resets
      var cursor = LexiconCursor(lexicon: lexicon)
      var total: UInt32 = 0
      var evidence: Float = 0
      let count = mallocs {
        for index in 0..<100_000 {
          if index % 4 == 0 { cursor.reset() }
          cursor.step(letter: letters[index & 7], in: lexicon)
          evidence += cursor.evidence
          let row = cursor.row(in: lexicon)
          total &+= row.endWeight
          for child in 0..<row.childCount { total &+= row.weight(at: child) &+ UInt32(row.letter(at: child)) }
          for letter in 0..<4 { total &+= row.weight(ofLetter: letter) }
          total &+= lexicon.endShare(of: cursor.node) &+ lexicon.share(of: cursor.node)
        }
      }
      #expect(count == 0, "\(count) mallocs")
      #expect(total > 0 && evidence > 0)
    }
  }
}
