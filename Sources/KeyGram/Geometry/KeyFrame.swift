/// An axis-aligned rectangle in points (UIKit's `CGRect`, without UIKit, in `Float`).
@frozen
public struct KeyFrame: Hashable, Sendable {
  /// The left edge, in points.
  public var x: Float
  /// The top edge, in points.
  public var y: Float
  /// The width, in points.
  public var width: Float
  /// The height, in points.
  public var height: Float

  /// A rectangle from its top-left corner and size.
  @inlinable public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The left edge.
  @inlinable public var minX: Float { x }
  /// The right edge (excluded from the frame).
  @inlinable public var maxX: Float { x + width }
  /// The top edge.
  @inlinable public var minY: Float { y }
  /// The bottom edge (excluded from the frame).
  @inlinable public var maxY: Float { y + height }
  /// The horizontal centre.
  @inlinable public var midX: Float { x + width / 2 }
  /// The vertical centre.
  @inlinable public var midY: Float { y + height / 2 }
  /// The centre, as a touch there would be.
  @inlinable public var center: TouchPoint { TouchPoint(x: midX, y: midY) }

  /// True when every field is finite and the size is not negative.
  @inlinable public var isValid: Bool {
    x.isFinite && y.isFinite && width.isFinite && height.isFinite && width >= 0 && height >= 0
  }

  /// True when `point` lies inside, the left and top edges included and the right and
  /// bottom edges excluded (so neighbouring frames never both contain a point).
  @inlinable public func contains(_ point: TouchPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The frame shrunk by `dx` on the left and right and by `dy` on the top and bottom.
  @inlinable public func insetBy(dx: Float, dy: Float) -> KeyFrame {
    KeyFrame(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }
}
