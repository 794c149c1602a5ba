/// The spread of a touch from how far and how fast the finger travelled since the previous
/// one: the dual-Gaussian view of finger touch (FFitts law, Bi, Li and Zhai, CHI 2013).
///
/// A touch's variance is the sum of two independent parts, σ² = σa² + σr²:
/// - σa, the finger's absolute precision, the same at any speed (`absoluteSigma`);
/// - σr, the relative precision of Fitts' speed–accuracy trade-off. Fitts' law
///   T = a + b · log2(A / (√(2πe) · σr) + 1), solved for σr, gives
///   σr = A / (√(2πe) · (2^((T − a) / b) − 1)): it grows with the distance A travelled and
///   shrinks with the time T taken. A move faster than the intercept a gets the widest spread.
///
/// The relative part can be elongated along the movement (Rotational Dual Gaussian, Ma, Zhai,
/// Ramakrishnan and Bi, UIST 2021): σr∥ = σr · √e along it and σr⊥ = σr / √e across it, for
/// `elongation` e. The resolvers score with axis-aligned Gaussians, so the rotated covariance
/// is kept to its diagonal: σx² = σa² + σr∥² cos²θ + σr⊥² sin²θ, and σy² likewise.
///
/// The static spread stands (the answer is nil) for the first touch after `startWord()`, a
/// touch after a pause longer than `longPause`, an untimed touch, a touch that is not finite,
/// and a timestamp that is NaN, infinite, negative or earlier than the previous one; the touch
/// after an untimed or bad one has no previous touch to measure from. O(1), no allocation.
public struct TouchMotion: Sendable {
  /// The model's constants, with their defaults.
  public struct Parameters: Hashable, Sendable {
    /// σa, the absolute precision, in points. Default 10, with the Fitts constants below chosen
    /// by `keygram tune --spread` on the tuning text: of the speed-aware spreads tried, the one
    /// that loses least to the best fixed σ on the worse of a dual-Gaussian typist and a
    /// speed-independent one (docs/Runtime.md). A `TouchModel` learns the user's own.
    public var absoluteSigma: Float = 10
    /// Fitts' intercept a, in seconds. Default 0.08. NaN, infinite or < 0: the default.
    public var fittsIntercept: Float = 0.08
    /// Fitts' slope b, in seconds per bit. Default 0.07. NaN, infinite or ≤ 0: the default.
    public var fittsSlope: Float = 0.07
    /// σr∥ / σr⊥, the relative part's elongation along the movement. Default 1 (round): the
    /// simulator's typists are round, so nothing here could choose another. NaN, infinite or
    /// ≤ 0: the default.
    public var elongation: Float = 1
    /// A touch later than this many seconds after the previous one is scored with the static
    /// spread: the finger rested. Default 1.5. NaN, infinite or ≤ 0: the default.
    public var longPause: Float = 1.5
    /// Speed-aware spreads stay within this range, in points (the `TouchModel`'s default range).
    public var sigmaRange: ClosedRange<Float> = 2...24

    /// The defaults documented on each property.
    public init() {}

    /// Parameters from their values; out-of-range ones are replaced as each property says.
    public init(absoluteSigma: Float = 10, fittsIntercept: Float = 0.08, fittsSlope: Float = 0.07,
                elongation: Float = 1, longPause: Float = 1.5, sigmaRange: ClosedRange<Float> = 2...24) {
      self.absoluteSigma = absoluteSigma
      self.fittsIntercept = fittsIntercept
      self.fittsSlope = fittsSlope
      self.elongation = elongation
      self.longPause = longPause
      self.sigmaRange = sigmaRange
    }

    /// The parameters with every out-of-range value replaced by its default.
    public var sanitized: Parameters {
      let defaults = Parameters()
      var result = self
      if !(absoluteSigma.isFinite && absoluteSigma > 0) { result.absoluteSigma = defaults.absoluteSigma }
      if !(fittsIntercept.isFinite && fittsIntercept >= 0) { result.fittsIntercept = defaults.fittsIntercept }
      if !(fittsSlope.isFinite && fittsSlope > 0) { result.fittsSlope = defaults.fittsSlope }
      if !(elongation.isFinite && elongation > 0) { result.elongation = defaults.elongation }
      if !(longPause.isFinite && longPause > 0) { result.longPause = defaults.longPause }
      if !(sigmaRange.lowerBound.isFinite && sigmaRange.upperBound.isFinite && sigmaRange.lowerBound > 0) {
        result.sigmaRange = defaults.sigmaRange
      }
      return result
    }
  }

  /// What a `TouchModel` learned of this typist's spread: σa, and per interval bucket a
  /// factor on the FFitts relative variance (1: as the parameters' Fitts constants predict).
  public struct Learned: Hashable, Sendable {
    /// The learned absolute precision σa, in points.
    public var absoluteSigma: Float
    /// Per interval bucket (`speedBucket(ofInterval:)`), the factor on σr².
    public var speedScales: SpeedScales

    /// Learned values from their figures.
    public init(absoluteSigma: Float, speedScales: SpeedScales) {
      self.absoluteSigma = absoluteSigma
      self.speedScales = speedScales
    }
  }

  /// A factor per interval bucket: four plain fields, so a debug build reads them without
  /// generic code (which allocates).
  public struct SpeedScales: Hashable, Sendable {
    /// Intervals under 0.2 s.
    public var under200ms: Float
    /// Intervals from 0.2 s to under 0.3 s.
    public var under300ms: Float
    /// Intervals from 0.3 s to under 0.45 s.
    public var under450ms: Float
    /// Intervals of 0.45 s and more (up to `longPause`).
    public var slower: Float

    /// Every bucket at `scale`.
    public init(repeating scale: Float) {
      (under200ms, under300ms, under450ms, slower) = (scale, scale, scale, scale)
    }

    /// The four buckets' factors, fastest first.
    public init(_ under200ms: Float, _ under300ms: Float, _ under450ms: Float, _ slower: Float) {
      (self.under200ms, self.under300ms, self.under450ms, self.slower) = (under200ms, under300ms, under450ms, slower)
    }

    /// Bucket `bucket`'s factor (0 to 3, fastest first; any other reads as the slowest).
    public subscript(bucket: Int) -> Float {
      @inline(__always) get { bucket == 0 ? under200ms : (bucket == 1 ? under300ms : (bucket == 2 ? under450ms : slower)) }
      set {
        switch bucket {
        case 0: under200ms = newValue
        case 1: under300ms = newValue
        case 2: under450ms = newValue
        default: slower = newValue
        }
      }
    }
  }

  /// How many interval buckets the learned speed term has.
  public static let speedBucketCount = 4

  /// The bucket of an interval of `seconds` between touches: under 0.2 s, under 0.3 s, under
  /// 0.45 s, and slower (the range of a phone typist's taps, 150–450 ms, in three, and pauses).
  @inline(__always)
  public static func speedBucket(ofInterval seconds: Float) -> Int {
    seconds < 0.2 ? 0 : (seconds < 0.3 ? 1 : (seconds < 0.45 ? 2 : 3))
  }

  /// The parameters in use, after `Parameters.sanitized`.
  public let parameters: Parameters
  /// A `TouchModel`'s learned σa and speed term (`adopt(_:)`), or nil: the parameters'.
  public private(set) var learned: Learned?
  private var absoluteVariance: Float
  private var speedScales = SpeedScales(repeating: 1)
  private var previousX: Float = 0
  private var previousY: Float = 0
  private var previousTime: Double = 0
  /// Whether the previous touch was timed and finite, so a movement can be measured from it.
  public private(set) var hasPrevious = false

  /// A motion tracker with no previous touch: the next touch gets the fixed spread.
  public init(parameters: Parameters = Parameters()) {
    self.parameters = parameters.sanitized
    absoluteVariance = self.parameters.absoluteSigma * self.parameters.absoluteSigma
  }

  /// Scores with a `TouchModel`'s learned σa and speed term from now on (nil: the
  /// parameters' again). Values that are not finite, or not positive, are ignored.
  public mutating func adopt(_ learned: Learned?) {
    guard let learned, learned.absoluteSigma.isFinite, learned.absoluteSigma > 0,
          Self.isScale(learned.speedScales.under200ms), Self.isScale(learned.speedScales.under300ms),
          Self.isScale(learned.speedScales.under450ms), Self.isScale(learned.speedScales.slower) else {
      self.learned = nil
      absoluteVariance = parameters.absoluteSigma * parameters.absoluteSigma
      speedScales = SpeedScales(repeating: 1)
      return
    }
    self.learned = learned
    absoluteVariance = learned.absoluteSigma * learned.absoluteSigma
    speedScales = learned.speedScales
  }

  @inline(__always)
  private static func isScale(_ value: Float) -> Bool { value.isFinite && value >= 0 }

  /// σr² of a move of `distanceSquared` square points in `interval` seconds, by FFitts law
  /// with `parameters`' constants (round: before elongation); +∞ at or below the intercept.
  @inline(__always)
  static func relativeVariance(distanceSquared: Float, interval: Float, parameters: Parameters) -> Float {
    let bits = (interval - parameters.fittsIntercept) / parameters.fittsSlope
    let widthRatio = system_expf(bits * ln2) - 1
    // 2πe · (2^bits − 1)²: a move at or below the intercept gets the widest spread.
    return widthRatio > 0 ? distanceSquared / (twoPiE * widthRatio * widthRatio) : Float.infinity
  }

  /// Forgets the previous touch: the next one starts a word, and the finger came from elsewhere.
  public mutating func startWord() { hasPrevious = false }

  /// A timed move from the previous touch: its components in points and its interval in seconds.
  public struct Move: Sendable, Equatable {
    /// The horizontal distance travelled, in points.
    public var dx: Float
    /// The vertical distance travelled, in points.
    public var dy: Float
    /// The time taken, in seconds (0 … `longPause`).
    public var interval: Float
  }

  /// The move to `touch` from the previous touch, or nil where the static spread stands (see
  /// the type's notes); either way `touch` becomes the previous touch when it is timed and
  /// finite. No `expf`: `variance(of:)` with the move does that part, when it is needed.
  public mutating func move(to touch: TouchPoint) -> Move? {
    guard let time = touch.timestamp, time.isFinite, time >= 0, touch.isFinite else {
      hasPrevious = false
      return nil
    }
    defer {
      previousX = touch.x
      previousY = touch.y
      previousTime = time
      hasPrevious = true
    }
    guard hasPrevious else { return nil }
    let interval = time - previousTime
    guard interval >= 0, interval <= Double(parameters.longPause) else { return nil }
    return Move(dx: touch.x - previousX, dy: touch.y - previousY, interval: Float(interval))
  }

  /// The variance (σx², σy²) of a touch after `move`, in square points, or nil for a move so
  /// long that its squared length overflows. O(1), no allocation.
  public func variance(of move: Move) -> (x: Float, y: Float)? {
    let dx = move.dx, dy = move.dy
    let distanceSquared = dx * dx + dy * dy
    guard distanceSquared.isFinite else { return nil }
    let lower = parameters.sigmaRange.lowerBound, upper = parameters.sigmaRange.upperBound
    let absolute = absoluteVariance
    guard distanceSquared > 0 else {
      let clamped = Swift.min(Swift.max(absolute, lower * lower), upper * upper)
      return (clamped, clamped)
    }
    let seconds = move.interval
    let scale = speedScales[Self.speedBucket(ofInterval: seconds)]
    // A learned scale of 0 leaves σa alone (not ∞ · 0 = NaN); the default 1 changes nothing.
    let relative = scale > 0 ? Self.relativeVariance(distanceSquared: distanceSquared, interval: seconds, parameters: parameters) * scale : 0
    let along = relative * parameters.elongation, across = relative / parameters.elongation
    let cosineSquared = dx * dx / distanceSquared, sineSquared = dy * dy / distanceSquared
    let varianceX = absolute + Self.weighted(along, cosineSquared) + Self.weighted(across, sineSquared)
    let varianceY = absolute + Self.weighted(along, sineSquared) + Self.weighted(across, cosineSquared)
    return (Swift.min(Swift.max(varianceX, lower * lower), upper * upper),
            Swift.min(Swift.max(varianceY, lower * lower), upper * upper))
  }

  /// The variance (σx², σy²) of `touch`, in square points, from the movement since the
  /// previous touch, or nil where the static spread stands (see the type's notes): `move(to:)`,
  /// then `variance(of:)`. Either way `touch` becomes the previous touch when it is timed and
  /// finite.
  public mutating func variance(of touch: TouchPoint) -> (x: Float, y: Float)? {
    guard let move = move(to: touch) else { return nil }
    return variance(of: move)
  }

  /// `variance · share`, with an infinite variance and no share giving none (not NaN).
  @inline(__always)
  private static func weighted(_ variance: Float, _ share: Float) -> Float {
    share > 0 ? variance * share : 0
  }

  static let ln2: Float = 0.693_147_18
  static let twoPiE: Float = 17.079_468
}
