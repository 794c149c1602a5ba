/// An axis-aligned rectangle in points (UIKit's `CGRect`, without UIKit, in `Float`).
@frozen
public struct KeyFrame: Hashable, Sendable {
  public var x: Float
  public var y: Float
  public var width: Float
  public var height: Float

  @inlinable public init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  @inlinable public var minX: Float { x }
  @inlinable public var maxX: Float { x + width }
  @inlinable public var minY: Float { y }
  @inlinable public var maxY: Float { y + height }
  @inlinable public var midX: Float { x + width / 2 }
  @inlinable public var midY: Float { y + height / 2 }
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
