/// One language's letter model, read in place from a memory-mapped `.keygram` file or from
/// a table compiled into Swift. Both are validated once, at open, and then read through the
/// same code: every query afterwards is a few loads with no heap allocation.
///
/// Distributions keep the table's memory alive, so one may outlive the table it came from.
public final class KeyGramTable: @unchecked Sendable {
  /// The whole table image (mapped or on the heap), given back at deinit: distributions hold
  /// the table, so it goes only when nothing reads it any more.
  @usableFromInline package let bytes: TableBytes
  private let owner: TableImageOwner
  /// Where each section lies, found by validation.
  @usableFromInline package let sections: TableSections

  /// The number of letters in the alphabet, *N*.
  @inlinable public var letterCount: Int { sections.letterCount }

  private init(bytes: TableBytes, owner: TableImageOwner) throws(KeyGramTableError) {
    let sections: TableSections
    do {
      sections = try TableSections(validating: bytes)
    } catch {
      bytes.release(owner)
      throw error
    }
    self.bytes = bytes
    self.owner = owner
    self.sections = sections
  }

  deinit { bytes.release(owner) }

  /// Maps and validates the table file at `path`.
  public convenience init(contentsOf path: String) throws(KeyGramTableError) {
    let mapped = path.withCString { TableBytes.mapping(path: $0) }
    switch mapped {
    case .success(let bytes): try self.init(bytes: bytes, owner: .mapped)
    case .failure(let error): throw error
    }
  }

  /// Decodes and validates a table compiled into Swift (see the `KeyGramTables` module).
  public convenience init(embedded table: EmbeddedTable) throws(KeyGramTableError) {
    guard let bytes = TableBytes.decodingBase64(table.base64) else { throw .badEncoding }
    try self.init(bytes: bytes, owner: .heap)
  }

  /// Validates a copy of `image`, for tools and tests that hold a table in memory.
  public convenience init(copying image: some Collection<UInt8>) throws(KeyGramTableError) {
    let bytes = Array(image).withUnsafeBytes { TableBytes.copying($0) }
    try self.init(bytes: bytes, owner: .heap)
  }

  /// The table's stored CRC-32, which open checked against its bytes.
  public var checksum: UInt32 { sections.storedCRC32 }

  /// The size of the table image in bytes.
  public var byteCount: Int { bytes.count }

  /// The CRC-32 of the table's bytes as open computes it, for benchmarks of validation.
  @_spi(Testing) public func _computeChecksum() -> UInt32 { bytes.crc32(readingAsZero: TableFormat.Offset.crc32) }

  /// The table's format version, major and minor.
  public var formatVersion: (major: Int, minor: Int) { (Int(sections.majorVersion), Int(sections.minorVersion)) }
}

// MARK: - Alphabet

extension KeyGramTable {
  /// The index of the letter `scalar` reads as, or nil: a letter of the alphabet or its stored
  /// capital, else a reading the builder recorded (`TEXT`: İ as i, the Kelvin sign as k, Greek
  /// oxia vowels as their tonos forms), so every scalar reads as the builder counted it.
  @inlinable
  public func letterIndex(of scalar: Unicode.Scalar) -> Int? {
    if scalar.isASCII {
      let index = bytes.uint8(at: sections.asciiMapOffset + Int(scalar.value))
      return index == TableFormat.notALetter ? nil : Int(index)
    }
    return alphabetIndex(of: scalar) ?? readingIndex(of: scalar)
  }

  /// The index of the letter whose lowercase or stored capital is `scalar` (`ALPH` alone), or nil.
  @inlinable
  func alphabetIndex(of scalar: Unicode.Scalar) -> Int? {
    var offset = sections.alphabetOffset
    for index in 0..<sections.letterCount {
      if bytes.uint32(at: offset) == scalar.value || bytes.uint32(at: offset + 4) == scalar.value {
        return index
      }
      offset += 8
    }
    return nil
  }

  /// The letter `TEXT`'s readings give `scalar`, by binary search, or nil.
  @inlinable
  func readingIndex(of scalar: Unicode.Scalar) -> Int? {
    var low = 0, high = sections.readingCount
    while low < high {
      let middle = (low + high) / 2
      let entry = bytes.uint32(at: sections.readingsOffset + 4 * middle)
      if entry >> 8 < scalar.value { low = middle + 1 } else if entry >> 8 > scalar.value { high = middle } else { return Int(entry & 0xFF) }
    }
    return nil
  }

  /// The lowercase letter at `index` of the alphabet.
  public func letter(at index: Int) -> Unicode.Scalar {
    precondition(index >= 0 && index < letterCount, "letter index out of range")
    return Unicode.Scalar(bytes.uint32(at: sections.alphabetOffset + 8 * index)) ?? "?"
  }

  /// The uppercase form of the letter at `index`, as stored in the table.
  public func uppercaseLetter(at index: Int) -> Unicode.Scalar {
    precondition(index >= 0 && index < letterCount, "letter index out of range")
    return Unicode.Scalar(bytes.uint32(at: sections.alphabetOffset + 8 * index + 4)) ?? "?"
  }

  /// The alphabet in order (allocates; for tools, not the hot path).
  public var alphabet: [Unicode.Scalar] { (0..<letterCount).map(letter(at:)) }

  /// The BCP 47 language code, e.g. "en" (allocates).
  public var languageCode: String { sections.string(in: bytes, at: sections.languageOffset) }

  /// The language's name, e.g. "English" (allocates).
  public var languageName: String {
    let codeLength = Int(bytes.uint16(at: sections.languageOffset))
    return sections.string(in: bytes, at: sections.languageOffset + 2 + codeLength)
  }
}

// MARK: - Distributions

extension KeyGramTable {
  /// P(letter) over all letters of the corpus.
  @inlinable public var unigram: LetterDistribution {
    LetterDistribution(self, DistributionRow(offset: sections.unigramOffset, includesEndOfWord: false))
  }

  /// P(first letter of a word).
  @inlinable public var initial: LetterDistribution {
    LetterDistribution(self, DistributionRow(offset: sections.initialOffset, includesEndOfWord: false))
  }

  /// The distribution of what follows `context`, falling back as the context allows:
  /// three letters (or word start and two letters) with a `QUAD` row → that 4-gram row;
  /// two letters → trigram; word start and a letter → trigram row `^x`; an unknown letter
  /// and a letter → bigram; a boundary → word-initial; an unknown letter → uniform.
  @inlinable
  public func distribution(after context: LetterContext) -> LetterDistribution {
    LetterDistribution(self, row(after: context))
  }

  /// Where the row of `distribution(after:)` lies: for code that holds the table itself, so a
  /// keystroke costs no reference counting.
  @inlinable
  func row(after context: LetterContext) -> DistributionRow {
    let n = letterCount
    let width = n + 1
    let last = context.last
    if last == .boundary { return DistributionRow(offset: sections.initialOffset, includesEndOfWord: false) }
    guard last.isLetter, Int(last.rawValue) < n else { return .uniform }
    let previous = context.previous
    let row: Int
    let offset: Int
    if previous.isLetter, Int(previous.rawValue) < n {
      let group = Int(previous.rawValue) * n + Int(last.rawValue)
      if let quadgramRow = quadgramRow(group: group, earlier: context.earlier) {
        return DistributionRow(offset: sections.quadgramRowsOffset + 2 * width * quadgramRow, includesEndOfWord: true)
      }
      row = group
      offset = sections.trigramOffset
    } else if previous == .boundary {
      row = n * n + Int(last.rawValue)
      offset = sections.trigramOffset
    } else {
      row = Int(last.rawValue)
      offset = sections.bigramOffset
    }
    return DistributionRow(offset: offset + 2 * width * row, includesEndOfWord: true)
  }

  /// The `QUAD` row for `earlier` before trigram row `group`, if the table kept one: a mask
  /// test and a popcount, so the lookup stays O(1) however many rows there are.
  @inlinable @inline(__always)
  func quadgramRow(group: Int, earlier: LetterSymbol) -> Int? {
    guard sections.quadgramRowCount > 0 else { return nil }
    let first: Int
    if earlier.isLetter, Int(earlier.rawValue) < letterCount {
      first = Int(earlier.rawValue)
    } else if earlier == .boundary {
      first = letterCount
    } else {
      return nil
    }
    let mask = bytes.uint64(at: sections.quadgramMasksOffset + 8 * group)
    let bit: UInt64 = 1 << UInt64(first)
    guard mask & bit != 0 else { return nil }
    return Int(bytes.uint32(at: sections.quadgramRanksOffset + 4 * group)) + (mask & (bit &- 1)).nonzeroBitCount
  }

  /// The table's word lexicon (format 1.3 `LEXI`), or nil for a table without one. It holds
  /// the table, like a distribution.
  public var lexicon: Lexicon? {
    guard var lexicon = sections.lexicon else { return nil }
    lexicon.owner = self
    return lexicon
  }

  /// Whether the table has 4-gram rows (format 1.2 `QUAD`), and how many.
  public var quadgramRowCount: Int { sections.quadgramRowCount }

  /// The contexts that have a 4-gram row, in the section's order (allocates; for tools).
  public var quadgramContexts: [LetterContext] {
    guard sections.quadgramRowCount > 0 else { return [] }
    let n = letterCount
    var contexts: [LetterContext] = []
    contexts.reserveCapacity(sections.quadgramRowCount)
    for group in 0..<(n * n) {
      let mask = bytes.uint64(at: sections.quadgramMasksOffset + 8 * group)
      for first in 0...n where mask & (1 << UInt64(first)) != 0 {
        contexts.append(LetterContext(earlier: first == n ? .boundary : LetterSymbol(letterIndex: first),
                                      previous: LetterSymbol(letterIndex: group / n), last: LetterSymbol(letterIndex: group % n)))
      }
    }
    return contexts
  }

  /// The context symbol for a typed scalar: a letter of the alphabet, an unknown letter
  /// (a letter this table lacks), or a boundary (anything else).
  @inlinable
  public func symbol(for scalar: Unicode.Scalar) -> LetterSymbol {
    if let index = letterIndex(of: scalar) { return LetterSymbol(letterIndex: index) }
    // An ASCII letter the alphabet lacks (Latin in Russian text) is unknown, as the builder counts it.
    if scalar.isASCII { return (scalar.value | 0x20) &- 0x61 < 26 ? .unknownLetter : .boundary }
    return scalar.properties.isAlphabetic ? .unknownLetter : .boundary
  }
}
