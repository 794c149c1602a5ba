/// Exact counts of short words (up to 16 letter symbols), kept apart from `WordCounts` because
/// running text repeats a few thousand words millions of times: each word is packed into two
/// UInt64, symbol i in byte i (symbols are 1 ... 255, so zero bytes mark the end) and counted in an open-addressing
/// table, with no allocation per word. `TextWordCounter` moves them into `WordCounts` in bulk.
struct ShortWordTable {
  /// The longest word the table holds; longer ones go to `WordCounts` directly.
  static let maximumLength = 16

  private var low: [UInt64]
  private var high: [UInt64]
  /// 0 marks an empty slot: every stored word has a count of at least 1.
  private var counts: [UInt64]
  private var mask: Int
  /// Distinct words held.
  private(set) var count = 0

  init(capacity: Int = 1 << 14) {
    var slots = 16
    while slots < capacity { slots *= 2 }
    low = Array(repeating: 0, count: slots)
    high = low
    counts = low
    mask = slots - 1
  }

  /// Adds one occurrence of the word packed as `low`, `high`. Throws on the
  /// 2⁶⁴th occurrence, changing nothing.
  @inline(__always)
  mutating func addOne(low wordLow: UInt64, high wordHigh: UInt64) throws(CountOverflow) {
    var slot = Self.hash(wordLow, wordHigh) & mask
    while counts[slot] != 0 {
      if low[slot] == wordLow && high[slot] == wordHigh {
        guard counts[slot] < .max else { throw CountOverflow(count: "the word count of \(Self.unpack(wordLow, wordHigh))") }
        counts[slot] += 1
        return
      }
      slot = (slot + 1) & mask
    }
    low[slot] = wordLow
    high[slot] = wordHigh
    counts[slot] = 1
    count += 1
    if count * 2 > counts.count { grow() }
  }

  /// Moves every word into `words` and empties the table.
  mutating func drain(into words: inout WordCounts) throws(CountOverflow) {
    for slot in counts.indices where counts[slot] != 0 {
      try words.add(Self.unpack(low[slot], high[slot]), count: counts[slot])
    }
    self = ShortWordTable()
  }

  /// The symbol at `index` (0 ..< 16) of a packed word: symbol i is byte i of `low`, then of `high`.
  @inline(__always)
  static func symbol(at index: Int, low: UInt64, high: UInt64) -> UInt8 {
    UInt8(truncatingIfNeeded: (index < 8 ? low : high) >> (8 * UInt64(index % 8)))
  }

  /// A packed word's symbols: the bytes up to the first zero.
  static func unpack(_ low: UInt64, _ high: UInt64) -> [UInt8] {
    var word: [UInt8] = []
    for index in 0..<maximumLength {
      let byte = symbol(at: index, low: low, high: high)
      guard byte != 0 else { break }
      word.append(byte)
    }
    return word
  }

  @inline(__always)
  private static func hash(_ low: UInt64, _ high: UInt64) -> Int {
    // MurmurHash3's 64-bit finaliser over both halves: every input bit reaches the low bits.
    var mixed = low ^ (high &* 0x9E37_79B9_7F4A_7C15)
    mixed ^= mixed >> 33
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    return Int(truncatingIfNeeded: mixed)
  }

  private mutating func grow() {
    var bigger = ShortWordTable(capacity: counts.count * 2)
    for slot in counts.indices where counts[slot] != 0 {
      var target = Self.hash(low[slot], high[slot]) & bigger.mask
      while bigger.counts[target] != 0 { target = (target + 1) & bigger.mask }
      bigger.low[target] = low[slot]
      bigger.high[target] = high[slot]
      bigger.counts[target] = counts[slot]
    }
    bigger.count = count
    self = bigger
  }
}
