/// The lexicon's words that the language's list of offensive words holds (format 2.6 `OFFN`):
/// the decoder never suggests, predicts or auto-corrects into them while it blocks them
/// (`WordDecoder.Parameters.blocksOffensiveWords`); typed exactly, they stand. Read in place:
/// a lookup binary-searches the ids and allocates nothing.
public struct OffensiveWords: Sendable {
  let section: TableBytes
  /// The table whose memory `section` is, kept alive.
  let owner: KeyGramTable

  /// How many lexicon words the table flags.
  public var count: Int { section.count / 4 }

  /// Whether the table flags `word`.
  @inline(__always)
  public func contains(_ word: WordID) -> Bool { contains(node: word.rawValue) }

  /// Whether the table flags the word ending at lexicon node `node`.
  @inline(__always)
  func contains(node: UInt32) -> Bool {
    var low = 0, high = count
    while low < high {
      let middle = (low + high) >> 1
      let id = section.uint32(at: 4 * middle)
      if id == node { return true }
      if id < node { low = middle + 1 } else { high = middle }
    }
    return false
  }

  /// The flagged words' ids, ascending.
  public var ids: [WordID] { (0..<count).map { WordID(node: LexiconNode(index: section.uint32(at: 4 * $0))) } }
}

extension KeyGramTable {
  /// The words this table flags as offensive, nil for a table without an `OFFN` section (one
  /// built before format 2.6, or for a language without a list).
  public var offensiveWords: OffensiveWords? {
    guard let layout = sections.offensiveWords else { return nil }
    return OffensiveWords(section: bytes.slice(from: sections.offensiveWordsOffset, length: TableFormat.FlaggedWords.length(wordCount: layout.wordCount)),
                          owner: self)
  }
}
