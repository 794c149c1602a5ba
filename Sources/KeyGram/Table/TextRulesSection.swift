/// A validated `TEXT` section (format 2.1, docs/TableFormat.md): the text rules the builder read
/// the corpus by. Its offsets count from the start of the section.
///
/// Validation checks a known apostrophe rule, a length that fits its counts (the directory's
/// element count is the pair count), pairs of two different letters, no letter in two pairs,
/// zero padding, and readings of strictly ascending non-ASCII scalars, each to a letter.
package struct TextRulesSection: Sendable, Equatable {
  /// Whether an apostrophe ends a word (else it is dropped, as tables before 2.1 were built).
  package let apostrophesEndWords: Bool
  /// Where the (letter, final form) pairs start in the section.
  package let finalFormPairsOffset: Int
  /// How many final-form pairs there are.
  package let finalFormPairCount: Int
  /// Where the readings start in the section: scalars the builder reads as a letter that `ALPH`
  /// does not name (İ as i, the Kelvin sign as k), as ascending UInt32 (scalar << 8 | letter).
  package let readingsOffset: Int
  /// How many readings there are.
  package let readingCount: Int

  /// Checks `section`, the `TEXT` bytes of a table of `letterCount` letters whose directory
  /// counts `elementCount` final-form pairs.
  package init(validating section: TableBytes, elementCount: Int, letterCount n: Int) throws(KeyGramTableError) {
    typealias T = TableFormat.TextRules
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "TEXT", reason: reason) }
    guard section.count >= T.headSize else { throw bad("length \(section.count), shorter than its \(T.headSize)-byte head") }
    let rule = section.uint8(at: 0), pairs = Int(section.uint8(at: 1)), readings = Int(section.uint16(at: 2))
    guard rule == T.apostrophesTransparent || rule == T.apostrophesEndWords else {
      throw bad("apostrophe rule \(rule) at byte 0 is neither 0 (dropped) nor 1 (ends a word)")
    }
    guard section.count == T.length(pairCount: pairs, readingCount: readings), elementCount == pairs else {
      throw bad("length \(section.count) and directory count \(elementCount) do not fit \(pairs) final-form pairs (byte 1) and \(readings) readings (byte 2)")
    }
    for pair in 0..<pairs {
      let at = T.headSize + 2 * pair
      let letter = Int(section.uint8(at: at)), finalForm = Int(section.uint8(at: at + 1))
      guard letter < n, finalForm < n, letter != finalForm else {
        throw bad("final-form pair \(pair) at byte \(at) is not two different letters of \(n)")
      }
      for earlier in 0..<pair {
        let other = T.headSize + 2 * earlier
        let used = [Int(section.uint8(at: other)), Int(section.uint8(at: other + 1))]
        guard !used.contains(letter), !used.contains(finalForm) else {
          throw bad("final-form pair \(pair) at byte \(at) shares a letter with pair \(earlier)")
        }
      }
    }
    let start = T.readingsOffset(pairCount: pairs)
    for offset in (T.headSize + 2 * pairs)..<start where section.uint8(at: offset) != 0 {
      throw bad("padding byte \(offset) is not zero")
    }
    var previous: UInt32 = 0x7F
    for reading in 0..<readings {
      let at = start + 4 * reading, entry = section.uint32(at: at), scalar = entry >> 8
      guard scalar > previous, Unicode.Scalar(scalar) != nil, Int(entry & 0xFF) < n else {
        throw bad("reading \(reading) at byte \(at) is not a non-ASCII scalar above the one before it, read as one of \(n) letters")
      }
      previous = scalar
    }
    apostrophesEndWords = rule == T.apostrophesEndWords
    finalFormPairsOffset = T.headSize
    finalFormPairCount = pairs
    readingsOffset = start
    readingCount = readings
  }
}
