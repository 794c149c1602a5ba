/// Why a table could not be opened. Every failure at open is one of these, never a trap.
public enum KeyGramTableError: Error, Equatable, Sendable {
  /// The file could not be opened or mapped (`errno`).
  case cannotOpen(SystemErrno)
  /// The path is a FIFO, socket or device: a table must be a file, mapped whole.
  case notAFile
  /// The first eight bytes are not "KEYGRAM\0".
  case badMagic
  /// The format's major version is one this runtime does not read.
  case unsupportedVersion(major: UInt16, minor: UInt16)
  /// The header says the writer never finished (state `PART`).
  case incomplete
  /// There are fewer bytes than the header or the recorded file size needs.
  case truncated(expected: Int, actual: Int)
  /// A header field is out of range; `field` names it.
  case badHeader(field: String)
  /// The stored CRC-32 does not match the bytes.
  case checksumMismatch(stored: UInt32, computed: UInt32)
  /// A section is missing, misaligned, out of bounds, overlapping or of the wrong length.
  case badSection(tag: String, reason: String)
  /// An embedded (generated Swift) table's text is not valid base64.
  case badEncoding
}

extension KeyGramTableError: CustomStringConvertible {
  /// What is wrong, with the byte offset where there is one.
  public var description: String {
    switch self {
    case .cannotOpen(let errno): return "cannot open: \(errno)"
    case .notAFile: return "not a file (a FIFO, pipe, socket or device); a table must be a file"
    case .badMagic: return "not a KeyGram table (bad magic at byte 0)"
    case .unsupportedVersion(let major, let minor):
      return "unsupported format version \(major).\(minor) at byte \(TableFormat.Offset.majorVersion); this reader reads \(TableFormat.majorVersion).x"
    case .incomplete: return "incomplete table: the writer was interrupted (state PART at byte \(TableFormat.Offset.state))"
    case .truncated(let expected, let actual): return "truncated: expected \(expected) bytes, found \(actual)"
    case .badHeader(let field): return "bad header field: \(field)"
    case .checksumMismatch(let stored, let computed):
      return "checksum mismatch: header says CRC-32 \(hex(stored)), bytes give \(hex(computed))"
    case .badSection(let tag, let reason): return "bad section \(tag): \(reason)"
    case .badEncoding: return "embedded table is not valid base64"
    }
  }
}

private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}
