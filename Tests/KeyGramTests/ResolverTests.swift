@_spi(Testing) import KeyGram
import Testing

@Suite("Resolvers: geometry with explicit weights")
struct ResolverTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY
  var letterKeys: [Int] { layout.keys.indices.filter { !layout.keys[$0].isSpecial } }

  @Test("Equal weights: a tap at any key's centre resolves to that key", arguments: WeightedResolverKind.allCases)
  func centresWithEqualWeights(kind: WeightedResolverKind) {
    let resolver = kind.make()
    resolver.update(keyWeights: Array(repeating: 1, count: layout.keys.count))
    let fixed = StaticKeyResolver(layout: layout)
    for (index, key) in layout.keys.enumerated() {
      #expect(resolver.resolve(key.frame.center) == KeyIndex(index))
      #expect(fixed.resolve(key.frame.center) == KeyIndex(index))
    }
  }

  @Test("A high weight for B: a tap at the A|B divider, or just inside A's slot, resolves to B",
        arguments: WeightedResolverKind.allCases)
  func likelierNeighbourWins(kind: WeightedResolverKind) {
    let resolver = kind.make()
    for row in layout.rows {
      for a in row.keyRange.dropLast() where !layout.keys[a].isSpecial && !layout.keys[a + 1].isSpecial {
        let b = a + 1
        for (favoured, other) in [(b, a), (a, b)] {
          var weights = [Float](repeating: 1, count: layout.keys.count)
          weights[favoured] = 20
          resolver.update(keyWeights: weights)
          let divider = layout.staticDivider(afterKey: KeyIndex(a))
          let y = layout.keys[a].frame.midY
          let intoOther: Float = other == a ? -2 : 2
          #expect(resolver.resolve(TouchPoint(x: divider, y: y)) == KeyIndex(favoured))
          #expect(resolver.resolve(TouchPoint(x: divider + intoOther, y: y)) == KeyIndex(favoured))
          // But the other key's centre is still the other key.
          #expect(resolver.resolve(layout.keys[other].frame.center) == KeyIndex(other))
        }
      }
    }
  }

  @Test("Boundary shift: no letter key's target shrinks below minWidthRatio of its slot",
        arguments: [Float(0.6), 0.8, 0.3, 0, 1])
  func minimumWidth(ratio: Float) {
    let resolver = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped,
                                         parameters: .init(priorWeight: 4, minWidthRatio: ratio))
    var generator = SplitMix64(seed: 42)
    for trial in 0..<300 {
      // Extreme, random and alternating weights.
      let weights: [Float] = layout.keys.indices.map { index in
        switch trial % 3 {
        case 0: return index % 2 == 0 ? 1 : 1e-9
        case 1: return Float(generator.next() % 1000) / 1000
        default: return Float(generator.next() % 2) * Float(generator.next() % 100)
        }
      }
      resolver.update(keyWeights: weights)
      for index in letterKeys {
        let slot = layout.keys[index].slot
        let span = resolver.targetSpan(ofKey: KeyIndex(index))!
        #expect(span.upperBound - span.lowerBound >= ratio * slot.width - 1e-4)
        // The central `ratio` of the slot always stays the key's own.
        let core = (1 - ratio) / 2 * slot.width
        #expect(span.lowerBound <= slot.minX + core + 1e-4 && span.upperBound >= slot.maxX - core - 1e-4)
      }
    }
  }

  @Test("Boundary shift: the divider is the two keys' Bayes boundary, α σ² / d × ln(w_h / w_j), clamped")
  func shiftFormula() {
    let resolver = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped,
                                         parameters: .init(priorWeight: 0.5, sigma: 8, minWidthRatio: 0.6))
    let h = layout.index("h")
    var weights = [Float](repeating: 1, count: layout.keys.count)
    weights[h.rawValue] = 1.2  // h more likely than j: the divider moves right, into j
    resolver.update(keyWeights: weights)
    let expected: Float = 0.5 * 64 / 37.5 * 0.182_321_56  // ln 1.2
    #expect(abs(resolver.divider(afterKey: h)! - (layout.staticDivider(afterKey: h) + expected)) < 1e-4)
    // A touch just left of the moved divider is h, just right of it j.
    let y = layout.keys[h.rawValue].frame.midY
    #expect(resolver.resolve(TouchPoint(x: resolver.divider(afterKey: h)! - 0.01, y: y)) == h)
    #expect(resolver.resolve(TouchPoint(x: resolver.divider(afterKey: h)! + 0.01, y: y)) == KeyIndex(h.rawValue + 1))
    weights[h.rawValue] = 1e6  // odds of 65,536 (the floor): 9.5 pt, past the clamp of (1 − 0.6) / 2 × 37.5 = 7.5 pt
    resolver.update(keyWeights: weights)
    #expect(resolver.divider(afterKey: h)! == layout.staticDivider(afterKey: h) + 7.5)
    #expect(resolver.divider(afterKey: layout.index("p")) == nil)
  }

  @Test("Edge keys keep their outer edges; touches beyond them go to the edge keys", arguments: WeightedResolverKind.allCases)
  func edgeKeys(kind: WeightedResolverKind) {
    let resolver = kind.make()
    var weights = [Float](repeating: 1, count: layout.keys.count)
    weights[layout.index("w").rawValue] = 1000
    weights[layout.index("o").rawValue] = 1000
    weights[layout.index("z").rawValue] = 1000
    weights[layout.index("m").rawValue] = 1000
    resolver.update(keyWeights: weights)
    let q = layout.index("q"), p = layout.index("p")
    let y = layout.rowCenterY("q")
    #expect(resolver.resolve(TouchPoint(x: 0.5, y: y)) == q)
    #expect(resolver.resolve(TouchPoint(x: -50, y: y)) == q)
    #expect(resolver.resolve(TouchPoint(x: 374.5, y: y)) == p)
    #expect(resolver.resolve(TouchPoint(x: 1000, y: y)) == p)
    #expect(resolver.resolve(TouchPoint(x: 2, y: -40)) == q)  // above the keyboard
    if let boundary = resolver as? BoundaryShiftResolver {
      #expect(boundary.targetSpan(ofKey: q)!.lowerBound == 0)
      #expect(boundary.targetSpan(ofKey: p)!.upperBound == 375)
    }
    // Special keys are never stolen from, whatever the weights of their neighbours.
    let shift = layout.keyIndex(of: .shift)!, backspace = layout.keyIndex(of: .backspace)!
    let y3 = layout.rowCenterY("z")
    #expect(resolver.resolve(TouchPoint(x: 56, y: y3)) == shift)
    #expect(resolver.resolve(TouchPoint(x: 318.8, y: y3)) == backspace)
    #expect(resolver.resolve(TouchPoint(x: 56.3, y: y3)) == layout.index("z"))
    #expect(resolver.resolve(TouchPoint(x: 187, y: 400)) == layout.keyIndex(of: .space))
    if let boundary = resolver as? BoundaryShiftResolver {
      #expect(boundary.divider(afterKey: shift) == layout.staticDivider(afterKey: shift))
      #expect(boundary.divider(afterKey: layout.index("m")) == layout.staticDivider(afterKey: layout.index("m")))
      #expect(boundary.targetSpan(ofKey: shift) == layout[shift].slot.minX..<layout[shift].slot.maxX)
    }
  }

  @Test("Static resolution: the key whose slot holds the touch, nearest key outside the keyboard")
  func staticResolution() {
    let resolver = StaticKeyResolver(layout: layout)
    var y: Float = -20
    while y < 240 {
      var x: Float = -10
      while x < 390 {
        let touch = TouchPoint(x: x, y: y)
        // Clamp into the keyboard, then into the touch's row (rows 2 and 3 do not reach the edges).
        let clampedY = min(max(y, 0), 215.99)
        let row = layout.rows.first { clampedY >= $0.minY && clampedY < $0.maxY }!
        let rowSlots = layout.keys[row.keyRange].map(\.slot)
        let clamped = TouchPoint(x: min(max(x, rowSlots.first!.minX), rowSlots.last!.maxX - 0.01), y: clampedY)
        let expected = layout.keys.indices.first { layout.keys[$0].slot.contains(clamped) }
        #expect(resolver.resolve(touch) == expected.map { KeyIndex($0) })
        x += 3.3
      }
      y += 4.1
    }
    #expect(resolver.recomputeCount == 0)
  }

  @Test("Boundary shift agrees with its own target spans everywhere")
  func boundaryAgreesWithSpans() {
    let resolver = BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped)
    var generator = SplitMix64(seed: 7)
    for _ in 0..<20 {
      resolver.update(keyWeights: layout.keys.indices.map { _ in Float(generator.next() % 1000) })
      for _ in 0..<500 {
        let touch = TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 2160) / 10)
        let row = layout.rows.firstIndex { touch.y >= $0.minY && touch.y < $0.maxY }!
        let keys = layout.rows[row].keyRange
        // Touches beyond a row's ends go to its edge keys.
        let expected = keys.first { resolver.targetSpan(ofKey: KeyIndex($0))!.contains(touch.x) }
          ?? (touch.x < layout.keys[keys.lowerBound].slot.minX ? keys.lowerBound : keys.upperBound - 1)
        #expect(resolver.resolve(touch) == KeyIndex(expected))
      }
    }
  }

  @Test("Gaussian: the answer is the exact argmax of the scores (pruning loses nothing)", arguments: [
    GaussianKeyResolver.Parameters(anchorFraction: 0),
    GaussianKeyResolver.Parameters(sigmaX: 20, sigmaY: 14, offsetX: 12, offsetY: -6, priorWeight: 2, anchorFraction: 0),
    GaussianKeyResolver.Parameters(sigmaX: 4, sigmaY: 30, offsetX: -25, offsetY: 20, priorWeight: 0.5, anchorFraction: 0),
  ])
  func gaussianIsExact(parameters: GaussianKeyResolver.Parameters) {
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped, parameters: parameters)
    let fixed = StaticKeyResolver(layout: layout)
    var generator = SplitMix64(seed: 11)
    for trial in 0..<40 {
      resolver.update(keyWeights: layout.keys.indices.map { _ in
        trial % 2 == 0 ? Float(generator.next() % 1000) : Float(1) / Float(1 + generator.next() % 60_000)
      })
      for _ in 0..<500 {
        let touch = TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 1620) / 10)
        guard let slotKey = fixed.resolve(touch), !layout[slotKey].isSpecial else { continue }
        let best = letterKeys.max { resolver.score(ofKey: KeyIndex($0), for: touch) < resolver.score(ofKey: KeyIndex($1), for: touch) }!
        let resolved = resolver.resolve(touch)!
        #expect(resolver.score(ofKey: resolved, for: touch) == resolver.score(ofKey: KeyIndex(best), for: touch))
      }
    }
  }

  @Test("Gaussian anchoring: a touch in a key's core is that key, however likely its neighbour")
  func anchoring() {
    let anchored = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped, parameters: .init(priorWeight: 1, anchorFraction: 0.5))
    let unanchored = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped, parameters: .init(priorWeight: 1, anchorFraction: 0))
    let g = layout.index("g"), h = layout.index("h")
    var weights = [Float](repeating: 1e-6, count: layout.keys.count)
    weights[h.rawValue] = 1
    anchored.update(keyWeights: weights)
    unanchored.update(keyWeights: weights)
    let cap = layout[g].frame
    let insideCore = TouchPoint(x: cap.midX + 0.5 * cap.width / 2 - 0.25, y: cap.midY)
    let outsideCore = TouchPoint(x: cap.midX + 0.5 * cap.width / 2 + 0.25, y: cap.midY)
    #expect(anchored.resolve(insideCore) == g)
    #expect(unanchored.resolve(insideCore) == h)
    #expect(anchored.resolve(outsideCore) == h)
    #expect(anchored.resolve(cap.center) == g)
  }
}
