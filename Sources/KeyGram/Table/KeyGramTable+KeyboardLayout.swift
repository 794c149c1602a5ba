/// The keyboard layout a table was built for (its `LAYT` section): which key types each
/// letter, and the letter on each key's cap (or the mark on a letterless key's), row by row. Geometry is the runtime's business:
/// `KeyboardLayout` places these keys on a screen.
public struct TableKeyboardLayout: Sendable, Equatable {
  /// The cap of each key, row by row, top to bottom: a letter, or a letterless key's mark.
  public var rows: [[Unicode.Scalar]]
  /// For each letter of the alphabet, the index of the key (in row order) that types it.
  public var keyIndexOfLetter: [Int]

  /// All keys' cap letters in row order.
  public var keyCaps: [Unicode.Scalar] { rows.flatMap { $0 } }

  /// True for a key (in row order) that no letter is typed by: a letterless key, such as the
  /// Greek `;`, whose cap is a mark that is not a letter (format 2.1).
  public func isLetterless(key: Int) -> Bool { !keyIndexOfLetter.contains(key) }
}

extension KeyGramTable {
  /// The layout stored in the table, or nil for a table without one (format 1.0).
  /// Allocates: read it once at setup, not per keystroke.
  public var keyboardLayout: TableKeyboardLayout? {
    guard let range = sections.keyboardLayoutSection else { return nil }
    let section = bytes.slice(from: range.lowerBound, length: range.count)
    let rowCount = Int(section.uint16(at: 0)), keyCount = Int(section.uint16(at: 2))
    let capsOffset = 4 + rowCount + letterCount
    var rows: [[Unicode.Scalar]] = []
    var key = 0
    for row in 0..<rowCount {
      let length = Int(section.uint8(at: 4 + row))
      rows.append((key..<(key + length)).map { Unicode.Scalar(section.uint32(at: capsOffset + 4 * $0)) ?? "?" })
      key += length
    }
    precondition(key == keyCount, "validated at open")
    let keyOfLetter = (0..<letterCount).map { Int(section.uint8(at: 4 + rowCount + $0)) }
    return TableKeyboardLayout(rows: rows, keyIndexOfLetter: keyOfLetter)
  }
}
