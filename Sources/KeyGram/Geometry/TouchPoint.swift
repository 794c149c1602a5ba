/// A touch location in points, in the keyboard's coordinate space (origin at the top left,
/// y growing downwards, as in UIKit).
@frozen
public struct TouchPoint: Hashable, Sendable {
  /// The horizontal position, in points from the keyboard's left edge.
  public var x: Float
  /// The vertical position, in points from the keyboard's top edge.
  public var y: Float

  /// A touch at (`x`, `y`) in the keyboard's coordinates.
  @inlinable public init(x: Float, y: Float) {
    self.x = x
    self.y = y
  }

  /// True when both coordinates are finite: the resolvers answer nil for any other touch.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
