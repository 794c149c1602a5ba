@_spi(Testing) import KeyGram

/// A saved touch model (`TouchModel(bytes:layout:)`), then both resolvers adapted to it. Input:
/// byte 0 picks the layout (bit 7: the touches are timed); the rest is the saved model (format 1.0, or 1.1 with the speed
/// term, by its minor version), tried as it is and with its key count, layout fingerprint and
/// CRC-32 made to fit the layout, so mutations reach the stored figures; bytes past the model
/// are touches (x, y as Float32, a timestamp as Float64 when timed, a key byte) observed and committed.
/// Promises checked: an accepted model's offsets lie within its `offsetLimit`, its spreads and
/// learned σa within `sigmaRange` and its speed scales within 0 … `maximumSpeedScale`; every
/// finite touch, timed or not, resolves with either resolver to a key of the layout; the
/// model's own `bytes` reload to the same bytes, before and after learning the touches.
extension FuzzTarget {
  static let touchLayouts: [KeyboardLayout] = [
    .iPhonePortraitQWERTY,
    .iPhonePortrait(rows: [Array("ab".unicodeScalars)]),
    .iPhonePortrait(rows: [Array("qwertz".unicodeScalars), Array("asdf".unicodeScalars), Array("yxc".unicodeScalars)]),
  ]

  static func touchModel(_ input: [UInt8], _ findings: inout FuzzFindings) {
    guard let selector = input.first else { return }
    let layout = touchLayouts[Int(selector & 0x7F) % touchLayouts.count]
    let timed = selector & 0x80 != 0, record = timed ? 17 : 9
    let saved = Array(input.dropFirst())
    let fresh = TouchModel(layout: layout)
    let minor = saved.count >= 8 ? Int(saved[6]) | Int(saved[7]) << 8 : 0
    let length = 32 + 20 * fresh.keyCount + (minor >= 1 ? 80 : 0)
    let fixed = fitted(saved, to: fresh, length: length)
    for bytes in fixed == saved ? [saved] : [saved, fixed] {
      let model: TouchModel
      do {
        model = try TouchModel(bytes: bytes, layout: layout)
      } catch {
        findings.expect(!error.description.isEmpty, "an error without a message")
        continue
      }
      check(model, layout: layout, &findings)
      let touches = bytes.count > length ? Array(bytes[length...]) : []
      var start = 0
      while start + record <= touches.count {
        func float(_ at: Int) -> Float {
          Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(touches[at + $1]) << (8 * UInt32($1)) })
        }
        let keyByte = touches[start + record - 1]
        var touch = TouchPoint(x: float(start), y: float(start + 4))
        if timed {
          touch.timestamp = Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(touches[start + 8 + $1]) << (8 * UInt64($1)) })
        }
        model.observe(touch, key: KeyIndex(Int(keyByte) % (model.keyCount + 1)))
        if keyByte & 0x80 != 0 { model.commit() }
        start += record
      }
      model.commit()
      check(model, layout: layout, &findings)
    }
  }

  /// `saved` with the key count, fingerprint and CRC-32 of a model for `fresh`'s layout.
  private static func fitted(_ saved: [UInt8], to fresh: TouchModel, length: Int) -> [UInt8] {
    guard saved.count >= length, saved.count >= 32 else { return saved }
    var fixed = saved
    func put(_ value: UInt32, at offset: Int) {
      for k in 0..<4 { fixed[offset + k] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))) }
    }
    put(UInt32(fresh.keyCount), at: 8)
    put(fresh.layoutFingerprint, at: 12)
    put(TouchModel.crc32(fixed[0..<(length - 4)]), at: length - 4)
    return fixed
  }

  private static func check(_ model: TouchModel, layout: KeyboardLayout, _ findings: inout FuzzFindings) {
    let limit = model.offsetLimit, sigmas = model.parameters.sigmaRange
    for key in 0..<model.keyCount {
      let offset = model.offset(ofKey: KeyIndex(key))
      findings.expect(abs(offset.x) <= limit && abs(offset.y) <= limit, "key \(key)'s offset \(offset) is beyond ±\(limit)")
    }
    for row in layout.rows.indices {
      let spread = model.spread(ofRow: row)
      findings.expect(sigmas.contains(spread.x) && sigmas.contains(spread.y), "row \(row)'s spread \(spread) is outside \(sigmas)")
    }
    let learned = model.learnedMotion
    findings.expect(sigmas.contains(learned.absoluteSigma), "the learned σa \(learned.absoluteSigma) is outside \(sigmas)")
    for bucket in 0..<TouchMotion.speedBucketCount {
      let scale = learned.speedScales[bucket]
      findings.expect(scale >= 0 && scale <= TouchModel.maximumSpeedScale, "bucket \(bucket)'s speed scale \(scale) is out of range")
    }
    let letterKeys = LetterKeyMap(keyIndexOfLetter: layout.keys.indices.filter { !layout.keys[$0].isSpecial }.map { KeyIndex($0) },
                                  keyCount: layout.keys.count)
    let gaussian = GaussianKeyResolver(layout: layout, letterKeys: letterKeys)
    let boundary = BoundaryShiftResolver(layout: layout, letterKeys: letterKeys)
    let uniform = [Float](repeating: 1, count: layout.keys.count)
    gaussian.update(keyWeights: uniform)
    boundary.update(keyWeights: uniform)
    gaussian.adapt(to: model)
    boundary.adapt(to: model)
    let far: Float = 3e38
    var touches = layout.keys.map(\.frame.center)
    touches += [TouchPoint(x: far, y: far), TouchPoint(x: -far, y: -far), TouchPoint(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude),
                TouchPoint(x: 0, y: 0), TouchPoint(x: 1e20, y: -1e20)]
    // Timed too, 0.2 s apart, so the adapted speed term scores every move between them.
    touches += touches.indices.map { TouchPoint(x: touches[$0].x, y: touches[$0].y, timestamp: 5 + 0.2 * Double($0)) }
    for touch in touches {
      for (name, key) in [("Gaussian", gaussian.resolve(touch)), ("boundary-shift", boundary.resolve(touch))] {
        findings.expect(key.map { $0.rawValue >= 0 && $0.rawValue < layout.keys.count } ?? false,
                        "the \(name) resolver gave \(String(describing: key)) for \(touch)")
      }
    }
    let bytes = model.bytes
    do {
      let reloaded = try TouchModel(bytes: bytes, layout: layout)
      findings.expect(reloaded.bytes == bytes, "the model's bytes reload to other bytes")
    } catch {
      findings.expect(false, "the model's own bytes are refused: \(error)")
    }
  }
}
