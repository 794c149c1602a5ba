/// Exact counts of short words (up to 16 letter symbols), kept apart from `WordCounts` because
/// running text repeats a few thousand words millions of times: each word is packed into two
/// UInt64, symbol i in byte i (symbols are 1 ... 255, so zero bytes mark the end) and counted in
/// an open-addressing table, with no allocation per word. A slot holds the word and its count
/// side by side, so a lookup touches one cache line. `TextWordCounter` moves them into
/// `WordCounts` in bulk.
struct ShortWordTable {
  /// The longest word the table holds; longer ones go to `WordCounts` directly.
  static let maximumLength = 16

  struct Slot {
    var low: UInt64 = 0, high: UInt64 = 0
    /// 0 marks an empty slot: every stored word has a count of at least 1.
    var count: UInt64 = 0
  }

  private var slots: [Slot]
  /// The slot count's log₂: a hash's top bits pick the first slot.
  private var slotBits: Int
  /// Distinct words held.
  private(set) var count = 0

  init(capacity: Int = 1 << 14) {
    slotBits = 4
    while 1 << slotBits < capacity { slotBits += 1 }
    slots = Array(repeating: Slot(), count: 1 << slotBits)
  }

  /// Adds one occurrence of the word packed as `low`, `high`, in `slots` (this table's slots,
  /// which must not be full), probing from `firstSlot`. Returns whether the word was new;
  /// throws on the 2⁶⁴th occurrence, changing nothing.
  @inline(__always)
  private static func addOne(low wordLow: UInt64, high wordHigh: UInt64, to slots: UnsafeMutableBufferPointer<Slot>,
                             from firstSlot: Int) throws(CountOverflow) -> Bool {
    let mask = slots.count - 1
    var slot = firstSlot
    while true {
      let found = slots[slot]
      if found.count == 0 {
        slots[slot] = Slot(low: wordLow, high: wordHigh, count: 1)
        return true
      }
      if found.low == wordLow && found.high == wordHigh {
        guard found.count < .max else { throw CountOverflow(count: "the word count of \(unpack(wordLow, wordHigh))") }
        slots[slot].count = found.count &+ 1
        return false
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// Adds one occurrence of a word, growing the table as needed.
  mutating func addOne(low wordLow: UInt64, high wordHigh: UInt64) throws(CountOverflow) {
    if (count + 1) * 2 > slots.count { grow() }
    let first = Self.hash(wordLow, wordHigh, bits: slotBits)
    let isNew = try slots.withUnsafeMutableBufferPointer { slots throws(CountOverflow) in
      try Self.addOne(low: wordLow, high: wordHigh, to: slots, from: first)
    }
    if isNew { count += 1 }
  }

  /// Adds one occurrence of each word in `batch` (low, high pairs). The first slot of every
  /// word is computed up front, so each can be fetched from memory a few words before it is
  /// counted: most of a large vocabulary's slots are not in cache.
  mutating func add(batch: UnsafeBufferPointer<UInt64>, firstSlots: inout [Int]) throws(CountOverflow) {
    let words = batch.count / 2
    while (count + words) * 2 > slots.count { grow() }
    let bits = slotBits
    if firstSlots.count < words { firstSlots = [Int](repeating: 0, count: words) }
    let added = try firstSlots.withUnsafeMutableBufferPointer { first throws(CountOverflow) in
      for word in 0..<words { first[word] = Self.hash(batch[2 * word], batch[2 * word + 1], bits: bits) }
      return try slots.withUnsafeMutableBufferPointer { slots throws(CountOverflow) in
        let distance = 8
        var added = 0
        for word in 0..<words {
          if word + distance < words { system_prefetch(slots.baseAddress! + first[word + distance]) }
          if try Self.addOne(low: batch[2 * word], high: batch[2 * word + 1], to: slots, from: first[word]) { added += 1 }
        }
        return added
      }
    }
    count += added
  }

  /// Calls `body` with every word held, packed, and its count.
  func forEach(_ body: (_ low: UInt64, _ high: UInt64, _ count: UInt64) -> Void) {
    for slot in slots where slot.count != 0 { body(slot.low, slot.high, slot.count) }
  }

  /// Moves every word into `words` and empties the table.
  mutating func drain(into words: inout WordCounts) throws(CountOverflow) {
    for slot in slots where slot.count != 0 {
      try words.add(Self.unpack(slot.low, slot.high), count: slot.count)
    }
    self = ShortWordTable()
  }

  /// Puts `symbol` at `index` (0 ..< 16) of a packed word: byte `index` of `low` for 0 ... 7, of
  /// `high` for 8 ... 15, chosen by masks rather than a branch (word lengths are random).
  @inline(__always)
  static func pack(_ symbol: UInt8, at index: Int, low: inout UInt64, high: inout UInt64) {
    let inHigh = UInt64(index >> 3)
    let shifted = UInt64(symbol) &<< UInt64((index & 7) &* 8)
    low |= shifted & (inHigh &- 1)
    high |= shifted & (0 &- inHigh)
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

  /// The first slot to probe: the top `bits` of a multiplicative hash of both halves.
  @inline(__always)
  private static func hash(_ low: UInt64, _ high: UInt64, bits: Int) -> Int {
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> UInt64(64 - bits))
  }

  /// Doubles the slots and places every word again.
  private mutating func grow() {
    var bigger = ShortWordTable(capacity: slots.count * 2)
    let bits = bigger.slotBits
    bigger.slots.withUnsafeMutableBufferPointer { target in
      let mask = target.count - 1
      for slot in slots where slot.count != 0 {
        var index = Self.hash(slot.low, slot.high, bits: bits)
        while target[index].count != 0 { index = (index + 1) & mask }
        target[index] = slot
      }
    }
    bigger.count = count
    self = bigger
  }
}
