/// A validated `OFFN` section (format 2.6, docs/TableFormat.md): the lexicon's words that a list
/// of offensive words holds, as ascending `LEXI` node ids.
///
/// Validation is O(words): the table has `LEXI`, the length is 4 bytes a word, the directory
/// counts them, and the ids ascend strictly within the lexicon's nodes. Whether each id ends a
/// word is `keygram verify`'s to check; a damaged id blocks a prefix that no decoder offers.
package struct OffensiveWordsSection: Sendable, Equatable {
  package let wordCount: Int

  /// Checks `section`, the `OFFN` bytes of a table whose directory counts `elementCount` words
  /// and whose lexicon has `lexiconNodeCount` nodes (nil: the table has no `LEXI`).
  package init(validating section: TableBytes, elementCount: Int, lexiconNodeCount: Int?) throws(KeyGramTableError) {
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "OFFN", reason: reason) }
    guard let nodes = lexiconNodeCount else { throw bad("the table has no LEXI, whose words OFFN flags") }
    guard section.count == TableFormat.FlaggedWords.length(wordCount: elementCount) else {
      throw bad("length \(section.count), expected \(TableFormat.FlaggedWords.length(wordCount: elementCount)) for the \(elementCount) words the directory counts")
    }
    var previous: UInt32 = 0
    for index in 0..<elementCount {
      let node = section.uint32(at: 4 * index)
      guard node > previous, Int(node) < nodes else {
        throw bad("node id \(node) at byte \(4 * index) is not above \(previous) and below the lexicon's \(nodes) nodes")
      }
      previous = node
    }
    wordCount = elementCount
  }
}
