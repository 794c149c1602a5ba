/// The word-pair model of a table (format 2.3 `PAIR`): a view of the table's bytes, read in
/// place. Every lookup is a binary search, O(log rows + log row length), and allocates nothing.
public struct WordPairs: Sendable {
  let section: TableBytes
  let layout: WordPairSection
  /// The table whose memory `section` is, kept alive.
  let owner: KeyGramTable

  /// The weights of a row and its backoff weight sum to this.
  public static let rowTotal = Int(TableFormat.Pairs.rowTotal)

  /// One first word's row: its kept pairs and its backoff weight γ. An empty row (no entries,
  /// γ = 65,535) stands for a first word the table has no row for: P(w | v) = P_lexicon(w).
  public struct Row: Equatable, Sendable {
    /// The row's first entry in the section's entry arrays.
    public let start: Int
    /// One past the row's last entry.
    public let end: Int
    /// γ: the weight, out of 65,535, that backs off to the lexicon's P(word).
    public let backoff: Int
    /// No pairs: the first word has no row.
    public static let empty = Row(start: 0, end: 0, backoff: WordPairs.rowTotal)
    /// How many pairs the row keeps.
    public var count: Int { end - start }
  }

  /// *R*: the first words with a row, the sentence start among them.
  public var rowCount: Int { layout.rowCount }
  /// *E*: the pairs kept, over every row.
  public var entryCount: Int { layout.entryCount }
  /// *H*: the head words, the lexicon's likeliest (at most 32).
  public var headWordCount: Int { layout.headWordCount }

  /// The row of first word `word` (nil: the sentence start), or `.empty` when it has none.
  public func row(after word: WordID?) -> Row {
    let target = word?.rawValue ?? TableFormat.Pairs.sentenceStart
    var low = 0, high = layout.rowCount
    while low < high {
      let middle = (low + high) / 2
      let id = section.uint32(at: TableFormat.Pairs.firstWordsOffset() + 4 * middle)
      if id < target { low = middle + 1 } else if id > target { high = middle } else { return row(at: middle) }
    }
    return .empty
  }

  /// Row `index` (0 ..< `rowCount`), as damaged offsets allow: entries outside 0 ... *E* or out of
  /// order read as none.
  public func row(at index: Int) -> Row {
    precondition(index >= 0 && index < layout.rowCount, "pair row index out of range")
    let start = Int(section.uint32(at: layout.rowOffsetsOffset + 4 * index))
    let end = Int(section.uint32(at: layout.rowOffsetsOffset + 4 * index + 4))
    let backoff = Int(section.uint16(at: layout.backoffsOffset + 2 * index))
    guard start < end, end <= layout.entryCount else { return Row(start: 0, end: 0, backoff: backoff) }
    return Row(start: start, end: end, backoff: backoff)
  }

  /// The first word of row `index`: nil for the sentence start.
  public func firstWord(ofRow index: Int) -> WordID? {
    precondition(index >= 0 && index < layout.rowCount, "pair row index out of range")
    let id = section.uint32(at: TableFormat.Pairs.firstWordsOffset() + 4 * index)
    return id == TableFormat.Pairs.sentenceStart ? nil : WordID(node: LexiconNode(index: id))
  }

  /// q(v, `word`), out of 65,535: the pair's own weight in `row`, 0 when the row does not keep it.
  public func weight(of word: WordID, in row: Row) -> Int {
    var low = row.start, high = row.end
    while low < high {
      let middle = (low + high) / 2
      let id = section.uint32(at: layout.secondWordsOffset + 4 * middle)
      if id < word.rawValue { low = middle + 1 } else if id > word.rawValue { high = middle } else {
        return Int(section.uint16(at: layout.weightsOffset + 2 * middle))
      }
    }
    return 0
  }

  /// Entry `index` (within a row's `start ..< end`): its second word and weight.
  public func entry(at index: Int) -> (word: WordID, weight: Int) {
    precondition(index >= 0 && index < layout.entryCount, "pair entry index out of range")
    let id = section.uint32(at: layout.secondWordsOffset + 4 * index)
    return (WordID(node: LexiconNode(index: id)), Int(section.uint16(at: layout.weightsOffset + 2 * index)))
  }

  /// Head word `index` (0 ..< `headWordCount`): the lexicon's likeliest words, best first.
  public func headWord(at index: Int) -> WordID {
    precondition(index >= 0 && index < layout.headWordCount, "head word index out of range")
    return WordID(node: LexiconNode(index: section.uint32(at: layout.headWordsOffset + 4 * index)))
  }

  /// P(`word` | the row's first word) given the word's lexicon probability `lexiconProbability`.
  @inlinable
  public func probability(of word: WordID, in row: Row, lexiconProbability: Float) -> Float {
    (Float(weight(of: word, in: row)) + Float(row.backoff) * lexiconProbability) / Float(Self.rowTotal)
  }
}

extension KeyGramTable {
  /// The table's word-pair model (format 2.3 `PAIR`), or nil for a table without one.
  public var wordPairs: WordPairs? {
    guard let layout = sections.wordPairs else { return nil }
    return WordPairs(section: bytes.slice(from: sections.wordPairsOffset, length: sections.wordPairsLength), layout: layout, owner: self)
  }
}
