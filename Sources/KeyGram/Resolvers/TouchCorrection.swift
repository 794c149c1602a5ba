/// A `TouchModel`'s learned offsets as a resolver applies them: a touch is moved back by the
/// layout-wide offset to find the key it was probably aimed at, then by that key's own offset.
/// Both resolvers place the corrected touch (rows, slots, special keys, anchors), so a user who
/// touches low does not spill into the space bar's row. Fixed size; no allocation after init.
final class TouchCorrection {
  let offsetX: FloatBuffer
  let offsetY: FloatBuffer
  private(set) var layoutOffset = TouchPoint(x: 0, y: 0)
  /// False until a model is adopted: touches then pass through unchanged.
  private(set) var isActive = false
  /// The `TouchModel.version` last adopted.
  private var adoptedVersion = -1

  init(keyCount: Int) {
    offsetX = FloatBuffer(repeating: 0, count: keyCount)
    offsetY = FloatBuffer(repeating: 0, count: keyCount)
  }

  /// Takes `model`'s current offsets. False (and nothing changes) if the model was made for
  /// another number of keys, or has learned nothing since the last call.
  func adopt(_ model: TouchModel) -> Bool {
    guard model.keyCount == offsetX.count, model.version != adoptedVersion else { return false }
    adoptedVersion = model.version
    let layout = model.layoutOffset
    layoutOffset = TouchPoint(x: layout.x, y: layout.y)
    for key in 0..<offsetX.count {
      let offset = model.offset(ofKey: KeyIndex(key))
      offsetX[key] = offset.x
      offsetY[key] = offset.y
    }
    isActive = true
    return true
  }

  /// `touch` moved back by the learned offset of the key it was probably aimed at.
  @inline(__always)
  func corrected(_ touch: TouchPoint, in grid: KeyHitGrid) -> TouchPoint {
    guard isActive else { return touch }
    let x = touch.x - layoutOffset.x, y = touch.y - layoutOffset.y
    let aimed = grid.staticKey(at: x, inRow: grid.row(at: y))
    return TouchPoint(x: touch.x - offsetX[aimed], y: touch.y - offsetY[aimed])
  }
}
