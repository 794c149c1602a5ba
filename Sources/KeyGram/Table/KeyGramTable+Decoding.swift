/// The builder's decoding rule for typed text (`LetterDecoder` in KeyGramPipeline, docs/Pipeline.md),
/// one scalar at a time, for every way text reaches a `TypingContext`: a letter of the alphabet
/// (either case, combining vowel signs included when the alphabet has them) is that letter; a
/// combining mark the alphabet lacks composes with the letter before it into the alphabet
/// letter canonically equal to the two (NFD "e" + U+0301 is "é"), else that letter becomes a
/// letter the alphabet lacks, and after anything but a letter it changes nothing; invisible
/// format characters (ZWJ, ZWNJ, soft hyphen, BOM) change nothing; apostrophes are dropped or
/// end the word, as the table's `TEXT` section says; a capital whose letter has a final form
/// (Σ) takes it (ς) if the word ends right after it.
/// The composition needs no table section: a fixed list of Unicode's canonical decompositions
/// into a scalar and a mark (`CanonicalPairs`, about 1,000) gives the composed scalar.
extension KeyGramTable {
  /// What one typed scalar does to the symbols recorded before it.
  public enum ScalarStep: Equatable, Sendable {
    /// Record this symbol after the others.
    case append(LetterSymbol)
    /// Record an apostrophe: transparent to the context, kept for deletions.
    case apostrophe
    /// Record this letter, typed as a capital after a letter (Σ as σ): it becomes its final
    /// form (ς) if the word ends before another letter.
    case appendAwaitingFinalForm(LetterSymbol)
    /// Replace the newest letter with this symbol (a composed letter, or `.unknownLetter`).
    case replaceLastLetter(LetterSymbol)
    /// Nothing: a format character, or a combining mark after something other than a letter.
    case skip
  }

  /// What `scalar` does after `last`, the newest symbol recorded other than an apostrophe.
  @inlinable
  public func step(for scalar: Unicode.Scalar, after last: LetterSymbol) -> ScalarStep {
    let apostrophe: ScalarStep = sections.apostrophesEndWords ? .append(.boundary) : .apostrophe
    if scalar.isASCII { return TypingContext.isApostrophe(scalar) ? apostrophe : .append(symbol(for: scalar)) }
    if let index = letterIndex(of: scalar) {
      // Matched as a capital (not the letter itself), after a letter, with a final form.
      if sections.finalFormPairCount > 0, last.isLetter, letter(at: index) != scalar, finalForm(ofLetter: index) != nil {
        return .appendAwaitingFinalForm(LetterSymbol(letterIndex: index))
      }
      return .append(LetterSymbol(letterIndex: index))
    }
    // After the alphabet, as the builder reads it: an alphabet may hold ʼ (U+02BC) as a letter.
    if TypingContext.isApostrophe(scalar) { return apostrophe }
    switch scalar.properties.generalCategory {
    case .format: return .skip
    case .nonspacingMark, .spacingMark, .enclosingMark:
      guard let letter = last.letterIndex, letter < letterCount else { return .skip }
      return .replaceLastLetter(composedLetter(letter, with: scalar).map { LetterSymbol(letterIndex: $0) } ?? .unknownLetter)
    default: return .append(symbol(for: scalar))
    }
  }

  /// Whether an apostrophe ends a word in this table's language (its `TEXT` section); a table
  /// without one drops apostrophes, as tables before format 2.1 were built.
  @inlinable public var apostrophesEndWords: Bool { sections.apostrophesEndWords }

  /// The final form of letter `index` (Greek σ → ς), or nil: what a capital (Σ) reads as when
  /// the word ends right after it. From the table's `TEXT` section.
  @inlinable public func finalForm(ofLetter index: Int) -> Int? {
    for pair in 0..<sections.finalFormPairCount where Int(bytes.uint8(at: sections.finalFormPairsOffset + 2 * pair)) == index {
      return Int(bytes.uint8(at: sections.finalFormPairsOffset + 2 * pair + 1))
    }
    return nil
  }

  /// The scalars `TEXT` reads as letters beyond `ALPH`'s, with their letter indices, ascending
  /// (allocates; for tools).
  public var readings: [(scalar: Unicode.Scalar, letter: Int)] {
    (0..<sections.readingCount).compactMap { reading in
      let entry = bytes.uint32(at: sections.readingsOffset + 4 * reading)
      return Unicode.Scalar(entry >> 8).map { ($0, Int(entry & 0xFF)) }
    }
  }

  /// The letter whose final form is letter `index` (ς → σ), or nil.
  @inlinable public func letter(withFinalForm index: Int) -> Int? {
    for pair in 0..<sections.finalFormPairCount where Int(bytes.uint8(at: sections.finalFormPairsOffset + 2 * pair + 1)) == index {
      return Int(bytes.uint8(at: sections.finalFormPairsOffset + 2 * pair))
    }
    return nil
  }

  /// The index of the alphabet letter canonically equal to letter `index` followed by `mark`,
  /// or nil: the builder's composition. A mark that is canonically other marks composes as they
  /// do, one at a time, each step an alphabet letter. Binary searches of a fixed table of
  /// canonical decompositions (`CanonicalPairs`), no allocation.
  public func composedLetter(_ index: Int, with mark: Unicode.Scalar) -> Int? {
    composedLetter(index, with: mark.value, depth: 0)
  }

  private func composedLetter(_ index: Int, with mark: UInt32, depth: Int) -> Int? {
    guard index >= 0, index < letterCount, depth < 4 else { return nil }
    // The letter, then its capital as the table stores it: Turkish I + U+0307 is İ, the capital of i.
    if let found = alphabetLetter(composing: letter(at: index), with: mark) { return found }
    if let found = alphabetLetter(composing: uppercaseLetter(at: index), with: mark) { return found }
    guard let entry = Self.first(in: CanonicalPairs.markDecompositions, withPrefix: UInt64(mark), shift: 42) else { return nil }
    let first = UInt32(truncatingIfNeeded: entry >> 21 & 0x1F_FFFF), second = UInt32(truncatingIfNeeded: entry & 0x1F_FFFF)
    guard let step = composedLetter(index, with: first, depth: depth + 1) else { return nil }
    return second == 0 ? step : composedLetter(step, with: second, depth: depth + 1)
  }

  /// The alphabet letter that `base` + `mark` compose to canonically, or nil.
  private func alphabetLetter(composing base: Unicode.Scalar, with mark: UInt32) -> Int? {
    let key = UInt64(base.value) << 21 | UInt64(mark)
    guard let entry = Self.first(in: CanonicalPairs.compositions, withPrefix: key, shift: 21),
          let composed = Unicode.Scalar(UInt32(truncatingIfNeeded: entry & 0x1F_FFFF)) else { return nil }
    // The alphabet's own letters and capitals only, as the builder composes.
    return composed.isASCII ? letterIndex(of: composed) : alphabetIndex(of: composed)
  }

  /// The first of the sorted `entries` whose bits above `shift` are `prefix`.
  private static func first(in entries: [UInt64], withPrefix prefix: UInt64, shift: UInt64) -> UInt64? {
    var low = 0, high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] >> shift < prefix { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low] >> shift == prefix ? entries[low] : nil
  }
}
