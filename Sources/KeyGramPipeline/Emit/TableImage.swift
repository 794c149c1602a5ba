import KeyGram

/// The emitting stage's first half: lays out a normalised model as `.keygram` bytes
/// (docs/TableFormat.md). The image is complete (state `DONE`, CRC set); `AtomicFile` writes it.
package enum TableImage {
  /// `asciiLetterIndices` is the `ASCI` section: for each ASCII byte, the index of the letter
  /// it decodes to or `TableFormat.notALetter` (`LetterDecoder.asciiLetterIndices`).
  /// `lexicon` is the `LEXI` section (`LexiconSection.make`) and its word count, if any.
  /// `writtenForms`, the `FORM` section's content, goes right after the lexicon (only with one),
  /// and `wordPairs`, the `PAIR` section's, after that, then `knownWords`, the `KNOW` section's,
  /// and `offensiveWords`, the `OFFN` section's (none when it flags no word).
  /// The language's decoder settings, if any, are the `TUNE` section.
  package static func make(language: Language, model: QuantisedModel, provenance: Provenance?,
                          asciiLetterIndices: [UInt8], lexicon: (section: [UInt8], words: Int)? = nil,
                          writtenForms: LexiconForms? = nil, wordPairs: WordPairModel? = nil, knownWords: KnownWordsFilter? = nil,
                          offensiveWords: OffensiveWordFlags? = nil) -> [UInt8] {
    typealias F = TableFormat
    let n = language.alphabet.count
    precondition(model.letterCount == n, "model and language disagree on the alphabet")
    precondition(asciiLetterIndices.count == 128, "the ASCII map has one entry per ASCII byte")

    var sections: [(F.Tag, [UInt8], Int)] = []
    var language16 = ByteWriter()
    language16.string16(language.code)
    language16.string16(language.name)
    sections.append((F.Section.language, language16.bytes, 0))

    var alphabet = ByteWriter()
    for letter in language.alphabet {
      alphabet.uint32(letter.value)
      alphabet.uint32(language.uppercase(of: letter).value)
    }
    sections.append((F.Section.alphabet, alphabet.bytes, n))

    sections.append((F.Section.asciiMap, asciiLetterIndices, 0))
    sections.append((F.Section.unigram, rows([model.unigram]), 1))
    sections.append((F.Section.initial, rows([model.initial]), 1))
    sections.append((F.Section.bigram, rows(model.bigram), model.bigram.count))
    sections.append((F.Section.trigram, rows(model.trigram), model.trigram.count))
    let finalForms = language.finalForms
    sections.append((F.Section.textRules, textRulesSection(language), finalForms.count))
    if !model.quadgram.isEmpty {  // never for alphabets over 63 letters: they count no 4-grams
      sections.append((F.Section.quadgram, quadgramSection(model.quadgram, letterCount: n), model.quadgram.count))
    }
    if let lexicon {
      sections.append((F.Section.lexicon, lexicon.section, lexicon.words))
      if let writtenForms { sections.append((F.Section.writtenForms, writtenForms.section, writtenForms.entries.count)) }
      if let wordPairs { sections.append((F.Section.wordPairs, wordPairs.section, wordPairs.rows.count)) }
      if let knownWords { sections.append((F.Section.knownWords, knownWords.section, knownWords.wordCount)) }
      if let offensiveWords, !offensiveWords.nodes.isEmpty {
        sections.append((F.Section.offensiveWords, offensiveWords.section, offensiveWords.nodes.count))
      }
    }
    if !language.decoderSettings.isEmpty {
      sections.append((F.Section.decoderSettings, decoderSettingsSection(language.decoderSettings), language.decoderSettings.count))
    }
    if let layout = language.layout { sections.append((F.Section.layout, layoutSection(layout, language: language), layout.keys.count)) }
    if let provenance { sections.append((F.Section.provenance, provenance.encoded, provenance.files.count)) }

    var out = ByteWriter()
    out.bytes(F.magic)
    out.uint16(F.majorVersion)
    out.uint16(F.minorVersion)
    out.uint32(UInt32(F.headerSize))
    out.uint32(F.State.complete.rawValue)
    out.uint32(F.byteOrderSanity)
    out.uint32(0)  // file size, patched below
    out.uint32(0)  // CRC-32, patched last
    out.uint16(UInt16(n))
    out.uint16(UInt16(n + 1))
    out.uint32(F.rowTotal)
    out.uint32(UInt32(sections.count))
    out.uint32(UInt32(F.headerSize))
    out.bytes([UInt8](repeating: 0, count: F.headerSize - out.bytes.count))

    let directory = out.bytes.count
    out.bytes([UInt8](repeating: 0, count: sections.count * F.directoryEntrySize))
    for (index, (tag, body, elements)) in sections.enumerated() {
      out.pad(toMultipleOf: F.sectionAlignment)
      let entry = directory + index * F.directoryEntrySize
      out.patch32(tag.rawValue, at: entry)
      out.patch32(UInt32(out.bytes.count), at: entry + 4)
      out.patch32(UInt32(body.count), at: entry + 8)
      out.patch32(UInt32(elements), at: entry + 12)
      out.bytes(body)
    }
    out.pad(toMultipleOf: F.sectionAlignment)
    out.patch32(UInt32(out.bytes.count), at: F.Offset.fileSize)
    let crc = out.bytes.withUnsafeBytes { zlib_crc32($0) }
    out.patch32(crc, at: F.Offset.crc32)
    return out.bytes
  }

  /// `TEXT`: the apostrophe rule, the final-form pairs and the readings the builder read the
  /// corpus by.
  package static func textRulesSection(_ language: Language) -> [UInt8] {
    let finalForms = language.finalForms
    let readings = textReadings(of: language)
    var out = ByteWriter()
    out.uint8(language.apostrophesAreTransparent ? TableFormat.TextRules.apostrophesTransparent : TableFormat.TextRules.apostrophesEndWords)
    out.uint8(UInt8(finalForms.count))
    out.uint16(UInt16(readings.count))
    for pair in finalForms { out.bytes([UInt8(pair.letter), UInt8(pair.finalForm)]) }
    out.bytes([UInt8](repeating: 0, count: TableFormat.TextRules.readingsOffset(pairCount: finalForms.count) - TableFormat.TextRules.headSize - 2 * finalForms.count))
    for reading in readings { out.uint32(reading.scalar << 8 | UInt32(reading.letter)) }
    return out.bytes
  }

  /// `TUNE`: the decoder settings in id order, each an id and a Float32.
  package static func decoderSettingsSection(_ settings: [DecoderSetting: Float]) -> [UInt8] {
    var out = ByteWriter()
    out.uint32(UInt32(settings.count))
    out.bytes([UInt8](repeating: 0, count: TableFormat.DecoderSettings.headSize - 4))
    for (setting, value) in settings.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      out.uint32(setting.rawValue)
      out.uint32(value.bitPattern)
    }
    out.pad(toMultipleOf: TableFormat.sectionAlignment)
    return out.bytes
  }

  /// The non-ASCII scalars the builder's decoding reads as a letter that the runtime's alphabet
  /// lookup (a letter, or the capital `ALPH` stores for it) would not: İ as i, the Kelvin sign
  /// as k, ẞ as ß, Greek oxia vowels as their tonos forms, a manifest's extra case mappings.
  /// Ascending by scalar.
  package static func textReadings(of language: Language) -> [(scalar: UInt32, letter: Int)] {
    // They depend on the alphabet and the case mappings alone; verify asks once per table.
    let key = String(String.UnicodeScalarView(language.alphabet)) + "\u{0}"
      + language.caseMappings.sorted { $0.key < $1.key }.map { "\($0.key)\($0.value)" }.joined()
    if let known = readingsCache.withLock({ $0[key] }) { return known }
    let readings = computeReadings(of: language)
    readingsCache.withLock { $0[key] = readings }
    return readings
  }

  private static let readingsCache = Locked<[String: [(scalar: UInt32, letter: Int)]]>([:])

  private static func computeReadings(of language: Language) -> [(scalar: UInt32, letter: Int)] {
    let decoder = LetterDecoder(language: language)
    var alphabetReads: [UInt32: Int] = [:]
    for (index, letter) in language.alphabet.enumerated().reversed() {  // the first letter wins, as the runtime scans
      alphabetReads[language.uppercase(of: letter).value] = index
      alphabetReads[letter.value] = index
    }
    var readings: [(scalar: UInt32, letter: Int)] = []
    let candidates = Set(readingCandidates).union(language.caseMappings.keys.filter { !$0.isASCII }).sorted()
    for scalar in candidates {
      let value = scalar.value
      let symbol: UInt8
      switch decoder.scalarClass(scalar) {
      case .letter(let letter), .capitalWithFinalForm(let letter): symbol = letter
      default: continue
      }
      let letter = Symbol.letterIndex(of: symbol)
      if alphabetReads[value] != letter { readings.append((value, letter)) }
    }
    return readings
  }

  /// The non-ASCII scalars that can read as a letter they are not: capitals (lowercasing changes
  /// them) and those NFC replaces (full composition exclusions); about 2,500, found once in
  /// `readingScanRanges`, a sixth of the code space (reading all of it cost a build 77 ms).
  package static let readingCandidates: [Unicode.Scalar] = readingCandidates(in: readingScanRanges)

  /// Where every such scalar lies: the first two planes, and the CJK compatibility ideographs of
  /// the third (2F800–2FA1D, composition exclusions); no other plane has a cased letter or an
  /// exclusion. A test checks this against the whole code space.
  package static let readingScanRanges: [ClosedRange<UInt32>] = [0x80...0x1_FFFF, 0x2_F800...0x2_FFFF]

  package static func readingCandidates(in ranges: [ClosedRange<UInt32>]) -> [Unicode.Scalar] {
    ranges.flatMap { range in
      range.compactMap { value -> Unicode.Scalar? in
        guard let scalar = Unicode.Scalar(value) else { return nil }
        let properties = scalar.properties
        return properties.changesWhenLowercased || properties.isFullCompositionExclusion ? scalar : nil
      }
    }
  }

  private static func rows(_ rows: [[UInt16]]) -> [UInt8] {
    var out = ByteWriter()
    for row in rows { row.forEach { out.uint16($0) } }
    return out.bytes
  }

  /// The `QUAD` section: masks and ranks that index `rows` (in context order) by their context.
  static func quadgramSection(_ quadgrams: [QuadgramRow<UInt16>], letterCount n: Int) -> [UInt8] {
    precondition(n <= TableFormat.Quadgram.maximumLetterCount, "4-gram rows need at most 63 letters")
    precondition(zip(quadgrams, quadgrams.dropFirst()).allSatisfy(QuadgramRow.inSectionOrder), "4-gram rows out of order")
    precondition(quadgrams.allSatisfy { row in
      let letters = [row.context.previous, row.context.last].compactMap(\.letterIndex)
      return row.entries.count == n + 1 && letters.count == 2 && letters.allSatisfy { $0 < n }
        && (row.context.earlier == .boundary || (row.context.earlier.letterIndex ?? n) < n)
    }, "a 4-gram row of the wrong shape")
    var masks = [UInt64](repeating: 0, count: n * n)
    for row in quadgrams {
      let earlier = Symbol.tableIndex(of: row.context.earlier, letterCount: n)
      masks[row.context.previous.letterIndex! * n + row.context.last.letterIndex!] |= 1 << UInt64(earlier)
    }
    var out = ByteWriter()
    out.uint32(UInt32(quadgrams.count))
    out.bytes([UInt8](repeating: 0, count: TableFormat.Quadgram.headSize - 4))
    for mask in masks {
      out.uint32(UInt32(truncatingIfNeeded: mask))
      out.uint32(UInt32(truncatingIfNeeded: mask >> 32))
    }
    var rank: UInt32 = 0
    for mask in masks {
      out.uint32(rank)
      rank += UInt32(mask.nonzeroBitCount)
    }
    for row in quadgrams { row.entries.forEach { out.uint16($0) } }
    return out.bytes
  }

  /// The `LAYT` section for `layout`; `keygram verify` compares a table's with it.
  package static func layoutSection(_ layout: KeyboardLayoutSpec, language: Language) -> [UInt8] {
    let keys = layout.keys
    var keyOfLetter = [UInt8](repeating: 0xFF, count: language.alphabet.count)
    let letterIndex = language.letterIndex
    for (key, letters) in keys.enumerated() {
      for letter in letters { if let index = letterIndex[letter] { keyOfLetter[index] = UInt8(key) } }
    }
    var out = ByteWriter()
    out.uint16(UInt16(layout.rows.count))
    out.uint16(UInt16(keys.count))
    layout.rows.forEach { out.uint8(UInt8($0.count)) }
    out.bytes(keyOfLetter)
    keys.forEach { out.uint32($0[0].value) }  // a letterless key's cap is its one scalar (format 2.1)
    return out.bytes
  }
}
