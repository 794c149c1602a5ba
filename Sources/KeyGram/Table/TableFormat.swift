/// The constants of the `.keygram` binary format; docs/TableFormat.md is the byte-level spec.
/// The builder writes with these and the runtime reads with them, so the two cannot drift.
public enum TableFormat {
  public static let magic: [UInt8] = Array("KEYGRAM\0".utf8)
  public static let majorVersion: UInt16 = 1
  /// 1.2 added the optional `QUAD` section, which 1.1 readers skip.
  public static let minorVersion: UInt16 = 2
  public static let headerSize = 64
  public static let directoryEntrySize = 16
  public static let sectionAlignment = 16
  public static let byteOrderSanity: UInt32 = 0x0102_0304
  /// Every quantised row sums to exactly this.
  public static let rowTotal: UInt32 = 65_536
  public static let maximumLetterCount = 250

  /// The four-byte `state` values: KenLM's "incomplete" marker.
  public enum State {
    public static let complete = Tag("DONE")
    public static let incomplete = Tag("PART")
  }

  /// Byte offsets of the header fields.
  public enum Offset {
    public static let magic = 0
    public static let majorVersion = 8
    public static let minorVersion = 10
    public static let headerSize = 12
    public static let state = 16
    public static let byteOrder = 20
    public static let fileSize = 24
    public static let crc32 = 28
    public static let letterCount = 32
    public static let rowWidth = 34
    public static let rowTotal = 36
    public static let sectionCount = 40
    public static let directoryOffset = 44
    public static let reserved = 48
  }

  /// A four-ASCII-byte section tag, stored as a little-endian UInt32.
  public struct Tag: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ text: StaticString) {
      precondition(text.utf8CodeUnitCount == 4, "a tag has four ASCII bytes")
      var value: UInt32 = 0
      text.withUTF8Buffer { bytes in
        for (index, byte) in bytes.enumerated() { value |= UInt32(byte) << (8 * UInt32(index)) }
      }
      rawValue = value
    }
    public var description: String {
      var text = ""
      for shift in stride(from: 0, to: 32, by: 8) {
        let byte = UInt8(truncatingIfNeeded: rawValue >> UInt32(shift))
        text.unicodeScalars.append((0x20..<0x7F).contains(byte) ? Unicode.Scalar(byte) : "?")
      }
      return text
    }
  }

  public enum Section {
    public static let language = Tag("LANG")
    public static let alphabet = Tag("ALPH")
    public static let asciiMap = Tag("ASCI")
    public static let unigram = Tag("UNIG")
    public static let initial = Tag("INIT")
    public static let bigram = Tag("BIGR")
    public static let trigram = Tag("TRIG")
    public static let quadgram = Tag("QUAD")
    public static let lexicon = Tag("LEXI")
    public static let layout = Tag("LAYT")
    public static let provenance = Tag("PROV")

    /// The sections every table has, in the order the writer lays them out.
    public static let required: [Tag] = [language, alphabet, asciiMap, unigram, initial, bigram, trigram]
  }

  /// The `QUAD` section's shape: a 16-byte head (row count, three reserved words), N² UInt64
  /// masks (bit a of mask b·N + c: context a, b, c has a row; a = N is word start), N² UInt32
  /// ranks (rows stored before group b·N + c), then the rows, ordered by (b, c, a).
  public enum Quadgram {
    public static let headSize = 16
    /// A mask has one bit per first letter plus word start.
    public static let maximumLetterCount = 63

    public static let masksOffset = headSize
    public static func ranksOffset(letterCount n: Int) -> Int { headSize + 8 * n * n }
    public static func rowsOffset(letterCount n: Int) -> Int { headSize + 12 * n * n }
    public static func length(letterCount n: Int, rows: Int) -> Int { rowsOffset(letterCount: n) + 2 * (n + 1) * rows }
  }

  /// The `LEXI` section's shape (format 1.3): a 32-byte head, then one byte per node each of
  /// labels, shares and degrees (nodes in breadth-first order, node 0 the root), zero padding
  /// to a multiple of 4, one UInt32 first-child sample per 16 nodes, zero padding to a
  /// multiple of 16. Length: roundUp16(roundUp4(32 + 3·nodes) + 4·⌈nodes / 16⌉).
  public enum Lexicon {
    /// The minor format version that added the section.
    public static let minorVersion: UInt16 = 3
    public static let headSize = 32
    /// Nodes per first-child sample.
    public static let sampleStride = 16
    /// Longer words are left out of the lexicon.
    public static let maximumDepth = 48
    /// A node's row (its children's shares and its end-of-word share) sums to this.
    public static let shareTotal: UInt32 = 255
    /// The root's label: it has no incoming edge.
    public static let rootLabel: UInt8 = 0xFF

    /// Byte offsets of the head fields.
    public enum Offset {
      public static let nodeCount = 0       // UInt32
      public static let wordCount = 4       // UInt32
      public static let totalMass = 8       // UInt64
      public static let letterCount = 16    // UInt16
      public static let sampleStride = 18   // UInt16
      public static let maximumDepth = 20   // UInt16
      public static let reserved = 22       // 10 bytes, zero
    }

    public static let labelsOffset = headSize
    public static func sharesOffset(nodeCount: Int) -> Int { headSize + nodeCount }
    public static func degreesOffset(nodeCount: Int) -> Int { headSize + 2 * nodeCount }
    /// The end of the byte arrays, where the first zero padding starts.
    public static func byteArraysEnd(nodeCount: Int) -> Int { headSize + 3 * nodeCount }
    public static func samplesOffset(nodeCount: Int) -> Int { (byteArraysEnd(nodeCount: nodeCount) + 3) & ~3 }
    public static func sampleCount(nodeCount: Int) -> Int { (nodeCount + sampleStride - 1) / sampleStride }
    /// The end of the samples, where the final zero padding starts.
    public static func samplesEnd(nodeCount: Int) -> Int { samplesOffset(nodeCount: nodeCount) + 4 * sampleCount(nodeCount: nodeCount) }
    public static func length(nodeCount: Int) -> Int { (samplesEnd(nodeCount: nodeCount) + 15) & ~15 }
  }

  /// Index of "no letter" in the `ASCI` map.
  public static let notALetter: UInt8 = 0xFF

  /// Byte lengths of the fixed-shape sections for an alphabet of `letterCount` letters.
  public static func expectedLength(of tag: Tag, letterCount n: Int) -> Int? {
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
