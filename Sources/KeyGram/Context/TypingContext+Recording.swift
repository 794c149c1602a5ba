extension TypingContext {
  /// Records a typed scalar by the builder's decoding rule (`KeyGramTable.step(for:after:)`):
  /// a letter of the table's alphabet (either case), a letter the alphabet lacks
  /// (`LetterSymbol.unknownLetter`), an apostrophe (transparent), a combining mark (composed
  /// with the letter before it), a format character (nothing), or anything else, a boundary.
  public mutating func record(_ scalar: Unicode.Scalar) {
    switch table.step(for: scalar, after: history.newestSymbol) {
    case .append(let symbol): push(symbol.rawValue, endsSentence: WordContext.endsSentence(scalar))
    case .appendAwaitingFinalForm(let symbol): push(symbol.rawValue, awaitingFinalForm: true)
    // Remembered only so a later deletion removes it and not the letter before it; a full
    // history may drop its oldest symbol to make room, which can change the context.
    case .apostrophe: push(SymbolHistory.transparent)
    case .replaceLastLetter(let symbol):
      history.replaceNewestSymbol(with: symbol.rawValue)
      rewalkWord()
    case .skip: return
    }
    refresh()
  }

  /// Records a typed character, scalar by scalar, by the same rule: "e" + U+0301 as "é" when
  /// the alphabet has it. Allocation-free.
  /// (Disfavoured so that a literal such as `record("t")` picks the scalar overload.)
  @_disfavoredOverload
  public mutating func record(_ character: Character) {
    for scalar in character.unicodeScalars { record(scalar) }
  }

  /// Records every scalar of `text` in order, as `UITextDocumentProxy.insertText(_:)` would
  /// deliver it: the same context as recording them one at a time.
  public mutating func record(contentsOf text: some StringProtocol) {
    for scalar in text.unicodeScalars { record(scalar) }
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
    // Deleting into the previous word makes it the current one again: the words before are re-read.
    let removesBoundary = history.count > 0 && LetterSymbol(rawValue: history.entry(0)) == .boundary
    guard history.pop() else { return }
    history.giveBackFinalForm(in: table)
    rewalkWord()
    if removesBoundary { rebuildWordContext() }
    refresh()
  }

  /// Forgets everything: a new, empty text (word start).
  public mutating func reset() {
    history.removeAll(floor: .boundary)
    rewalkWord()
    wordContext = .textStart
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
      switch table.step(for: scalar, after: history.newestSymbol) {
      case .append(let symbol):
        if !symbol.isLetter { history.takeFinalForm(in: table) }
        history.push(symbol.rawValue)
      case .appendAwaitingFinalForm(let symbol): history.push(symbol.rawValue, awaitingFinalForm: true)
      case .apostrophe: history.push(SymbolHistory.transparent)
      case .replaceLastLetter(let symbol): history.replaceNewestSymbol(with: symbol.rawValue)
      case .skip: break
      }
    }
    rewalkWord()
    rebuildWordContext()
    // The history keeps no punctuation: a sentence end before the current word is read from the text.
    if Self.sentenceEndsBeforeCurrentWord(scalars[start...], table: table) { wordContext.noteBoundary(endsSentence: true) }
    refresh()
  }

  /// Whether `text` (ending at the cursor) ends a sentence between its last word and the current
  /// one ("It works. " and "It works. Th"), so the current word starts a sentence.
  static func sentenceEndsBeforeCurrentWord(_ text: some BidirectionalCollection<Unicode.Scalar>, table: KeyGramTable) -> Bool {
    var index = text.endIndex, inCurrentWord = true
    while index > text.startIndex {
      text.formIndex(before: &index)
      let scalar = text[index]
      let isWordCharacter = table.letterIndex(of: scalar) != nil || isApostrophe(scalar)
      if inCurrentWord && isWordCharacter { continue }
      inCurrentWord = false
      if isWordCharacter { return false }
      if WordContext.endsSentence(scalar) { return true }
    }
    return false
  }

  /// U+0027 APOSTROPHE, U+2019 RIGHT SINGLE QUOTATION MARK, U+02BC MODIFIER LETTER APOSTROPHE:
  /// the text rules' apostrophes (Text/Apostrophes.swift).
  @inlinable
  public static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
    Apostrophes.contains(scalar)
  }
}
