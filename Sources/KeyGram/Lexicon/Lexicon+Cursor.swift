/// Where the typed prefix of the current word is in a `Lexicon`: a plain value (no
/// allocation). `evidence` is the expected count mass of lexicon words through the prefix,
/// totalMass × Π share / 65,535 along the path; the blend weight is evidence / (evidence + k).
/// Once a letter leaves the lexicon the cursor is parked (evidence 0) until `reset()`.
@frozen
public struct LexiconCursor: Sendable, Equatable {
  /// The node of the prefix (of the last prefix still in the lexicon when parked).
  @inlinable public var node: LexiconNode { current }
  /// totalMass × Π share / 65,535 along the path; 0 when parked.
  @inlinable public var evidence: Float { mass }
  /// True once the prefix has left the lexicon (or for a cursor with no lexicon).
  @inlinable public var isParked: Bool { parked }
  @usableFromInline var current: LexiconNode
  @usableFromInline var mass: Float
  @usableFromInline var parked: Bool
  /// The root's evidence, so `reset()` needs no lexicon.
  @usableFromInline var rootEvidence: Float

  /// A cursor at the root of `lexicon` (the empty prefix).
  @inlinable
  public init(lexicon: Lexicon) {
    current = lexicon.root
    rootEvidence = Float(lexicon.totalMass)
    mass = rootEvidence
    parked = false
  }

  /// A parked cursor, for a table without a lexicon: evidence 0 whatever is typed.
  @inlinable
  public init() {
    current = LexiconNode(index: 0)
    rootEvidence = 0
    mass = 0
    parked = true
  }

  /// Back to the empty prefix (a word boundary).
  @inlinable
  public mutating func reset() {
    current = LexiconNode(index: 0)
    mass = rootEvidence
    parked = rootEvidence == 0
  }

  /// Leaves the lexicon until the next `reset()`: a letter the alphabet lacks was typed.
  @inlinable
  public mutating func park() {
    parked = true
    mass = 0
  }

  /// The share of the lexicon's word mass that runs through the prefix (1 at the root, 0 when
  /// parked): the evidence the blend weighs, on the same scale for every language.
  @inlinable public var relativeEvidence: Float { rootEvidence > 0 ? mass / rootEvidence : 0 }

  /// Follows `letter`; parks when no lexicon word continues with it (any letter outside
  /// 0 ..< letterCount parks too). O(children of the node) ≤ the alphabet size.
  @inlinable
  public mutating func step(letter: Int, in lexicon: Lexicon) {
    guard !parked else { return }
    guard let next = lexicon.child(of: current, letter: letter) else {
      parked = true
      mass = 0
      return
    }
    current = next
    mass *= Float(lexicon.share(of: next)) * (1 / Float(TableFormat.Lexicon.shareTotal))
  }

  /// The row at the cursor's node: P(next letter or end of word | prefix), out of 65,535.
  /// Meaningless when parked (it is the row of the last prefix still in the lexicon).
  @inlinable
  public func row(in lexicon: Lexicon) -> LexiconRow { lexicon.row(of: current) }
}
