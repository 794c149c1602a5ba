/// The geometry of a soft keyboard, independent of UIKit: keys in rows, each with a visible
/// cap and a slot (its static touch area), in points.
///
/// Key indices (`keys[i]`) are what the resolvers return. Rows run top to bottom and keys
/// left to right; the initializer puts them in that order, so a key's index may differ from
/// its position in the rows you pass.
public struct KeyboardLayout: Hashable, Sendable {
  /// One row of keys: a contiguous range of `keys`, left to right.
  public struct Row: Hashable, Sendable {
    /// The indices of the row's keys in `KeyboardLayout.keys`.
    public let keyRange: Range<Int>
    /// The top of the highest slot in the row.
    public let minY: Float
    /// The bottom of the lowest slot in the row.
    public let maxY: Float
  }

  /// Every key, row by row, left to right within a row.
  public private(set) var keys: [Key]
  /// The rows, top to bottom. Never empty rows.
  public private(set) var rows: [Row]

  /// A layout from rows of keys.
  ///
  /// Bad input gets a defined result rather than a trap: a key whose cap or slot has a
  /// non-finite field or a negative size is left out; a row left with no keys is left out;
  /// rows are sorted by their slots' top edge and keys by their slots' left edge (stable).
  /// A layout with no keys is valid: every resolver answers nil for it.
  public init(rows: [[Key]]) {
    var sortedRows = rows
      .map { row in row.filter { $0.frame.isValid && $0.slot.isValid } }
      .filter { !$0.isEmpty }
      .map { row in
        row.enumerated().sorted { ($0.element.slot.minX, $0.offset) < ($1.element.slot.minX, $1.offset) }.map(\.element)
      }
    sortedRows = sortedRows.enumerated()
      .sorted { (Self.top(of: $0.element), $0.offset) < (Self.top(of: $1.element), $1.offset) }
      .map(\.element)
    var keys: [Key] = []
    var layoutRows: [Row] = []
    for row in sortedRows {
      let start = keys.count
      keys.append(contentsOf: row)
      layoutRows.append(Row(keyRange: start..<keys.count, minY: Self.top(of: row),
                            maxY: row.map(\.slot.maxY).max() ?? 0))
    }
    self.keys = keys
    self.rows = layoutRows
  }

  private static func top(of row: [Key]) -> Float { row.map(\.slot.minY).min() ?? 0 }

  /// The index of the letter key whose cap shows `letter` (compared as given), or nil.
  public func keyIndex(ofLetter letter: Unicode.Scalar) -> KeyIndex? {
    keys.firstIndex { $0.letter == letter }.map { KeyIndex($0) }
  }

  /// The index of the first key with `role`, or nil.
  public func keyIndex(of role: Key.Role) -> KeyIndex? {
    keys.firstIndex { $0.role == role }.map { KeyIndex($0) }
  }

  /// The row that holds key `index`.
  public func rowIndex(ofKey index: KeyIndex) -> Int? {
    rows.firstIndex { $0.keyRange.contains(index.rawValue) }
  }

  /// The smallest frame holding every slot (zero for an empty layout).
  public var bounds: KeyFrame {
    guard let first = keys.first else { return KeyFrame(x: 0, y: 0, width: 0, height: 0) }
    var minX = first.slot.minX, maxX = first.slot.maxX, minY = first.slot.minY, maxY = first.slot.maxY
    for key in keys {
      minX = Swift.min(minX, key.slot.minX)
      maxX = Swift.max(maxX, key.slot.maxX)
      minY = Swift.min(minY, key.slot.minY)
      maxY = Swift.max(maxY, key.slot.maxY)
    }
    return KeyFrame(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// Where a touch stops belonging to the key on the left and starts belonging to the key on
  /// the right, with no context: halfway between their slots (their shared edge when the
  /// slots touch). `index` and the next key must be in the same row.
  public func staticDivider(afterKey index: KeyIndex) -> Float {
    precondition(index.rawValue >= 0 && index.rawValue + 1 < keys.count, "key index out of range")
    return (keys[index.rawValue].slot.maxX + keys[index.rawValue + 1].slot.minX) / 2
  }

  /// Where a touch stops belonging to row `index` and starts belonging to row `index + 1`:
  /// halfway between the rows' slots.
  public func rowDivider(afterRow index: Int) -> Float {
    precondition(index >= 0 && index + 1 < rows.count, "row index out of range")
    return (rows[index].maxY + rows[index + 1].minY) / 2
  }
}
