import KeyGram

/// The `KNOW` section's content (format 2.4, docs/TableFormat.md): the known words beyond the
/// lexicon (`LexiconChoice.known`) as a Bloom filter of `bitsPerWord` bits a word and
/// `hashCount` hashes, set by the runtime's own `KnownWords.bitIndices`, so the decoder finds
/// exactly the words put in (and about 0.8% of others).
package struct KnownWordsFilter: Sendable {
  /// How many known words a table keeps by default: wordfreq's lists hold 45,000 to 730,000
  /// words a language, and 200,000 known words past a 100,000-word lexicon cover most of what
  /// is real and leave the filter at 250,000 bytes.
  package static let defaultWordCount = 200_000
  /// 10 bits a word and 7 hashes: a false-positive rate of 0.8%.
  package static let bitsPerWord = 10
  package static let hashCount = 7

  package let wordCount: Int
  package let blocks: [UInt64]

  /// The filter of `words` (letter stream symbols, as `LexiconChoice` keeps them).
  package init(words: [[UInt8]]) {
    wordCount = words.count
    let bitCount = 64 * Self.blockCount(words: words.count)
    var blocks = [UInt64](repeating: 0, count: bitCount / 64)
    for word in words {
      KnownWords.bitIndices(count: word.count, letter: { Symbol.letterIndex(of: word[$0]) }, bitCount: bitCount, hashCount: Self.hashCount) { bit in
        blocks[bit >> 6] |= 1 << UInt64(bit & 63)
      }
    }
    self.blocks = blocks
  }

  /// The 64-bit blocks of a filter of `words` words: `bitsPerWord` bits a word, at least one block.
  package static func blockCount(words: Int) -> Int { Swift.max(1, (words * bitsPerWord + 63) / 64) }

  /// The section's bytes: the head, then the blocks.
  package var section: [UInt8] {
    var out = ByteWriter()
    out.uint32(UInt32(wordCount))
    out.uint32(UInt32(Self.hashCount))
    out.uint32(UInt32(blocks.count))
    out.uint32(0)
    for block in blocks { out.uint64(block) }
    return out.bytes
  }

  /// The share of the filter's bits set.
  package var fill: Double { Double(blocks.reduce(0) { $0 + $1.nonzeroBitCount }) / Double(64 * blocks.count) }
}
