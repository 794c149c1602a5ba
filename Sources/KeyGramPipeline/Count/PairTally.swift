/// A `PairCounter`'s pairs in memory: each distinct word interned once as an id, each pair one
/// UInt64 of two ids, both in open-addressing tables keyed by registers (a word of up to 16
/// letters packed as `ShortWordTable` packs it), so counting a pair neither allocates nor
/// hashes its letters byte by byte. A flush moves them, as keys of letter symbols, into a
/// `WordCounts` (which spills sorted runs) and forgets the ids, so memory stays bounded.
struct PairTally {
  /// The first-word id of a pair that starts a sentence: no interned word has it.
  static let sentenceStart = UInt32.max

  /// The pairs flushed so far, keyed as `PairCounter` documents.
  private(set) var flushed: WordCounts
  /// Words of up to 16 letters, packed, and their ids.
  private var shortIds = PackedWordIds()
  /// Longer words and their ids.
  private var longIds: [[UInt8]: UInt32] = [:]
  /// Each id's letters.
  private var words: [[UInt8]] = []
  private var counts = PairCounts()
  private var firstSlots: [Int] = []
  private let memoryCap: Int

  init(memoryCap: Int) {
    self.memoryCap = memoryCap
    flushed = WordCounts(memoryCap: memoryCap, keyLimit: PairCounter.keyLimit)
  }

  /// The id of `word`, interned if new.
  @inline(__always)
  mutating func id(of word: PackedWord) -> UInt32 {
    guard word.count <= ShortWordTable.maximumLength else {
      if let id = longIds[word.long] { return id }
      let id = UInt32(words.count)
      longIds[word.long] = id
      words.append(word.long)
      return id
    }
    return id(low: word.low, high: word.high)
  }

  /// The id of the word of up to 16 letters packed as `low`, `high`, interned if new.
  @inline(__always)
  mutating func id(low: UInt64, high: UInt64) -> UInt32 {
    let (id, isNew) = shortIds.id(low: low, high: high, next: UInt32(words.count))
    if isNew { words.append(ShortWordTable.unpack(low, high)) }
    return id
  }

  /// The id of the word of letter symbols `symbols`, interned if new.
  mutating func id(of symbols: [UInt8]) -> UInt32 {
    var word = PackedWord()
    for symbol in symbols { word.append(symbol) }
    return id(of: word)
  }

  /// The letters of the word interned as `id`.
  func word(of id: UInt32) -> [UInt8] { words[Int(id)] }

  /// One more occurrence of each pair in `pairs` (first id << 32 | second id), `count`
  /// thousandths each: the slots are fetched from memory a few pairs ahead (most of a large
  /// text's pairs are not in cache).
  mutating func add(pairs: UnsafeBufferPointer<UInt64>, count: UInt64) {
    counts.add(batch: pairs, value: count, firstSlots: &firstSlots)
  }

  /// Whether the ids or pairs in memory reached the cap: time to `flush`.
  var isFull: Bool { counts.count >= memoryCap || words.count >= memoryCap }

  /// Moves the pairs into `flushed` and forgets every id.
  mutating func flush() throws(CountOverflow) {
    var key: [UInt8] = []
    key.reserveCapacity(PairCounter.keyLimit)
    var flushed = self.flushed
    defer { self.flushed = flushed }
    try counts.forEach { pair, count throws(CountOverflow) in
      let first = UInt32(truncatingIfNeeded: pair >> 32), second = UInt32(truncatingIfNeeded: pair)
      key.removeAll(keepingCapacity: true)
      if first != Self.sentenceStart { key += words[Int(first)] }
      key.append(PairCounter.separator)
      key += words[Int(second)]
      try flushed.add(key, count: count)
    }
    counts = PairCounts()
    shortIds = PackedWordIds()
    longIds = [:]
    words = []
  }

  mutating func spillIfFull() throws(OutputError) { try flushed.spillIfFull() }
}

/// Packed words (`ShortWordTable.pack`) and their ids, in an open-addressing table.
private struct PackedWordIds {
  private struct Slot {
    var low: UInt64 = 0, high: UInt64 = 0
    /// `empty` marks a free slot: no word gets that id (`PairTally.sentenceStart`).
    var id = PackedWordIds.empty
  }
  private static let empty = UInt32.max
  private var slots = [Slot](repeating: Slot(), count: 1 << 12)
  private var count = 0

  /// The id of the word packed as `low`, `high`, or `next` if it is new (and whether it was).
  @inline(__always)
  mutating func id(low: UInt64, high: UInt64, next: UInt32) -> (id: UInt32, isNew: Bool) {
    if (count + 1) * 2 > slots.count { grow() }
    return slots.withUnsafeMutableBufferPointer { slots in
      let mask = slots.count - 1
      var slot = Self.firstSlot(low, high, mask: mask)
      while true {
        let found = slots[slot]
        if found.id == Self.empty {
          slots[slot] = Slot(low: low, high: high, id: next)
          count += 1
          return (next, true)
        }
        if found.low == low && found.high == high { return (found.id, false) }
        slot = (slot &+ 1) & mask
      }
    }
  }

  @inline(__always)
  private static func firstSlot(_ low: UInt64, _ high: UInt64, mask: Int) -> Int {
    let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xFF51_AFD7_ED55_8CCD
    return Int(truncatingIfNeeded: mixed >> 32) & mask
  }

  private mutating func grow() {
    var bigger = [Slot](repeating: Slot(), count: slots.count * 2)
    let mask = bigger.count - 1
    for old in slots where old.id != Self.empty {
      var slot = Self.firstSlot(old.low, old.high, mask: mask)
      while bigger[slot].id != Self.empty { slot = (slot + 1) & mask }
      bigger[slot] = old
    }
    slots = bigger
  }
}

/// Pair counts keyed by two ids in one UInt64, in an open-addressing table whose slot holds the
/// key and its count side by side, so a lookup touches one cache line.
private struct PairCounts {
  private struct Slot {
    /// `empty` marks a free slot: no pair has it (the second id is never `PairTally.sentenceStart`).
    var key = PairCounts.empty
    var count: UInt64 = 0
  }
  private static let empty = UInt64.max
  private var slots = [Slot](repeating: Slot(), count: 1 << 12)
  private(set) var count = 0

  /// Adds `value` to each key of `batch`, fetching each key's first slot `distance` keys ahead.
  mutating func add(batch: UnsafeBufferPointer<UInt64>, value: UInt64, firstSlots: inout [Int]) {
    while (count + batch.count) * 2 > slots.count { grow() }
    if firstSlots.count < batch.count { firstSlots = [Int](repeating: 0, count: batch.count) }
    let added = firstSlots.withUnsafeMutableBufferPointer { first in
      slots.withUnsafeMutableBufferPointer { slots in
        let mask = slots.count - 1
        for index in batch.indices { first[index] = Self.firstSlot(batch[index], mask: mask) }
        let distance = 8
        var added = 0
        for index in batch.indices {
          if index + distance < batch.count { system_prefetch(slots.baseAddress! + first[index + distance]) }
          let key = batch[index]
          var slot = first[index]
          while true {
            let found = slots[slot].key
            if found == key {
              slots[slot].count &+= value
              break
            }
            if found == Self.empty {
              slots[slot] = Slot(key: key, count: value)
              added += 1
              break
            }
            slot = (slot &+ 1) & mask
          }
        }
        return added
      }
    }
    count += added
  }

  func forEach(_ body: (UInt64, UInt64) throws(CountOverflow) -> Void) throws(CountOverflow) {
    for slot in slots where slot.key != Self.empty { try body(slot.key, slot.count) }
  }

  @inline(__always)
  private static func firstSlot(_ key: UInt64, mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  private mutating func grow() {
    var bigger = [Slot](repeating: Slot(), count: slots.count * 2)
    let mask = bigger.count - 1
    for old in slots where old.key != Self.empty {
      var slot = Self.firstSlot(old.key, mask: mask)
      while bigger[slot].key != Self.empty { slot = (slot + 1) & mask }
      bigger[slot] = old
    }
    slots = bigger
  }
}
