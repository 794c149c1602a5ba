extension TypingContext {
  /// A boundary is about to be recorded: the word the remembered history ends in, if any,
  /// becomes the previous word of `wordContext`.
  mutating func recordWordEnd(endsSentence: Bool) {
    guard history.newestSymbol != .boundary else {
      wordContext.noteBoundary(endsSentence: endsSentence)
      return
    }
    let extent = currentWordExtent()
    let id = extent.flatMap { lexiconWord(endingAt: 0, entries: $0.entries, letters: $0.letters) }
    var context = wordContext
    context.push(length: extent?.letters, id: id, endsSentence: endsSentence) { position in
      letter(position, ofWordEndingAt: 0, entries: extent?.entries ?? 0, letters: extent?.letters ?? 0)
    }
    wordContext = context
  }

  /// `wordContext` as the remembered history shows it, after a deletion or a reset: the word
  /// before the current one when it is wholly remembered, a sentence start only at the text's start.
  mutating func rebuildWordContext() {
    var index = 0
    // The current word: letters and apostrophes up to its boundary.
    while index < history.count, history.entry(index) == SymbolHistory.transparent || LetterSymbol(rawValue: history.entry(index)).isLetter { index += 1 }
    while index < history.count, LetterSymbol(rawValue: history.entry(index)) == .boundary { index += 1 }
    guard index < history.count else {
      wordContext = history.floor == .boundary ? .textStart : .unknown
      return
    }
    // The previous word, newest letter at `index`.
    var end = index, letters = 0
    while end < history.count, history.entry(end) == SymbolHistory.transparent || LetterSymbol(rawValue: history.entry(end)).isLetter {
      if history.entry(end) != SymbolHistory.transparent { letters += 1 }
      end += 1
    }
    let whole = end < history.count ? LetterSymbol(rawValue: history.entry(end)) == .boundary : history.floor == .boundary
    let known = whole && letters > 0 && end > index
    var context = WordContext.unknown
    let id = known ? lexiconWord(endingAt: index, entries: end - index, letters: letters) : nil
    let start = index, entries = end - index
    context.push(length: known ? letters : nil, id: id, endsSentence: false) { position in
      letter(position, ofWordEndingAt: start, entries: entries, letters: letters)
    }
    wordContext = context
  }

  /// Letter `position` (from the word's start) of the remembered word whose newest entry is
  /// `first` and which spans `entries` entries holding `letters` letters.
  func letter(_ position: Int, ofWordEndingAt first: Int, entries: Int, letters: Int) -> Int {
    var index = first + entries, seen = -1
    while index > first {
      index -= 1
      if history.entry(index) != SymbolHistory.transparent { seen += 1 }
      if seen == position { return Int(history.entry(index)) }
    }
    return 0
  }

  /// The lexicon id of the remembered word whose newest entry is `first`, or nil.
  func lexiconWord(endingAt first: Int, entries: Int, letters: Int) -> WordID? {
    guard letters > 0, let lexicon = table.sections.lexicon else { return nil }
    var node = lexicon.root
    for position in 0..<letters {
      guard let next = lexicon.child(of: node, letter: letter(position, ofWordEndingAt: first, entries: entries, letters: letters)) else { return nil }
      node = next
    }
    return lexicon.endShare(of: node) > 0 ? WordID(node: node) : nil
  }
}
