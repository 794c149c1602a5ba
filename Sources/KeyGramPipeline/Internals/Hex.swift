/// Hexadecimal, the one formatter for the digests, checksums and code points the builder and
/// the CLI write as text.
package enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// Two lowercase digits per byte, in order.
  package static func string(_ bytes: some Sequence<UInt8>) -> String {
    String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
  }

  /// "0x" and eight lowercase digits, most significant first: a CRC-32.
  package static func string(_ value: UInt32) -> String {
    "0x" + string([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
  }

  /// "U+" and the scalar's value in uppercase digits, as Unicode names one ("U+E9").
  package static func codePoint(_ value: UInt32) -> String {
    "U+" + String(value, radix: 16, uppercase: true)
  }
}
