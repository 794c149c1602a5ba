import KeyGram

/// How the corpus wrote its words, for the table's `FORM` section, and which words are
/// misspellings, for the lexicon's choice (`LexiconChoice`): counts keyed by a kind byte and the
/// written form's UTF-8 (letters as `ALPH` stores them or their capitals, every apostrophe as
/// U+0027). Six kinds: *dictionary* evidence, each line of a list of written forms (a Hunspell
/// dictionary's, a source that feeds `forms`), once, case kept; *list* evidence, the apostrophe
/// entries of word lists that feed words, in lowercase, times their rule's weight; *text*
/// evidence, each word of running text away from a sentence start, case kept, once; *accepted*,
/// each line of a list of words the dictionary accepts (a source that feeds `accepts`), once, in
/// lowercase; *misspelling*, each pair of a list of misspellings (a source that feeds
/// `misspellings`), once: the misspelling's lowercase letters, a tab, the correction's words in
/// lowercase letters, a space between two; *offensive*, each line of a list of offensive words
/// (a source that feeds `offensive`), once, in lowercase. A `WordCounts` holds them, so memory stays bounded
/// (sorted runs in `$TMPDIR`) and sums are exact whatever the sharding.
package struct FormEvidence: Sendable, Equatable {
  /// The evidence kinds, the key's first byte.
  package enum Kind: UInt8, Sendable, CaseIterable {
    case accepted = 0x41  // "A"
    case dictionary = 0x44  // "D"
    case list = 0x4C  // "L"
    case misspelling = 0x4D  // "M"
    case offensive = 0x4F  // "O"
    case text = 0x54  // "T"
  }

  /// What separates a misspelling from its correction in a key, and two words of a correction.
  package static let misspellingSeparator: UInt8 = 0x09
  package static let correctionWordSeparator: UInt8 = 0x20

  /// The longest key: the kind byte and the UTF-8 of 48 letters and 3 apostrophes fit in a byte's length.
  package static let keyLimit = 255

  package private(set) var entries: WordCounts

  package init(memoryCap: Int = WordCounts.defaultMemoryCap) {
    entries = WordCounts(memoryCap: memoryCap, keyLimit: Self.keyLimit)
  }

  /// Adds `count` to a key as a count file stores it.
  package mutating func add(key: some Collection<UInt8>, count: UInt64) throws(CountOverflow) {
    try entries.add(key, count: count)
  }

  /// Adds `count` occurrences of `word`, written as `spelling` spells it.
  package mutating func add(_ kind: Kind, _ word: WrittenWord, spelling: Spelling, count: UInt64 = 1) throws(CountOverflow) {
    guard word.hasForm else { return }
    precondition(kind != .misspelling, "a misspelling is added with its correction")
    try entries.add(spelling.key(kind, word, keepingCase: kind == .dictionary || kind == .text), count: count)
  }

  package mutating func spillIfFull() throws(OutputError) { try entries.spillIfFull() }

  /// Adds a misspelling of the list of misspellings and one correction (letter symbols), once.
  package mutating func addMisspelling(_ misspelling: [UInt8], correction: [[UInt8]], spelling: Spelling) throws(CountOverflow) {
    guard !misspelling.isEmpty, !correction.isEmpty, !correction.contains(where: \.isEmpty) else { return }
    try entries.add(spelling.misspellingKey(misspelling, correction: correction), count: 1)
  }

  /// Every key and count in increasing key order (accepted, dictionary, list, misspelling, offensive, text).
  package func forEachSorted(_ body: ([UInt8], UInt64) throws -> Void) throws { try entries.forEachSorted(body) }

  package var isEmpty: Bool { entries.counts.isEmpty && entries.spilledRuns == 0 }

  package static func + (lhs: FormEvidence, rhs: FormEvidence) throws(CountOverflow) -> FormEvidence {
    var sum = lhs
    sum.entries = try lhs.entries + rhs.entries
    return sum
  }

  /// A language's letters as UTF-8, to write a `WrittenWord` as its key and read a key back.
  package struct Spelling: Sendable {
    private let lower: [[UInt8]]
    private let upper: [[UInt8]]
    /// Each letter scalar's letter index, and whether it is the capital.
    private let letters: [Unicode.Scalar: (index: Int, capital: Bool)]

    package init(language: Language) {
      lower = language.alphabet.map { Array(String($0).utf8) }
      upper = language.alphabet.map { Array(String(language.uppercase(of: $0)).utf8) }
      var letters: [Unicode.Scalar: (index: Int, capital: Bool)] = [:]
      for (index, letter) in language.alphabet.enumerated() {
        let capital = language.uppercase(of: letter)
        if capital != letter, letters[capital] == nil { letters[capital] = (index, true) }
      }
      for (index, letter) in language.alphabet.enumerated() { letters[letter] = (index, false) }
      self.letters = letters
    }

    /// The key: the kind, then the letters (capitals where `keepingCase` and the word had them)
    /// with an apostrophe before each apostrophe position.
    package func key(_ kind: Kind, _ word: WrittenWord, keepingCase: Bool) -> [UInt8] {
      var key: [UInt8] = [kind.rawValue]
      var next = 0
      for (position, symbol) in word.symbols.enumerated() {
        while next < word.apostrophes.count && Int(word.apostrophes[next]) == position { key.append(0x27); next += 1 }
        let index = Symbol.letterIndex(of: symbol)
        let capital = keepingCase && position < 64 && word.capitals & (1 << UInt64(position)) != 0
        key += capital ? upper[index] : lower[index]
      }
      while next < word.apostrophes.count { key.append(0x27); next += 1 }
      return key
    }

    /// The key of a misspelling and one correction: the kind, the misspelling's lowercase
    /// letters, a tab, the correction's words' lowercase letters with a space between two.
    package func misspellingKey(_ misspelling: [UInt8], correction: [[UInt8]]) -> [UInt8] {
      var key: [UInt8] = [Kind.misspelling.rawValue]
      for symbol in misspelling { key += lower[Symbol.letterIndex(of: symbol)] }
      key.append(FormEvidence.misspellingSeparator)
      for (index, word) in correction.enumerated() {
        if index > 0 { key.append(FormEvidence.correctionWordSeparator) }
        for symbol in word { key += lower[Symbol.letterIndex(of: symbol)] }
      }
      return key
    }

    /// A misspelling key read back (letter symbols), or nil if it is not one `misspellingKey` writes.
    package func misspelling(of key: [UInt8]) -> (misspelling: [UInt8], correction: [[UInt8]])? {
      guard key.first == Kind.misspelling.rawValue,
            let text = String(validating: key.dropFirst(), as: UTF8.self) else { return nil }
      var parts: [[UInt8]] = [[]]
      var correction = false
      for scalar in text.unicodeScalars {
        if scalar.value == UInt32(FormEvidence.misspellingSeparator) {
          guard !correction, !parts[0].isEmpty else { return nil }
          correction = true
          parts.append([])
          continue
        }
        if scalar.value == UInt32(FormEvidence.correctionWordSeparator) {
          guard correction, !parts[parts.count - 1].isEmpty else { return nil }
          parts.append([])
          continue
        }
        guard let letter = letters[scalar], !letter.capital, parts[parts.count - 1].count < TableFormat.Lexicon.maximumDepth else { return nil }
        parts[parts.count - 1].append(Symbol.letter(letter.index))
      }
      guard correction, !parts[parts.count - 1].isEmpty else { return nil }
      return (parts[0], Array(parts.dropFirst()))
    }

    /// A key read back: its kind and the word (letter indices as symbols), or nil if it is not
    /// one `key` writes (a misspelling's key is read by `misspelling(of:)`).
    package func word(of key: [UInt8]) -> (kind: Kind, word: WrittenWord)? {
      guard let first = key.first, let kind = Kind(rawValue: first), kind != .misspelling,
            let text = String(validating: key.dropFirst(), as: UTF8.self) else { return nil }
      var word = WrittenWord()
      for scalar in text.unicodeScalars {
        if scalar == "'" {
          guard word.apostrophes.count < TableFormat.WrittenForms.maximumApostropheCount else { return nil }
          word.apostrophes.append(UInt8(word.symbols.count))
          continue
        }
        guard let letter = letters[scalar], word.symbols.count < TableFormat.Lexicon.maximumDepth else { return nil }
        if letter.capital { word.capitals |= 1 << UInt64(word.symbols.count) }
        word.symbols.append(Symbol.letter(letter.index))
      }
      return word.symbols.isEmpty ? nil : (kind, word)
    }
  }
}
