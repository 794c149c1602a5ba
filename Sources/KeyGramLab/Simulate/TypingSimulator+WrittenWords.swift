import KeyGram

extension TypingSimulator {
  /// A word of the text as it is written, for the written-form figures: its letters with the
  /// text's capitals (as the table writes each letter and its capital) and the apostrophes
  /// between them (as the table writes its apostrophe), and whether a sentence starts with it,
  /// where the host capitalises the first letter typed.
  public struct WrittenWord: Sendable, Equatable {
    public var text: String
    public var startsSentence: Bool
    /// Whether any letter is written as a capital.
    public var hasCapital: Bool
    /// Whether an apostrophe stands between two of its letters.
    public var hasApostrophe: Bool
    /// Whether the text writes this word so every time away from a sentence start, at least
    /// twice, with a capital: a name or a German noun, not a capital the context gives.
    public var isAlwaysCapitalised = false

    public init(text: String, startsSentence: Bool, hasCapital: Bool, hasApostrophe: Bool) {
      self.text = text
      self.startsSentence = startsSentence
      self.hasCapital = hasCapital
      self.hasApostrophe = hasApostrophe
    }
  }

  /// The keystrokes that type a text and, one per word they type, the word as written.
  public struct TypedText: Sendable {
    public var keystrokes: [Keystroke]
    public var words: [WrittenWord]
  }

  /// The keystrokes of `text` (`keystrokes(of:limit:)`) and the words they type as the text
  /// writes them. A sentence starts the text, and after `.`, `!`, `?`, `…` or a blank line.
  public func typing(of text: String, limit: Int? = nil) -> TypedText {
    var keystrokes: [Keystroke] = []
    var words: [WrittenWord] = []
    var letters = 0
    var word = WrittenWord(text: "", startsSentence: true, hasCapital: false, hasApostrophe: false)
    var sentenceEnded = true, newlines = 0, apostropheWaits = false
    func finishWord() {
      guard !word.text.isEmpty else { return }
      words.append(word)
      word = WrittenWord(text: "", startsSentence: false, hasCapital: false, hasApostrophe: false)
    }
    scan: for scalar in text.unicodeScalars {
      if TypingContext.isApostrophe(scalar) && table.letterIndex(of: scalar) == nil && !table.apostrophesEndWords {
        apostropheWaits = !word.text.isEmpty
        continue
      }
      if let index = table.letterIndex(of: scalar), letterKeys.keyIndex(ofLetter: index) != nil {
        if let limit, letters >= limit { break scan }
        if word.text.isEmpty {
          word.startsSentence = sentenceEnded
          sentenceEnded = false
        } else if apostropheWaits {
          word.text.unicodeScalars.append(table.apostrophe)
          word.hasApostrophe = true
        }
        apostropheWaits = false
        newlines = 0
        let capital = scalar.properties.changesWhenLowercased
        word.text.unicodeScalars.append(capital ? table.uppercaseLetter(at: index) : table.letter(at: index))
        word.hasCapital = word.hasCapital || capital
        keystrokes.append(.letter(index))
        letters += 1
        continue
      }
      apostropheWaits = false
      finishWord()
      if keystrokes.last != .boundary { keystrokes.append(.boundary) }
      switch scalar {
      case ".", "!", "?", "…": sentenceEnded = true
      case "\n":
        newlines += 1
        if newlines >= 2 { sentenceEnded = true }
      default: break
      }
    }
    finishWord()
    // The words the text always writes with the same capitals away from a sentence start.
    var writings: [String: (text: String, times: Int, consistent: Bool)] = [:]
    for word in words where !word.startsSentence {
      let key = lettersAndApostrophes(of: word.text, folded: true)
      if let seen = writings[key] {
        writings[key] = (seen.text, seen.times + 1, seen.consistent && seen.text == word.text)
      } else {
        writings[key] = (word.text, 1, word.hasCapital)
      }
    }
    for index in words.indices where words[index].hasCapital {
      let writing = writings[lettersAndApostrophes(of: words[index].text, folded: true)]
      words[index].isAlwaysCapitalised = writing.map { $0.consistent && $0.times >= 2 && $0.text == words[index].text } ?? false
    }
    return TypedText(keystrokes: keystrokes, words: words)
  }

  /// How one decoded method wrote the words whose letters it committed right: capitals kept
  /// and added, apostrophes kept. Words at a sentence start are left out of the capital
  /// figures (the host capitalises them whatever the word), as are words outside the lexicon.
  public struct WrittenFormTally: Sendable, Equatable {
    /// Lexicon words the text capitalises away from a sentence start, and how many of them were
    /// committed with exactly the text's capitals.
    public var capitalWords = 0
    public var capitalWordsKept = 0
    /// Of those, the words the text always capitalises so (`WrittenWord.isAlwaysCapitalised`).
    public var namedWords = 0
    public var namedWordsKept = 0
    /// Lexicon words the text writes in lowercase away from a sentence start, and how many of
    /// them were committed with a capital.
    public var lowercaseWords = 0
    public var lowercaseWordsCapitalised = 0
    /// Words the text writes with an apostrophe, and how many were committed with it.
    public var apostropheWords = 0
    public var apostropheWordsKept = 0
    /// Words committed with the right letters and apostrophes but other capitals than the
    /// text's: case errors, counted apart from word errors.
    public var caseErrors = 0

    public init() {}

    static func + (a: Self, b: Self) -> Self {
      var sum = a
      sum.capitalWords += b.capitalWords
      sum.capitalWordsKept += b.capitalWordsKept
      sum.namedWords += b.namedWords
      sum.namedWordsKept += b.namedWordsKept
      sum.lowercaseWords += b.lowercaseWords
      sum.lowercaseWordsCapitalised += b.lowercaseWordsCapitalised
      sum.apostropheWords += b.apostropheWords
      sum.apostropheWordsKept += b.apostropheWordsKept
      sum.caseErrors += b.caseErrors
      return sum
    }
  }

  /// Whether `letters` spell a word of the table's lexicon.
  func isLexiconWord(_ letters: [Int]) -> Bool {
    guard let lexicon = table.lexicon else { return false }
    var node = lexicon.root
    for letter in letters {
      guard let child = lexicon.child(of: node, letter: letter) else { return false }
      node = child
    }
    return lexicon.endShare(of: node) > 0
  }

  /// How `text` is written, letters aside: its letter count, where its apostrophes stand (before
  /// which letter) and which letters are capitals. Two writings of the same keys compare by it,
  /// so a long-press letter (ż for z, as the key types both) is no writing of its own.
  struct Writing: Equatable {
    var letters = 0
    var apostrophes: [Int] = []
    var capitals: [Int] = []
  }

  func writing(of text: String) -> Writing {
    var writing = Writing()
    for scalar in text.unicodeScalars {
      if TypingContext.isApostrophe(scalar) && table.letterIndex(of: scalar) == nil {
        writing.apostrophes.append(writing.letters)
      } else if table.letterIndex(of: scalar) != nil {
        if scalar.properties.changesWhenLowercased { writing.capitals.append(writing.letters) }
        writing.letters += 1
      }
    }
    return writing
  }

  /// `text` with every apostrophe written as the table's and each letter as the table writes it
  /// in lowercase: the key by which the text's occurrences of a word are grouped.
  func lettersAndApostrophes(of text: String, folded: Bool) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if TypingContext.isApostrophe(scalar) && table.letterIndex(of: scalar) == nil {
        result.append(table.apostrophe)
      } else if folded, let index = table.letterIndex(of: scalar) {
        result.append(table.letter(at: index))
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  /// Tallies one word that a decoded method committed as `committed` (the words it committed
  /// for it, concatenated) with its letters right; false when its apostrophes are wrong (a
  /// word error: `dont` for `don't`, or `it's` for `its`).
  func tally(_ written: WrittenWord, committed: String, letters: [Int], into tally: inout WrittenFormTally) -> Bool {
    let intended = writing(of: written.text), got = writing(of: committed)
    let apostrophesRight = intended.letters == got.letters && intended.apostrophes == got.apostrophes
    if written.hasApostrophe {
      tally.apostropheWords += 1
      if apostrophesRight { tally.apostropheWordsKept += 1 }
    }
    guard apostrophesRight else { return false }
    let exact = intended.capitals == got.capitals
    if !exact { tally.caseErrors += 1 }
    guard !written.startsSentence, isLexiconWord(letters) else { return true }
    if written.hasCapital {
      tally.capitalWords += 1
      if exact { tally.capitalWordsKept += 1 }
      if written.isAlwaysCapitalised {
        tally.namedWords += 1
        if exact { tally.namedWordsKept += 1 }
      }
    } else {
      tally.lowercaseWords += 1
      if !got.capitals.isEmpty { tally.lowercaseWordsCapitalised += 1 }
    }
    return true
  }

}
