/// The speed term: how this typist's spread follows FFitts law. Each touch of a word that
/// stood, timed after a timed touch of the same word, gives x, the relative variance FFitts
/// law predicts for its move (with `Parameters.motion`'s constants), and y, its squared
/// deviation from the key's mean. Per interval bucket y ≈ σa² + s_b · x: one σa² for every
/// bucket, a scale s_b per bucket, fitted by least squares with `speedPriorStrength`
/// pseudo-touches of the prior (σa as `motion` has it, s = 1) in each bucket.
extension TouchModel {
  /// The largest relative variance a sample contributes, in square points (a σr of 48 pt).
  static let relativeVarianceLimit: Float = 2_304
  /// The relative variance of the prior's second pseudo-touch (σr = 8 pt): where the prior's line is anchored.
  static let referenceRelativeVariance: Double = 64
  /// The largest learned speed scale.
  public static let maximumSpeedScale: Float = 16

  /// The largest squared deviation a sample contributes: the widest offset squared, at most 10⁸.
  var deviationLimit: Float { Swift.min(4 * offsetLimit * offsetLimit, 100_000_000) }

  /// The limits a bucket's sums keep within (and a load accepts): twice the most weight times
  /// the largest sample.
  var speedSumLimits: (x: Float, xx: Float, y: Float, xy: Float) {
    let weight = 2 * Self.maximumWeight, x = Self.relativeVarianceLimit, y = deviationLimit
    return (weight * x, weight * x * x, weight * y, weight * x * y)
  }

  /// The relative variance and interval bucket of `touch`'s move from the previous timed touch
  /// (−1 when there is none, or the interval is not in (0, `longPause`]); `touch` becomes the
  /// previous one when it is timed.
  func speedSample(of touch: TouchPoint) -> (relative: Float, bucket: Int) {
    guard let time = touch.timestamp, time.isFinite, time >= 0 else {
      hasPrevious = false
      return (-1, 0)
    }
    defer {
      previousX = touch.x
      previousY = touch.y
      previousTime = time
      hasPrevious = true
    }
    let motion = parameters.motion
    guard hasPrevious, time > previousTime, time - previousTime <= Double(motion.longPause) else { return (-1, 0) }
    let dx = touch.x - previousX, dy = touch.y - previousY, interval = Float(time - previousTime)
    let relative = TouchMotion.relativeVariance(distanceSquared: dx * dx + dy * dy, interval: interval, parameters: motion)
    guard relative.isFinite else { return (-1, 0) }
    return (Swift.min(relative, Self.relativeVarianceLimit), TouchMotion.speedBucket(ofInterval: interval))
  }

  /// Adds one sample to `bucket`'s sums, forgetting its earlier ones by `forgetting`.
  func learnSpeed(relative: Float, deviation: Float, bucket: Int) {
    let forgetting = parameters.forgetting, limits = speedSumLimits
    let x = relative, y = Swift.min(Swift.max(deviation, 0), deviationLimit)
    func keep(_ value: Float, _ limit: Float) -> Float { Swift.min(Swift.max(value, 0), limit) }
    speedWeight[bucket] = Swift.min(forgetting * speedWeight[bucket] + 1, Self.maximumWeight)
    speedSumX[bucket] = keep(forgetting * speedSumX[bucket] + x, limits.x)
    speedSumXX[bucket] = keep(forgetting * speedSumXX[bucket] + x * x, limits.xx)
    speedSumY[bucket] = keep(forgetting * speedSumY[bucket] + y, limits.y)
    speedSumXY[bucket] = keep(forgetting * speedSumXY[bucket] + x * y, limits.xy)
  }

  /// The forgetting-weighted number of timed samples in interval bucket `bucket`.
  public func speedSampleCount(ofBucket bucket: Int) -> Float {
    bucket >= 0 && bucket < TouchMotion.speedBucketCount ? speedWeight[bucket] : 0
  }

  /// This typist's learned σa and speed scales, for `TouchMotion.adopt(_:)`: the prior's
  /// (`motion.absoluteSigma`, scales of 1) until timed samples move them. σa stays within
  /// `sigmaRange`, each scale within 0 … `maximumSpeedScale`. O(buckets), no allocation.
  public var learnedMotion: TouchMotion.Learned {
    let prior = Double(parameters.speedPriorStrength) / 2
    let absolute = Double(parameters.motion.absoluteSigma) * Double(parameters.motion.absoluteSigma)
    // Per bucket, the sums with the prior's two pseudo-touches: (0, σa²) and (reference, σa² + reference).
    var weight = 0.0, sumY = 0.0, crossX = 0.0, crossY = 0.0
    for bucket in 0..<TouchMotion.speedBucketCount {
      let sums = bucketSums(bucket, prior: prior, absolute: absolute)
      weight += sums.weight
      sumY += sums.y
      crossX += sums.x * sums.x / sums.xx
      crossY += sums.x * sums.xy / sums.xx
    }
    let range = parameters.sigmaRange
    let lower = Double(range.lowerBound) * Double(range.lowerBound), upper = Double(range.upperBound) * Double(range.upperBound)
    let denominator = weight - crossX
    let fitted = denominator > 1e-9 ? (sumY - crossY) / denominator : absolute
    let intercept = fitted.isFinite ? Swift.min(Swift.max(fitted, lower), upper) : absolute
    var scales = TouchMotion.SpeedScales(repeating: 1)
    for bucket in 0..<TouchMotion.speedBucketCount {
      let sums = bucketSums(bucket, prior: prior, absolute: absolute)
      let scale = (sums.xy - intercept * sums.x) / sums.xx
      scales[bucket] = scale.isFinite ? Float(Swift.min(Swift.max(scale, 0), Double(Self.maximumSpeedScale))) : 1
    }
    return TouchMotion.Learned(absoluteSigma: Float(intercept.squareRoot()), speedScales: scales)
  }

  private func bucketSums(_ bucket: Int, prior: Double, absolute: Double) -> (weight: Double, x: Double, xx: Double, y: Double, xy: Double) {
    let reference = Self.referenceRelativeVariance
    return (Double(speedWeight[bucket]) + 2 * prior,
            Double(speedSumX[bucket]) + prior * reference,
            Double(speedSumXX[bucket]) + prior * reference * reference,
            Double(speedSumY[bucket]) + prior * (2 * absolute + reference),
            Double(speedSumXY[bucket]) + prior * reference * (absolute + reference))
  }
}
