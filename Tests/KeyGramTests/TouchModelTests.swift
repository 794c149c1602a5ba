@_spi(Testing) import KeyGram
import Testing

/// The adaptive touch model: offsets and spreads learned from accepted keystrokes, shrunk
/// toward the layout, saved as a small checksummed blob, and used by both resolvers.
@Suite("Touch model")
struct TouchModelTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func key(_ letter: Unicode.Scalar) -> KeyIndex { layout.keyIndex(ofLetter: letter)! }

  func touch(_ letter: Unicode.Scalar, _ dx: Float, _ dy: Float) -> TouchPoint {
    let center = layout[key(letter)].frame.center
    return TouchPoint(x: center.x + dx, y: center.y + dy)
  }

  /// No forgetting, so every figure below can be worked by hand.
  var exact: TouchModel.Parameters {
    var parameters = TouchModel.Parameters()
    parameters.forgetting = 1
    return parameters
  }

  @Test("offsets are learned exactly and shrunk: 10 touches at (+2, +4) on e")
  func offsets() {
    let model = TouchModel(layout: layout, parameters: exact)
    for _ in 0..<10 { model.observe(touch("e", 2, 4), key: key("e")) }
    #expect(model.offset(ofKey: key("e")) == (0, 0))  // nothing learned before the commit
    model.commit()
    // Layout: (2, 4) × 10 / (10 + 20). Key e: (10 × (2, 4) + 10 × layout) / (10 + 10).
    let layoutOffset = model.layoutOffset
    #expect(abs(layoutOffset.x - 2.0 / 3) < 1e-5 && abs(layoutOffset.y - 4.0 / 3) < 1e-5)
    let e = model.offset(ofKey: key("e"))
    #expect(abs(e.x - 4.0 / 3) < 1e-5 && abs(e.y - 8.0 / 3) < 1e-5)
    // A key with no samples of its own takes the layout's offset.
    let q = model.offset(ofKey: key("q"))
    #expect(abs(q.x - 2.0 / 3) < 1e-5 && abs(q.y - 4.0 / 3) < 1e-5)
    #expect(model.sampleCount(ofKey: key("e")) == 10)
  }

  @Test("spreads: pooled per row, shrunk toward the layout's, which is shrunk toward σ = 8")
  func spreads() {
    let model = TouchModel(layout: layout, parameters: exact)
    for index in 0..<10 { model.observe(touch("e", index % 2 == 0 ? 3 : -3, 0), key: key("e")) }
    model.commit()
    // Squares x: 10 × 9 = 90 over weight 10. Layout: (90 + 20 × 64) / 30; row 0: (90 + 10 × layout) / 20.
    let layoutVarianceX: Float = (90 + 20 * 64) / 30, layoutVarianceY: Float = (0 + 20 * 64) / 30
    let spread = model.spread(ofRow: 0)
    #expect(abs(spread.x - ((90 + 10 * layoutVarianceX) / 20).squareRoot()) < 1e-4)
    #expect(abs(spread.y - ((0 + 10 * layoutVarianceY) / 20).squareRoot()) < 1e-4)
    // Row 1 has no samples: the layout's spread.
    #expect(abs(model.spread(ofRow: 1).x - layoutVarianceX.squareRoot()) < 1e-4)
  }

  @Test("a deleted letter is never learned; only committed touches are")
  func retractions() {
    let model = TouchModel(layout: layout, parameters: exact)
    model.observe(touch("t", 5, 5), key: key("t"))
    model.observe(touch("y", 20, 20), key: key("y"))
    #expect(model.retractLast())
    model.commit()
    #expect(model.sampleCount(ofKey: key("t")) == 1)
    #expect(model.sampleCount(ofKey: key("y")) == 0)
    #expect(!model.retractLast())  // nothing pending any more
    // Non-finite touches and foreign keys are ignored.
    model.observe(TouchPoint(x: .nan, y: 0), key: key("t"))
    model.observe(touch("t", 0, 0), key: KeyIndex(9_999))
    #expect(model.pendingCount == 0)
  }

  @Test("a full pending ring learns its oldest touch at once")
  func fullRing() {
    let model = TouchModel(layout: layout, parameters: exact)
    for _ in 0..<(TouchModel.pendingCapacity + 3) { model.observe(touch("a", 1, 1), key: key("a")) }
    #expect(model.pendingCount == TouchModel.pendingCapacity)
    #expect(model.sampleCount(ofKey: key("a")) == 3)
  }

  @Test("bytes round-trip; 112 + 20 bytes a key (the speed term 80 of them), under 4 KB for 40 keys")
  func roundTrip() throws {
    let model = TouchModel(layout: layout)
    for index in 0..<300 {
      let letter = Array("qwertyuiopasdfghjklzxcvbnm".unicodeScalars)[index % 26]
      model.observe(touch(letter, Float(index % 7) - 3, 6 + Float(index % 5)), key: key(letter))
      if index % 5 == 4 { model.commit() }
    }
    model.commit()
    let bytes = model.bytes
    #expect(bytes.count == 112 + 20 * layout.keys.count)
    #expect(112 + 20 * 40 <= 4096)
    let restored = try TouchModel(bytes: bytes, layout: layout)
    for index in layout.keys.indices {
      #expect(restored.offset(ofKey: KeyIndex(index)) == model.offset(ofKey: KeyIndex(index)))
    }
    for row in layout.rows.indices { #expect(restored.spread(ofRow: row) == model.spread(ofRow: row)) }
    #expect(restored.bytes == bytes)
  }

  @Test("bad or foreign bytes give a typed error")
  func badBytes() {
    let model = TouchModel(layout: layout)
    model.observe(touch("e", 1, 2), key: key("e"))
    model.commit()
    let good = model.bytes
    func error(_ bytes: [UInt8], layout: KeyboardLayout? = nil) -> TouchModelError? {
      do { _ = try TouchModel(bytes: bytes, layout: layout ?? self.layout); return nil } catch { return error }
    }
    #expect(error(Array(good.prefix(10))) == .truncated(count: 10, needed: 32))
    #expect(error(Array(good.dropLast())) == .truncated(count: good.count - 1, needed: good.count))
    var magic = good
    magic[0] = UInt8(ascii: "X")
    #expect(error(magic) == .notATouchModel)
    var version = good
    version[4] = 2
    #expect(error(version) == .unsupportedVersion(major: 2, minor: 1))
    let other = KeyboardLayout.iPhonePortrait(rows: [Array("abc".unicodeScalars)])
    #expect(error(good, layout: other) == .otherLayout(savedKeys: layout.keys.count, keys: other.keys.count))
    var damaged = good
    damaged[40] ^= 0x01
    guard case .checksumMismatch = error(damaged) else {
      Issue.record("a flipped byte must fail the checksum")
      return
    }
    // An impossible value with the checksum fixed up: a negative sample weight at byte 28.
    var negative = Array(good.dropLast(4))
    let minusOne = Float(-1).bitPattern
    for shift in 0..<4 { negative[28 + shift] = UInt8(truncatingIfNeeded: minusOne >> UInt32(8 * shift)) }
    let crc = TouchModel.crc32(negative)
    for shift in 0..<4 { negative.append(UInt8(truncatingIfNeeded: crc >> UInt32(8 * shift))) }
    #expect(error(negative) == .badValue(field: "key 0 weight", offset: 28))
  }

  @Test("bytes after the CRC-32, and a minor version this runtime does not know, are refused")
  func trailingBytesAndNewerMinor() {
    let model = TouchModel(layout: layout)
    model.observe(touch("e", 1, 2), key: key("e"))
    model.commit()
    let good = model.bytes
    func error(_ bytes: [UInt8]) -> TouchModelError? {
      do { _ = try TouchModel(bytes: bytes, layout: layout); return nil } catch { return error }
    }
    #expect(error(good) == nil)
    #expect(error(good + [0]) == .trailingBytes(count: good.count + 1, expected: good.count))
    #expect(error(good + good) == .trailingBytes(count: 2 * good.count, expected: good.count))
    #expect(TouchModelError.trailingBytes(count: 913, expected: 912).description
              == "touch model: 913 bytes, 912 expected: 1 after the CRC-32 at byte 908")
    // Version 1.9 with its CRC-32 fixed up: refused by version, before any length or checksum.
    var newer = Array(good.dropLast(4))
    newer[6] = 9
    let crc = TouchModel.crc32(newer)
    for shift in 0..<4 { newer.append(UInt8(truncatingIfNeeded: crc >> UInt32(8 * shift))) }
    #expect(error(newer) == .unsupportedVersion(major: 1, minor: 9))
  }

  @Test("a touch more than a key height off the keyboard teaches nothing; one just inside does")
  func strayTouchIsIgnored() {
    let model = TouchModel(layout: layout)
    let p = key("p"), frame = layout[p].frame
    for x: Float in [1e30, -1e30, layout.bounds.maxX + frame.height + 1] {
      model.observe(TouchPoint(x: x, y: frame.midY), key: p)
      model.commit()
    }
    model.observe(TouchPoint(x: frame.midX, y: layout.bounds.minY - frame.height - 1), key: p)
    model.commit()
    #expect(model.sampleCount(ofKey: p) == 0)
    #expect(model.layoutOffset == (0, 0))
    for index in layout.keys.indices { #expect(model.offset(ofKey: KeyIndex(index)) == (0, 0)) }
    // Within a key height of the keyboard's edge: learned.
    let rightmost = layout.keys.map(\.frame.maxX).max()!, tallest = layout.keys.map(\.frame.height).max()!
    model.observe(TouchPoint(x: rightmost + tallest - 1, y: frame.midY), key: p)
    model.commit()
    #expect(model.sampleCount(ofKey: p) == 1)
  }

  @Test("both resolvers follow a typist who touches 30 pt low: w, not the key below it")
  func resolversAdapt() {
    let model = TouchModel(layout: layout)
    for letter in "qwertyuiopasdfghjklzxcvbnm".unicodeScalars {
      for _ in 0..<40 { model.observe(touch(letter, 0, 30), key: key(letter)) }
      model.commit()
    }
    let uniform = [Float](repeating: 1, count: layout.keys.count)
    let gaussian = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let boundary = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped)
    gaussian.update(keyWeights: uniform)
    boundary.update(keyWeights: uniform)
    let low = touch("w", 0, 30)
    // Without the model the touch is in the middle row's band.
    #expect(StaticKeyResolver(layout: layout).resolve(low) != key("w"))
    #expect(boundary.resolve(low) != key("w"))
    gaussian.adapt(to: model)
    boundary.adapt(to: model)
    #expect(gaussian.resolve(low) == key("w"))
    #expect(boundary.resolve(low) == key("w"))
    #expect(gaussian.resolve(touch("s", 0, 30)) == key("s"))
    #expect(boundary.resolve(touch("s", 0, 30)) == key("s"))
  }
}

#if canImport(MallocCounter)
@Suite("Touch model allocations", .serialized)
struct TouchModelAllocationTests {
  @Test("observing, retracting, committing, adapting and resolving allocate nothing")
  func learning() {
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let model = TouchModel(layout: layout)
    let gaussian = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    let boundary = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped)
    let centers = layout.keys.map(\.frame.center)
    var state: UInt32 = 7
    var resolved = 0
    let count = mallocs {
      for index in 0..<20_000 {
        state = state &* 1_664_525 &+ 1_013_904_223
        let key = Int(state >> 16) % centers.count
        let touch = TouchPoint(x: centers[key].x + Float(Int(state >> 8) % 9) - 4, y: centers[key].y + 5)
        model.observe(touch, key: KeyIndex(key))
        if index % 11 == 3 { model.retractLast() }
        if index % 6 == 5 {
          model.commit()
          gaussian.adapt(to: model)
          boundary.adapt(to: model)
        }
        resolved &+= gaussian.resolve(touch)?.rawValue ?? 0
        resolved &+= boundary.resolve(touch)?.rawValue ?? 0
      }
    }
    #expect(count == 0)
    #expect(resolved > 0)
  }
}
#endif
