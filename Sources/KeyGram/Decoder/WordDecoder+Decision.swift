extension WordDecoder {
  /// Decides the current word: the typed letters, the best word, whether to replace, the
  /// margin and up to `limit` ranked alternatives (at most `maximumAlternatives`). Does not end
  /// the word: call `finishWord(_:teaching:)` once the text shows what stood.
  public func decide(limit: Int = 3) -> WordDecision {
    decide(after: prior.context, limit: limit)
  }

  /// Decides the current word after the words in `context` (`TypingContext.wordContext`), as
  /// `decide(limit:)` does; the context is kept for the decoder's later calls. Scores do not
  /// depend on it while the table holds no word pairs.
  public func decide(after context: WordContext, limit: Int = 3) -> WordDecision {
    prior.context = context
    let limit = Swift.min(Swift.max(limit, 1), Self.maximumAlternatives)
    let slots = decisionSlots
    // Slot 0: the typed letters (none once the word is finished).
    for position in 0..<touchCount { slots.letters[position] = touches.letter[position] }
    slots.lengths[0] = touchCount
    slots.sources[0] = 0
    slots.scores[0] = 0
    slots.writeAsTyped(0, capitals: typedCapitalMask)
    slots.count = 1
    bestAlignedTouches = 0
    guard isDecodable else {
      return WordDecision(slots: slots, replaces: false, margin: 0, typedLength: typedCount, isDecoded: false)
    }
    ensureBeam(touches: touches.storedCount)
    let typed = scoreTyped()
    slots.scores[0] = typed.score
    slots.sources[0] = typed.source
    rankFinalWords(limit: limit, into: slots)
    guard slots.count > 1 else {
      return WordDecision(slots: slots, replaces: false, margin: 0, typedLength: typedCount, isDecoded: true)
    }
    for target in 1..<slots.count { writeForm(slots, target) }
    offerOtherForms(in: slots, from: 1, end: limit + 1)
    var margin = slots.scores[1] - typed.score
    // Another word must beat the typed letters by the margin; the typed letters' own word
    // replaces them when it is written otherwise than typed ("dont" as "don't").
    // A word the history protects keeps its letters, but is still written as the language writes it.
    var replaces = slots.sameLetters(0, 1) ? !slots.sameWriting(0, 1) : !typed.isProtected && margin > parameters.margin
    if !replaces && !slots.sameLetters(0, 1) && putTypedWordFirst(in: slots, end: limit + 1) {
      margin = slots.scores[1] - typed.score
      replaces = true
    }
    return WordDecision(slots: slots, replaces: replaces, margin: margin, typedLength: typedCount, isDecoded: true)
  }

  /// Ends the current word with `decision` applied (replaced or not), as the text now shows it.
  /// With a touch model, the decoder first commits the previous word's touches, then leaves
  /// this word's pending, each touch labelled with the key of the letter it typed in the word
  /// that stood (an extra touch is not learned), so an undo can still take them back.
  public func finishWord(_ decision: WordDecision, teaching model: TouchModel? = nil) {
    guard !isFinished else { return }
    if let model {
      model.commit()
      pendingObservations = 0
      if decision.replaces {
        for touch in 0..<bestAlignedTouches where bestAlignmentKeys[touch] >= 0 {
          model.observe(touches.point(touch), key: KeyIndex(bestAlignmentKeys[touch]))
          pendingObservations += 1
        }
      } else if decision.isDecoded || touches.invalidCount == 0 {
        for touch in 0..<touches.storedCount where touches.invalid[touch] == 0 {
          model.observe(touches.point(touch), key: KeyIndex(touches.key[touch]))
          pendingObservations += 1
        }
      }
    }
    if parameters.learnsSpread && !likelihood.correction.isActive { learnSpread(decision) }
    canUndo = decision.replaces
    if decision.replaces {
      replacedSlots.copy(slot: 1, of: decision.slots, to: 1)
      replacedSlots.copy(slot: 0, of: decision.slots, to: 0)
      replacedSlots.count = 2
    }
    isFinished = true
  }

  /// A backspace right after a replacement: the typed letters come back as the current word,
  /// and stand. The word history learns them (and forgets the replacement it learned when the
  /// word ended), so next time they stand as typed; the touch model takes back what it was
  /// about to learn from the replacement. nil (and nothing changes) unless the last word was
  /// replaced and nothing was typed since: then the backspace is an ordinary one.
  public func undoReplacement(teaching model: TouchModel? = nil) -> WordRestoration? {
    guard canUndo, isFinished else { return nil }
    canUndo = false
    if let model {
      for _ in 0..<pendingObservations { model.retractLast() }
      pendingObservations = 0
    }
    // The typed letters stand now: their touches are learned when this word finishes again.
    learnedSpread.dropPending()
    if let wordHistory {
      let slots = replacedSlots
      wordHistory.unlearn(length: slots.lengths[1]) { Int(slots.letters[WordDecoder.capacity + $0]) }
      wordHistory.learn(length: slots.lengths[0]) { Int(slots.letters[$0]) }
    }
    isFinished = false
    keepsTyped = true
    return WordRestoration(restored: DecodedWord(slots: replacedSlots, slot: 0), replaced: DecodedWord(slots: replacedSlots, slot: 1))
  }
}
