import Foundation  // exp2, for the reference formula
@_spi(Testing) import KeyGram
import Testing

/// The touch model's speed term: σa and a factor on FFitts law's relative variance per
/// interval bucket, learned from timed touches of words that stood, and saved with the model.
@Suite("Touch model: the learned speed term")
struct TouchModelSpeedTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  /// Two 30 × 40 pt letter keys side by side in one row.
  static let twoKeys = KeyboardLayout(rows: [[
    Key(role: .letter("a"), frame: KeyFrame(x: 0, y: 0, width: 30, height: 40), slot: KeyFrame(x: 0, y: 0, width: 30, height: 40)),
    Key(role: .letter("b"), frame: KeyFrame(x: 30, y: 0, width: 30, height: 40), slot: KeyFrame(x: 30, y: 0, width: 30, height: 40)),
  ]])

  /// A model saved in format 1.0 (before the speed term) for `twoKeys`: layout weight 3, mean
  /// (1.5, −2); key 0 weight 2, mean (1, −1), squares (4, 2); key 1 weight 1, mean (0.5, 0.25).
  static let version10: [UInt8] = [
    0x4B, 0x47, 0x54, 0x4D, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x84, 0xF1, 0x18, 0xF2, 0x00, 0x00, 0x40, 0x40,
    0x00, 0x00, 0xC0, 0x3F, 0x00, 0x00, 0x00, 0xC0, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x80, 0xBF,
    0x00, 0x00, 0x80, 0x40, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x80, 0x3F, 0x00, 0x00, 0x00, 0x3F, 0x00, 0x00, 0x80, 0x3E,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0F, 0xCF, 0x54, 0x3C,
  ]

  /// σr² by FFitts law with `parameters`' constants, in Double.
  static func relativeVariance(distance: Double, seconds: Double, _ parameters: TouchMotion.Parameters = .init()) -> Double {
    let ratio = exp2((seconds - Double(parameters.fittsIntercept)) / Double(parameters.fittsSlope)) - 1
    return distance * distance / (2 * Double.pi * M_E * ratio * ratio)
  }

  @Test("A model saved before the speed term (format 1.0) still loads, with the prior's speed term")
  func version10Loads() throws {
    let model = try TouchModel(bytes: Self.version10, layout: Self.twoKeys)
    #expect(model.sampleCount(ofKey: KeyIndex(0)) == 2 && model.sampleCount(ofKey: KeyIndex(1)) == 1)
    #expect(Swift.abs(model.layoutOffset.x - 1.5 * 3 / 23) < 1e-6)
    let learned = model.learnedMotion
    #expect(Swift.abs(learned.absoluteSigma - TouchMotion.Parameters().absoluteSigma) < 1e-4)
    for bucket in 0..<TouchMotion.speedBucketCount {
      #expect(Swift.abs(learned.speedScales[bucket] - 1) < 1e-4)
      #expect(model.speedSampleCount(ofBucket: bucket) == 0)
    }
    // Saved again, it is format 1.1: 80 bytes longer, and it reloads.
    let again = model.bytes
    #expect(again.count == Self.version10.count + 80 && again[6] == 1 && again[7] == 0)
    #expect(try TouchModel(bytes: again, layout: Self.twoKeys).bytes == again)
  }

  /// A typist with σa `absolute` pt whose relative variance is `scale` × FFitts law's, typing
  /// words of random keys at intervals from 0.18 to 0.6 s.
  func trainedModel(absolute: Double = 3, scale: Double = 2, words: Int = 1_500, seed: UInt64 = 11) -> TouchModel {
    let model = TouchModel(layout: layout)
    var generator = SplitMix64(seed: seed)
    func unit() -> Double { (Double(generator.next() >> 11) + 0.5) / 9_007_199_254_740_992 }
    func normal() -> Double { (-2 * Foundation.log(unit())).squareRoot() * cos(2 * Double.pi * unit()) }
    let letters = Array("qwertyuiopasdfghjklzxcvbnm".unicodeScalars)
    var time = 100.0
    for _ in 0..<words {
      var previous: (x: Double, y: Double)?
      for _ in 0..<6 {
        let key = layout.keyIndex(ofLetter: letters[Int(generator.next() % 26)])!
        let centre = layout[key].frame.center
        let interval = 0.18 + 0.42 * unit()
        time += interval
        var variance = absolute * absolute
        if let previous {
          let dx = Double(centre.x) - previous.x, dy = Double(centre.y) - previous.y
          variance += scale * Self.relativeVariance(distance: (dx * dx + dy * dy).squareRoot(), seconds: interval)
        }
        let sigma = variance.squareRoot()
        model.observe(TouchPoint(x: centre.x + Float(sigma * normal()), y: centre.y + Float(sigma * normal()), timestamp: time),
                      key: key)
        previous = (Double(centre.x), Double(centre.y))
      }
      model.commit()
      time += 0.8
    }
    return model
  }

  /// The model regresses each touch's squared deviation on the relative variance of the move
  /// it sees between touches (not between key centres, which the resolver never sees), so it
  /// learns the best predictor from touches, not the typist's own figures: compared here.
  @Test("A typist whose spread grows faster with speed gets larger scales; a less precise one a larger σa")
  func learnsTheTypist() {
    let steady = trainedModel(absolute: 3, scale: 0.5).learnedMotion
    let hasty = trainedModel(absolute: 3, scale: 3).learnedMotion
    let imprecise = trainedModel(absolute: 9, scale: 0.5).learnedMotion
    // The fast buckets: in slower moves the hasty typist throws many touches more than a key
    // height off the keyboard, which the model never learns (nor would a device deliver them),
    // so its estimate there is of a truncated spread (1.24 against the steady typist's 1.49 at
    // 300–450 ms; 1.69 when those touches were learned).
    for bucket in 0..<2 {
      #expect(hasty.speedScales[bucket] > steady.speedScales[bucket] + 0.1, "bucket \(bucket): \(hasty.speedScales[bucket]) vs \(steady.speedScales[bucket])")
    }
    #expect(imprecise.absoluteSigma > steady.absoluteSigma + 2, "\(imprecise.absoluteSigma) vs \(steady.absoluteSigma)")
    let model = trainedModel()
    #expect((0..<TouchMotion.speedBucketCount).filter { model.speedSampleCount(ofBucket: $0) > 150 }.count >= 3)
    // The bytes keep it.
    let reloaded = try? TouchModel(bytes: model.bytes, layout: layout)
    #expect(reloaded?.learnedMotion == model.learnedMotion)
  }

  @Test("Untimed touches, bad timestamps, pauses, retracted and uncommitted touches teach the speed term nothing")
  func onlyGoodTimedMovesTeach() {
    let model = TouchModel(layout: layout)
    let a = layout.keyIndex(ofLetter: "a")!, l = layout.keyIndex(ofLetter: "l")!
    let onA = layout[a].frame.center, onL = layout[l].frame.center
    func pair(_ first: Double?, _ second: Double?) {
      model.observe(TouchPoint(x: onA.x + 3, y: onA.y, timestamp: first), key: a)
      model.observe(TouchPoint(x: onL.x - 3, y: onL.y, timestamp: second), key: l)
      model.commit()
    }
    for _ in 0..<3 { pair(1, 1.3) }  // keys learn a mean first, so the next samples count
    let before = (0..<4).map { model.speedSampleCount(ofBucket: $0) }
    pair(nil, nil)
    pair(10, nil)
    pair(nil, 10)
    pair(20, .nan)
    pair(30, .infinity)
    pair(40, -1)
    pair(50, 49)  // earlier than the last
    pair(60, 62)  // a pause longer than 1.5 s
    pair(70, 70 + 3 * 365 * 86_400)
    model.observe(TouchPoint(x: .nan, y: onA.y, timestamp: 80), key: a)
    model.observe(TouchPoint(x: onL.x, y: onL.y, timestamp: 80.2), key: l)
    model.commit()
    model.observe(TouchPoint(x: onA.x, y: onA.y, timestamp: 90), key: a)
    model.observe(TouchPoint(x: onL.x, y: onL.y, timestamp: 90.2), key: l)
    model.retractLast()
    model.commit()
    #expect((0..<4).map { model.speedSampleCount(ofBucket: $0) } == before)
    // A good pair teaches its bucket (0.3 s: bucket 2).
    pair(100, 100.3)
    #expect(model.speedSampleCount(ofBucket: 2) > before[2])
  }

  @Test("A saved speed term out of range is refused, naming its field and byte", arguments: [
    (0, Float(-1), "speed bucket 0 weight"), (0, 1e30, "speed bucket 0 weight"), (4, .nan, "speed bucket 0 sum x"),
    (8, -1, "speed bucket 0 sum x²"), (12, .infinity, "speed bucket 0 sum y"), (16, 3e38, "speed bucket 0 sum xy"),
    (20 * 2 + 4, -0.5, "speed bucket 2 sum x"), (20 * 3 + 16, .nan, "speed bucket 3 sum xy"),
  ] as [(Int, Float, String)])
  func outOfRangeSpeedTerm(at relative: Int, value: Float, field: String) {
    let good = TouchModel(layout: layout).bytes
    let offset = 28 + 20 * layout.keys.count + relative
    #expect(throws: TouchModelError.badValue(field: field, offset: offset)) {
      _ = try TouchModel(bytes: TouchModelHostileTests.patched(good, [(offset, value)]), layout: layout)
    }
  }

  @Test("The resolvers and the decoder adopt the learned speed term with the offsets")
  func adoptedByResolverAndDecoder() {
    let model = trainedModel(words: 300)
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let decoder = WordDecoder(table: FixtureTable.mapped, layout: layout)
    #expect(resolver.motion.learned == nil && decoder.motion.learned == nil)
    resolver.adapt(to: model)
    decoder.adapt(to: model)
    #expect(resolver.motion.learned == model.learnedMotion)
    #expect(decoder.motion.learned == model.learnedMotion)
  }

  @Test("A learned scale of 0 leaves σa alone; learned values that are not finite are ignored")
  func adoptEdges() {
    var motion = TouchMotion()
    motion.adopt(TouchMotion.Learned(absoluteSigma: 4, speedScales: .init(repeating: 0)))
    _ = motion.variance(of: TouchPoint(x: 10, y: 10, timestamp: 1))
    let variance = motion.variance(of: TouchPoint(x: 200, y: 10, timestamp: 1.05))  // under the intercept: σr is infinite
    #expect(variance?.x == 16 && variance?.y == 16)
    motion.adopt(TouchMotion.Learned(absoluteSigma: .nan, speedScales: .init(repeating: 1)))
    #expect(motion.learned == nil)
    motion.adopt(TouchMotion.Learned(absoluteSigma: 4, speedScales: .init(1, .infinity, 1, 1)))
    #expect(motion.learned == nil)
  }
}
