import KeyGram
import TestSupport
import Testing
@testable import KeyGramPipeline

/// The runtime's own CRC-32 (four interleaved streams, joined as `crc32_combine` does) agrees
/// with zlib's on every length and wherever the zeroed field falls: lane boundaries, the
/// 512-byte switch to the single stream, the ends, and beyond.
@Suite("CRC-32 matches zlib")
struct CrcTests {
  static let lengths = [0, 1, 3, 7, 8, 9, 63, 64, 65, 255, 256, 257, 511, 512, 513, 515, 516, 517,
                        1000, 4095, 4096, 40_544, 100_003]

  /// Offsets of the zeroed field for `count` bytes: the ends, the middle, around each of the
  /// four lanes' boundaries (lanes are `count / 32 * 8` long), around 512 (where the part
  /// before the field switches to lanes), beyond the end, and a few seeded random ones.
  static func zeroedOffsets(count: Int, _ generator: inout SeededRandom) -> [Int] {
    let lane = count / 32 * 8
    var offsets = [0, 1, 4, count / 2, count - 5, count - 4, count - 3, count - 1, count, count + 1, count + 100]
    for boundary in [lane, 2 * lane, 3 * lane, 4 * lane] {
      offsets += (boundary - 9...boundary + 9).map { $0 }
    }
    offsets += [508, 511, 512, 513, count - 512, count - 516, count - 517]
    if count > 0 { offsets += (0..<8).map { _ in Int(generator.next() % UInt64(count)) } }
    return Set(offsets.filter { $0 >= 0 }).sorted()
  }

  @Test(arguments: lengths)
  func matchesZlibWithFieldZeroed(count: Int) {
    var generator = SeededRandom(seed: 0xC4C_0000 &+ UInt64(count))
    let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    for offset in Self.zeroedOffsets(count: count, &generator) {
      var zeroed = bytes
      for index in offset..<offset + 4 where index < count { zeroed[index] = 0 }
      let expected = zeroed.withUnsafeBytes { zlib_crc32($0) }
      let computed = TableBytes.withBytes(of: bytes) { $0.crc32(readingAsZero: offset) }
      #expect(computed == expected, "count \(count), field at \(offset)")
    }
  }

  @Test func knownValue() {
    // The standard check value: CRC-32 of "123456789" is 0xCBF43926; the field beyond the end.
    let digits = Array("123456789".utf8)
    #expect(TableBytes.withBytes(of: digits) { $0.crc32(readingAsZero: 9) } == 0xCBF4_3926)
  }

  @Test func longUniformRunsMatch() {
    // All-zero and all-0xFF images: every lane starts the same, so a mixed-up join would show.
    for byte in [0x00, 0xFF] as [UInt8] {
      let bytes = [UInt8](repeating: byte, count: 40_544)
      for offset in [0, 8, 10_136, 40_540] {
        var zeroed = bytes
        for index in offset..<offset + 4 { zeroed[index] = 0 }
        let expected = zeroed.withUnsafeBytes { zlib_crc32($0) }
        #expect(TableBytes.withBytes(of: bytes) { $0.crc32(readingAsZero: offset) } == expected)
      }
    }
  }
}
