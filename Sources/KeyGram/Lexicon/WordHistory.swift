/// The words this user has typed, learned as they type: a fixed-size trie of word counts that
/// `TypingContext` blends into the next-letter probabilities, the way keyboards keep a user
/// history dictionary next to their shipped one.
///
/// Users repeat their own words (names, jargon, the topic at hand) far more often than any
/// word list predicts, so after a few hundred words the history is the sharpest prior for the
/// start of a word. The blend is a mixture: with c the count of learned words through the
/// typed prefix, the history's row weighs μ = c / (c + `balance`) and the tables' blend 1 − μ.
///
/// It also learns the user's word pairs (previous word → word, the first word of a sentence
/// after the sentence start): see WordHistory+Pairs.swift.
///
/// - Memory is fixed at init: `capacity` nodes of 24 bytes (10, twice: the second set is where
///   a full trie is compacted; a parent link and a compaction index of 2 bytes each), and
///   `pairCapacity` pairs of 8 bytes; nothing is allocated afterwards, however long the user
///   types. The defaults take 8,192 × 24 + 2,048 × 8 = 212,992 bytes (208 KiB).
/// - When a word does not fit, every count is halved and the nodes whose count falls below 1
///   are dropped, until it fits: rare words are forgotten first, and old words fade.
/// - Only whole words are learned, at the boundary that ends them (`TypingContext` does this),
///   so a letter that was deleted is never learned.
/// - It holds the user's words and word pairs. KeyGram writes them nowhere itself; `bytes`
///   (WordHistory+Bytes.swift) gives them to a keyboard that chooses to keep them, in its app
///   group's container. Give secure text fields (passwords, card numbers) a context without it,
///   and call `removeAll()` when the user clears their keyboard history: words and pairs go.
///
/// A class, because the history belongs to the user, not to a text field: every
/// `TypingContext` given the same history reads and teaches the same words. Use it from one
/// thread, as UIKit delivers keystrokes on the main thread; it does no locking.
public final class WordHistory {
  /// How many trie nodes it keeps, the root included.
  public let capacity: Int
  /// The count of learned words through a prefix at which the history weighs as much as the
  /// tables (`TypingContext` blends μ = c / (c + balance)).
  public let balance: Float
  /// The default `capacity`: about 2,500 distinct words of ordinary text, 192 KiB of nodes.
  public static let defaultCapacity = 8192
  /// How many word pairs it keeps at most.
  public let pairCapacity: Int
  /// The default `pairCapacity`: 2,048 pairs of 8 bytes, 16 KiB.
  public static let defaultPairCapacity = 2048
  /// The default `balance`, chosen by `keygram tune --history` on the tuning text.
  public static let defaultBalance: Float = 3

  // The live nodes are internal, not private, so `_checkInvariants()` (WordHistory+Invariants.swift) can walk them.
  /// Per node: how many learned words pass through it (halved at each compaction).
  var counts: FloatBuffer
  /// Per node: its letter index, its first child and its next sibling (0: none; the root is
  /// node 0 and never anyone's child or sibling).
  var letters: UInt16Buffer
  var firstChild: UInt16Buffer
  var nextSibling: UInt16Buffer
  /// Per node: its parent (the root's is 0), so a pair's word can be read from its node up.
  /// One set: `compact()` never reads the old links, so it rewrites them in place.
  var parents: UInt16Buffer
  /// The pairs, sorted by key: first node × 65,536 + second node (first 0: the sentence start).
  var pairKeys: UInt32Buffer
  /// Per pair: how often it was learned (halved with the trie's counts, and when the table is full).
  var pairCounts: FloatBuffer
  /// How many pairs are kept (`pairKeys` and `pairCounts` hold them in 0 ..< keptPairCount).
  public internal(set) var keptPairCount = 0
  /// The second set of nodes, where `compact()` copies the survivors.
  private var spareCounts: FloatBuffer
  /// Also, once `compact()` swapped the sets, its map from old nodes to new (0xFFFF: dropped).
  private(set) var spareLetters: UInt16Buffer
  private var spareFirstChild: UInt16Buffer
  private var spareNextSibling: UInt16Buffer
  /// During `compact()`, each new node's index in the old set.
  private let origin: UInt16Buffer
  /// How many nodes are in use, the root included.
  public internal(set) var nodeCount = 1
  /// Bumped whenever a word or a pair is learned or unlearned, so cached weights know to recompute.
  public internal(set) var version: UInt32 = 0
  /// Bumped whenever nodes move (`compact()`), so a cursor from before knows it is stale.
  public internal(set) var generation: UInt32 = 0

  /// The longest word it learns, in letters (longer ones are not learned).
  public static let maximumWordLength = 48
  /// Whether `learn`, `unlearn` and the pair calls change anything: false in a secure field, or
  /// when the user turned learning off. What was learned still counts.
  public var isLearning = true

  /// An empty history of `capacity` nodes (clamped to 64 ... 65,535) and `pairCapacity` word
  /// pairs (clamped to 0 ... 1,048,576; 0 learns no pairs).
  public init(capacity: Int = WordHistory.defaultCapacity, pairCapacity: Int = WordHistory.defaultPairCapacity,
              balance: Float = WordHistory.defaultBalance) {
    self.capacity = Swift.min(Swift.max(capacity, 64), Int(UInt16.max))
    self.pairCapacity = Swift.min(Swift.max(pairCapacity, 0), 1 << 20)
    parents = UInt16Buffer(repeating: 0, count: self.capacity)
    pairKeys = UInt32Buffer(repeating: 0, count: self.pairCapacity)
    pairCounts = FloatBuffer(repeating: 0, count: self.pairCapacity)
    self.balance = balance.isFinite && balance > 0 ? balance : Self.defaultBalance
    counts = FloatBuffer(repeating: 0, count: self.capacity)
    letters = UInt16Buffer(repeating: 0, count: self.capacity)
    firstChild = UInt16Buffer(repeating: 0, count: self.capacity)
    nextSibling = UInt16Buffer(repeating: 0, count: self.capacity)
    spareCounts = FloatBuffer(repeating: 0, count: self.capacity)
    spareLetters = UInt16Buffer(repeating: 0, count: self.capacity)
    spareFirstChild = UInt16Buffer(repeating: 0, count: self.capacity)
    spareNextSibling = UInt16Buffer(repeating: 0, count: self.capacity)
    origin = UInt16Buffer(repeating: 0, count: self.capacity)
  }

  /// How many words it has learned (halved at each compaction): the root's count.
  public var wordCount: Float { counts[0] }

  /// Forgets every word and every pair (say, when the user clears their keyboard history).
  public func removeAll() {
    nodeCount = 1
    counts[0] = 0
    firstChild[0] = 0
    keptPairCount = 0
    version &+= 1
    generation &+= 1
  }

  /// Learns one occurrence of the word whose `length` letters `letter(0)`, `letter(1)`, …
  /// give, in order. Words longer than `maximumWordLength`, empty ones and letters past
  /// 65,534 are not learned. Returns the node where the word ends (for `learnPair`), or nil when
  /// it was not learned.
  @discardableResult
  public func learn(length: Int, letter: (Int) -> Int) -> Int? {
    guard isLearning else { return nil }
    guard length > 0, length <= Self.maximumWordLength else { return nil }
    for position in 0..<length where letter(position) < 0 || letter(position) >= Int(UInt16.max) { return nil }
    while nodeCount + length > capacity { compact() }
    counts[0] += 1
    var node = 0
    for position in 0..<length {
      let wanted = UInt16(letter(position))
      var child = Int(firstChild[node]), previous = 0
      while child != 0 && letters[child] != wanted {
        previous = child
        child = Int(nextSibling[child])
      }
      if child == 0 {
        child = nodeCount
        nodeCount += 1
        letters[child] = wanted
        counts[child] = 0
        firstChild[child] = 0
        nextSibling[child] = 0
        parents[child] = UInt16(node)
        if previous == 0 { firstChild[node] = UInt16(child) } else { nextSibling[previous] = UInt16(child) }
      }
      counts[child] += 1
      node = child
    }
    version &+= 1
    return node
  }

  /// Takes back one occurrence of a word `learn` was given (the user undid it): each count
  /// along its path drops by one, floored at 0. Nothing happens unless the word was learned
  /// (its count as a whole word is at least 1). Nodes stay until a compaction drops them.
  /// Returns whether an occurrence was taken back.
  @discardableResult
  public func unlearn(length: Int, letter: (Int) -> Int) -> Bool {
    guard isLearning else { return false }
    guard length > 0, length <= Self.maximumWordLength else { return false }
    var node = 0
    for position in 0..<length {
      guard let next = child(of: node, letter: letter(position)) else { return false }
      node = next
    }
    guard counts[node] - continuingCount(of: node) >= 1 else { return false }
    counts[0] = Swift.max(counts[0] - 1, 0)
    node = 0
    for position in 0..<length {
      node = child(of: node, letter: letter(position))!
      counts[node] = Swift.max(counts[node] - 1, 0)
    }
    version &+= 1
    return true
  }

  /// Halves every count and keeps the nodes still counted at least once, copied breadth-first
  /// into the spare set, which then becomes the live one; the pairs are halved and moved to
  /// the new nodes (`compactPairs()`).
  func compact() {
    spareCounts[0] = counts[0] / 2
    spareLetters[0] = 0
    spareFirstChild[0] = 0
    spareNextSibling[0] = 0
    origin[0] = 0
    var kept = 1
    var index = 0
    while index < kept {
      var child = Int(firstChild[Int(origin[index])])
      var lastKept = 0
      while child != 0 {
        let halved = counts[child] / 2
        if halved >= 1 {
          spareCounts[kept] = halved
          spareLetters[kept] = letters[child]
          spareFirstChild[kept] = 0
          spareNextSibling[kept] = 0
          origin[kept] = UInt16(child)
          parents[kept] = UInt16(index)
          if lastKept == 0 { spareFirstChild[index] = UInt16(kept) } else { spareNextSibling[lastKept] = UInt16(kept) }
          lastKept = kept
          kept += 1
        }
        child = Int(nextSibling[child])
      }
      index += 1
    }
    swap(&counts, &spareCounts)
    swap(&letters, &spareLetters)
    swap(&firstChild, &spareFirstChild)
    swap(&nextSibling, &spareNextSibling)
    let oldNodeCount = nodeCount
    nodeCount = kept
    // The old letters are spare now: they hold the map from old nodes to new.
    for old in 0..<oldNodeCount { spareLetters[old] = UInt16.max }
    for new in 0..<kept { spareLetters[Int(origin[new])] = UInt16(new) }
    compactPairs()
    generation &+= 1
  }

  /// The child of `node` for `letter`, or nil.
  func child(of node: Int, letter: Int) -> Int? {
    var child = Int(firstChild[node])
    while child != 0 {
      if Int(letters[child]) == letter { return child }
      child = Int(nextSibling[child])
    }
    return nil
  }

  /// The first child of `node`, or 0 for none; with `nextSiblingNode(of:)`, a walk over the
  /// children without a closure (the word decoder's beam).
  @inline(__always)
  func firstChildNode(of node: Int) -> Int { Int(firstChild[node]) }

  /// The next sibling of `node`, or 0 for none.
  @inline(__always)
  func nextSiblingNode(of node: Int) -> Int { Int(nextSibling[node]) }

  /// The letter on the edge into `node`.
  @inline(__always)
  func letter(ofNode node: Int) -> Int { Int(letters[node]) }

  /// How many learned words pass through `node`.
  func count(of node: Int) -> Float { counts[node] }

  /// Calls `body(letter, count)` for each child of `node`; returns the children's total count.
  @inline(__always)
  func forEachChild(of node: Int, _ body: (Int, Float) -> Void) {
    var child = Int(firstChild[node])
    while child != 0 {
      body(Int(letters[child]), counts[child])
      child = Int(nextSibling[child])
    }
  }

  /// How many learned words go on past `node` with another letter: its children's counts.
  func continuingCount(of node: Int) -> Float {
    var children: Float = 0
    forEachChild(of: node) { _, count in children += count }
    return children
  }

  /// The count of learned words that are exactly the prefix at `node` (its count less its
  /// children's).
  public func endCount(at cursor: Cursor) -> Float {
    guard cursor.isValid(in: self) else { return 0 }
    return endCount(ofNode: cursor.node)
  }

  /// How many learned words are exactly the prefix at `node`: its count less its children's
  /// (`count(of:)` counts the words that go on past it too).
  func endCount(ofNode node: Int) -> Float { Swift.max(counts[node] - continuingCount(of: node), 0) }

  /// How often the word `letters` (letter indices) was learned, as counted now; for tests and tools.
  public func count(ofWord word: some Sequence<Int>) -> Float {
    var cursor = Cursor(history: self)
    for letter in word { cursor.step(letter: letter, in: self) }
    return endCount(at: cursor)
  }

  /// Where the typed prefix of the current word is in a `WordHistory`: a plain value.
  public struct Cursor: Equatable, Sendable {
    /// The node of the prefix; meaningless when parked.
    var node: Int
    /// The history's `generation` the node belongs to.
    var generation: UInt32
    /// True once the prefix has left the history (or for a cursor with none).
    public private(set) var isParked: Bool

    /// A parked cursor: no history.
    public init() {
      node = 0
      generation = 0
      isParked = true
    }

    /// A cursor at the root of `history` (the empty prefix).
    public init(history: WordHistory) {
      node = 0
      generation = history.generation
      isParked = false
    }

    /// Whether the cursor points at a live node of `history`.
    func isValid(in history: WordHistory) -> Bool {
      !isParked && generation == history.generation && node < history.nodeCount
    }

    /// Follows `letter`; parks when no learned word continues with it, or when the history's
    /// nodes moved since the cursor was made (a compaction).
    public mutating func step(letter: Int, in history: WordHistory) {
      guard isValid(in: history), let next = history.child(of: node, letter: letter) else {
        isParked = true
        return
      }
      node = next
    }

    /// Leaves the history until the next word.
    public mutating func park() { isParked = true }
  }
}
