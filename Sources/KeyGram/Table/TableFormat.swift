/// The constants of the `.keygram` binary format; docs/TableFormat.md is the byte-level spec.
/// The builder writes with these and the runtime reads with them, so the two cannot drift.
@usableFromInline
package enum TableFormat {
  package static let magic: [UInt8] = Array("KEYGRAM\0".utf8)
  /// 2.0 widened the lexicon's shares to 16 bits, which 1.x readers cannot read (1.1 added the
  /// layout, 1.2 `QUAD`, 1.3 `LEXI`); 2.1 added `TEXT`. Readers of an earlier minor version skip
  /// the sections they do not know; a reader refuses another major version. 2.2 added `FORM`,
  /// 2.3 `PAIR`, 2.4 `KNOW`, 2.5 `TUNE`, 2.6 `OFFN`.
  package static let majorVersion: UInt16 = 2
  package static let minorVersion: UInt16 = 6
  package static let headerSize = 64
  package static let directoryEntrySize = 16
  package static let sectionAlignment = 16
  package static let byteOrderSanity: UInt32 = 0x0102_0304
  /// Every quantised row sums to exactly this.
  package static let rowTotal: UInt32 = LetterDistribution.weightTotal
  package static let maximumLetterCount = 250

  /// The four-byte `state` values: KenLM's "incomplete" marker.
  package enum State {
    package static let complete = Tag("DONE")
    package static let incomplete = Tag("PART")
  }

  /// Byte offsets of the header fields.
  package enum Offset {
    package static let magic = 0
    package static let majorVersion = 8
    package static let minorVersion = 10
    package static let headerSize = 12
    package static let state = 16
    package static let byteOrder = 20
    package static let fileSize = 24
    package static let crc32 = 28
    package static let letterCount = 32
    package static let rowWidth = 34
    package static let rowTotal = 36
    package static let sectionCount = 40
    package static let directoryOffset = 44
    package static let reserved = 48
  }

  /// A four-ASCII-byte section tag, stored as a little-endian UInt32.
  package struct Tag: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
    package init(_ text: StaticString) {
      precondition(text.utf8CodeUnitCount == 4, "a tag has four ASCII bytes")
      var value: UInt32 = 0
      text.withUTF8Buffer { bytes in
        for (index, byte) in bytes.enumerated() { value |= UInt32(byte) << (8 * UInt32(index)) }
      }
      rawValue = value
    }
    package var description: String {
      var text = ""
      for shift in stride(from: 0, to: 32, by: 8) {
        let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
        text.unicodeScalars.append((0x20..<0x7F).contains(byte) ? Unicode.Scalar(byte) : "?")
      }
      return text
    }
  }

  package enum Section {
    package static let language = Tag("LANG")
    package static let alphabet = Tag("ALPH")
    package static let asciiMap = Tag("ASCI")
    package static let unigram = Tag("UNIG")
    package static let initial = Tag("INIT")
    package static let bigram = Tag("BIGR")
    package static let trigram = Tag("TRIG")
    package static let quadgram = Tag("QUAD")
    package static let lexicon = Tag("LEXI")
    package static let layout = Tag("LAYT")
    package static let provenance = Tag("PROV")
    package static let textRules = Tag("TEXT")
    package static let writtenForms = Tag("FORM")
    package static let wordPairs = Tag("PAIR")
    package static let knownWords = Tag("KNOW")
    package static let decoderSettings = Tag("TUNE")
    package static let offensiveWords = Tag("OFFN")

    /// The sections every table has, in the order the writer lays them out.
    package static let required: [Tag] = [language, alphabet, asciiMap, unigram, initial, bigram, trigram]
    /// Every section this version knows, in the order the writer lays them out.
    package static let known: [Tag] = required + [textRules, quadgram, lexicon, writtenForms, wordPairs, knownWords, offensiveWords, decoderSettings, layout, provenance]

    /// The minor version that added `tag`: a table holding a section must say at least that
    /// version.
    package static func minorVersionAdding(_ tag: Tag) -> UInt16 {
      switch tag {
      case textRules: return 1
      case writtenForms: return 2
      case wordPairs: return 3
      case knownWords: return 4
      case decoderSettings: return 5
      case offensiveWords: return 6
      default: return 0
      }
    }
  }

  /// The `OFFN` section (format 2.6): the lexicon's words a list of offensive words holds, which
  /// the runtime blocks from its suggestions and corrections. The directory's element count *n*,
  /// then *n* UInt32 `LEXI` node ids, ascending, each ending a word; no head.
  package enum FlaggedWords {
    package static func length(wordCount n: Int) -> Int { 4 * n }
  }

  /// The `TEXT` section (format 2.1): the text rules the builder read the corpus by, which the
  /// runtime reads typed text by. A 4-byte head (the apostrophe rule, the final-form pair count
  /// *k*, the UInt16 reading count *r*), *k* (letter, final form) pairs of letter indices, zero
  /// padding to a multiple of 4, then *r* UInt32 readings (scalar << 8 | letter), ascending.
  package enum TextRules {
    package static let headSize = 4
    /// Head byte 0: apostrophes are dropped ("don't" reads as "dont").
    package static let apostrophesTransparent: UInt8 = 0
    /// Head byte 0: an apostrophe ends the word ("l'homme" reads as "l", "homme").
    package static let apostrophesEndWords: UInt8 = 1
    package static func readingsOffset(pairCount k: Int) -> Int { (headSize + 2 * k + 3) & ~3 }
    package static func length(pairCount k: Int, readingCount r: Int) -> Int { readingsOffset(pairCount: k) + 4 * r }
  }

  /// The `FORM` section (format 2.2): how the lexicon's words are written. A 16-byte head (entry
  /// count *F*, the apostrophe scalar, the pool length *P*, reserved), *F* UInt32 node ids
  /// ascending (each a `LEXI` node that ends a word), *F* + 1 UInt32 pool offsets, the pool, zero
  /// padding to a multiple of 16. An entry is one to four forms, best first; a form is a share
  /// byte, a shape byte, an 8-byte capital mask when the shape says so, then the apostrophe
  /// positions. docs/TableFormat.md gives the byte layout.
  package enum WrittenForms {
    package static let headSize = 16
    package enum Offset {
      package static let entryCount = 0     // UInt32
      package static let apostrophe = 4     // UInt32 Unicode scalar
      package static let poolLength = 8     // UInt32
      package static let reserved = 12      // UInt32, zero
    }
    /// The most forms one word keeps.
    package static let maximumFormCount = 4
    /// The most apostrophes one form holds ("rock'n'roll" has two).
    package static let maximumApostropheCount = 3
    /// Shape bits 0–1: how the form's letters are cased.
    package static let caseMask: UInt8 = 0b0000_0011
    /// Every letter as `ALPH` stores it (lowercase).
    package static let caseLower: UInt8 = 0
    /// The first letter capital, the rest lowercase ("Haus", "I").
    package static let caseCapitalised: UInt8 = 1
    /// Every letter capital ("NASA").
    package static let caseCapitals: UInt8 = 2
    /// A UInt64 capital mask follows the shape byte: bit i, letter i is capital ("iPhone").
    package static let caseMixed: UInt8 = 3
    /// Shape bits 2–3: the number of apostrophe positions after the shape (and mask).
    package static let apostropheCountShift: UInt8 = 2
    package static let apostropheCountMask: UInt8 = 0b0000_1100
    /// Shape bits 4–7 are zero.
    package static let reservedShapeBits: UInt8 = 0b1111_0000
    /// The apostrophe stored when the manifest names none.
    package static let defaultApostrophe: Unicode.Scalar = "'"

    package static func nodeIdsOffset() -> Int { headSize }
    package static func poolOffsetsOffset(entryCount f: Int) -> Int { headSize + 4 * f }
    package static func poolOffset(entryCount f: Int) -> Int { headSize + 8 * f + 4 }
    package static func length(entryCount f: Int, poolLength p: Int) -> Int { (poolOffset(entryCount: f) + p + 15) & ~15 }
  }

  /// The `PAIR` section (format 2.3): the word-pair model, P(word | previous word) backing off
  /// to the lexicon's P(word). A 16-byte head (row count *R*, entry count *E*, head-word count
  /// *H*, reserved), *R* UInt32 first-word ids ascending (`LEXI` nodes ending a word; 0, the
  /// root, is the sentence start), *R* + 1 UInt32 entry offsets, *R* UInt16 backoff weights,
  /// zero padding to 4, *E* UInt32 second-word ids (ascending within a row), *E* UInt16
  /// weights, zero padding to 4, *H* UInt32 head words (the lexicon's likeliest, best first),
  /// zero padding to 16. Each row's weights and its backoff weight sum to exactly `rowTotal`.
  package enum Pairs {
    package static let headSize = 16
    package enum Offset {
      package static let rowCount = 0       // UInt32
      package static let entryCount = 4     // UInt32
      package static let headWordCount = 8  // UInt32
      package static let reserved = 12      // UInt32, zero
    }
    /// Each row: its entries' weights plus its backoff weight.
    package static let rowTotal: UInt32 = 65_535
    /// The first-word id of the sentence-start row: the lexicon's root, never a word.
    package static let sentenceStart: UInt32 = 0
    /// The most head words a table keeps.
    package static let maximumHeadWords = 32

    package static func firstWordsOffset() -> Int { headSize }
    package static func rowOffsetsOffset(rows r: Int) -> Int { headSize + 4 * r }
    package static func backoffsOffset(rows r: Int) -> Int { headSize + 8 * r + 4 }
    package static func secondWordsOffset(rows r: Int) -> Int { (backoffsOffset(rows: r) + 2 * r + 3) & ~3 }
    package static func weightsOffset(rows r: Int, entries e: Int) -> Int { secondWordsOffset(rows: r) + 4 * e }
    package static func headWordsOffset(rows r: Int, entries e: Int) -> Int { (weightsOffset(rows: r, entries: e) + 2 * e + 3) & ~3 }
    package static func length(rows r: Int, entries e: Int, headWords h: Int) -> Int {
      (headWordsOffset(rows: r, entries: e) + 4 * h + 15) & ~15
    }
  }

  /// The `KNOW` section (format 2.4): the words of the language beyond the lexicon, as a Bloom
  /// filter over their letters (`KnownWords`). A 16-byte head (word count, hash count *k*, block
  /// count *B*, reserved), then *B* UInt64 blocks of bits: bit i of the filter is bit i % 64 of
  /// block i / 64. A word sets the *k* bits `KnownWords.bitIndices` gives.
  package enum KnownWordFilter {
    package static let headSize = 16
    package enum Offset {
      package static let wordCount = 0      // UInt32
      package static let hashCount = 4      // UInt32
      package static let blockCount = 8     // UInt32
      package static let reserved = 12      // UInt32, zero
    }
    /// The most hashes a filter sets per word.
    package static let maximumHashCount = 16
    package static func length(blocks b: Int) -> Int { headSize + 8 * b }
  }

  /// The `TUNE` section (format 2.5): the word decoder's settings the language was tuned with,
  /// which replace the decoder's defaults for it. A 16-byte head (entry count *E*, 12 reserved
  /// bytes), then *E* entries of a UInt32 setting id (`DecoderSetting`, strictly ascending) and
  /// a Float32 value (not NaN), then zero padding to a multiple of 16.
  package enum DecoderSettings {
    package static let headSize = 16
    package static let entrySize = 8
    package static func length(entries e: Int) -> Int { (headSize + entrySize * e + 15) & ~15 }
  }

  /// The `LAYT` section's limits.
  package enum Layout {
    /// A letter names its key in one byte. Format 2.1 lets keys without letters (the Greek `;`)
    /// in, so the count is no longer bounded by the letters and is checked on its own.
    package static let maximumKeyCount = 256
  }

  /// The `QUAD` section's shape: a 16-byte head (row count, three reserved words), N² UInt64
  /// masks (bit a of mask b·N + c: context a, b, c has a row; a = N is word start), N² UInt32
  /// ranks (rows stored before group b·N + c), then the rows, ordered by (b, c, a).
  package enum Quadgram {
    package static let headSize = 16
    /// A mask has one bit per first letter plus word start.
    package static let maximumLetterCount = 63

    package static let masksOffset = headSize
    package static func ranksOffset(letterCount n: Int) -> Int { headSize + 8 * n * n }
    package static func rowsOffset(letterCount n: Int) -> Int { headSize + 12 * n * n }
    package static func length(letterCount n: Int, rows: Int) -> Int { rowsOffset(letterCount: n) + 2 * (n + 1) * rows }
  }

  /// The standard base64 alphabet, in which the generated Swift carries a table image.
  package static let base64Alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

  /// The `LEXI` section's shape (format 2.0): a 32-byte head, then per node (breadth-first
  /// order, node 0 the root) one byte of label, one byte of degree and a UInt16 share, as three
  /// arrays; zero padding to a multiple of 4, one UInt32 first-child sample per 16 nodes, zero
  /// padding to a multiple of 16. Length: roundUp16(roundUp4(32 + 4·nodes) + 4·⌈nodes / 16⌉).
  @usableFromInline
  package enum Lexicon {
    package static let headSize = 32
    /// Nodes per first-child sample.
    @usableFromInline package static let sampleStride = 16
    /// Longer words are left out of the lexicon.
    package static let maximumDepth = 48
    /// A node's row (its children's shares and its end-of-word share) sums to this: 16 bits, as
    /// 8 left 1.3% of English's word mass weighted over twice its frequency even rounded at best.
    @usableFromInline package static let shareTotal: UInt32 = 65_535
    /// The root's label: it has no incoming edge.
    @usableFromInline package static let rootLabel: UInt8 = 0xFF

    /// Byte offsets of the head fields.
    package enum Offset {
      package static let nodeCount = 0       // UInt32
      package static let wordCount = 4       // UInt32
      package static let totalMass = 8       // UInt64
      package static let letterCount = 16    // UInt16
      @usableFromInline package static let sampleStride = 18   // UInt16
      package static let maximumDepth = 20   // UInt16
      package static let reserved = 22       // 10 bytes, zero
    }

    @usableFromInline package static let labelsOffset = headSize
    package static func degreesOffset(nodeCount: Int) -> Int { headSize + nodeCount }
    /// The UInt16 shares (an even offset: the head and both byte arrays are even in length).
    package static func sharesOffset(nodeCount: Int) -> Int { headSize + 2 * nodeCount }
    /// The end of the node arrays, where the first zero padding starts.
    package static func byteArraysEnd(nodeCount: Int) -> Int { headSize + 4 * nodeCount }
    package static func samplesOffset(nodeCount: Int) -> Int { (byteArraysEnd(nodeCount: nodeCount) + 3) & ~3 }
    package static func sampleCount(nodeCount: Int) -> Int { (nodeCount + sampleStride - 1) / sampleStride }
    /// The end of the samples, where the final zero padding starts.
    package static func samplesEnd(nodeCount: Int) -> Int { samplesOffset(nodeCount: nodeCount) + 4 * sampleCount(nodeCount: nodeCount) }
    package static func length(nodeCount: Int) -> Int { (samplesEnd(nodeCount: nodeCount) + 15) & ~15 }
  }

  /// Index of "no letter" in the `ASCI` map.
  @usableFromInline package static let notALetter: UInt8 = 0xFF

  /// The directory's element count of the sections whose count the alphabet fixes: rows for
  /// weight sections, letters for `ALPH`, 0 for `LANG` and `ASCI`. nil for the others.
  package static func expectedElementCount(of tag: Tag, letterCount n: Int) -> Int? {
    switch tag {
    case Section.language, Section.asciiMap: return 0
    case Section.alphabet, Section.bigram: return n
    case Section.unigram, Section.initial: return 1
    case Section.trigram: return (n + 1) * n
    default: return nil
    }
  }

  /// `offset` rounded up to the next section boundary: where the section after one ending
  /// at `offset` starts.
  package static func sectionStart(after offset: Int) -> Int {
    (offset + sectionAlignment - 1) / sectionAlignment * sectionAlignment
  }

  /// The `PROV` section's shape: a UInt32 file count, per file a UInt16 name length, the
  /// name, a UInt64 size and a 32-byte SHA-256, then 8 UInt64 totals (the last reserved)
  /// and one UInt64 count per letter.
  package enum Provenance {
    package static let fileFixedSize = 2 + 8 + 32
    package static let totalCount = 8
    /// The index of the reserved total, which is zero.
    package static let reservedTotal = 7
    package static func tailSize(letterCount n: Int) -> Int { 8 * totalCount + 8 * n }
  }

  /// Byte lengths of the fixed-shape sections for an alphabet of `letterCount` letters.
  package static func expectedLength(of tag: Tag, letterCount n: Int) -> Int? {
    switch tag {
    case Section.alphabet: return 8 * n
    case Section.asciiMap: return 128
    case Section.unigram, Section.initial: return 2 * n
    case Section.bigram: return 2 * n * (n + 1)
    case Section.trigram: return 2 * (n + 1) * n * (n + 1)
    default: return nil
    }
  }

}
