/// Letter classes the decoder prices spelling mistakes by: a vowel written for another vowel is
/// a common misspelling (`definately`), and so is a consonant for one that spells the same
/// sound (`sylinder`); a consonant for any other far consonant is not.
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

  /// The sounds letter `index` may spell as a consonant, a bit each, by its base letter: two
  /// consonants that share a bit are a spelling confusion (`sylinder`, `komplete`), not a far
  /// touch. Latin: c k q (k), c s z x (s), b p, d t, f v; Cyrillic: г к, з с, б п, д т, в ф, ж ш.
  public func consonantSounds(_ index: Int) -> Int {
    guard index >= 0, index < letterCount else { return 0 }
    return Self.consonantSoundsScalar(Self.baseLetter(of: letter(at: index)))
  }

  static func consonantSoundsScalar(_ scalar: Unicode.Scalar) -> Int {
    switch scalar {
    case "c": return 1 | 2
    case "k", "q", "г", "к": return 1
    case "s", "z", "x", "з", "с": return 2
    case "b", "p", "б", "п": return 4
    case "d", "t", "д", "т": return 8
    case "f", "v", "в", "ф": return 16
    case "ж", "ш": return 32
    default: return 0
    }
  }

  /// The letter that people write for Latin or Greek letter `scalar` when they leave out its
  /// marks: its canonical decomposition's base (é → e, ñ → n, ǘ → u, ά → α), or by custom for
  /// the letters that do not decompose: ł → l, ø → o, đ → d, Turkish ı → i. nil for a letter
  /// without marks and for other scripts, where a marked letter is a letter of its own (й is
  /// no и, and Russian ё written as е is no mistake). The builder's lexicon rule leaves out a
  /// word written without the marks a far more frequent word has (`informacion`, `fur`).
  package static func markedLetterBase(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar {
    case "ł": return "l"
    case "ø": return "o"
    case "đ": return "d"
    case "ı": return "i"
    default: break
    }
    let value = scalar.value
    let latin = (0xC0...0x24F).contains(value) || (0x1E00...0x1EFF).contains(value)
    let greek = (0x370...0x3FF).contains(value) || (0x1F00...0x1FFF).contains(value)
    guard latin || greek else { return nil }
    let base = baseLetter(of: scalar)
    return base == scalar ? nil : base
  }

  /// Per letter of `alphabet`, the index of the letter written for it without its marks
  /// (`markedLetterBase(of:)`), or −1 where it has none or the alphabet lacks it: the one map the
  /// builder's lexicon rule and the decoder's marked-letter reading both use.
  package static func markedLetterBases(alphabet: [Unicode.Scalar]) -> [Int] {
    alphabet.map { scalar in markedLetterBase(of: scalar).flatMap { alphabet.firstIndex(of: $0) } ?? -1 }
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
