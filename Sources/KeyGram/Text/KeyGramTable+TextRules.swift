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
/// into a scalar and a mark (`CanonicalPairs`, about 1,000) gives the composed scalar
/// (KeyGramTable+Composition.swift); the apostrophes are `Apostrophes` (Apostrophes.swift).
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
    if scalar.isASCII { return Apostrophes.contains(scalar) ? apostrophe : .append(symbol(for: scalar)) }
    if let index = letterIndex(of: scalar) {
      // Matched as a capital (not the letter itself), after a letter, with a final form.
      if sections.finalFormPairCount > 0, last.isLetter, letter(at: index) != scalar, finalForm(ofLetter: index) != nil {
        return .appendAwaitingFinalForm(LetterSymbol(letterIndex: index))
      }
      return .append(LetterSymbol(letterIndex: index))
    }
    // After the alphabet, as the builder reads it: an alphabet may hold ʼ (U+02BC) as a letter.
    if Apostrophes.contains(scalar) { return apostrophe }
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

  /// The distribution after `text` (a convenience for tools and tests): its last three symbols,
  /// skipping apostrophes as `TypingContext` does.
  public func distribution(after text: some StringProtocol) -> LetterDistribution {
    distribution(after: context(after: text))
  }

  /// The context after typing `text` from `start` (word start unless told otherwise), by the
  /// rule `TypingContext` records with (`step(for:after:)`; allocation-free, but for tools and tests).
  public func context(after text: some StringProtocol, from start: LetterContext = .wordStart) -> LetterContext {
    var context = start
    var awaitingFinalForm = false
    for scalar in text.unicodeScalars {
      let step = step(for: scalar, after: context.last)
      if awaitingFinalForm, case .append(let symbol) = step, !symbol.isLetter, let letter = context.last.letterIndex,
         let finalForm = finalForm(ofLetter: letter) {
        context = .canonical(earlier: context.earlier, previous: context.previous, last: LetterSymbol(letterIndex: finalForm))
      }
      if case .apostrophe = step {} else if case .skip = step {} else { awaitingFinalForm = false }
      switch step {
      case .append(let symbol): context.append(symbol)
      case .appendAwaitingFinalForm(let symbol):
        context.append(symbol)
        awaitingFinalForm = true
      case .replaceLastLetter(let symbol):
        context = .canonical(earlier: context.earlier, previous: context.previous, last: symbol)
      case .apostrophe, .skip: break
      }
    }
    return context
  }
}
