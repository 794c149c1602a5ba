/// A lexicon word's identity within its table: the breadth-first index of the trie node where
/// the word ends. Stable for a table, not across tables.
///
/// It is the terminal node itself rather than a dense rank over the words: the `FORM` section
/// keys on it already, a word-pair section can key on it the same way, and finding it is the
/// walk the decoder makes anyway. A dense rank would need a rank directory over the nodes,
/// stored in every table or built at open, for nothing the runtime asks of it.
@frozen
public struct WordID: Hashable, Comparable, Sendable {
  /// The index of the word's terminal node in the lexicon's trie.
  public let rawValue: UInt32

  /// The id of the word ending at `node`; `Lexicon.isWord(_:)` says whether a word does.
  @inlinable
  public init(node: LexiconNode) { rawValue = node.index }

  /// The trie node where the word ends.
  @inlinable
  public var node: LexiconNode { LexiconNode(index: rawValue) }

  /// Ids order as their nodes: breadth-first, so by length, then by the trie's letter order.
  @inlinable
  public static func < (lhs: WordID, rhs: WordID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Lexicon {
  /// The id of the lexicon word spelled by `letters` (letter indices), or nil when they are not
  /// a lexicon word. No allocation.
  @inlinable
  public func wordID(spelledBy letters: some Sequence<Int>) -> WordID? {
    word(spelledBy: letters).map(WordID.init(node:))
  }

  /// Whether `id` names a word of this lexicon: a node within the trie where a word ends.
  public func isWord(_ id: WordID) -> Bool {
    id.rawValue != 0 && Int(id.rawValue) < nodeCount && endShare(of: id.node) > 0
  }
}
