@_spi(Testing) import KeyGram
import Testing

/// Touches and saved models no keyboard produces: huge finite coordinates, and CRC-valid bytes
/// holding huge figures. Nothing traps, learned offsets stay within the layout, and the model's
/// own bytes always reload. The trapping cases run in a child process, so a trap is a failure.
@Suite("Touch model: hostile touches and bytes")
struct TouchModelHostileTests {
  static let layout = KeyboardLayout.iPhonePortraitQWERTY
  static let letters = Array("qwertyuiopasdfghjklzxcvbnm".unicodeScalars)

  static func key(_ letter: Unicode.Scalar) -> KeyIndex { layout.keyIndex(ofLetter: letter)! }
  static func center(_ letter: Unicode.Scalar) -> TouchPoint { layout[key(letter)].frame.center }

  /// Adapts both resolvers to `model` and resolves every letter's cap centre with each.
  static func resolveCenters(after model: TouchModel) -> (gaussian: [KeyIndex?], boundary: [KeyIndex?]) {
    let uniform = [Float](repeating: 1, count: layout.keys.count)
    let gaussian = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let boundary = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped)
    gaussian.update(keyWeights: uniform)
    boundary.update(keyWeights: uniform)
    gaussian.adapt(to: model)
    boundary.adapt(to: model)
    let far: [TouchPoint] = [TouchPoint(x: 3e38, y: 3e38), TouchPoint(x: -3e38, y: -3e38), TouchPoint(x: .greatestFiniteMagnitude, y: 0)]
    for touch in far {
      _ = gaussian.resolve(touch)
      _ = boundary.resolve(touch)
    }
    return (letters.map { gaussian.resolve(center($0)) }, letters.map { boundary.resolve(center($0)) })
  }

  /// `bytes` with the little-endian Float `value` at `offset` and the CRC-32 fixed up.
  static func patched(_ bytes: [UInt8], _ values: [(offset: Int, value: Float)]) -> [UInt8] {
    var body = Array(bytes.dropLast(4))
    for (offset, value) in values {
      for shift in 0..<4 { body[offset + shift] = UInt8(truncatingIfNeeded: value.bitPattern >> UInt32(8 * shift)) }
    }
    let crc = TouchModel.crc32(body)
    for shift in 0..<4 { body.append(UInt8(truncatingIfNeeded: crc >> UInt32(8 * shift))) }
    return body
  }

  @Test("x = ±3e38 four times on one key, then commit: both resolvers resolve, nothing traps")
  func hugeObservedTouches() async {
    await #expect(processExitsWith: .success) {
      for sign: Float in [1, -1] {
        let model = TouchModel(layout: TouchModelHostileTests.layout)
        let e = TouchModelHostileTests.key("e")
        for _ in 0..<4 { model.observe(TouchPoint(x: sign * 3e38, y: TouchModelHostileTests.center("e").y), key: e) }
        model.commit()
        let resolved = TouchModelHostileTests.resolveCenters(after: model)
        precondition(!resolved.gaussian.contains(nil) && !resolved.boundary.contains(nil))
        precondition(abs(model.offset(ofKey: e).x) <= max(TouchModelHostileTests.layout.bounds.width, TouchModelHostileTests.layout.bounds.height))
        _ = try! TouchModel(bytes: model.bytes, layout: TouchModelHostileTests.layout)
      }
    }
  }

  @Test("x = 3e38 is off the keyboard and not learned; an offset beyond the layout's span is clamped to +offsetLimit")
  func observeClamps() throws {
    var exact = TouchModel.Parameters()
    exact.forgetting = 1
    let model = TouchModel(layout: Self.layout, parameters: exact)
    let bounds = Self.layout.bounds
    #expect(model.offsetLimit == max(bounds.width, bounds.height))
    let e = Self.key("e"), q = Self.key("q")
    for _ in 0..<4 { model.observe(TouchPoint(x: 3e38, y: -3e38), key: e) }
    model.commit()
    #expect(model.sampleCount(ofKey: e) == 0 && model.layoutOffset == (0, 0))
    // On q, at the keyboard's far right edge widened by the tallest key: farther than the span.
    let frames = Self.layout.keys.map(\.frame)
    let edge = frames.map(\.maxX).max()! + frames.map(\.height).max()!, centre = Self.center("q")
    let limit = model.offsetLimit
    #expect(edge - centre.x > limit)
    for _ in 0..<4 { model.observe(TouchPoint(x: edge, y: centre.y), key: q) }
    model.commit()
    // Four samples at (+L, 0): layout mean (L, 0) shrunk by 4 / (4 + 20); key q (4 × (L, 0) + 10 × layout) / 14.
    let layoutOffset = model.layoutOffset
    #expect(abs(layoutOffset.x - limit * 4 / 24) < 1e-3 && abs(layoutOffset.y) < 1e-3)
    let offset = model.offset(ofKey: q)
    #expect(abs(offset.x - (4 * limit + 10 * limit * 4 / 24) / 14) < 1e-3)
    let restored = try TouchModel(bytes: model.bytes, layout: Self.layout, parameters: exact)
    #expect(restored.bytes == model.bytes)
  }

  @Test("a CRC-valid saved model holding 3e38 is refused, naming the field; nothing traps")
  func hugeSavedValues() async {
    await #expect(processExitsWith: .success) {
      let good = TouchModel(layout: TouchModelHostileTests.layout).bytes
      var huge: [(offset: Int, value: Float)] = [(16, 1e30), (20, -3e38), (24, 3e38)]
      for key in 0..<TouchModelHostileTests.layout.keys.count {
        huge += [(28 + 20 * key, 3e38), (32 + 20 * key, 3e38), (36 + 20 * key, 3e38), (40 + 20 * key, 3e38), (44 + 20 * key, 3e38)]
      }
      do {
        let model = try TouchModel(bytes: TouchModelHostileTests.patched(good, huge), layout: TouchModelHostileTests.layout)
        _ = TouchModelHostileTests.resolveCenters(after: model)
        preconditionFailure("a model weighing 1e30 samples was accepted")
      } catch {
        precondition("\(error)".contains("layout weight") && "\(error)".contains("byte 16"))
      }
    }
  }

  @Test("each field out of range gives its own name and byte", arguments: [
    (16, Float(1e30), "layout weight"), (16, -1, "layout weight"), (20, -3e38, "layout mean x"), (24, 1e20, "layout mean y"),
    (28, 3e38, "key 0 weight"), (32, 3e38, "key 0 mean x"), (36, -1e20, "key 0 mean y"),
    (40, -1, "key 0 squares x"), (44, .infinity, "key 0 squares y"), (48 + 4, .nan, "key 1 mean x"),
  ] as [(Int, Float, String)])
  func fieldNamed(offset: Int, value: Float, field: String) {
    let good = TouchModel(layout: Self.layout).bytes
    #expect(throws: TouchModelError.badValue(field: field, offset: offset)) {
      _ = try TouchModel(bytes: Self.patched(good, [(offset, value)]), layout: Self.layout)
    }
    let description = TouchModelError.badValue(field: field, offset: offset).description
    #expect(description.contains(field) && description.contains("byte \(offset)"))
  }

  @Test("x = ±1e20 on q and p: every other key still resolves to itself, and the model's bytes reload")
  func largeObservedTouches() throws {
    let model = TouchModel(layout: Self.layout)
    for _ in 0..<4 {
      model.observe(TouchPoint(x: 1e20, y: Self.center("q").y), key: Self.key("q"))
      model.observe(TouchPoint(x: -1e20, y: Self.center("p").y), key: Self.key("p"))
    }
    model.commit()
    let resolved = Self.resolveCenters(after: model)
    for (index, letter) in Self.letters.enumerated() where letter != "q" && letter != "p" {
      #expect(resolved.gaussian[index] == Self.key(letter), "Gaussian: \(letter)")
      #expect(resolved.boundary[index] == Self.key(letter), "boundary shift: \(letter)")
    }
    let restored = try TouchModel(bytes: model.bytes, layout: Self.layout)
    #expect(restored.bytes == model.bytes)
    for row in Self.layout.rows.indices { #expect(restored.spread(ofRow: row) == model.spread(ofRow: row)) }
  }
}
