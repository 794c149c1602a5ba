/// A validated `QUAD` section (format 1.2, docs/TableFormat.md): how many 4-gram rows it holds
/// and where its masks, ranks and rows start, counted from the start of the section.
///
/// Validation checks a length that fits the row count, masks with no bit past word start, and
/// ranks that count the mask bits before them, so every row a lookup can reach is in the section.
package struct QuadgramSection: Sendable, Equatable {
  /// The number of rows (the directory's element count).
  package let rowCount: Int
  /// Where the N² UInt64 masks start in the section.
  package let masksOffset: Int
  /// Where the N² UInt32 ranks start in the section.
  package let ranksOffset: Int
  /// Where the rows start in the section.
  package let rowsOffset: Int

  /// Checks `section`, the `QUAD` bytes of a table of `letterCount` letters whose directory
  /// counts `elementCount` rows.
  package init(validating section: TableBytes, elementCount: Int, letterCount n: Int) throws(KeyGramTableError) {
    typealias Q = TableFormat.Quadgram
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "QUAD", reason: reason) }
    guard n <= Q.maximumLetterCount else { throw bad("\(n) letters; 4-gram rows allow at most \(Q.maximumLetterCount)") }
    guard section.count >= Q.headSize else { throw bad("shorter than its head") }
    let rows = Int(section.uint32(at: 0))
    guard rows == elementCount else { throw bad("\(rows) rows, but the directory says \(elementCount)") }
    for offset in stride(from: 4, to: Q.headSize, by: 4) where section.uint32(at: offset) != 0 {
      throw bad("reserved bytes at \(offset)")
    }
    guard section.count == Q.length(letterCount: n, rows: rows) else {
      throw bad("length \(section.count), expected \(Q.length(letterCount: n, rows: rows)) for \(rows) rows of \(n) letters")
    }
    let masks = Q.masksOffset, ranks = Q.ranksOffset(letterCount: n)
    let firstLetters: UInt64 = n == 63 ? ~0 : (1 << UInt64(n + 1)) - 1
    var counted = 0
    for group in 0..<(n * n) {
      let mask = section.uint64(at: masks + 8 * group)
      guard mask & ~firstLetters == 0 else { throw bad("mask \(group) names a letter past \(n)") }
      guard Int(section.uint32(at: ranks + 4 * group)) == counted else {
        throw bad("rank \(group) is \(section.uint32(at: ranks + 4 * group)), expected \(counted)")
      }
      counted += mask.nonzeroBitCount
    }
    guard counted == rows else { throw bad("masks name \(counted) rows, the head says \(rows)") }
    rowCount = rows
    masksOffset = masks
    ranksOffset = ranks
    rowsOffset = Q.rowsOffset(letterCount: n)
  }
}
