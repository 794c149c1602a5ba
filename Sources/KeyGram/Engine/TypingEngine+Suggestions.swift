extension TypingEngine {
  /// The suggestion bar for the text as it stands: while a word is typed, its completions and
  /// corrections (a join with the previous word first, two words last, when they read better);
  /// after a space, the next words; right after a correction, the text as typed (picking it
  /// reverts) and the next words; right after a revert, the correction, to pick again. Made
  /// when first read after an event (a search: about as long as the decoder's `suggestions`).
  public var suggestions: SuggestionBar {
    if bar.isStale { fillBar() }
    return SuggestionBar(storage: bar)
  }

  func fillBar() {
    bar.isStale = false
    switch barMode {
    case .afterRevert:
      return
    case .empty:
      bar.removeAll()
    case .revert:
      bar.removeAll()
      bar.add(.revert, scalars: revertScalars, length: revertCount)
      if settings.predictsNextWords { addNextWords() }
    case .nextWords:
      bar.removeAll()
      if settings.predictsNextWords && isAtWordStart { addNextWords() }
    case .word:
      bar.removeAll()
      guard decoder.touchCount > 0 else { return }
      let words = decoder.suggestions(after: typingContext.wordContext, limit: BarStorage.slotLimit, readingTwoWords: true)
      if let join = words.join { bar.add(.joined, word: join.word, replacing: join.replacedCharacterCount) }
      let room = BarStorage.slotLimit - bar.count - (words.split == nil ? 0 : 1)
      var added = 0
      for word in words where added < room {
        if bar.add(.word, word: word) { added += 1 }
      }
      if let split = words.split { bar.add(.twoWords, first: split.first, second: split.second) }
    }
  }

  func addNextWords() {
    let words = decoder.nextWords(after: typingContext.wordContext, limit: BarStorage.slotLimit)
    for word in words where !bar.isFull { bar.add(.nextWord, word: word) }
  }

  /// The user picked slot `index` of `suggestions`: its text goes in, a space after a word,
  /// and the engine learns the choice (the word history learns the word when its space is
  /// typed; a revert teaches as a backspace does). An index off the bar does nothing.
  public func pick(_ index: Int) -> TextEdit {
    let bar = suggestions
    beginEvent()
    guard index >= 0 && index < bar.count else { return finishEvent(key: nil) }
    let slot = bar[index], armed = revertArmed
    revertArmed = false
    switch slot.kind {
    case .word, .twoWords:
      eraseCharacters(decoder.typedCount)
      decoder.reset()
      write(self.bar.scalars, from: index * BarStorage.slotCapacity, count: slot.count)
      write(" ")
    case .joined:
      eraseCharacters(self.bar.replacedCounts[index])
      write(self.bar.scalars, from: index * BarStorage.slotCapacity, count: slot.count)
      decoder.acceptSuggestedJoin()
      write(" ")
    case .nextWord:
      decoder.reset()
      write(self.bar.scalars, from: index * BarStorage.slotCapacity, count: slot.count)
      write(" ")
    case .revert:
      // As a backspace right after the correction, then the boundary typed again: the typed text stands.
      if armed && revert() {
        let again = decoder.decide(after: typingContext.wordContext, limit: 1)
        decoder.finishWord(again, teaching: teacher)
        write(correctionBoundary)
      }
    }
    barMode = .nextWords
    updateAutomaticShift()
    return finishEvent(key: nil)
  }
}
