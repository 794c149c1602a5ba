/// Where this user touches each key: a running mean offset from the cap centre and a spread,
/// learned from accepted keystrokes (Henze et al. 2011: systematic offsets are personal and
/// correctable), and shrunk toward layout-wide figures while a key has few samples
/// (Gunawardana et al. 2010: adaptation must be anchored).
///
/// Usage, per keystroke: `observe(touch, key:)` when a key is accepted, `retractLast()` when
/// the user deletes it, `commit()` at a word boundary; only committed touches are learned, so a
/// deleted letter never is. Then `resolver.adapt(to:)` brings a resolver up to date.
/// Fixed size: every buffer is allocated at `init`; nothing allocates afterwards (`bytes` aside).
/// Holds no text, only offsets and spreads.
public final class TouchModel {
  /// How fast the model learns and how strongly it is anchored.
  public struct Parameters: Hashable, Sendable {
    /// Each new sample of a key discounts that key's earlier ones by this factor: an effective
    /// memory of about 1 / (1 − f) samples (200 by default), so a user's drift is followed.
    public var forgetting: Float = 0.995
    /// A key's estimate weighs as many pseudo-samples of the layout-wide one: 10 by default.
    public var keyPriorStrength: Float = 10
    /// The layout-wide offset weighs as many pseudo-samples of no offset, and the layout-wide
    /// spread as many of `priorSigma`: 20 by default.
    public var layoutPriorStrength: Float = 20
    /// The spread assumed before any sample, in points: 8, the resolvers' default σ.
    public var priorSigma: Float = KeyLikelihood.defaultSigma
    /// Learned spreads stay within this range, in points.
    public var sigmaRange: ClosedRange<Float> = 2...24
    /// The FFitts constants whose relative variance the learned speed term scales, and the
    /// σa assumed before any timed sample: the resolvers' `motion` (keep them the same).
    public var motion = TouchMotion.Parameters()
    /// Each interval bucket's speed term weighs as many pseudo-touches of `motion`'s
    /// prediction: 50 by default.
    public var speedPriorStrength: Float = 50

    /// The defaults documented on each property.
    public init() {}

    /// The parameters with every out-of-range value replaced by its default.
    public var sanitized: Parameters {
      let defaults = Parameters()
      var result = self
      if !(forgetting > 0 && forgetting <= 1) { result.forgetting = defaults.forgetting }
      if !(keyPriorStrength.isFinite && keyPriorStrength > 0) { result.keyPriorStrength = defaults.keyPriorStrength }
      if !(layoutPriorStrength.isFinite && layoutPriorStrength > 0) { result.layoutPriorStrength = defaults.layoutPriorStrength }
      if !(priorSigma.isFinite && priorSigma > 0) { result.priorSigma = defaults.priorSigma }
      if !(sigmaRange.lowerBound.isFinite && sigmaRange.upperBound.isFinite && sigmaRange.lowerBound > 0) {
        result.sigmaRange = defaults.sigmaRange
      }
      result.motion = motion.sanitized
      if !(speedPriorStrength.isFinite && speedPriorStrength > 0) { result.speedPriorStrength = defaults.speedPriorStrength }
      return result
    }
  }

  /// Touches observed but not yet committed: the current word's, at most this many.
  public static let pendingCapacity = 64

  /// How the model learns: forgetting, shrinkage and the clamps on what it learns.
  public let parameters: Parameters
  /// The number of keys of the layout the model was made for.
  public let keyCount: Int
  /// Identifies that layout's geometry; `init(bytes:layout:)` refuses another's.
  public let layoutFingerprint: UInt32
  /// The largest offset, in points, a touch on the layout can have from a cap centre on either
  /// axis: the larger of the layout's width and height (at least 1). Observed offsets are
  /// clamped to it, and saved means beyond it are refused.
  public let offsetLimit: Float
  /// Touches outside this box (the keys' frames, widened by the tallest key) are off the
  /// keyboard and not learned, as the word decoder ignores them.
  let boundsMinX: Float, boundsMaxX: Float, boundsMinY: Float, boundsMaxY: Float
  /// The largest sample weight a model can reach: with no forgetting a Float count stops at 2²⁴.
  public static let maximumWeight: Float = 16_777_216
  /// Bumped by every `commit()` that learned something, so resolvers adapt only when needed.
  public private(set) var version = 0

  let centerX: FloatBuffer
  let centerY: FloatBuffer
  let rowOfKey: IntBuffer
  let rowCount: Int
  // Per key: the forgetting-weighted sample count, mean offset and sum of squared deviations
  // (Welford's method with forgetting).
  let sampleWeight: FloatBuffer
  let meanX: FloatBuffer
  let meanY: FloatBuffer
  /// The largest sum of squares a key can hold: twice the most weight times the widest offset squared.
  var squaresLimit: Float { 2 * Self.maximumWeight * (2 * offsetLimit) * (2 * offsetLimit) }
  let squaresX: FloatBuffer
  let squaresY: FloatBuffer
  // Layout-wide: every sample, for the offset all keys share.
  var layoutWeight: Float = 0
  var layoutMeanX: Float = 0
  var layoutMeanY: Float = 0
  // The pending ring: touch offsets and keys, oldest at `pendingStart`.
  let pendingX: FloatBuffer
  let pendingY: FloatBuffer
  let pendingKey: IntBuffer
  var pendingStart = 0
  /// Touches observed and not yet committed or retracted.
  public private(set) var pendingCount = 0
  /// Per pending touch: the FFitts relative variance of its move from the previous touch, and
  /// that move's interval bucket; −1 for a touch with no timed previous one.
  let pendingRelative: FloatBuffer
  let pendingBucket: IntBuffer
  /// The previous observed touch of the word, when it was timed and finite.
  var previousX: Float = 0, previousY: Float = 0, previousTime: Double = 0, hasPrevious = false
  // Per interval bucket, the speed term's forgetting-weighted regression sums: weight, Σx, Σx²,
  // Σy, Σxy, with x a touch's FFitts relative variance and y its squared deviation per axis.
  let speedWeight: FloatBuffer
  let speedSumX: FloatBuffer
  let speedSumXX: FloatBuffer
  let speedSumY: FloatBuffer
  let speedSumXY: FloatBuffer

  /// An empty model for `layout`: every key at its cap centre with spread `priorSigma`.
  public init(layout: KeyboardLayout, parameters: Parameters = Parameters()) {
    self.parameters = parameters.sanitized
    keyCount = layout.keys.count
    layoutFingerprint = Self.fingerprint(of: layout)
    let bounds = layout.bounds, span = Swift.max(bounds.width, bounds.height)
    offsetLimit = span.isFinite && span >= 1 ? span : (span.isFinite ? 1 : .greatestFiniteMagnitude / 4)
    let frames = layout.keys.map(\.frame), tallest = frames.map(\.height).max() ?? 0
    boundsMinX = (frames.map(\.minX).min() ?? 0) - tallest
    boundsMaxX = (frames.map(\.maxX).max() ?? 0) + tallest
    boundsMinY = (frames.map(\.minY).min() ?? 0) - tallest
    boundsMaxY = (frames.map(\.maxY).max() ?? 0) + tallest
    centerX = FloatBuffer(layout.keys.map(\.frame.midX))
    centerY = FloatBuffer(layout.keys.map(\.frame.midY))
    var rows = [Int](repeating: 0, count: layout.keys.count)
    for (row, keys) in layout.rows.map(\.keyRange).enumerated() { for key in keys { rows[key] = row } }
    rowOfKey = IntBuffer(rows)
    rowCount = layout.rows.count
    sampleWeight = FloatBuffer(repeating: 0, count: keyCount)
    meanX = FloatBuffer(repeating: 0, count: keyCount)
    meanY = FloatBuffer(repeating: 0, count: keyCount)
    squaresX = FloatBuffer(repeating: 0, count: keyCount)
    squaresY = FloatBuffer(repeating: 0, count: keyCount)
    pendingX = FloatBuffer(repeating: 0, count: Self.pendingCapacity)
    pendingY = FloatBuffer(repeating: 0, count: Self.pendingCapacity)
    pendingKey = IntBuffer(repeating: 0, count: Self.pendingCapacity)
    pendingRelative = FloatBuffer(repeating: -1, count: Self.pendingCapacity)
    pendingBucket = IntBuffer(repeating: 0, count: Self.pendingCapacity)
    speedWeight = FloatBuffer(repeating: 0, count: TouchMotion.speedBucketCount)
    speedSumX = FloatBuffer(repeating: 0, count: TouchMotion.speedBucketCount)
    speedSumXX = FloatBuffer(repeating: 0, count: TouchMotion.speedBucketCount)
    speedSumY = FloatBuffer(repeating: 0, count: TouchMotion.speedBucketCount)
    speedSumXY = FloatBuffer(repeating: 0, count: TouchMotion.speedBucketCount)
  }

  // MARK: Learning

  /// Notes that `touch` typed `key`; learned at the next `commit()` unless retracted first.
  /// A full ring learns its oldest touch at once. Touches that are not finite or lie more than
  /// the tallest key's height off the keyboard, and keys outside the layout, are ignored (one
  /// stray touch must not move every key's aim); an offset beyond `offsetLimit` is clamped to it.
  /// A timed touch after a timed one of the same word also teaches the speed term, from the
  /// move between them (`learnedMotion`).
  public func observe(_ touch: TouchPoint, key: KeyIndex) {
    let index = key.rawValue
    let onKeyboard = touch.isFinite && touch.x >= boundsMinX && touch.x <= boundsMaxX && touch.y >= boundsMinY && touch.y <= boundsMaxY
    guard onKeyboard, index >= 0, index < keyCount else {
      hasPrevious = false
      return
    }
    let move = speedSample(of: touch)
    if pendingCount == Self.pendingCapacity {
      learn(pendingAt: pendingStart)
      pendingStart = (pendingStart + 1) % Self.pendingCapacity
      pendingCount -= 1
      version += 1
    }
    let slot = (pendingStart + pendingCount) % Self.pendingCapacity
    pendingX[slot] = clampedOffset(touch.x - centerX[index])
    pendingY[slot] = clampedOffset(touch.y - centerY[index])
    pendingKey[slot] = index
    pendingRelative[slot] = move.relative
    pendingBucket[slot] = move.bucket
    pendingCount += 1
  }

  /// Forgets the newest pending touch: its letter was deleted. False if none was pending.
  @discardableResult
  public func retractLast() -> Bool {
    hasPrevious = false
    guard pendingCount > 0 else { return false }
    pendingCount -= 1
    return true
  }

  /// Learns every pending touch, oldest first: the word was accepted.
  public func commit() {
    hasPrevious = false
    guard pendingCount > 0 else { return }
    for offset in 0..<pendingCount { learn(pendingAt: (pendingStart + offset) % Self.pendingCapacity) }
    pendingStart = (pendingStart + pendingCount) % Self.pendingCapacity
    pendingCount = 0
    version += 1
  }

  /// Forgets everything learned and pending (the user asked, or the layout changed).
  public func reset() {
    for key in 0..<keyCount {
      sampleWeight[key] = 0
      meanX[key] = 0
      meanY[key] = 0
      squaresX[key] = 0
      squaresY[key] = 0
    }
    layoutWeight = 0
    layoutMeanX = 0
    layoutMeanY = 0
    for bucket in 0..<TouchMotion.speedBucketCount {
      speedWeight[bucket] = 0
      speedSumX[bucket] = 0
      speedSumXX[bucket] = 0
      speedSumY[bucket] = 0
      speedSumXY[bucket] = 0
    }
    pendingCount = 0
    hasPrevious = false
    version += 1
  }

  /// `offset` within ±`offsetLimit` (an overflow to ±∞ included), so every sum stays finite.
  @inline(__always)
  func clampedOffset(_ offset: Float) -> Float {
    Swift.min(Swift.max(offset, -offsetLimit), offsetLimit)
  }

  private func learn(pendingAt slot: Int) {
    let key = pendingKey[slot], x = pendingX[slot], y = pendingY[slot]
    let forgetting = parameters.forgetting
    let weight = forgetting * sampleWeight[key] + 1
    let deltaX = x - meanX[key], deltaY = y - meanY[key]
    // Clamped again: rounding must not carry a mean past what `init(bytes:layout:)` accepts.
    meanX[key] = clampedOffset(meanX[key] + deltaX / weight)
    meanY[key] = clampedOffset(meanY[key] + deltaY / weight)
    // Kept within what a load accepts: rounding can take a sum of squares just below 0.
    squaresX[key] = Swift.min(Swift.max(forgetting * squaresX[key] + deltaX * (x - meanX[key]), 0), squaresLimit)
    squaresY[key] = Swift.min(Swift.max(forgetting * squaresY[key] + deltaY * (y - meanY[key]), 0), squaresLimit)
    sampleWeight[key] = Swift.min(weight, Self.maximumWeight)
    // Welford's increment, per axis: its expectation is the touch's variance about the key's mean.
    if pendingRelative[slot] >= 0 && weight > 1 {
      learnSpeed(relative: pendingRelative[slot], deviation: (deltaX * deltaX + deltaY * deltaY) * (weight - 1) / weight / 2,
                 bucket: pendingBucket[slot])
    }
    // The layout-wide mean forgets as slowly as a key does per sample of its own.
    let layoutForgetting = 1 - (1 - forgetting) / Float(Swift.max(keyCount, 1))
    layoutWeight = Swift.min(layoutForgetting * layoutWeight + 1, Self.maximumWeight)
    layoutMeanX = clampedOffset(layoutMeanX + (x - layoutMeanX) / layoutWeight)
    layoutMeanY = clampedOffset(layoutMeanY + (y - layoutMeanY) / layoutWeight)
  }

  // MARK: Estimates

  /// The layout-wide offset of touches from cap centres, shrunk toward none.
  public var layoutOffset: (x: Float, y: Float) {
    let shrink = layoutWeight / (layoutWeight + parameters.layoutPriorStrength)
    return (layoutMeanX * shrink, layoutMeanY * shrink)
  }

  /// Where this user touches `key`, relative to its cap centre: its own mean, shrunk toward the
  /// layout-wide offset by `keyPriorStrength` pseudo-samples. (0, 0) for a key outside the layout.
  public func offset(ofKey key: KeyIndex) -> (x: Float, y: Float) {
    let index = key.rawValue
    guard index >= 0, index < keyCount else { return (0, 0) }
    let layout = layoutOffset, weight = sampleWeight[index], prior = parameters.keyPriorStrength
    return ((weight * meanX[index] + prior * layout.x) / (weight + prior),
            (weight * meanY[index] + prior * layout.y) / (weight + prior))
  }

  /// The learned spread (σx, σy) of the touches on the keys of `row`: their pooled variance
  /// around each key's own mean, shrunk toward the layout's, which is shrunk toward `priorSigma`.
  public func spread(ofRow row: Int) -> (x: Float, y: Float) {
    var layoutWeight: Float = 0, layoutSquaresX: Float = 0, layoutSquaresY: Float = 0
    var rowWeight: Float = 0, rowSquaresX: Float = 0, rowSquaresY: Float = 0
    for key in 0..<keyCount {
      layoutWeight += sampleWeight[key]
      layoutSquaresX += squaresX[key]
      layoutSquaresY += squaresY[key]
      if rowOfKey[key] == row {
        rowWeight += sampleWeight[key]
        rowSquaresX += squaresX[key]
        rowSquaresY += squaresY[key]
      }
    }
    let prior = parameters.priorSigma * parameters.priorSigma, layoutStrength = parameters.layoutPriorStrength
    let layoutVarianceX = (layoutSquaresX + layoutStrength * prior) / (layoutWeight + layoutStrength)
    let layoutVarianceY = (layoutSquaresY + layoutStrength * prior) / (layoutWeight + layoutStrength)
    let keyStrength = parameters.keyPriorStrength
    let varianceX = (rowSquaresX + keyStrength * layoutVarianceX) / (rowWeight + keyStrength)
    let varianceY = (rowSquaresY + keyStrength * layoutVarianceY) / (rowWeight + keyStrength)
    let range = parameters.sigmaRange
    return (Swift.min(Swift.max(varianceX.squareRoot(), range.lowerBound), range.upperBound),
            Swift.min(Swift.max(varianceY.squareRoot(), range.lowerBound), range.upperBound))
  }

  /// How many samples (forgetting-weighted) `key` has learned from.
  public func sampleCount(ofKey key: KeyIndex) -> Float {
    key.rawValue >= 0 && key.rawValue < keyCount ? sampleWeight[key.rawValue] : 0
  }

  /// A checksum of the key frames and rows: a model saved for one layout must not steer another.
  static func fingerprint(of layout: KeyboardLayout) -> UInt32 {
    var values = [UInt32(layout.keys.count)] + layout.rows.map { UInt32($0.keyRange.count) }
    for key in layout.keys { values += [key.frame.x, key.frame.y, key.frame.width, key.frame.height].map(\.bitPattern) }
    return CRC32Tables.checksum(values.lazy.flatMap { value in (0..<4).lazy.map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } })
  }
}
