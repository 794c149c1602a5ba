/// The baseline: the key whose slot holds the touch, whatever was typed. Touches outside
/// the keyboard go to the nearest row and, within it, to the nearest edge key.
public final class StaticKeyResolver: KeyResolver {
  public let layout: KeyboardLayout
  /// Always 0: nothing depends on the context.
  @_spi(Testing) public let recomputeCount = 0
  let grid: KeyHitGrid

  public init(layout: KeyboardLayout) {
    self.layout = layout
    grid = KeyHitGrid(layout: layout)
  }

  /// Does nothing: the static resolver ignores the context.
  public func update(for context: TypingContext) {}

  public func resolve(_ touch: TouchPoint) -> KeyIndex? { grid.staticKey(at: touch).map { KeyIndex($0) } }
}
