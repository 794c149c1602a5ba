import KeyGram

/// The `LEXI` section (format 2.0, docs/TableFormat.md) for a `LexiconTrie`.
package enum LexiconSection {
  /// How many words a table's lexicon keeps unless told otherwise: English's 100,000 most
  /// frequent are 99.3% of wordfreq's word mass, in about 720 KB.
  package static let defaultWordCount = 100_000

  /// What a lexicon costs.
  package struct Stats: Equatable, Sendable, CustomStringConvertible {
    package let nodes: Int
    package let words: Int
    package let bytes: Int
    /// How closely the shares hold the word counts (`LexiconFidelity`).
    package var fidelity = LexiconFidelity()
    package var description: String { "\(words) words, \(nodes) nodes, \(bytes) bytes" }
  }

  /// The section's bytes: the head, labels, degrees, UInt16 shares, padding to 4, the
  /// first-child samples, padding to 16.
  package static func make(_ trie: LexiconTrie) -> [UInt8] {
    typealias L = TableFormat.Lexicon
    let n = trie.nodeCount
    var out = ByteWriter()
    out.uint32(UInt32(n))
    out.uint32(UInt32(trie.wordCount))
    out.uint64(trie.totalMass)
    out.uint16(UInt16(trie.letterCount))
    out.uint16(UInt16(L.sampleStride))
    out.uint16(UInt16(trie.maximumDepth))
    out.pad(toMultipleOf: L.headSize)
    out.bytes(trie.labels)
    out.bytes(trie.degrees)
    for share in trie.shares { out.uint16(share) }
    out.pad(toMultipleOf: 4)
    var next: UInt32 = 1  // 1 + the degrees of the nodes before
    for (v, degree) in trie.degrees.enumerated() {
      if v % L.sampleStride == 0 { out.uint32(next) }
      next += UInt32(degree)
    }
    out.pad(toMultipleOf: 16)
    precondition(out.bytes.count == L.length(nodeCount: n))
    return out.bytes
  }

  /// The section for the top `maximumWords` of `counts` (see `LexiconTrie`), with its stats;
  /// nil when no word qualifies.
  package static func make(counts: [[UInt8]: UInt64], letterCount: Int, maximumWords: Int) -> (bytes: [UInt8], stats: Stats)? {
    guard let trie = LexiconTrie(counts: counts, letterCount: letterCount, maximumWords: maximumWords) else { return nil }
    let bytes = make(trie)
    return (bytes, Stats(nodes: trie.nodeCount, words: trie.wordCount, bytes: bytes.count, fidelity: trie.fidelity))
  }
}
