import KeyGram

/// Appends little-endian integers and length-prefixed strings.
struct ByteWriter {
  var bytes: [UInt8] = []
  mutating func uint8(_ value: UInt8) { bytes.append(value) }
  mutating func uint16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
  mutating func bytes(_ values: [UInt8]) { bytes.append(contentsOf: values) }
  mutating func string16(_ text: String) {
    let utf8 = Array(text.utf8)
    uint16(UInt16(utf8.count))
    bytes.append(contentsOf: utf8)
  }
  mutating func pad(toMultipleOf alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }
  mutating func patch32(_ value: UInt32, at offset: Int) {
    for k in 0..<4 { bytes[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
  }
}

/// Reads what `ByteWriter` wrote, returning nil past the end.
struct ByteReader {
  let section: TableBytes
  var offset = 0
  init(_ section: TableBytes) { self.section = section }
  mutating func uint16() -> UInt16? { take(2).map { section.uint16(at: $0) } }
  mutating func uint32() -> UInt32? { take(4).map { section.uint32(at: $0) } }
  mutating func uint64() -> UInt64? { take(8).map { section.uint64(at: $0) } }
  mutating func bytes(_ count: Int) -> [UInt8]? { take(count).map { section.slice(from: $0, length: count).array } }
  mutating func string16() -> String? {
    guard let length = uint16(), let utf8 = bytes(Int(length)) else { return nil }
    return String(decoding: utf8, as: UTF8.self)
  }
  /// The offset of the next `count` bytes, if there are that many, and moves past them.
  private mutating func take(_ count: Int) -> Int? {
    guard offset + count <= section.count else { return nil }
    defer { offset += count }
    return offset
  }
}
