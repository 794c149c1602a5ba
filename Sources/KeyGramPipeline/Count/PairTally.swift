/// A `PairCounter`'s pairs in memory: each distinct word interned once as an id, each pair one
/// UInt64 of two ids, so counting a pair neither allocates nor hashes its letters twice. A flush
/// moves them, as keys of letter symbols, into a `WordCounts` (which spills sorted runs) and
/// forgets the ids, so memory stays bounded.
struct PairTally {
  /// The first-word id of a pair that starts a sentence: no interned word has it.
  static let sentenceStart = UInt32.max

  /// The pairs flushed so far, keyed as `PairCounter` documents.
  private(set) var flushed: WordCounts
  private var ids: [[UInt8]: UInt32] = [:]
  private var words: [[UInt8]] = []
  private var counts: [UInt64: UInt64] = [:]
  private let memoryCap: Int

  init(memoryCap: Int) {
    self.memoryCap = memoryCap
    flushed = WordCounts(memoryCap: memoryCap, keyLimit: PairCounter.keyLimit)
  }

  /// The id of `word` (letter symbols), interned if new.
  mutating func id(of word: [UInt8]) -> UInt32 {
    if let id = ids[word] { return id }
    let id = UInt32(words.count)
    ids[word] = id
    words.append(word)
    return id
  }

  /// The letters of the word interned as `id`.
  func word(of id: UInt32) -> [UInt8] { words[Int(id)] }

  /// One more occurrence of (`first`, `second`), `count` thousandths; a count cannot pass UInt64.max one word at a time.
  mutating func add(first: UInt32, second: UInt32, count: UInt64) {
    counts[UInt64(first) << 32 | UInt64(second), default: 0] &+= count
  }

  /// Whether the ids or pairs in memory reached the cap: time to `flush`.
  var isFull: Bool { counts.count >= memoryCap || words.count >= memoryCap }

  /// Moves the pairs into `flushed` and forgets every id.
  mutating func flush() throws(CountOverflow) {
    var key: [UInt8] = []
    key.reserveCapacity(PairCounter.keyLimit)
    for (pair, count) in counts {
      let first = UInt32(truncatingIfNeeded: pair >> 32), second = UInt32(truncatingIfNeeded: pair)
      key.removeAll(keepingCapacity: true)
      if first != Self.sentenceStart { key += words[Int(first)] }
      key.append(PairCounter.separator)
      key += words[Int(second)]
      try flushed.add(key, count: count)
    }
    counts = [:]
    ids = [:]
    words = []
  }

  mutating func spillIfFull() throws(OutputError) { try flushed.spillIfFull() }
}
