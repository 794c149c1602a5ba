/// A layout's static geometry copied into flat fixed buffers at init, so a resolve reads a few
/// cache lines and never touches an array's reference count.
final class KeyHitGrid {
  let keyCount: Int
  let rowCount: Int
  /// `rowDividers[r]` separates row r from row r + 1.
  let rowDividers: FloatBuffer
  let rowKeyStart: IntBuffer
  let rowKeyEnd: IntBuffer
  /// `keyDividers[k]` separates key k from key k + 1 of the same row (+∞ after a row's last key).
  let keyDividers: FloatBuffer
  let isSpecial: BoolBuffer
  let capCenterX: FloatBuffer
  let capCenterY: FloatBuffer

  init(layout: KeyboardLayout) {
    keyCount = layout.keys.count
    rowCount = layout.rows.count
    rowDividers = FloatBuffer((0..<Swift.max(rowCount - 1, 0)).map { layout.rowDivider(afterRow: $0) })
    rowKeyStart = IntBuffer(layout.rows.map(\.keyRange.lowerBound))
    rowKeyEnd = IntBuffer(layout.rows.map(\.keyRange.upperBound))
    keyDividers = FloatBuffer(repeating: .infinity, count: keyCount)
    for row in layout.rows {
      for key in row.keyRange.dropLast() { keyDividers[key] = layout.staticDivider(afterKey: key) }
    }
    isSpecial = BoolBuffer(layout.keys.map(\.isSpecial))
    capCenterX = FloatBuffer(layout.keys.map(\.frame.midX))
    capCenterY = FloatBuffer(layout.keys.map(\.frame.midY))
  }

  /// The row whose band holds `y`; touches above the top row or below the bottom row belong
  /// to that row. Requires a finite `y` and at least one row.
  @inline(__always)
  func row(at y: Float) -> Int {
    var row = 0
    for index in 0..<(rowCount - 1) where y >= rowDividers[index] { row += 1 }
    return row
  }

  /// The key of `row` whose slot (or, given `dividers`, whose shifted target) holds `x`:
  /// the number of dividers at or left of `x`, so a touch exactly on a divider goes right and
  /// touches beyond the row's ends go to its edge keys.
  @inline(__always)
  func key(at x: Float, inRow row: Int, dividers: FloatBuffer) -> Int {
    let start = rowKeyStart[row]
    var key = start
    for index in start..<(rowKeyEnd[row] - 1) where x >= dividers[index] { key += 1 }
    return key
  }

  /// The key whose slot holds `touch`, with no context; nil for a non-finite touch or an
  /// empty layout.
  @inline(__always)
  func staticKey(at touch: TouchPoint) -> Int? {
    guard touch.isFinite, rowCount > 0 else { return nil }
    return key(at: touch.x, inRow: row(at: touch.y), dividers: keyDividers)
  }
}
