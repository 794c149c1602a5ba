/// The final scores (LatinIME's scoring): the typed letters' score, and the last step's whole
/// words ranked, each scored by its touches and `WordPrior`'s word score.
extension WordDecoder {
  /// Writes the letters of the path ending at `slot` into `slots`' slot `target`; fills the best
  /// word's touch alignment if asked.
  func writeWord(from slot: Int, into slots: WordSlots, target: Int, align: Bool) {
    let base = target * WordDecoder.capacity
    var length = 0
    var current = slot
    while current >= 0 {
      let flags = beam.info[current]
      let kind = flags & Beam.kindMask
      if kind == Beam.kindRoot { break }
      let letter = flags & 0xFFFF
      let touch = current / beam.stride - 1
      // Letters are written last first and reversed below: a transposition's second letter, then its first.
      if kind == Beam.kindTransposed {
        let first = letter & 0xFF, second = letter >> 8
        if length < WordDecoder.capacity { slots.letters[base + length] = second }
        if length + 1 < WordDecoder.capacity { slots.letters[base + length + 1] = first }
        length += 2
        if align {
          bestAlignmentKeys[touch] = keyOfLetter[Int(first)]
          bestAlignmentKeys[touch - 1] = keyOfLetter[Int(second)]
        }
      } else if kind == Beam.kindKeyTap {
        // No touch of the word's: a key tap's letters teach no key (the tap may have been aimed elsewhere).
        let first = letter & 0xFF, second = letter >> 8 & 0xFF
        if second != Beam.noSecondLetter {
          if length < WordDecoder.capacity { slots.letters[base + length] = second }
          length += 1
        }
        if length < WordDecoder.capacity { slots.letters[base + length] = first }
        length += 1
      } else if kind != Beam.kindExtra {
        if length < WordDecoder.capacity { slots.letters[base + length] = letter }
        length += 1
      }
      // A misspelled letter's touch was aimed at the key it typed.
      if align && kind == Beam.kindMatch { bestAlignmentKeys[touch] = keyOfLetter[Int(letter)] }
      if align && kind == Beam.kindMisspelled { bestAlignmentKeys[touch] = touches.key[touch] }
      if align && kind == Beam.kindExtra { bestAlignmentKeys[touch] = -1 }
      current = Int(beam.parent[current])
    }
    length = Swift.min(length, WordDecoder.capacity)
    var low = 0, high = length - 1
    while low < high {
      let swapped = slots.letters[base + low]
      slots.letters[base + low] = slots.letters[base + high]
      slots.letters[base + high] = swapped
      low += 1
      high -= 1
    }
    slots.lengths[target] = length
  }

  /// The typed letters' score, where they come from (a known word past the lexicon among them),
  /// and whether the history protects them (not when a tap on a key without a letter lies near
  /// a letter key: then the touches do not say the letters were typed exactly). Letters that
  /// are no lexicon word are scored by the n-gram backoff.
  func scoreTyped() -> (score: Float, source: Int, isProtected: Bool) {
    let mixture = prior.mixture
    let walk = walkTyped(from: 0)
    var ngram: Float = 0
    var context = LetterContext.wordStart
    for index in 0..<touches.storedCount {
      let letter = Int(touches.letter[index])
      ngram += system_logf(prior.ngramProbability(ofLetter: letter, after: context))
      context.append(LetterSymbol(letterIndex: letter))
    }
    ngram += system_logf(prior.ngramProbability(ofLetter: letterCount, after: context))
    let ends = prior.endShares(lexicon: walk.lexicon, history: walk.history)
    let logMass = prior.wordLogMass(logEvidence: walk.evidence, ends: ends, node: walk.lexicon, historyNode: walk.history,
                                    backoff: prior.backoffLogMass(ngram: ngram, mixture), mixture)
    var source = WordPrior.source(of: ends)
    if source == 0 && prior.isKnownWord(touches, count: touches.storedCount) { source = DecodedWord.Source.knownWord.rawValue }
    let isProtected = ends.history >= parameters.protectedCount(isLexiconWord: ends.lexicon > 0) && !holdsTapNearLetter
    return (walk.touchScore + prior.wordScore(logMass: logMass, mixture), source, isProtected)
  }

  /// The typed letters from touch `start` to the last, walked down the lexicon and history
  /// tries: the nodes they end at (−1: off the trie, or no such trie), the lexicon evidence
  /// and the touches' score on the keys they typed.
  func walkTyped(from start: Int) -> (lexicon: Int32, history: Int32, evidence: Float, touchScore: Float) {
    var lexiconNode: Int32 = lexicon != nil ? 0 : -1
    var historyNode: Int32 = wordHistory != nil ? 0 : -1
    var evidence: Float = 0, touchScore: Float = 0
    for index in start..<Swift.max(start, touches.storedCount) {
      let letter = Int(touches.letter[index])
      touchScore += spatial[index * keyCount + touches.key[index]]
      if lexiconNode >= 0 {
        lexiconNode = lexiconChild(of: lexiconNode, letter: letter)
        if lexiconNode >= 0 { evidence += prior.logOfShare(children.trie!.share(of: Int(lexiconNode))) }
      }
      if historyNode >= 0, let wordHistory {
        historyNode = wordHistory.child(of: Int(historyNode), letter: letter).map { Int32(truncatingIfNeeded: $0) } ?? -1
      }
    }
    return (lexiconNode, historyNode, evidence, touchScore)
  }

  /// The word-edge cost of the path ending at `slot` of the final step: its last touch typed no
  /// letter, one of its last two touches wrote a vowel for the word's, or its last letter was
  /// left out (`isOmission`), other than a doubled letter's.
  @inline(__always)
  func edgeEditCost(finalSlot slot: Int, isOmission: Bool) -> Float {
    guard costs.wordEdge > 0 else { return 0 }
    let info = beam.info[slot]
    if isOmission { return Int(info & 0xFFFF) == lastLetter(of: Int(beam.parent[slot])) ? 0 : costs.wordEdge }
    // An inflected word's last vowels are its ending (`кибернетику`, `компромиссам`).
    if info & Beam.kindMask == Beam.kindMisspelled { return costs.wordEdge }
    if info & Beam.kindMask == Beam.kindMatch, beam.parent[slot] >= 0, beam.info[Int(beam.parent[slot])] & Beam.kindMask == Beam.kindMisspelled {
      return costs.wordEdge
    }
    guard info & Beam.kindMask == Beam.kindExtra else { return 0 }
    let step = slot / beam.stride - 1
    return step > 0 && touches.key[step] == touches.key[step - 1] ? 0 : costs.wordEdge
  }

  /// The `WordSlots.sources` bits of a word reached with the edit flags `flags` (`Beam.editFlags`);
  /// a word whose last letter no touch typed is an ending added (`Hinweis` + `e`), not a slip.
  @inline(__always)
  static func editSource(_ flags: Int32, leavesOutLastLetter: Bool) -> Int {
    // A key tap taken for a letter is a touch's miss, not a spelling edit.
    guard flags & ~Beam.usedKeyTap != 0 else { return 0 }
    let slips = flags & (Beam.usedExtraTouch | Beam.misspelledLetter) == 0 && !leavesOutLastLetter
    return WordSlots.spellingEdit | (slips ? WordSlots.onlyOmittedOrSwapped : 0) | (flags & Beam.alikeConsonant != 0 ? WordSlots.offeredOnly : 0)
  }

  /// The final step's whole words, best first and distinct, into `slots` from slot 1.
  func rankFinalWords(limit: Int, into slots: WordSlots) {
    let beam = self.beam, mixture = prior.mixture
    let step = touches.storedCount
    let total = beam.mainCount[step] + beam.omissionCount[step]
    for index in 0..<total {
      let slot = self.slot(step: step, index: index)
      let ends = prior.targetEndShares(lexicon: beam.lexiconNode[slot], history: beam.historyNode[slot])
      guard ends.lexicon > 0 || ends.history > 0 else {
        finalScore[index] = -.infinity
        continue
      }
      let logMass = prior.wordLogMass(logEvidence: beam.logEvidence[slot], ends: ends, node: beam.lexiconNode[slot],
                                      historyNode: beam.historyNode[slot], mixture)
      // A skip slot of the final step: no touch typed the word's last letter (a key tap's letters aside).
      let leavesOutLastLetter = index >= beam.mainCount[step] && beam.info[slot] & Beam.kindMask == Beam.kindOmission
      finalScore[index] = beam.touchScore[slot] + prior.wordScore(logMass: logMass, mixture)
        - edgeEditCost(finalSlot: slot, isOmission: leavesOutLastLetter)
      finalSource[index] = WordPrior.source(of: ends) | Self.editSource(beam.info[slot] & Beam.editFlags, leavesOutLastLetter: leavesOutLastLetter)
    }
    // The best word reached without a spelling edit, in case a spelling correction may not replace.
    plainBestSlot = -1
    plainBestScore = -.infinity
    bestLexiconLogProbability = -.infinity
    for index in 0..<total where finalSource[index] & WordSlots.spellingEdit == 0 && finalScore[index] > plainBestScore {
      plainBestSlot = self.slot(step: step, index: index)
      plainBestScore = finalScore[index]
      plainBestSource = finalSource[index]
    }
    var chosen = 0
    while chosen < limit {
      var best = -1, bestScore = -Float.infinity
      for index in 0..<total where finalScore[index] > bestScore {
        best = index
        bestScore = finalScore[index]
      }
      guard best >= 0 else { break }
      let bestSlot = self.slot(step: step, index: best)
      // The same word by another alignment is the same alternative: drop every copy.
      let lexiconNode = beam.lexiconNode[bestSlot], historyNode = beam.historyNode[bestSlot]
      for index in 0..<total {
        let slot = self.slot(step: step, index: index)
        if beam.lexiconNode[slot] == lexiconNode && beam.historyNode[slot] == historyNode { finalScore[index] = -.infinity }
      }
      let target = chosen + 1
      if chosen == 0 {
        for touch in 0..<step { bestAlignmentKeys[touch] = -1 }
        bestAlignedTouches = step
        let ends = prior.endShares(lexicon: lexiconNode, history: historyNode)
        bestLexiconLogProbability = WordPrior.lexiconLogProbability(logEvidence: beam.logEvidence[bestSlot], endShare: ends.lexicon)
      }
      writeWord(from: bestSlot, into: slots, target: target, align: chosen == 0)
      slots.scores[target] = bestScore
      slots.sources[target] = finalSource[best]
      slots.nodes[target] = finalSource[best] & DecodedWord.Source.lexicon.rawValue != 0 ? Int(lexiconNode) : -1
      chosen += 1
    }
    slots.count = chosen + 1
  }
}
