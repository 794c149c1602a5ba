/// A word's letters as `ShortWordTable` keys them: up to 16 packed into `low` and `high`, so most
/// words are read and counted in registers; a longer word is whole in `long`.
struct PackedWord: WordLetters {
  /// Letters 0 ..< 16, a byte each (`ShortWordTable.pack`); past 16 they stay the first 16.
  var low: UInt64 = 0, high: UInt64 = 0
  var count = 0
  /// Every letter once there are more than 16; stale below, its storage kept for the next long word.
  private(set) var long: [UInt8] = []

  init() {}

  var lastSymbol: UInt8 {
    switch count {
    case 0: Symbol.wordBoundary
    case 1...ShortWordTable.maximumLength: ShortWordTable.symbol(at: count - 1, low: low, high: high)
    default: long[long.count - 1]
    }
  }

  @inline(__always)
  mutating func append(_ symbol: UInt8) {
    if count < ShortWordTable.maximumLength {
      ShortWordTable.pack(symbol, at: count, low: &low, high: &high)
    } else {
      if count == ShortWordTable.maximumLength {
        long.removeAll(keepingCapacity: true)
        for index in 0..<count { long.append(ShortWordTable.symbol(at: index, low: low, high: high)) }
      }
      long.append(symbol)
    }
    count += 1
  }

  mutating func replaceLast(with symbol: UInt8) {
    guard count <= ShortWordTable.maximumLength else {
      long[long.count - 1] = symbol
      return
    }
    let index = count - 1
    let shift = 8 * UInt64(index % 8)
    if index < 8 { low = low & ~(0xFF << shift) | UInt64(symbol) << shift }
    else { high = high & ~(0xFF << shift) | UInt64(symbol) << shift }
  }

  @inline(__always)
  mutating func clear() {
    low = 0
    high = 0
    count = 0
  }

  static func == (a: PackedWord, b: PackedWord) -> Bool {
    a.count == b.count && a.low == b.low && a.high == b.high && (a.count <= ShortWordTable.maximumLength || a.long == b.long)
  }

  /// The first 16 letters and the length: equal words hash alike whatever `long` holds.
  func hash(into hasher: inout Hasher) {
    hasher.combine(low)
    hasher.combine(high)
    hasher.combine(count)
  }
}
