#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Testing) import KeyGram
import Testing

/// Every kind of bad input gets a defined answer, never a trap (see docs/Runtime.md).
@Suite("Bad input")
struct BadInputTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  static let badTouches: [TouchPoint] = [
    TouchPoint(x: .nan, y: 10), TouchPoint(x: 10, y: .nan), TouchPoint(x: .infinity, y: 10),
    TouchPoint(x: 10, y: -.infinity), TouchPoint(x: .nan, y: .nan), TouchPoint(x: .signalingNaN, y: 0),
  ]

  func allResolvers(_ layout: KeyboardLayout) -> [any KeyResolver] {
    [StaticKeyResolver(layout: layout), BoundaryShiftResolver(layout: layout, table: FixtureTable.mapped),
     GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)]
  }

  @Test("NaN or infinite touch coordinates resolve to nil")
  func nonFiniteTouches() {
    for resolver in allResolvers(layout) {
      for touch in Self.badTouches { #expect(resolver.resolve(touch) == nil) }
      // Huge but finite coordinates are clamped to the keyboard.
      #expect(resolver.resolve(TouchPoint(x: -.greatestFiniteMagnitude, y: 20)) == layout.index("q"))
      #expect(resolver.resolve(TouchPoint(x: .greatestFiniteMagnitude, y: 20)) == layout.index("p"))
    }
  }

  @Test("An empty layout, or one of empty rows, resolves every touch to nil")
  func emptyLayouts() {
    var context = TypingContext(table: FixtureTable.mapped)
    context.record("t")
    for layout in [KeyboardLayout(rows: []), KeyboardLayout(rows: [[], [], []])] {
      for resolver in allResolvers(layout) {
        resolver.update(for: context)
        #expect(resolver.resolve(TouchPoint(x: 10, y: 10)) == nil)
        #expect(resolver.resolve(TouchPoint(x: .nan, y: 10)) == nil)
      }
    }
  }

  @Test("Empty rows between real ones are dropped and the rest works", arguments: WeightedResolverKind.allCases)
  func emptyRowsDropped(kind: WeightedResolverKind) {
    let rows = [[]] + [Array(layout.keys[layout.rows[0].keyRange])] + [[], []] + [Array(layout.keys[layout.rows[1].keyRange])]
    let sparse = KeyboardLayout(rows: rows)
    sparse._checkInvariants()
    #expect(sparse.rows.count == 2)
    let resolver = kind.make(sparse)
    resolver.update(keyWeights: [])
    for (index, key) in sparse.keys.enumerated() { #expect(resolver.resolve(key.frame.center) == KeyIndex(index)) }
  }

  @Test("Overlapping and zero-width slots: defined answers (counting fallback), no trap")
  func degenerateSlots() {
    func key(_ letter: Unicode.Scalar, x: Float, width: Float) -> Key {
      Key(role: .letter(letter), frame: KeyFrame(x: x, y: 5, width: width, height: 44),
          slot: KeyFrame(x: x, y: 0, width: width, height: 54))
    }
    let layouts = [
      // b's slot covers c's, so the dividers are out of order.
      KeyboardLayout(rows: [[key("a", x: 0, width: 40), key("b", x: 40, width: 100), key("c", x: 50, width: 20), key("d", x: 140, width: 40)]]),
      // A zero-width key.
      KeyboardLayout(rows: [[key("a", x: 0, width: 40), key("b", x: 40, width: 0), key("c", x: 40, width: 40)]]),
      // A single zero-width key.
      KeyboardLayout(rows: [[key("a", x: 10, width: 0)]]),
    ]
    for layout in layouts {
      layout._checkInvariants()
      for resolver in allResolvers(layout) {
        resolver.update(for: TypingContext(table: FixtureTable.mapped))
        for x in stride(from: Float(-20), through: 200, by: 0.7) {
          let resolved = resolver.resolve(TouchPoint(x: x, y: 20))
          #expect(resolved.map { layout.keyIndices.contains($0) } == true)
        }
      }
    }
  }

  @Test("Mismatched lengths: short or long weight lists, a map for another alphabet or layout",
        arguments: WeightedResolverKind.allCases)
  func mismatchedLengths(kind: WeightedResolverKind) {
    let resolver = kind.make()
    let q = layout.index("q"), w = layout.index("w")
    // Too short: the missing weights count as 0 (then floored), so q dominates.
    resolver.update(keyWeights: [1])
    #expect(resolver.probability(ofKey: q) > 0.99)
    #expect(resolver.probability(ofKey: w) == 1.0 / 65_536)
    #expect(resolver.resolve(layout.touchOnDivider(after: "q")) == q)
    // Too long: the extra weights are ignored.
    resolver.update(keyWeights: [Float](repeating: 1, count: layout.keys.count) + [1e9, 1e9])
    #expect(abs(resolver.probability(ofKey: q) - 1.0 / 26) < 1e-6)
    #expect(resolver.probability(ofKey: KeyIndex(layout.keys.count)) == 0)
    #expect(resolver.probability(ofKey: -1) == 0)
    // A map for a bigger layout and a bigger alphabet: keys and letters beyond ours are ignored.
    var indices = (0..<40).map { Optional(KeyIndex($0 % 50)) }
    indices[FixtureTable.letter("q")] = 45
    let foreign = LetterKeyMap(keyIndexOfLetter: indices, keyCount: 50)
    let resolvers: [any WeightedKeyResolver] = [
      BoundaryShiftResolver(layout: layout, letterKeys: foreign), GaussianKeyResolver(layout: layout, letterKeys: foreign),
    ]
    var context = TypingContext(table: FixtureTable.mapped)
    context.record("t")
    for other in resolvers {
      other.update(for: context)
      #expect(other.probability(ofKey: q) > 0)  // no letter maps to it, so the floor or more
      #expect(other.resolve(layout[q].frame.center) == q)
    }
    // A map shorter than the table's alphabet: letters beyond it are not counted.
    let short = LetterKeyMap(keyIndexOfLetter: [layout.index("a"), layout.index("b")], keyCount: layout.keys.count)
    let partial = BoundaryShiftResolver(layout: layout, letterKeys: short)
    partial.update(for: context)
    #expect(partial.probability(ofKey: layout.index("a")) + partial.probability(ofKey: layout.index("b")) > 0.99)
  }

  @Test("All-zero, negative, NaN and infinite weights: all letter keys equally likely",
        arguments: WeightedResolverKind.allCases)
  func degenerateWeights(kind: WeightedResolverKind) {
    let resolver = kind.make()
    let equal = kind.make()
    equal.update(keyWeights: [Float](repeating: 1, count: layout.keys.count))
    let fixed = StaticKeyResolver(layout: layout)
    let cases: [[Float]] = [
      [Float](repeating: 0, count: layout.keys.count),
      [Float](repeating: -1, count: layout.keys.count),
      [Float](repeating: .nan, count: layout.keys.count),
      [Float](repeating: .infinity, count: layout.keys.count),
      [],
    ]
    for weights in cases {
      resolver.update(keyWeights: weights)
      for index in layout.keys.indices where !layout.keys[index].isSpecial {
        #expect(abs(resolver.probability(ofKey: KeyIndex(index)) - 1.0 / 26) < 1e-6)
      }
      var generator = SplitMix64(seed: 3)
      for _ in 0..<300 {
        let touch = TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 2160) / 10)
        #expect(resolver.resolve(touch) == equal.resolve(touch))
        if kind == .boundaryShift { #expect(resolver.resolve(touch) == fixed.resolve(touch)) }
      }
    }
    // Huge finite weights do not overflow the normalisation.
    var huge = [Float](repeating: .greatestFiniteMagnitude, count: layout.keys.count)
    huge[0] = 1
    resolver.update(keyWeights: huge)
    #expect(abs(resolver.probability(ofKey: 1) - 1.0 / 25) < 1e-5)
  }

  @Test("Out-of-range parameters are replaced by their documented values")
  func parameters() {
    let boundaryDefaults = BoundaryShiftResolver.Parameters()
    let boundary = BoundaryShiftResolver.Parameters(priorWeight: .nan, sigma: -2, minWidthRatio: 7).sanitized
    #expect(boundary == .init(priorWeight: boundaryDefaults.priorWeight, sigma: boundaryDefaults.sigma, minWidthRatio: 1))
    #expect(BoundaryShiftResolver.Parameters(priorWeight: -3, sigma: .infinity, minWidthRatio: .nan).sanitized
              == .init(priorWeight: 0, sigma: boundaryDefaults.sigma, minWidthRatio: boundaryDefaults.minWidthRatio))
    #expect(BoundaryShiftResolver.Parameters(priorWeight: 1e9).sanitized.priorWeight == 100)
    #expect(BoundaryShiftResolver.Parameters(minWidthRatio: -1).sanitized.minWidthRatio == 0)
    #expect(boundaryDefaults.sanitized == boundaryDefaults)
    let defaults = GaussianKeyResolver.Parameters()
    let gaussian = GaussianKeyResolver.Parameters(sigmaX: 0, sigmaY: -.infinity, offsetX: .nan, offsetY: .infinity,
                                                  priorWeight: .nan, anchorFraction: 2).sanitized
    #expect(gaussian == .init(sigmaX: defaults.sigmaX, sigmaY: defaults.sigmaY, offsetX: 0, offsetY: 0,
                              priorWeight: defaults.priorWeight, anchorFraction: 1))
    #expect(GaussianKeyResolver.Parameters(priorWeight: 1e9, anchorFraction: .nan).sanitized
              == .init(priorWeight: 100, anchorFraction: defaults.anchorFraction))
    #expect(defaults.sanitized == defaults)
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped, parameters: .init(sigmaX: .nan, priorWeight: -1))
    #expect(resolver.parameters.sigmaX == defaults.sigmaX && resolver.parameters.priorWeight == 0)
    #expect(resolver.resolve(layout.keys[0].frame.center) == 0)
  }
}

@Suite("Bad input found in review")
struct ReviewedBadInputTests {
  @Test func apostrophesThatFillTheHistoryKeepTheContextConsistent() {
    var context = TypingContext(table: FixtureTable.mapped)
    context.record("x")
    context.record("y")
    for _ in 0..<(TypingContext.historyCapacity + 2) { context.record("'") }
    context._checkInvariants()
    #expect(context.distribution.indices.map { context.distribution.weight(at: $0) }
            == context.table.distribution(after: context.letterContext).indices.map { context.table.distribution(after: context.letterContext).weight(at: $0) })
  }

  @Test func nearZeroAndHugeKeyWidthsDoNotTrap() {
    func key(_ letter: Unicode.Scalar, x: Float, width: Float) -> Key {
      Key(role: .letter(letter), frame: KeyFrame(x: x, y: 0, width: width, height: 40), slot: KeyFrame(x: x, y: 0, width: width, height: 40))
    }
    for layout in [
      KeyboardLayout(rows: [[key("a", x: 0, width: 1e-30), key("b", x: 1e-30, width: 100)]]),
      KeyboardLayout(rows: [[key("a", x: 0, width: 1e30), key("b", x: 1e30, width: 1e30)]]),
    ] {
      let resolver = StaticKeyResolver(layout: layout)
      #expect(resolver.resolve(TouchPoint(x: 50, y: 20)) != nil)
    }
  }

  @Test func aShortFileWithoutTheMagicIsBadMagic() throws {
    #expect(throws: KeyGramTableError.badMagic) { try KeyGramTable(copying: Array("not a table".utf8)) }
    let path = "/tmp/keygram-short-not-a-table-\(getpid()).bin"
    defer { removeTemporaryFile(path) }
    _ = Array("not a table".utf8).withUnsafeBytes { bytes in
      fopen(path, "w").map { file in defer { fclose(file) }; return fwrite(bytes.baseAddress, 1, bytes.count, file) }
    }
    #expect(throws: KeyGramTableError.badMagic) { try KeyGramTable(contentsOf: path) }
  }
}
