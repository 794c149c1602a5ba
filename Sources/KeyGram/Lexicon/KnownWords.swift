/// The language's words beyond the lexicon (format 2.4 `KNOW`): real words too rare to suggest,
/// which the decoder lets stand as typed (`DecodedWord.Source.knownWord`) where it would
/// otherwise correct their spelling. A Bloom filter over their letters, read in place: a word
/// not in it is never taken for one, a word in it is known up to the filter's false-positive
/// rate (`falsePositiveRate`). Lookups allocate nothing.
///
/// The builder sets the bits with the same `bitIndices(count:letter:bitCount:hashCount:_:)`, so
/// the two cannot disagree on a word.
public struct KnownWords: Sendable {
  let section: TableBytes
  let layout: KnownWordsSection
  /// The table whose memory `section` is, kept alive.
  let owner: KeyGramTable

  /// The words the builder put in.
  public var wordCount: Int { layout.wordCount }
  /// The bits each word sets.
  public var hashCount: Int { layout.hashCount }
  /// The filter's size in bits.
  public var bitCount: Int { 64 * layout.blockCount }

  /// The chance that letters which are no known word are taken for one: (1 − (1 − 1/m)^(kn))^k.
  public var falsePositiveRate: Double {
    // (1 − 1/m)^(kn) by squaring: the share of bits the words left unset.
    var base = 1 - 1 / Double(bitCount), exponent = hashCount * wordCount, unset = 1.0
    while exponent > 0 {
      if exponent & 1 == 1 { unset *= base }
      base *= base
      exponent >>= 1
    }
    var rate = 1.0
    for _ in 0..<hashCount { rate *= 1 - unset }
    return rate
  }

  /// Whether the `count` letters `letter(0) ... letter(count − 1)` (letter indices) are a known
  /// word. No allocation.
  public func contains(count: Int, letter: (Int) -> Int) -> Bool {
    guard count > 0 else { return false }
    var found = true
    Self.bitIndices(count: count, letter: letter, bitCount: bitCount, hashCount: hashCount) { bit in
      let block = section.uint64(at: TableFormat.KnownWordFilter.headSize + 8 * (bit >> 6))
      if block & (1 << UInt64(bit & 63)) == 0 { found = false }
    }
    return found
  }

  /// Whether `letters` (letter indices) are a known word.
  public func contains(_ letters: [Int]) -> Bool {
    contains(count: letters.count) { letters[$0] }
  }

  /// The `hashCount` bits of a filter of `bitCount` bits that the word of `count` letters sets:
  /// FNV-1a over the letters, split in two by SplitMix64's finaliser, combined as
  /// h₁ + i·h₂ (Kirsch and Mitzenmacher), each reduced to the filter by a multiply-shift.
  public static func bitIndices(count: Int, letter: (Int) -> Int, bitCount: Int, hashCount: Int, _ body: (Int) -> Void) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in 0..<count { hash = (hash ^ UInt64(truncatingIfNeeded: letter(index) &+ 1)) &* 0x100_0000_01b3 }
    let first = mix(hash), second = mix(hash ^ 0x9e37_79b9_7f4a_7c15) | 1
    for index in 0..<hashCount {
      let combined = first &+ UInt64(truncatingIfNeeded: index) &* second
      body(Int(truncatingIfNeeded: combined.multipliedFullWidth(by: UInt64(truncatingIfNeeded: bitCount)).high))
    }
  }

  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}

extension KeyGramTable {
  /// The language's known words beyond the lexicon (format 2.4 `KNOW`), or nil for a table
  /// without them.
  public var knownWords: KnownWords? {
    guard let layout = sections.knownWords else { return nil }
    return KnownWords(section: bytes.slice(from: sections.knownWordsOffset, length: TableFormat.KnownWordFilter.length(blocks: layout.blockCount)),
                      layout: layout, owner: self)
  }
}
