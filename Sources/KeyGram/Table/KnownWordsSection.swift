/// A validated `KNOW` section (format 2.4, docs/TableFormat.md): the language's words beyond
/// the lexicon as a Bloom filter.
///
/// Validation is O(1): the head is present, its reserved word zero, the hash count 1 to 16, at
/// least one block, the directory's element count is the word count, and the length equals the
/// formula. A damaged filter answers wrongly, never reads outside its blocks.
package struct KnownWordsSection: Sendable, Equatable {
  package let wordCount: Int
  package let hashCount: Int
  package let blockCount: Int

  /// Checks `section`, the `KNOW` bytes of a table whose directory counts `elementCount` words.
  package init(validating section: TableBytes, elementCount: Int) throws(KeyGramTableError) {
    typealias K = TableFormat.KnownWordFilter
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "KNOW", reason: reason) }
    guard section.count >= K.headSize else { throw bad("length \(section.count), shorter than its \(K.headSize)-byte head") }
    let words = Int(section.uint32(at: K.Offset.wordCount))
    let hashes = Int(section.uint32(at: K.Offset.hashCount))
    let blocks = Int(section.uint32(at: K.Offset.blockCount))
    guard section.uint32(at: K.Offset.reserved) == 0 else { throw bad("reserved bytes \(K.Offset.reserved) ..< \(K.headSize) are not zero") }
    guard (1...K.maximumHashCount).contains(hashes) else {
      throw bad("\(hashes) hashes (byte \(K.Offset.hashCount)), expected 1 to \(K.maximumHashCount)")
    }
    guard blocks >= 1 else { throw bad("no blocks (byte \(K.Offset.blockCount))") }
    guard elementCount == words else { throw bad("the directory counts \(elementCount) words, the section \(words) (byte 0)") }
    guard section.count == K.length(blocks: blocks) else {
      throw bad("length \(section.count), expected \(K.length(blocks: blocks)) for \(blocks) blocks")
    }
    wordCount = words
    hashCount = hashes
    blockCount = blocks
  }
}
