/// A validated `PAIR` section (format 2.3, docs/TableFormat.md): the word-pair model,
/// P(word | previous word) = (q + γ · P_lexicon(word)) / 65,535. Its offsets count from the
/// start of the section.
///
/// Validation is O(1): the head is present, its reserved word zero, the table has `LEXI`, at most
/// 32 head words, no more rows than entries, the directory's element count is the row count,
/// and the length equals the formula. Nothing else is trusted: a lookup binary-searches the ids
/// and reads a row only within offsets it has checked, so a damaged section gives wrong
/// probabilities, never a read outside it.
package struct WordPairSection: Sendable, Equatable {
  /// *R*: first words with a row (the sentence start among them, as id 0).
  package let rowCount: Int
  /// *E*: the kept pairs.
  package let entryCount: Int
  /// *H*: the lexicon's likeliest words, best first.
  package let headWordCount: Int
  package let rowOffsetsOffset: Int
  package let backoffsOffset: Int
  package let secondWordsOffset: Int
  package let weightsOffset: Int
  package let headWordsOffset: Int

  /// Checks `section`, the `PAIR` bytes of a table whose directory counts `elementCount` rows;
  /// `hasLexicon` says whether the table has `LEXI`, whose words the pairs are.
  package init(validating section: TableBytes, elementCount: Int, hasLexicon: Bool) throws(KeyGramTableError) {
    typealias P = TableFormat.Pairs
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "PAIR", reason: reason) }
    guard section.count >= P.headSize else { throw bad("length \(section.count), shorter than its \(P.headSize)-byte head") }
    let rows = Int(section.uint32(at: P.Offset.rowCount))
    let entries = Int(section.uint32(at: P.Offset.entryCount))
    let heads = Int(section.uint32(at: P.Offset.headWordCount))
    guard section.uint32(at: P.Offset.reserved) == 0 else { throw bad("reserved bytes \(P.Offset.reserved) ..< \(P.headSize) are not zero") }
    guard hasLexicon else { throw bad("the table has no LEXI, whose words PAIR pairs") }
    guard heads <= P.maximumHeadWords else { throw bad("\(heads) head words (byte \(P.Offset.headWordCount)), at most \(P.maximumHeadWords)") }
    guard rows <= entries else { throw bad("\(rows) rows (byte 0) for \(entries) entries (byte \(P.Offset.entryCount)): a row holds at least one") }
    guard elementCount == rows else { throw bad("the directory counts \(elementCount) rows, the section \(rows) (byte 0)") }
    // rows ≤ entries < 2^32: the formula cannot overflow an Int.
    let expected = P.length(rows: rows, entries: entries, headWords: heads)
    guard section.count == expected else {
      throw bad("length \(section.count), expected \(expected) for \(rows) rows, \(entries) entries and \(heads) head words")
    }
    rowCount = rows
    entryCount = entries
    headWordCount = heads
    rowOffsetsOffset = P.rowOffsetsOffset(rows: rows)
    backoffsOffset = P.backoffsOffset(rows: rows)
    secondWordsOffset = P.secondWordsOffset(rows: rows)
    weightsOffset = P.weightsOffset(rows: rows, entries: entries)
    headWordsOffset = P.headWordsOffset(rows: rows, entries: entries)
  }
}
