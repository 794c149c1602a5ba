/// Strict UTF-8 decoding of one sequence (no overlongs, surrogates or values past U+10FFFF).
enum UTF8Sequence {
  enum Result {
    case scalar(Unicode.Scalar, length: Int)
    /// An ill-formed sequence; `length` is its maximal subpart, at least 1.
    case invalid(length: Int)
    case needMoreBytes
  }

  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Result {
    let lead = bytes[i]
    let length: Int
    var value: UInt32
    var low: UInt8 = 0x80, high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0: length = 3; value = 0; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xED: length = 3; value = 0xD; high = 0x9F
    case 0xF0: length = 4; value = 0; low = 0x90
    case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
    case 0xF4: length = 4; value = 4; high = 0x8F
    default: return .invalid(length: 1)
    }
    for k in 1..<length {
      guard i + k < bytes.count else { return .needMoreBytes }
      let byte = bytes[i + k]
      let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      guard byte >= lo && byte <= hi else { return .invalid(length: k) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return .scalar(Unicode.Scalar(value)!, length: length)
  }
}

extension UTF8Sequence {
  /// The offset, in its decompressed text, of the first byte of the file at `path` that starts
  /// an invalid UTF-8 sequence; nil if it has none or cannot be read again (standard input).
  static func firstInvalidOffset(inFileAt path: String) -> Int? {
    guard path != CorpusReader.standardInput, let reader = try? CorpusReader(path: path) else { return nil }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var carried: [UInt8] = [], offset = 0
    while true {
      guard let count = try? buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }), count > 0 else {
        return carried.isEmpty ? nil : offset  // the file ends inside a sequence
      }
      let bytes = carried + buffer[..<count]
      // (invalid, where) of the first sequence that is not a whole valid one; nil if all are.
      let stop: (invalid: Bool, at: Int)? = bytes.withUnsafeBufferPointer { bytes in
        var i = 0
        while i < bytes.count {
          if bytes[i] < 0x80 { i += 1; continue }
          switch decode(bytes, at: i) {
          case .scalar(_, let length): i += length
          case .invalid: return (true, i)
          case .needMoreBytes: return (false, i)
          }
        }
        return nil
      }
      if let stop, stop.invalid { return offset + stop.at }
      let kept = stop?.at ?? bytes.count
      carried = Array(bytes[kept...])
      offset += kept
    }
  }
}
