/// Lowercase hexadecimal, for the digests and checksums the builder writes as text.
enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// Two digits per byte, in order.
  static func string(_ bytes: some Sequence<UInt8>) -> String {
    String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
  }

  /// "0x" and eight digits, most significant first.
  static func string(_ value: UInt32) -> String {
    "0x" + string([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
  }
}
