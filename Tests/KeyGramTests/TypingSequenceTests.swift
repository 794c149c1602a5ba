@_spi(Testing) import KeyGram
import Testing

/// Seed 002's typing sequences, on the real English table, for both resolvers.
@Suite("Typing sequences on the English table")
struct TypingSequenceTests {
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func resolve(_ kind: WeightedResolverKind, typed text: String, touch: TouchPoint,
               source: EnglishTable.Source = .mapped) -> Unicode.Scalar? {
    let resolver = kind.make(layout, table: source.table)
    var context = TypingContext(table: source.table)
    context.record(contentsOf: text)
    resolver.update(for: context)
    return resolver.resolve(touch).flatMap { layout[$0].letter }
  }

  @Test("Typed t, a touch between H and J → H", arguments: WeightedResolverKind.allCases, EnglishTable.Source.allCases)
  func tThenH(kind: WeightedResolverKind, source: EnglishTable.Source) {
    let divider = layout.touchOnDivider(after: "h")
    #expect(resolve(kind, typed: "t", touch: divider, source: source) == "h")
    // Even a little inside J's slot.
    #expect(resolve(kind, typed: "t", touch: TouchPoint(x: divider.x + 4, y: divider.y), source: source) == "h")
    // Statically, that touch is J.
    let fixed = StaticKeyResolver(layout: layout)
    #expect(fixed.resolve(TouchPoint(x: divider.x + 4, y: divider.y)) == layout.index("j"))
  }

  @Test("Typed q, a touch between U and I → U", arguments: WeightedResolverKind.allCases, EnglishTable.Source.allCases)
  func qThenU(kind: WeightedResolverKind, source: EnglishTable.Source) {
    let divider = layout.touchOnDivider(after: "u")
    #expect(resolve(kind, typed: "q", touch: divider, source: source) == "u")
    #expect(resolve(kind, typed: "q", touch: TouchPoint(x: divider.x + 4, y: divider.y), source: source) == "u")
    // And between Y and U, from the other side.
    let left = layout.touchOnDivider(after: "y")
    #expect(resolve(kind, typed: "q", touch: TouchPoint(x: left.x - 4, y: left.y), source: source) == "u")
  }

  @Test("Typed space, a touch near T → T", arguments: WeightedResolverKind.allCases)
  func spaceThenT(kind: WeightedResolverKind) {
    let right = layout.touchOnDivider(after: "t")
    let left = layout.touchOnDivider(after: "r")
    let t = layout[layout.index("t")].frame.center
    for text in ["the ", "", "Hi. "] {
      #expect(resolve(kind, typed: text, touch: right) == "t")
      #expect(resolve(kind, typed: text, touch: TouchPoint(x: right.x + 1, y: right.y)) == "t")
      #expect(resolve(kind, typed: text, touch: TouchPoint(x: left.x + 0.5, y: left.y)) == "t")
      for (dx, dy) in [(-12, 0), (12, 0), (0, -15), (0, 15), (9, 9), (-9, 9)] as [(Float, Float)] {
        #expect(resolve(kind, typed: text, touch: TouchPoint(x: t.x + dx, y: t.y + dy)) == "t")
      }
    }
  }

  /// Seed 002 expected near-equal dividers after "x". On real English they are not: the
  /// letters after x are spread out (none above 16 %), but the seed's formula looks at the
  /// ratio of neighbouring keys, which is still far from 1. What does hold: after x every key
  /// centre (the anchor) still resolves to its key, no divider moves past the clamp, and after
  /// a letter the alphabet lacks (uniform) nothing moves at all.
  @Test("Typed x: a flat distribution; targets stay anchored; after an unknown letter nothing moves",
        arguments: WeightedResolverKind.allCases)
  func afterX(kind: WeightedResolverKind) {
    let table = EnglishTable.mapped
    let afterX = table.distribution(after: "x")
    // No letter leads after a word-initial x; the manuals' XML makes m the likeliest, at 0.16.
    #expect((0..<afterX.letterCount).allSatisfy { afterX[$0] < 0.2 })
    #expect(table.distribution(after: "t")[table.letterIndex(of: "h")!] > 0.7)
    let resolver = kind.make(layout, table: table)
    var context = TypingContext(table: table)
    context.record("x")
    resolver.update(for: context)
    for (index, key) in layout.keys.enumerated() { #expect(resolver.resolve(key.frame.center) == KeyIndex(index)) }
    if let boundary = resolver as? BoundaryShiftResolver {
      for index in layout.keys.indices {
        guard let divider = boundary.divider(afterKey: KeyIndex(index)) else { continue }
        #expect(abs(divider - layout.staticDivider(afterKey: KeyIndex(index))) <= 7.5)
      }
    }
    // An unknown letter: the uniform distribution, so the boundary resolver is the static one.
    context.record("é")
    resolver.update(for: context)
    let fixed = StaticKeyResolver(layout: layout)
    var y: Float = 1
    while y < 216 {
      var x: Float = 0.3
      while x < 375 {
        let touch = TouchPoint(x: x, y: y)
        if kind == .boundaryShift { #expect(resolver.resolve(touch) == fixed.resolve(touch)) }
        x += 2.1
      }
      y += 3.7
    }
    for index in layout.keys.indices where !layout.keys[index].isSpecial {
      #expect(abs(resolver.probability(ofKey: KeyIndex(index)) - 1 / 26) < 1e-6)
    }
  }
}
