/// The user's word pairs: how often each learned word followed each other learned word (or
/// started a sentence), for a decoder's previous-word prior and the next-word bar.
///
/// A pair is keyed by the two words' nodes in the history's own trie, where each word ends: the
/// first node is `sentenceStartNode` (0, the root) for the first word of a sentence. Node
/// indices are valid until `generation` changes (a compaction moves nodes and remaps the pairs).
///
/// - Storage: `pairCapacity` entries of 8 bytes (a UInt32 key, first × 65,536 + second, and a
///   Float count), sorted by key, allocated at init: a lookup is a binary search, the pairs
///   after one word are contiguous, and nothing allocates afterwards.
/// - Forgetting: a compaction of the trie halves every pair's count, as it halves the words',
///   so a pair's share of its first word's count stays put, and moves each pair to its words'
///   new nodes; a pair is dropped when either word is, or when its count falls below
///   `pairFloor` (1/2): a pair seen once survives one halving, not two. Its words surviving is
///   what makes a pair seen once worth keeping; the next halving forgets it unless seen again.
/// - A full table: before a new pair goes in, every pair's count is halved, and those below
///   `pairFloor` dropped, until at most three quarters of the table is in use. The same rule as
///   the trie's, so the pairs seen most (and lately) stay; freeing a quarter at once keeps the
///   halvings rare (at most one per `pairCapacity` / 4 new pairs), and a pair's share of its
///   row (`pairTotal(after:)`) is unchanged by a halving.
extension WordHistory {
  /// The first node of a pair whose word starts a sentence: the root.
  public static let sentenceStartNode = 0
  /// The smallest count a pair keeps through a halving.
  public static let pairFloor: Float = 0.5

  /// The node where the word whose `length` letters `letter(0)`, `letter(1)`, … give ends, or
  /// nil when no learned word runs through all of them (whether or not a word ends there).
  /// Look the previous word up once, then ask `pairCount(first:second:)` per candidate.
  public func wordNode(length: Int, letter: (Int) -> Int) -> Int? {
    guard length > 0, length <= Self.maximumWordLength else { return nil }
    var node = 0
    for position in 0..<length {
      guard let next = child(of: node, letter: letter(position)) else { return nil }
      node = next
    }
    return node
  }

  /// How many letters the word ending at `node` has: its depth (0 for the root or a node that
  /// is not live).
  public func wordLength(ofNode node: Int) -> Int {
    guard node > 0, node < nodeCount else { return 0 }
    var length = 0, current = node
    while current != 0 && length < Self.maximumWordLength {
      length += 1
      current = Int(parents[current])
    }
    return length
  }

  /// Calls `body(position, letter)` for each letter of the word ending at `node`, last letter
  /// first (`position` counts from the word's start), walking the parent links up to the root;
  /// returns the word's length (0, and no call, for the root or a node that is not live).
  @discardableResult
  public func wordLetters(ofNode node: Int, _ body: (_ position: Int, _ letter: Int) -> Void) -> Int {
    let length = wordLength(ofNode: node)
    var current = node, position = length
    while position > 0 {
      position -= 1
      body(position, Int(letters[current]))
      current = Int(parents[current])
    }
    return length
  }

  /// How often the word ending at `second` followed the word ending at `first` (0, the
  /// sentence start, for the first word of a sentence); 0 for a pair never learned.
  public func pairCount(first: Int, second: Int) -> Float {
    guard let key = pairKey(first: first, second: second) else { return 0 }
    let index = pairIndex(of: key)
    return index < keptPairCount && pairKeys[index] == key ? pairCounts[index] : 0
  }

  /// The count of all pairs after the word ending at `first`: `pairCount(first:second:)` over
  /// every second word, the denominator of P(second | first) among the user's pairs.
  public func pairTotal(after first: Int) -> Float {
    var total: Float = 0
    forEachPair(after: first) { _, count in total += count }
    return total
  }

  /// Calls `body(second, count)` for each pair after the word ending at `first`, in node order.
  @inline(__always)
  public func forEachPair(after first: Int, _ body: (_ second: Int, _ count: Float) -> Void) {
    guard first >= 0, first < nodeCount else { return }
    var index = pairIndex(of: UInt32(first) << 16)
    while index < keptPairCount {
      let key = pairKeys[index]
      guard key >> 16 == UInt32(first) else { return }
      body(Int(key & 0xFFFF), pairCounts[index])
      index += 1
    }
  }

  /// How often `word` followed `first` (nil: the sentence start), both as letter indices; for
  /// tests and tools.
  public func pairCount(after first: [Int]?, word: [Int]) -> Float {
    let firstNode: Int?
    if let first { firstNode = wordNode(length: first.count) { first[$0] } } else { firstNode = Self.sentenceStartNode }
    guard let firstNode, let second = wordNode(length: word.count, letter: { word[$0] }) else { return 0 }
    return pairCount(first: firstNode, second: second)
  }

  /// Learns one occurrence of the word ending at `second` after the word ending at `first` (or
  /// `sentenceStartNode`). Nothing happens for a node that is not live, a `second` of 0, or a
  /// `pairCapacity` of 0. A full table first makes room (see the extension's notes).
  public func learnPair(first: Int, second: Int) {
    guard isLearning, pairCapacity > 0, let key = pairKey(first: first, second: second) else { return }
    var index = pairIndex(of: key)
    if index < keptPairCount && pairKeys[index] == key {
      pairCounts[index] += 1
    } else {
      if keptPairCount == pairCapacity {
        makeRoomForPair()
        index = pairIndex(of: key)
      }
      var move = keptPairCount
      while move > index {
        pairKeys[move] = pairKeys[move - 1]
        pairCounts[move] = pairCounts[move - 1]
        move -= 1
      }
      pairKeys[index] = key
      pairCounts[index] = 1
      keptPairCount += 1
    }
    version &+= 1
  }

  /// Takes back one occurrence of a pair (the user undid its second word): its count drops by
  /// one, and the pair goes when that leaves nothing. Nothing happens to a pair never learned.
  public func unlearnPair(first: Int, second: Int) {
    guard isLearning, let key = pairKey(first: first, second: second) else { return }
    let index = pairIndex(of: key)
    guard index < keptPairCount && pairKeys[index] == key else { return }
    pairCounts[index] -= 1
    if pairCounts[index] <= 0 { removePair(at: index) }
    version &+= 1
  }

  /// The key of a pair of live nodes, or nil.
  @inline(__always)
  func pairKey(first: Int, second: Int) -> UInt32? {
    guard first >= 0, first < nodeCount, second > 0, second < nodeCount else { return nil }
    return UInt32(first) << 16 | UInt32(second)
  }

  /// The index of the first kept pair whose key is at least `key` (`keptPairCount` for none).
  @inline(__always)
  func pairIndex(of key: UInt32) -> Int {
    var low = 0, high = keptPairCount
    while low < high {
      let middle = (low + high) / 2
      if pairKeys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return low
  }

  private func removePair(at index: Int) {
    for move in index..<(keptPairCount - 1) {
      pairKeys[move] = pairKeys[move + 1]
      pairCounts[move] = pairCounts[move + 1]
    }
    keptPairCount -= 1
  }

  /// The table is full: halve every count and drop those below `pairFloor`, until at most
  /// three quarters of `pairCapacity` is in use. Order is kept, so no sort is needed.
  private func makeRoomForPair() {
    let most = pairCapacity * 3 / 4
    while keptPairCount > most {
      var kept = 0
      for index in 0..<keptPairCount {
        let halved = pairCounts[index] / 2
        guard halved >= Self.pairFloor else { continue }
        pairKeys[kept] = pairKeys[index]
        pairCounts[kept] = halved
        kept += 1
      }
      keptPairCount = kept
    }
  }

  /// During `compact()`, once the trie's sets are swapped and `spareLetters` maps old nodes to
  /// new (0xFFFF: dropped): every pair halved and moved to its words' new nodes, those whose
  /// words went or whose count fell below `pairFloor` dropped, then sorted again (the new
  /// numbering is breadth-first, not the old order).
  func compactPairs() {
    var kept = 0
    for index in 0..<keptPairCount {
      let key = pairKeys[index]
      let first = spareLetters[Int(key >> 16)], second = spareLetters[Int(key & 0xFFFF)]
      let halved = pairCounts[index] / 2
      guard first != UInt16.max, second != UInt16.max, halved >= Self.pairFloor else { continue }
      pairKeys[kept] = UInt32(first) << 16 | UInt32(second)
      pairCounts[kept] = halved
      kept += 1
    }
    keptPairCount = kept
    sortPairs()
  }

  /// Heapsort of the kept pairs by key, in place: no allocation, O(n log n) at a compaction.
  private func sortPairs() {
    let count = keptPairCount
    guard count > 1 else { return }
    var start = count / 2
    while start > 0 {
      start -= 1
      siftDown(start, count)
    }
    var end = count
    while end > 1 {
      end -= 1
      swapPairs(0, end)
      siftDown(0, end)
    }
  }

  /// Moves the pair at `start` down the max-heap of pairs `0 ..< end` to its place.
  private func siftDown(_ start: Int, _ end: Int) {
    var root = start
    while 2 * root + 1 < end {
      var child = 2 * root + 1
      if child + 1 < end && pairKeys[child] < pairKeys[child + 1] { child += 1 }
      guard pairKeys[root] < pairKeys[child] else { return }
      swapPairs(root, child)
      root = child
    }
  }

  @inline(__always)
  private func swapPairs(_ a: Int, _ b: Int) {
    let key = pairKeys[a], count = pairCounts[a]
    pairKeys[a] = pairKeys[b]
    pairCounts[a] = pairCounts[b]
    pairKeys[b] = key
    pairCounts[b] = count
  }
}
