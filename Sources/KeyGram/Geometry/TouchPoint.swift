/// A touch location in points, in the keyboard's coordinate space (origin at the top left,
/// y growing downwards, as in UIKit), and optionally when it landed.
@frozen
public struct TouchPoint: Hashable, Sendable {
  /// The horizontal position, in points from the keyboard's left edge.
  public var x: Float
  /// The vertical position, in points from the keyboard's top edge.
  public var y: Float
  /// When the finger came down, in seconds on any clock that only moves forward (say, a
  /// `UITouch`'s `timestamp`), or nil. A timed touch lets `GaussianKeyResolver` and
  /// `WordDecoder` widen or narrow its spread by how far and how fast the finger travelled
  /// (`TouchMotion`), and teaches a `TouchModel` the user's speed term; an untimed one is
  /// scored with the static spread.
  public var timestamp: Double?

  /// A touch at (`x`, `y`) in the keyboard's coordinates.
  @inlinable public init(x: Float, y: Float) {
    self.x = x
    self.y = y
    self.timestamp = nil
  }

  /// A touch at (`x`, `y`) at `timestamp` seconds (UITouch.timestamp), or untimed with nil.
  @inlinable public init(x: Float, y: Float, timestamp: Double?) {
    self.x = x
    self.y = y
    self.timestamp = timestamp
  }

  /// True when both coordinates are finite: the resolvers answer nil for any other touch.
  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}
