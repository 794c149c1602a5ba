/// One entry of a word list, as a count file stores it and a spilled run too: the length
/// (UInt8), the letters (stream symbols, `Symbol`), then the count (UInt64, little-endian).
enum WordEntry {
  static func append(_ word: some Collection<UInt8>, count: UInt64, to bytes: inout [UInt8]) {
    bytes.append(UInt8(word.count))
    bytes.append(contentsOf: word)
    withUnsafeBytes(of: count.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// The entry at `input`'s offset, as `append` wrote it; the length is returned unchecked, for
  /// the caller to judge (a count file checks it, a spilled run wrote it itself).
  static func read(from input: BufferedInput) throws(CountFileError) -> (word: [UInt8], count: UInt64) {
    let word = try input.bytes(Int(try input.uint8()))
    return (word, try input.uint64())
  }
}
