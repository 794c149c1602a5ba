/// The baseline: the key whose slot holds the touch, whatever was typed. Touches outside
/// the keyboard go to the nearest row and, within it, to the nearest edge key.
public final class StaticKeyResolver: KeyResolver {
  /// The keyboard whose keys it resolves.
  public let layout: KeyboardLayout
  /// Always 0: nothing depends on the context.
  @_spi(Testing) public let recomputeCount = 0
  let grid: KeyHitGrid

  /// A resolver for `layout`'s static slots.
  public init(layout: KeyboardLayout) {
    self.layout = layout
    grid = KeyHitGrid(layout: layout)
  }

  /// Does nothing: the static resolver ignores the context.
  public func update(for context: TypingContext) {}

  /// The key whose slot holds `touch`, or the nearest; nil for a touch that is not finite.
  public func resolve(_ touch: TouchPoint) -> KeyIndex? { grid.staticKey(at: touch).map { KeyIndex($0) } }
}
