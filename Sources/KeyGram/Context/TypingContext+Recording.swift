extension TypingContext {
  /// Records a typed scalar: a letter of the table's alphabet (either case), a letter the
  /// alphabet lacks (`LetterSymbol.unknownLetter`), an apostrophe (transparent), or anything
  /// else, which is a boundary.
  public mutating func record(_ scalar: Unicode.Scalar) {
    if Self.isApostrophe(scalar) {
      // Remembered only so a later deletion removes it and not the letter before it; a full
      // history may drop its oldest symbol to make room, which can change the context.
      push(SymbolHistory.transparent)
      refresh()
      return
    }
    push(table.symbol(for: scalar).rawValue)
    refresh()
  }

  /// Records a typed character. A single-scalar character is recorded as that scalar; a
  /// combining sequence (e + U+0301) as the alphabet letter it is canonically equal to,
  /// else as its first scalar's kind. Allocation-free for single-scalar characters.
  /// (Disfavoured so that a literal such as `record("t")` picks the scalar overload.)
  @_disfavoredOverload
  public mutating func record(_ character: Character) {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return }
    if scalars.index(after: scalars.startIndex) == scalars.endIndex {
      record(first)
      return
    }
    for index in 0..<table.letterCount where Character(table.letter(at: index)) == character
      || Character(table.uppercaseLetter(at: index)) == character {
      push(LetterSymbol(letterIndex: index).rawValue)
      refresh()
      return
    }
    // An emoji sequence, a flag, or a letter with marks the alphabet lacks.
    push(first.properties.isAlphabetic ? LetterSymbol.unknownLetter.rawValue : LetterSymbol.boundary.rawValue)
    refresh()
  }

  /// Records every character of `text` in order, as `UITextDocumentProxy.insertText(_:)`
  /// would deliver it.
  public mutating func record(contentsOf text: some StringProtocol) {
    for character in text { record(character) }
  }

  /// Records a space, punctuation or return: the next letter starts a word.
  public mutating func recordBoundary() {
    push(LetterSymbol.boundary.rawValue)
    refresh()
  }

  /// Records a backspace: forgets the newest recorded symbol and goes back to the context
  /// before it. Past the start of the text nothing changes; past the oldest remembered symbol
  /// of a longer text the context is unknown (uniform) until the next boundary.
  public mutating func recordDeletion() {
    guard history.pop() else { return }
    rewalkWord()
    refresh()
  }

  /// Forgets everything: a new, empty text (word start).
  public mutating func reset() {
    history.removeAll(floor: .boundary)
    rewalkWord()
    refresh()
  }

  /// Starts again from the text before the cursor, e.g. UIKit's
  /// `textDocumentProxy.documentContextBeforeInput` after the cursor moved. Only the last
  /// `historyCapacity` scalars are read.
  public mutating func reset(textBeforeCursor text: some StringProtocol) {
    let scalars = text.unicodeScalars
    var start = scalars.endIndex
    var taken = 0
    while start > scalars.startIndex && taken < Self.historyCapacity {
      scalars.formIndex(before: &start)
      taken += 1
    }
    // When the text goes on before what we read, what precedes it is unknown.
    history.removeAll(floor: start > scalars.startIndex ? .unknownLetter : .boundary)
    for scalar in scalars[start...] {
      if Self.isApostrophe(scalar) {
        history.push(SymbolHistory.transparent)
      } else {
        history.push(table.symbol(for: scalar).rawValue)
      }
    }
    rewalkWord()
    refresh()
  }

  /// U+0027 APOSTROPHE, U+2019 RIGHT SINGLE QUOTATION MARK, U+02BC MODIFIER LETTER APOSTROPHE.
  @inlinable
  public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{27}" || scalar == "\u{2019}" || scalar == "\u{2BC}"
  }
}
