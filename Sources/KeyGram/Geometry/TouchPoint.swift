/// A touch location in points, in the keyboard's coordinate space (origin at the top left,
/// y growing downwards, as in UIKit).
@frozen
public struct TouchPoint: Hashable, Sendable {
  public var x: Float
  public var y: Float

  @inlinable public init(x: Float, y: Float) {
    self.x = x
    self.y = y
  }

  /// True when both coordinates are finite: the resolvers answer nil for any other touch.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
