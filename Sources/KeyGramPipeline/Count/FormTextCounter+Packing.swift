/// A written form of up to 16 letters and apostrophes packed into two UInt64 for
/// `ShortWordTable`, a byte each in order: a letter's symbol (1 ... 126) with the top bit set for a
/// capital, `apostropheByte` for an apostrophe. No byte is zero, so the table's zero bytes still
/// mark the end; alphabets of 127 letters or more are not packed.
extension FormTextCounter {
  static let apostropheByte: UInt8 = 0x7F
  static let capitalBit: UInt8 = 0x80

  /// The form packed, or nil when it has more than 16 letters and apostrophes.
  @inline(__always)
  static func pack(_ word: WrittenWord) -> (low: UInt64, high: UInt64)? {
    let symbols = word.symbols, apostrophes = word.apostrophes
    guard symbols.count + apostrophes.count <= ShortWordTable.maximumLength else { return nil }
    var low: UInt64 = 0, high: UInt64 = 0
    var index = 0, next = 0
    for position in symbols.indices {
      while next < apostrophes.count && Int(apostrophes[next]) == position {
        ShortWordTable.pack(apostropheByte, at: index, low: &low, high: &high)
        index &+= 1
        next &+= 1
      }
      let isCapital = word.capitals & (1 << UInt64(position)) != 0
      ShortWordTable.pack(symbols[position] | (isCapital ? capitalBit : 0), at: index, low: &low, high: &high)
      index &+= 1
    }
    while next < apostrophes.count {
      ShortWordTable.pack(apostropheByte, at: index, low: &low, high: &high)
      index &+= 1
      next &+= 1
    }
    return (low, high)
  }

  /// A packed form read back.
  static func unpack(_ low: UInt64, _ high: UInt64) -> WrittenWord {
    var word = WrittenWord()
    for byte in ShortWordTable.unpack(low, high) {
      if byte == apostropheByte {
        word.apostrophes.append(UInt8(word.symbols.count))
        continue
      }
      if byte & capitalBit != 0 { word.capitals |= 1 << UInt64(word.symbols.count) }
      word.symbols.append(byte & ~capitalBit)
    }
    return word
  }
}
