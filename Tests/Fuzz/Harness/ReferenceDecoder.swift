import Foundation
import KeyGramPipeline

/// The decoding rules of docs/Pipeline.md written the plain way, to check `LetterCounter`
/// against: the standard library decodes UTF-8 (one error per maximal ill-formed subpart),
/// each scalar is classified by the rules in order, marks compose through Foundation's NFC,
/// and the n-grams are counted over the finished symbol stream. Slow and obvious on purpose.
struct ReferenceDecoder {
  let language: Language
  private let letterIndex: [Unicode.Scalar: Int]

  init(language: Language) {
    self.language = language
    letterIndex = language.letterIndex
  }

  /// The stream symbols (`Symbol`) and the two tallies.
  func symbols(of bytes: [UInt8]) -> (symbols: [UInt8], outsideAlphabet: UInt64, invalidUTF8: UInt64) {
    var symbols: [UInt8] = []
    var outsideAlphabet: UInt64 = 0, invalidUTF8: UInt64 = 0
    var iterator = bytes.makeIterator()
    var utf8 = UTF8()
    // Letters typed as a capital with a final form (Σ after a letter), by position; settled at the end.
    var capitals: Set<Int> = []
    let finalForms = Dictionary(uniqueKeysWithValues: language.finalForms.map { (Symbol.letter($0.letter), Symbol.letter($0.finalForm)) })
    decoding: while true {
      switch utf8.decode(&iterator) {
      case .emptyInput: break decoding
      case .error:
        invalidUTF8 += 1
        symbols.append(Symbol.wordBoundary)
      case .scalarValue(let scalar):
        if let letter = letter(scalar) {
          let afterLetter = symbols.last.map { $0 != Symbol.wordBoundary } ?? false
          if afterLetter, finalForms[letter] != nil, letterIndex[scalar] == nil || language.caseMappings[scalar].map({ $0 != scalar }) == true {
            capitals.insert(symbols.count)
          }
          symbols.append(letter)
          continue
        }
        if ["'", "\u{2019}", "\u{02BC}"].contains(scalar) {
          if !language.apostrophesAreTransparent { symbols.append(Symbol.wordBoundary) }
          continue
        }
        let category = scalar.properties.generalCategory
        if category == .format { continue }
        if [.nonspacingMark, .spacingMark, .enclosingMark].contains(category) {
          // A mark joins the letter before it (nothing after a boundary): composed, or the
          // letter turns into one outside the alphabet.
          guard let last = symbols.last, last != Symbol.wordBoundary else { continue }
          capitals.remove(symbols.count - 1)  // a mark makes it another letter, or none
          let base = language.alphabet[Symbol.letterIndex(of: last)]
          let composed = Array((String(base) + String(scalar)).precomposedStringWithCanonicalMapping.unicodeScalars)
          // Else the letter's capital with the mark, when that makes another letter's stored
          // capital (Turkish I + U+0307 is İ, the capital of i).
          let capital = Array((String(language.uppercase(of: base)) + String(scalar)).precomposedStringWithCanonicalMapping.unicodeScalars)
          if composed.count == 1, let index = letterIndex[composed[0]] {
            symbols[symbols.count - 1] = Symbol.letter(index)
          } else if capital.count == 1, let index = language.alphabet.firstIndex(where: { language.uppercase(of: $0) == capital[0] }) {
            symbols[symbols.count - 1] = Symbol.letter(index)
          } else {
            outsideAlphabet += 1
            symbols[symbols.count - 1] = Symbol.wordBoundary
          }
          continue
        }
        if scalar.properties.isAlphabetic {
          outsideAlphabet += 1
        }
        symbols.append(Symbol.wordBoundary)
      }
    }
    // A capital's letter whose word ends right after it (the file's end included) is its final form.
    for position in capitals where position + 1 == symbols.count || symbols[position + 1] == Symbol.wordBoundary {
      symbols[position] = finalForms[symbols[position]]!
    }
    return (symbols, outsideAlphabet, invalidUTF8)
  }

  /// The letter symbol `scalar` types, by the manifest's case mappings, the alphabet, then
  /// full lowercasing (NFC, with İ's dot above dropped).
  private func letter(_ scalar: Unicode.Scalar) -> UInt8? {
    if let mapped = language.caseMappings[scalar], let index = letterIndex[mapped] { return Symbol.letter(index) }
    if let index = letterIndex[scalar] { return Symbol.letter(index) }
    let category = scalar.properties.generalCategory
    guard category != .format, ![.nonspacingMark, .spacingMark, .enclosingMark].contains(category) else { return nil }
    var lowered = Array(String(scalar).lowercased().precomposedStringWithCanonicalMapping.unicodeScalars)
    while lowered.count > 1 && lowered.last == "\u{0307}" { lowered.removeLast() }
    guard lowered.count == 1, let index = letterIndex[lowered[0]] else { return nil }
    return Symbol.letter(index)
  }

  /// Dense n-gram counts of `symbols` (4-grams, or trigrams for `order` 3) as `NgramCounts`
  /// lays them out: runs of boundaries count once, the stream starts after a boundary and the
  /// file's end is one more.
  func ngrams(of symbols: [UInt8], order: Int) -> [UInt64] {
    let width = language.alphabet.count + 1
    var counts = [UInt64](repeating: 0, count: order == 4 ? width * width * width * width : width * width * width)
    var window = [Int](repeating: 0, count: order)
    for symbol in symbols.map(Int.init) + [0] {
      if symbol == 0 && window.last == 0 { continue }
      window.removeFirst()
      window.append(symbol)
      counts[window.reduce(0) { $0 * width + $1 }] += 1
    }
    return counts
  }
}
