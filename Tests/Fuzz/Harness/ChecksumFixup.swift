import KeyGram
import KeyGramPipeline

/// Inputs with their size and CRC-32 fields made to match their bytes, so that mutations get
/// past the checksum to the structural checks behind it (a mutant with a stale CRC only ever
/// tests the CRC).
enum ChecksumFixup {
  /// A table image: file size (UInt32 at 24) and CRC-32 (at 28, read as zero).
  static func table(_ image: [UInt8]) -> [UInt8] {
    fixed(image, headerSize: TableFormat.headerSize, sizeAt: TableFormat.Offset.fileSize, sizeWidth: 4,
          crcAt: TableFormat.Offset.crc32)
  }

  /// A count file: file size (UInt64 at 24) and CRC-32 (at 32, read as zero).
  static func countFile(_ file: [UInt8]) -> [UInt8] {
    fixed(file, headerSize: CountFile.headerSize, sizeAt: CountFile.Offset.fileSize, sizeWidth: 8,
          crcAt: CountFile.Offset.crc)
  }

  private static func fixed(_ bytes: [UInt8], headerSize: Int, sizeAt: Int, sizeWidth: Int, crcAt: Int) -> [UInt8] {
    guard bytes.count >= headerSize else { return bytes }
    var fixed = bytes
    let size = UInt64(bytes.count)
    for k in 0..<sizeWidth { fixed[sizeAt + k] = UInt8(truncatingIfNeeded: size >> (8 * UInt64(k))) }
    for k in 0..<4 { fixed[crcAt + k] = 0 }
    let crc = fixed.withUnsafeBytes { zlib_crc32($0) }
    for k in 0..<4 { fixed[crcAt + k] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k))) }
    return fixed
  }
}
