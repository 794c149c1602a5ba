import Foundation  // exp2, for the reference formula
@_spi(Testing) import KeyGram
import Testing

@Suite("Touch motion: the spread of a timed touch")
struct TouchMotionTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  /// σx², σy² as the FFitts law and the diagonal of the rotated dual Gaussian give them,
  /// in Double, for a move of (dx, dy) points in `seconds`.
  static func expectedVariance(dx: Double, dy: Double, seconds: Double,
                               parameters: TouchMotion.Parameters = .init()) -> (x: Double, y: Double) {
    let a = Double(parameters.fittsIntercept), b = Double(parameters.fittsSlope)
    let distance = (dx * dx + dy * dy).squareRoot()
    let relativeSigma = distance / ((2 * Double.pi * M_E).squareRoot() * (exp2((seconds - a) / b) - 1))
    let relative = relativeSigma * relativeSigma
    let e = Double(parameters.elongation), share = dx * dx / (distance * distance)
    let absolute = Double(parameters.absoluteSigma) * Double(parameters.absoluteSigma)
    let lower = Double(parameters.sigmaRange.lowerBound), upper = Double(parameters.sigmaRange.upperBound)
    func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, lower * lower), upper * upper) }
    return (clamp(absolute + relative * e * share + relative / e * (1 - share)),
            clamp(absolute + relative * e * (1 - share) + relative / e * share))
  }

  @Test("The first timed touch has no spread of its own; the second follows FFitts law")
  func firstThenSecond() {
    var motion = TouchMotion()
    #expect(motion.variance(of: TouchPoint(x: 20, y: 30, timestamp: 10)) == nil)
    for (dx, dy, seconds) in [(90.0, 0.0, 0.3), (150.0, 54.0, 0.25), (37.5, 0.0, 0.45), (0.0, 54.0, 0.2)] {
      motion.startWord()
      _ = motion.variance(of: TouchPoint(x: 20, y: 30, timestamp: 10))
      let variance = motion.variance(of: TouchPoint(x: 20 + Float(dx), y: 30 + Float(dy), timestamp: 10 + seconds))
      let expected = Self.expectedVariance(dx: dx, dy: dy, seconds: seconds)
      #expect(variance != nil)
      #expect(Swift.abs(Double(variance?.x ?? 0) - expected.x) < 1e-3 * expected.x)
      #expect(Swift.abs(Double(variance?.y ?? 0) - expected.y) < 1e-3 * expected.y)
    }
  }

  @Test("The tuned defaults: a 90 pt move in 300 ms gets σa = 10 pt and a little more, as FFitts law says")
  func defaultsFollowFFitts() {
    var motion = TouchMotion()
    _ = motion.variance(of: TouchPoint(x: 0, y: 0, timestamp: 1))
    let variance = motion.variance(of: TouchPoint(x: 90, y: 0, timestamp: 1.3))
    let expected = Self.expectedVariance(dx: 90, dy: 0, seconds: 0.3)
    #expect(Swift.abs(Double(variance?.x ?? 0) - expected.x) < 1e-3 * expected.x)
    let sigma = (variance?.x ?? 0).squareRoot()
    #expect(sigma > 10 && sigma < 10.5)
  }

  @Test("Farther in the same time widens the spread; slower over the same distance narrows it")
  func monotonic() {
    func varianceX(distance: Float, seconds: Double) -> Float {
      var motion = TouchMotion()
      _ = motion.variance(of: TouchPoint(x: 10, y: 50, timestamp: 5))
      return motion.variance(of: TouchPoint(x: 10 + distance, y: 50, timestamp: 5 + seconds))?.x ?? .nan
    }
    let distances: [Float] = [10, 40, 80, 160, 300]
    for (near, far) in zip(distances, distances.dropFirst()) {
      #expect(varianceX(distance: near, seconds: 0.25) < varianceX(distance: far, seconds: 0.25))
    }
    let times = [0.15, 0.2, 0.3, 0.45, 0.8]
    for (quick, slow) in zip(times, times.dropFirst()) {
      #expect(varianceX(distance: 120, seconds: quick) > varianceX(distance: 120, seconds: slow))
    }
    // A tap on the same spot, or a move faster than Fitts' intercept: σa alone, the widest σ.
    #expect(varianceX(distance: 0, seconds: 0.2) == 100)
    #expect(varianceX(distance: 200, seconds: 0.05) == 24 * 24)
  }

  @Test("Elongation widens the spread along a horizontal move and narrows it across")
  func elongation() {
    var round = TouchMotion(), long = TouchMotion(parameters: .init(elongation: 2))
    for index in 0..<2 {
      let touch = TouchPoint(x: 20 + 120 * Float(index), y: 40, timestamp: 3 + 0.22 * Double(index))
      let roundVariance = round.variance(of: touch), longVariance = long.variance(of: touch)
      guard index == 1, let roundVariance, let longVariance else { continue }
      #expect(longVariance.x > roundVariance.x)
      #expect(longVariance.y < roundVariance.y)
      let expected = Self.expectedVariance(dx: 120, dy: 0, seconds: 0.22, parameters: .init(elongation: 2))
      #expect(Swift.abs(Double(longVariance.x) - expected.x) < 1e-3 * expected.x)
    }
  }

  /// A timed touch at (100, 60), then `second`: nil for every bad case, and the touch after a
  /// bad timestamp has no previous one to measure from.
  @Test("Bad timestamps, untimed touches, pauses and bad touches fall back to the static spread",
        arguments: [
          ("NaN", TouchPoint(x: 140, y: 60, timestamp: .nan)),
          ("infinite", TouchPoint(x: 140, y: 60, timestamp: .infinity)),
          ("minus infinity", TouchPoint(x: 140, y: 60, timestamp: -.infinity)),
          ("negative", TouchPoint(x: 140, y: 60, timestamp: -0.2)),
          ("earlier than the last", TouchPoint(x: 140, y: 60, timestamp: 99.9)),
          ("a long pause", TouchPoint(x: 140, y: 60, timestamp: 101.6)),
          ("years later", TouchPoint(x: 140, y: 60, timestamp: 100 + 3 * 365 * 86_400)),
          ("the largest Double", TouchPoint(x: 140, y: 60, timestamp: .greatestFiniteMagnitude)),
          ("untimed", TouchPoint(x: 140, y: 60)),
          ("NaN x", TouchPoint(x: .nan, y: 60, timestamp: 100.2)),
          ("infinite y", TouchPoint(x: 140, y: .infinity, timestamp: 100.2)),
          ("astronomically far", TouchPoint(x: 3e38, y: -3e38, timestamp: 100.2)),
        ])
  func fallbacks(name: String, second: TouchPoint) {
    var motion = TouchMotion()
    #expect(motion.variance(of: TouchPoint(x: 100, y: 60, timestamp: 100)) == nil)
    #expect(motion.variance(of: second) == nil, "\(name)")
    // Only a timed finite touch is remembered; the clock may have been reset, so measure from it.
    #expect(motion.hasPrevious == (second.isFinite && second.timestamp.map { $0.isFinite && $0 >= 0 } == true))
  }

  @Test("A far-off but finite touch gets the widest spread, never a NaN")
  func farOff() {
    var motion = TouchMotion()
    _ = motion.variance(of: TouchPoint(x: 100, y: 60, timestamp: 100))
    let variance = motion.variance(of: TouchPoint(x: 1e6, y: -1e6, timestamp: 100.3))
    let widest: Float = 24 * 24
    #expect(variance?.x == widest)
    #expect(variance?.y == widest)
  }

  @Test("Parameters out of range are replaced by their defaults")
  func sanitized() {
    let bad = TouchMotion.Parameters(absoluteSigma: .nan, fittsIntercept: -1, fittsSlope: 0, elongation: .infinity,
                                     longPause: -3, sigmaRange: 0...24)
    #expect(TouchMotion(parameters: bad).parameters == TouchMotion.Parameters())
  }

  // MARK: The Gaussian resolver

  /// A resolver with anchoring off whose prior favours `favoured` 20 to 1 over every other key.
  func favouring(_ favoured: KeyIndex) -> GaussianKeyResolver {
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped,
                                       parameters: .init(anchorFraction: 0))
    resolver.update(keyWeights: layout.keys.indices.map { $0 == favoured.rawValue ? 20 : 1 })
    return resolver
  }

  @Test("Untimed touches resolve to the best static score, as before timestamps existed")
  func untimedIsStatic() {
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped, parameters: .init(anchorFraction: 0))
    var context = TypingContext(table: FixtureTable.mapped)
    context.record("t")
    resolver.update(for: context)
    let fixed = StaticKeyResolver(layout: layout)
    var generator = SplitMix64(seed: 25)
    for _ in 0..<2_000 {
      let touch = TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 2160) / 10)
      guard let slot = fixed.resolve(touch) else { continue }
      let best = layout.keys.indices.max { resolver.score(ofKey: KeyIndex($0), for: touch) < resolver.score(ofKey: KeyIndex($1), for: touch) }!
      #expect(resolver.resolve(touch) == (layout[slot].isSpecial ? slot : KeyIndex(best)))
    }
  }

  @Test("Timed touches that fall back resolve bit for bit as untimed ones")
  func fallbackMatchesUntimed() {
    let untimed = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let timed = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    var context = TypingContext(table: FixtureTable.mapped)
    var generator = SplitMix64(seed: 2013)
    let badTimes: [Double] = [.nan, .infinity, -1, 1e12]
    for index in 0..<2_000 {
      let touch = TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 1620) / 10)
      untimed.update(for: context)
      timed.update(for: context)
      // Alternately a pause of 2 s (longer than the 1.5 s default) and a bad timestamp.
      let time = index.isMultiple(of: 2) ? Double(index) * 2 : badTimes[index / 2 % badTimes.count]
      let key = untimed.resolve(touch)
      #expect(timed.resolve(TouchPoint(x: touch.x, y: touch.y, timestamp: time)) == key)
      if let key, let letter = layout[key].letter { context.record(letter) } else { context.recordBoundary() }
    }
  }

  @Test("A fast long move widens the spread, so the likelier neighbour wins; a slow short one does not")
  func fastMoveWidens() {
    let a = layout.index("a"), s = layout.index("s")
    let onA = layout[a].frame.center
    // Untimed: σ = 8 pt keeps a touch on A's centre on A despite S's 20:1 prior.
    #expect(favouring(s).resolve(onA) == a)
    // From P, across the keyboard, in 100 ms: the widest spread (24 pt), and the prior wins.
    let fast = favouring(s)
    _ = fast.resolve(TouchPoint(x: layout[layout.index("p")].frame.midX, y: layout[layout.index("p")].frame.midY, timestamp: 7))
    #expect(fast.resolve(TouchPoint(x: onA.x, y: onA.y, timestamp: 7.1)) == s)
    // From just beside A, in 400 ms: a narrow spread, and A stays.
    let slow = favouring(s)
    _ = slow.resolve(TouchPoint(x: onA.x - 5, y: onA.y, timestamp: 7))
    #expect(slow.resolve(TouchPoint(x: onA.x, y: onA.y, timestamp: 7.4)) == a)
    // The same fast move with a bad timestamp, or after the word started: the static answer.
    let badTimes: [Double] = [.nan, -1, 6.9, 7 + 86_400 * 365]
    for bad in badTimes {
      let resolver = favouring(s)
      _ = resolver.resolve(TouchPoint(x: layout[layout.index("p")].frame.midX, y: onA.y, timestamp: 7))
      #expect(resolver.resolve(TouchPoint(x: onA.x, y: onA.y, timestamp: bad)) == a)
    }
    let restarted = favouring(s)
    _ = restarted.resolve(TouchPoint(x: layout[layout.index("p")].frame.midX, y: onA.y, timestamp: 7))
    restarted.update(for: TypingContext(table: FixtureTable.mapped))
    restarted.update(keyWeights: layout.keys.indices.map { $0 == s.rawValue ? 20 : 1 })
    #expect(restarted.resolve(TouchPoint(x: onA.x, y: onA.y, timestamp: 7.1)) == a)
  }

  @Test("NaN and far-off timed touches answer as untimed ones, and never trap")
  func badTimedTouches() {
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let untimed = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    _ = resolver.resolve(TouchPoint(x: 100, y: 60, timestamp: 1))
    #expect(resolver.resolve(TouchPoint(x: .nan, y: 60, timestamp: 1.2)) == nil)
    for point in [TouchPoint(x: 3e38, y: 3e38), TouchPoint(x: -1e6, y: 50), TouchPoint(x: 180, y: 1e7)] {
      _ = resolver.resolve(TouchPoint(x: 100, y: 60, timestamp: 1))
      #expect(resolver.resolve(TouchPoint(x: point.x, y: point.y, timestamp: 1.2)) == untimed.resolve(point))
    }
  }
}
