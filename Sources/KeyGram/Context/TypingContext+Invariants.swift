extension TypingContext {
  /// Traps if the context's internal state is inconsistent; for tests. Compiled in only with
  /// `KEYGRAM_INTERNAL_CHECKS` (debug builds of this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    precondition(history.count >= 0 && history.count <= SymbolHistory.capacity, "history count out of range")
    precondition(history.floor == .boundary || history.floor == .unknownLetter, "history floor is a letter")
    for index in 0..<SymbolHistory.capacity {
      let raw = history.entry(index)
      if index >= history.count {
        precondition(raw == 0, "stale byte beyond the remembered entries")
      } else {
        precondition(raw == SymbolHistory.transparent || raw == LetterSymbol.boundary.rawValue
                       || raw == LetterSymbol.unknownLetter.rawValue || Int(raw) < table.letterCount,
                     "history entry \(raw) is not a symbol of this table")
      }
    }
    precondition(letterContext == history.context, "cached context is stale")
    let expected = table.distribution(after: letterContext)
    precondition(expected.count == distribution.count && expected.isUniform == distribution.isUniform,
                 "cached distribution has the wrong shape")
    for index in expected.indices {
      precondition(expected.weight(at: index) == distribution.weight(at: index), "cached distribution is stale")
    }
    // The words before: a kept word fits its storage and spells with this table's letters; an id names a lexicon word.
    let words = wordContext
    precondition(words.previousLength >= 0 && words.previousLength <= WordContext.letterCapacity, "previous word of \(words.previousLength) letters")
    for position in 0..<words.previousLength {
      precondition(words.previousLetter(at: position) < table.letterCount, "previous word's letter \(position) is no letter of this table")
    }
    for id in [words.previousWord, words.wordBeforePrevious] {
      if let id { precondition(table.sections.lexicon?.isWord(id) == true, "word id \(id.rawValue) names no lexicon word") }
    }
    if let id = words.previousWord, let lexicon = table.sections.lexicon, words.previousLength > 0 {
      precondition(lexicon.wordID(spelledBy: (0..<words.previousLength).map { words.previousLetter(at: $0) }) == id,
                   "the previous word's id does not spell its letters")
    }
    #endif
  }
}
