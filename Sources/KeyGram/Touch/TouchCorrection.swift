/// A `TouchModel`'s learned offsets as a resolver applies them: a touch is moved back by the
/// layout-wide offset to find the key it was probably aimed at, then by that key's own offset.
/// Both resolvers place the corrected touch (rows, slots, special keys, anchors), so a user who
/// touches low does not spill into the space bar's row. Fixed size; no allocation after init.
/// Offsets are held within ±`offsetLimit` and touches within ±`touchLimit`, so a corrected
/// point is finite by construction, whatever a model holds.
final class TouchCorrection {
  /// A quarter of the largest Float: a touch minus two offsets within it cannot overflow.
  static let touchLimit = Float.greatestFiniteMagnitude / 4
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
    let limit = Swift.min(model.offsetLimit, Self.touchLimit)
    // NaN-safe: a NaN fails both comparisons and becomes 0.
    func clamped(_ value: Float) -> Float { value > limit ? limit : (value < -limit ? -limit : (value >= -limit ? value : 0)) }
    let layout = model.layoutOffset
    layoutOffset = TouchPoint(x: clamped(layout.x), y: clamped(layout.y))
    for key in 0..<offsetX.count {
      let offset = model.offset(ofKey: KeyIndex(key))
      offsetX[key] = clamped(offset.x)
      offsetY[key] = clamped(offset.y)
    }
    isActive = true
    return true
  }

  /// `touch` (finite) moved back by the learned offset of the key it was probably aimed at;
  /// finite, because the touch is first held within ±`touchLimit`.
  @inline(__always)
  func corrected(_ touch: TouchPoint, in grid: KeyHitGrid) -> TouchPoint {
    guard isActive else { return touch }
    let limit = Self.touchLimit
    let touchX = Swift.min(Swift.max(touch.x, -limit), limit), touchY = Swift.min(Swift.max(touch.y, -limit), limit)
    let aimed = grid.staticKey(at: touchX - layoutOffset.x, inRow: grid.row(at: touchY - layoutOffset.y))
    return TouchPoint(x: touchX - offsetX[aimed], y: touchY - offsetY[aimed])
  }
}
