/// Letter classes the decoder prices spelling mistakes by: a vowel written for another vowel is
/// a common misspelling (`definately`), a consonant for a far consonant is not.
extension KeyGramTable {
  /// Whether letter `index` is a vowel: its base letter (accents taken off by Unicode's
  /// canonical decompositions) is a Latin, Greek or Cyrillic vowel, y included.
  public func isVowel(_ index: Int) -> Bool {
    guard index >= 0, index < letterCount else { return false }
    let scalar = letter(at: index)
    // й and ў decompose to vowels but are consonants.
    guard scalar != "й" && scalar != "ў" else { return false }
    return Self.isVowelScalar(Self.baseLetter(of: scalar))
  }

  /// `scalar` with its combining marks taken off, by canonical decomposition (ǘ → u).
  static func baseLetter(of scalar: Unicode.Scalar) -> Unicode.Scalar {
    var current = scalar
    for _ in 0..<4 {
      guard let entry = CanonicalPairs.compositions.first(where: { $0 & 0x1F_FFFF == UInt64(current.value) }),
            let base = Unicode.Scalar(UInt32(truncatingIfNeeded: entry >> 42)) else { break }
      current = base
    }
    return current
  }

  static func isVowelScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a", "e", "i", "o", "u", "y", "æ", "ø", "œ", "ı",
         "α", "ε", "η", "ι", "ο", "υ", "ω",
         "а", "е", "и", "о", "у", "ы", "э", "ю", "я", "і", "є":
      return true
    default:
      return false
    }
  }
}
