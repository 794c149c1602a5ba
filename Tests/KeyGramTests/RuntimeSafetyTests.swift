@_spi(Testing) import KeyGram
import Testing

/// Each of these was a way to read out of bounds or after unmap through the public API; now
/// each either works or traps with a precondition (proved in a child process by an exit test).
@Suite("Runtime safety")
struct RuntimeSafetyTests {
  /// The weights of a row read while its table is alive, to compare with later reads.
  static func weights(of distribution: LetterDistribution) -> [UInt32] {
    distribution.indices.map { distribution.weight(at: $0) }
  }

  @Test("a distribution outlives the mapped table it came from")
  func distributionOutlivesMappedTable() throws {
    let expected = Self.weights(of: FixtureTable.mapped.distribution(after: "th"))
    // The only reference to the table is the temporary: it goes at the end of the statement,
    // and its memory would be unmapped then if the distribution did not keep it.
    let distribution = try KeyGramTable(contentsOf: FixtureTable.path).distribution(after: "th")
    #expect(Self.weights(of: distribution) == expected)
    let unigram = try KeyGramTable(contentsOf: FixtureTable.path).unigram
    #expect(Self.weights(of: unigram) == Self.weights(of: FixtureTable.mapped.unigram))
  }

  @Test("a distribution outlives a copied table, whose heap image would otherwise be freed")
  func distributionOutlivesCopiedTable() throws {
    let expected = Self.weights(of: FixtureTable.mapped.initial)
    var distribution: LetterDistribution?
    do {
      let table = try KeyGramTable(copying: FixtureTable.bytes)
      distribution = table.initial
    }
    #expect(Self.weights(of: try #require(distribution)) == expected)
  }

  @Test("a typing context keeps its table alive")
  func typingContextKeepsTable() throws {
    var context = TypingContext(table: try KeyGramTable(contentsOf: FixtureTable.path))
    context.record("q")
    #expect(Self.weights(of: context.distribution) == Self.weights(of: FixtureTable.mapped.distribution(after: "q")))
    // "quick" is the fixture's one q: Witten–Bell gives u half the row and half the backoff's share on top.
    #expect(context.distribution[FixtureTable.letter("u")] > 0.75)
  }

  #if !os(Windows)
  @Test("reading a distribution past its end traps")
  func subscriptPastEndTraps() async {
    await #expect(processExitsWith: .failure) {
      let table = try KeyGramTable(contentsOf: FixtureTable.path)
      _ = table.unigram[table.letterCount]  // the unigram row has no end-of-word element
    }
    await #expect(processExitsWith: .failure) {
      let table = try KeyGramTable(contentsOf: FixtureTable.path)
      let row = table.distribution(after: "t")
      _ = row.weight(at: row.endIndex)
    }
    await #expect(processExitsWith: .failure) {
      _ = try KeyGramTable(contentsOf: FixtureTable.path).initial.weight(at: -1)
    }
    await #expect(processExitsWith: .failure) {
      _ = try KeyGramTable(contentsOf: FixtureTable.path).unigram.probability(ofLetter: 26)
    }
  }

  @Test("the uniform distribution checks its indices too")
  func uniformChecksIndices() async {
    let table = FixtureTable.mapped
    let uniform = table.distribution(after: LetterContext.bigram(.unknownLetter))
    #expect(uniform.isUniform)
    #expect(uniform.count == table.letterCount + 1)
    await #expect(processExitsWith: .failure) {
      let table = try KeyGramTable(contentsOf: FixtureTable.path)
      _ = table.distribution(after: LetterContext.bigram(.unknownLetter))[27]
    }
  }

  @Test("a key index outside the layout traps on the layout, and reads 0 or nil on resolvers")
  func keyIndexOutsideLayout() async {
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let resolver = GaussianKeyResolver(layout: layout, table: FixtureTable.mapped)
    #expect(resolver.probability(ofKey: KeyIndex(layout.keys.count)) == 0)
    #expect(resolver.score(ofKey: -1, for: TouchPoint(x: 10, y: 10)) == -.infinity)
    await #expect(processExitsWith: .failure) {
      let layout = KeyboardLayout.iPhonePortraitQWERTY
      _ = layout[KeyIndex(layout.keys.count)]
    }
    await #expect(processExitsWith: .failure) {
      let layout = KeyboardLayout.iPhonePortraitQWERTY
      _ = layout.staticDivider(afterKey: KeyIndex(layout.keys.count - 1))
    }
  }
  #endif

  @Test("resolve(_:after:) updates first, so a forgotten update cannot leave stale weights")
  func resolveAfterUpdates() {
    let layout = KeyboardLayout.iPhonePortraitQWERTY
    let table = FixtureTable.mapped
    let resolver = BoundaryShiftResolver(layout: layout, table: table)
    var context = TypingContext(table: table)
    context.record("t")
    let divider = layout.touchOnDivider(after: "g")
    let inG = TouchPoint(x: divider.x - 2, y: divider.y)  // 2 pt inside g's static slot
    #expect(resolver.resolve(inG) == layout.index("g"))  // not updated: the static answer
    #expect(resolver.resolve(inG, after: context) == layout.index("h"))  // "th": h has grown into g
    #expect(resolver.recomputeCount == 1)
    context.recordBoundary()
    context.record("q")
    context.record("u")
    context.record("i")
    context.record("c")
    context.record("k")
    context.recordBoundary()
    context.record("n")  // "ng" is far likelier than "nh": g takes the touch back
    #expect(resolver.resolve(inG, after: context) == layout.index("g"))
    #expect(resolver.recomputeCount == 2)
  }

  @Test("invariant checks are compiled into debug builds and out of release builds")
  func invariantChecksFollowTheConfiguration() {
    #if DEBUG
    #expect(_internalChecksEnabled)
    #else
    #expect(!_internalChecksEnabled)
    #endif
  }
}
