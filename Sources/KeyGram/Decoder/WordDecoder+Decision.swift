extension WordDecoder {
  /// Whether the current word can be searched at all.
  var isDecodable: Bool {
    lexicon != nil && !isFinished && !isIncomplete && !keepsTyped && touches.isWhole && touches.storedCount > 0
  }
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
    decidedTypedScore = typed.score
    slots.scores[0] = typed.score
    slots.sources[0] = typed.source
    rankFinalWords(limit: limit, into: slots)
    guard slots.count > 1 else {
      var decision = WordDecision(slots: slots, replaces: false, margin: 0, typedLength: typedCount, isDecoded: true)
      if !typed.isProtected && typed.source & WordSlots.lexiconOrHistory == 0 && !restoresSpace {
        decision.split = bestSplit(typedScore: typed.score, bestScore: typed.score)
      }
      setJoin(of: &decision, standingScore: typed.score)
      return decision
    }
    if slots.sources[1] & WordSlots.spellingEdit != 0 && !spellingMayReplace(typed, by: slots.scores[1], source: slots.sources[1]) {
      putPlainWordFirst(in: slots, typedScore: typed.score, isProtected: typed.isProtected, end: limit + 1)
    }
    for target in 1..<slots.count { writeForm(slots, target) }
    offerOtherForms(in: slots, from: 1, end: limit + 1)
    var margin = slots.scores[1] - typed.score
    // Another word must beat the typed letters by the margin; the typed letters' own word
    // replaces them when it is written otherwise than typed ("dont" as "don't").
    // A word the history protects keeps its letters, but is still written as the language writes it.
    // A word taking a key tap for letters needs only to score better: the letters that tap left
    // (a letter deleted, a space deleted) stand only if it was meant, which the scores weigh.
    let spells = slots.sources[1] & WordSlots.spellingEdit != 0
    let takesKeyTap = !spells && keyTaps.count > 0 && slots.lengths[1] > touches.storedCount
    var replaces = slots.sameLetters(0, 1) ? !slots.sameWriting(0, 1)
      : spells ? spellingMayReplace(typed, by: slots.scores[1], source: slots.sources[1]) : !typed.isProtected && margin > (takesKeyTap ? 0 : margins.touch)
    if !replaces && !slots.sameLetters(0, 1) && putTypedWordFirst(in: slots, end: limit + 1) {
      margin = slots.scores[1] - typed.score
      replaces = true
    }
    // Autocorrection off: not even the typed word's own writing ("dont" as "don't") replaces it.
    if !autocorrection.isOn { replaces = false }
    // After a backspace that deleted the space before the word, only a word that takes the tap
    // for its first letter replaces (with the space put back); the letters stand otherwise.
    let putsSpaceBack = restoresSpace && replaces && slots.lengths[1] == touches.storedCount + 1
    if restoresSpace && !putsSpaceBack { replaces = false }
    var decision = WordDecision(slots: slots, replaces: replaces, margin: margin, typedLength: typedCount, isDecoded: true)
    decision.restoresSpace = putsSpaceBack
    // Letters that are a word stand unsplit ("into" is never "in to"); a known word past the
    // lexicon may be two run together, as web text writes them ("thisis").
    if !typed.isProtected && typed.source & WordSlots.lexiconOrHistory == 0 && !restoresSpace {
      decision.split = bestSplit(typedScore: typed.score, bestScore: slots.scores[1])
    }
    setJoin(of: &decision, standingScore: replaces ? slots.scores[1] : typed.score)
    return decision
  }

  /// Ends the current word with `decision` applied (replaced or not), as the text now shows it.
  /// With a touch model, the decoder first commits the previous word's touches, then leaves
  /// this word's pending, each touch labelled with the key of the letter it typed in the word
  /// that stood (an extra touch is not learned), so an undo can still take them back.
  public func finishWord(_ decision: WordDecision, teaching model: TouchModel? = nil) {
    guard !isFinished else { return }
    let joins = decision.join?.replaces == true
    restoresSpace = false
    let splits = decision.split?.replaces == true && !joins
    if let model {
      model.commit()
      pendingObservations = 0
      // Two words put in place of the letters teach no key: the first word's touches are not aligned.
      if splits || joins {
      } else if decision.replaces {
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
    if parameters.learnsSpread && !likelihood.correction.isActive && !splits && !joins { learnSpread(decision) }
    if joins { forgetJoinedWord() }
    precedingWord.isPending = false
    // A word written otherwise ("i" as "I", "dont" as "don't") keeps its letters: it stood.
    let keepsLetters = !decision.replaces || decision.best.hasSameLetters(as: decision.typed)
    finishedWordStood = decision.isDecoded && keepsLetters && !splits && !joins
    if finishedWordStood && joiner != nil { precedingWord.stood.copy(slot: decision.replaces ? 1 : 0, of: decision.slots, to: 0) }
    // A word with its space put back is not taken back by undo: the text before it changed too.
    canUndo = (decision.replaces || splits || joins) && !decision.restoresSpace
    replacedJoin = joins
    if let join = decision.join, joins {
      keepForUndo(join, typed: decision.slots)
    } else if let split = decision.split, splits {
      replacedSlots.copy(slot: 0, of: decision.slots, to: 0)
      replacedSlots.copy(slot: 0, of: split.slots, to: 1)
      replacedSlots.copy(slot: 1, of: split.slots, to: 2)
      replacedSlots.count = 3
    } else if decision.replaces {
      replacedSlots.copy(slot: 1, of: decision.slots, to: 1)
      replacedSlots.copy(slot: 0, of: decision.slots, to: 0)
      replacedSlots.count = 2
    }
    isFinished = true
  }

  /// A backspace right after a replacement: the typed letters come back as the current word,
  /// and stand. The word history learns them (and forgets the replacement it learned when the
  /// word ended), so next time they stand as typed; the touch model takes back what it was
  /// about to learn from the replacement. After a join (`WordDecision.join`), the word before
  /// the space comes back too (`WordRestoration.restoredPrevious`). nil (and nothing changes)
  /// unless the last word was replaced and nothing was typed since: then the backspace is an
  /// ordinary one.
  public func undoReplacement(teaching model: TouchModel? = nil) -> WordRestoration? {
    guard canUndo, isFinished else { return nil }
    canUndo = false
    if let model {
      for _ in 0..<pendingObservations { model.retractLast() }
      pendingObservations = 0
    }
    // The typed letters stand now: their touches are learned when this word finishes again.
    learnedSpread.dropPending()
    let undoesJoin = replacedJoin
    replacedJoin = false
    if undoesJoin {
      undoJoin()
    } else if let wordHistory {
      let slots = replacedSlots
      // The pair the context learned with the replacement (after the words it was decided
      // after) goes with it; the restored word's pair is learned once here, and again by the
      // context when the word ends.
      if let first = prior.context.previousNode(in: wordHistory),
         let replaced = wordHistory.wordNode(length: slots.lengths[1], letter: { Int(slots.letters[WordDecoder.capacity + $0]) }) {
        wordHistory.unlearnPair(first: first, second: replaced)
      }
      if slots.count == 3 {
        // A split: the second word and its pair after the first go too.
        if let first = wordHistory.wordNode(length: slots.lengths[1], letter: { Int(slots.letters[WordDecoder.capacity + $0]) }),
           let second = wordHistory.wordNode(length: slots.lengths[2], letter: { Int(slots.letters[2 * WordDecoder.capacity + $0]) }) {
          wordHistory.unlearnPair(first: first, second: second)
        }
        wordHistory.unlearn(length: slots.lengths[2]) { Int(slots.letters[2 * WordDecoder.capacity + $0]) }
      }
      wordHistory.unlearn(length: slots.lengths[1]) { Int(slots.letters[WordDecoder.capacity + $0]) }
      // Restored by hand: learned as often as makes it a correction target and a protected word at once.
      var restored: Int?
      for _ in 0..<restoredWordLearnCount(slots, slot: 0) { restored = wordHistory.learn(length: slots.lengths[0]) { Int(slots.letters[$0]) } }
      // Looked up after learning: a compaction moves the nodes.
      if let restored, let first = prior.context.previousNode(in: wordHistory) {
        wordHistory.learnPair(first: first, second: restored)
      }
    }
    isFinished = false
    keepsTyped = true
    return WordRestoration(restored: DecodedWord(slots: replacedSlots, slot: 0), replaced: DecodedWord(slots: replacedSlots, slot: 1),
                           replacedSecond: replacedSlots.count == 3 && !undoesJoin ? DecodedWord(slots: replacedSlots, slot: 2) : nil,
                           restoredPrevious: undoesJoin ? DecodedWord(slots: replacedSlots, slot: 2) : nil)
  }

  /// How often an undo teaches the history the restored letters in `slots`' `slot`: as often as
  /// makes them a correction target and a protected word at once.
  func restoredWordLearnCount(_ slots: WordSlots, slot: Int) -> Int {
    let protected = parameters.protectedCount(isLexiconWord: slots.sources[slot] & DecodedWord.Source.lexicon.rawValue != 0)
    let count = Swift.max(parameters.historyTargetCount, protected).rounded(.up)
    return count < 16 ? Swift.max(Int(count), 1) : 16
  }

  /// Sets `decision.join` when a word kept by `noteSpaceTap` is pending: the current word
  /// standing at `standingScore` (its replacement's, or the typed letters'), unsplit.
  func setJoin(of decision: inout WordDecision, standingScore: Float) {
    guard precedingWord.isPending, !restoresSpace, decision.split?.replaces != true, let join = bestJoin(currentScore: standingScore) else { return }
    decision.join = join
    if join.replaces { decision.spannedPrecedingWords = 1 }
  }

  /// Whether the best word, a spelling correction scoring `score` (with `WordSlots` `source`
  /// bits), replaces the typed letters: it beats them by its spelling margin at their length
  /// (which stands in for `margin`), or by the common-word margin if it is a common word, and
  /// they are no lexicon or history word (those are offered the correction, never replaced by it);
  /// a correction that wrote a consonant for one that sounds alike is only offered.
  func spellingMayReplace(_ typed: (score: Float, source: Int, isProtected: Bool), by score: Float, source: Int) -> Bool {
    guard !typed.isProtected && typed.source & WordSlots.sourceBits == 0 && source & WordSlots.offeredOnly == 0 else { return false }
    var margin = spellingMargin(source: source, typedLength: touches.storedCount)
    if bestLexiconLogProbability >= margins.commonWordLogProbability { margin = Swift.min(margin, margins.commonWordSpelling) }
    return score - typed.score > margin
  }

  /// The spelling margin of a correction with `source` bits for `typedLength` typed letters:
  /// nearer for a longer word, down to `spellingMarginFloor`, and at most its limit.
  func spellingMargin(source: Int, typedLength: Int) -> Float {
    let omits = source & WordSlots.onlyOmittedOrSwapped != 0
    let margin = omits ? parameters.omissionSpellingMargin : parameters.spellingMargin
    guard margin.isFinite else { return margin }
    let scaled = Swift.max(parameters.spellingMarginFloor, margin + parameters.spellingMarginPerLetter * (parameters.spellingMarginLength - Float(typedLength)))
    return Swift.min(scaled, omits ? parameters.omissionSpellingMarginLimit : parameters.spellingMarginLimit) - margins.spellingShift
  }

  /// When the best word is a spelling correction that may not replace the typed letters, the
  /// best word reached without a spelling edit goes first if it beats them by the margin, so the
  /// touch-noise decision stands as it would without spelling edits; the correction stays
  /// among the alternatives, and the last alternative makes room when the list is full.
  func putPlainWordFirst(in slots: WordSlots, typedScore: Float, isProtected: Bool, end: Int) {
    guard plainBestSlot >= 0, !isProtected, plainBestScore - typedScore > margins.touch else { return }
    let count = Swift.min(slots.count + 1, end)
    var target = count - 1
    while target > 1 {
      slots.copy(slot: target - 1, of: slots, to: target)
      target -= 1
    }
    for touch in 0..<touches.storedCount { bestAlignmentKeys[touch] = -1 }
    bestAlignedTouches = touches.storedCount
    writeWord(from: plainBestSlot, into: slots, target: 1, align: true)
    slots.scores[1] = plainBestScore
    slots.sources[1] = plainBestSource
    slots.nodes[1] = plainBestSource & DecodedWord.Source.lexicon.rawValue != 0 ? Int(beam.lexiconNode[plainBestSlot]) : -1
    slots.count = count
    // The same word further down the list (it was ranked there already) goes.
    var index = 2
    while index < slots.count {
      if slots.sameLetters(1, index) {
        for later in index..<(slots.count - 1) { slots.copy(slot: later + 1, of: slots, to: later) }
        slots.count -= 1
      } else {
        index += 1
      }
    }
  }
}
