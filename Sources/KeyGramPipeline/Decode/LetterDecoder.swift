import Foundation
import KeyGram

/// Turns text into the stream symbols the counter sees (`Symbol`: letters and the word
/// boundary). Built once per language.
///
/// The rules (docs/Pipeline.md has the reasons):
/// - Letters are case-folded with full Unicode lowercasing, after the language's own case
///   mappings; NFD input is composed, so "e" + U+0301 counts as "é". A capital whose letter
///   has a final form (Σ) takes it when the word ends right after it, after a letter (ς).
/// - A letter outside the alphabet ends the word and is counted in `outsideAlphabet`.
/// - Apostrophes (' ’ ʼ) are dropped when the language says so ("don't" → "dont").
/// - Byte-order marks, soft hyphens, zero-width joiners and other format characters are dropped.
/// - Everything else (space, digit, hyphen, punctuation, NUL, invalid UTF-8) is a boundary.
package struct LetterDecoder: Sendable {
  /// What one byte means to the counter's fast path: a byte that is a symbol by itself (an
  /// ASCII letter, or a boundary) is that symbol, 0 ... N; each other kind of byte has one
  /// marker, above every symbol (N ≤ 250), with one meaning each.
  package enum ByteClass {
    /// An invisible byte, or a transparent apostrophe: dropped.
    package static let skip: UInt8 = 0xFB
    /// The first byte of a UTF-8 sequence, or any byte ≥ 0x80: the slow path decodes it.
    package static let nonASCII: UInt8 = 0xFC
    /// An ASCII letter the alphabet lacks (Latin in a Russian text): a boundary, counted. The
    /// same value and meaning as the runtime's `LetterSymbol.unknownLetter`.
    package static let outsideAlphabet: UInt8 = LetterSymbol.unknownLetter.rawValue
  }

  /// What one non-ASCII scalar means.
  package enum ScalarClass: Equatable, Sendable {
    case letter(UInt8)
    /// A capital that reads as a letter with a final form (Σ as σ): the letter, or its final
    /// form when the word ends right after it.
    case capitalWithFinalForm(UInt8)
    case boundary
    case outsideAlphabet
    case combiningMark
    case skip
  }

  package let language: Language
  /// The fast path: for each byte, a symbol (ASCII), `skip`, or `nonASCII`.
  package let byteClasses: [UInt8]
  /// Classes of every scalar below U+0800 (Latin, Greek, Cyrillic, …), precomputed.
  private let lowScalarClasses: [ScalarClass]
  /// (letter symbol, combining mark) → composed letter symbol, for NFD input.
  private let compositions: [UInt64: UInt8]
  /// Each alphabet letter's index, for scalars above the precomputed range.
  private let letters: [Unicode.Scalar: Int]
  /// For each stream symbol, the stream symbol of its final form (σ → ς), or 0 for none.
  package let finalFormSymbols: [UInt8]

  package var letterCount: Int { language.alphabet.count }

  package init(language: Language) {
    precondition(language.alphabet.count <= TableFormat.maximumLetterCount, "alphabets have at most 250 letters")
    self.language = language
    let letters = language.letterIndex
    var finalFormSymbols = [UInt8](repeating: 0, count: 256)
    for pair in language.finalForms { finalFormSymbols[Int(Symbol.letter(pair.letter))] = Symbol.letter(pair.finalForm) }
    self.finalFormSymbols = finalFormSymbols
    let classify = { (scalar: Unicode.Scalar) in Self.classify(scalar, language: language, letters: letters, finalForms: finalFormSymbols) }
    var compositions: [UInt64: UInt8] = [:]
    // Each letter, then its capital (Turkish İ is I + U+0307, and I is ı): the runtime's
    // `composedLetter` tries the two forms in this order.
    for form in 0..<2 {
      for (index, letter) in language.alphabet.enumerated() {
        let decomposed = Array(String(form == 0 ? letter : language.uppercase(of: letter)).decomposedStringWithCanonicalMapping.unicodeScalars)
        // The last mark composes with the rest, composed: ǖ (u ¨ ¯) from ü, found by fuzzing (Tests/Fuzz/decoder).
        let rest = String(String.UnicodeScalarView(decomposed.dropLast())).precomposedStringWithCanonicalMapping.unicodeScalars
        guard decomposed.count >= 2, rest.count == 1 else { continue }
        let base: Int?
        if form == 0 {
          base = letters[rest.first!]
        } else if case .letter(let symbol) = classify(rest.first!) {
          base = Symbol.letterIndex(of: symbol)
        } else if case .capitalWithFinalForm(let symbol) = classify(rest.first!) {
          base = Symbol.letterIndex(of: symbol)
        } else {
          base = nil
        }
        guard let base else { continue }
        let key = Self.compositionKey(Symbol.letter(base), decomposed[decomposed.count - 1])
        if compositions[key] == nil { compositions[key] = Symbol.letter(index) }
      }
    }
    self.compositions = compositions
    self.letters = letters
    lowScalarClasses = (0..<0x800).map { classify(Unicode.Scalar(UInt32($0))!) }
    byteClasses = (0..<256).map { byte -> UInt8 in
      guard byte < 0x80 else { return ByteClass.nonASCII }
      switch classify(Unicode.Scalar(UInt8(byte))) {
      case .letter(let symbol): return symbol
      case .capitalWithFinalForm: return ByteClass.nonASCII  // the slow path knows the word-end rule
      case .skip: return ByteClass.skip
      case .outsideAlphabet: return ByteClass.outsideAlphabet
      default: return Symbol.wordBoundary
      }
    }
  }

  /// For each ASCII byte, the index of the letter it decodes to, or `TableFormat.notALetter`:
  /// the table's `ASCI` section.
  package var asciiLetterIndices: [UInt8] {
    (0..<128).map { byte -> UInt8 in
      let symbol = byteClasses[byte]
      return Symbol.isLetter(symbol, letterCount: letterCount) ? UInt8(Symbol.letterIndex(of: symbol)) : TableFormat.notALetter
    }
  }

  /// The class of a scalar (cached table below U+0800, ASCII included).
  @inline(__always)
  package func scalarClass(_ scalar: Unicode.Scalar) -> ScalarClass {
    if scalar.value < 0x800 { return lowScalarClasses[Int(scalar.value)] }
    return Self.classify(scalar, language: language, letters: letters, finalForms: finalFormSymbols)
  }

  /// The letter symbol that `mark` composes with letter `symbol` into, if the alphabet has it.
  @inline(__always)
  package func compose(_ symbol: UInt8, with mark: Unicode.Scalar) -> UInt8? {
    if let composed = compositions[Self.compositionKey(symbol, mark)] { return composed }
    // A mark that is canonically other marks (U+0341 is U+0301) composes as they do; found by fuzzing.
    let canonical = String(mark).decomposedStringWithCanonicalMapping.unicodeScalars
    guard canonical.count > 1 || canonical.first != mark else { return nil }
    var current = symbol
    for part in canonical {
      guard let next = compositions[Self.compositionKey(current, part)] else { return nil }
      current = next
    }
    return current
  }

  private static func compositionKey(_ symbol: UInt8, _ mark: Unicode.Scalar) -> UInt64 {
    UInt64(symbol) << 32 | UInt64(mark.value)
  }

  static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}"]

  static func classify(_ scalar: Unicode.Scalar, language: Language, letters: [Unicode.Scalar: Int], finalForms: [UInt8]) -> ScalarClass {
    // A scalar that is not the letter itself is one of its capitals.
    func capital(_ index: Int) -> ScalarClass {
      let symbol = Symbol.letter(index)
      return finalForms[Int(symbol)] != 0 ? .capitalWithFinalForm(symbol) : .letter(symbol)
    }
    if let mapped = language.caseMappings[scalar], let index = letters[mapped] { return mapped == scalar ? .letter(Symbol.letter(index)) : capital(index) }
    if let index = letters[scalar] { return .letter(Symbol.letter(index)) }
    if apostrophes.contains(scalar) { return language.apostrophesAreTransparent ? .skip : .boundary }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .format: return .skip  // BOM, soft hyphen, ZWJ/ZWNJ: invisible, not word breaks
    case .nonspacingMark, .spacingMark, .enclosingMark: return .combiningMark
    default: break
    }
    // Full lowercasing, then NFC: "É" → "é", "Ё" → "ё"; "İ" → "i" + U+0307 → "i".
    let lowered = Array(properties.lowercaseMapping.precomposedStringWithCanonicalMapping.unicodeScalars)
    if let first = lowered.first, let index = letters[first],
       lowered.count == 1 || lowered.dropFirst().allSatisfy({ $0 == "\u{0307}" }) {
      return capital(index)
    }
    if properties.isAlphabetic { return .outsideAlphabet }
    return .boundary
  }
}
