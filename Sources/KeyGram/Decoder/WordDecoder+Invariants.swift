extension WordDecoder {
  /// Traps if the decoder's bookkeeping is inconsistent: the touch counts, the beam's steps,
  /// widths and parents, the undo and learning state; for tests and the fuzzer. Compiled in
  /// only with `KEYGRAM_INTERNAL_CHECKS` (debug builds of this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    // The touches of the word: the first `capacity` letters typed are stored, the rest are not.
    let storedCount = touches.storedCount, lettersTyped = touches.lettersTyped
    precondition(lettersTyped >= 0, "negative letters typed")
    precondition(storedCount == Swift.min(lettersTyped, Self.capacity), "stored touches \(storedCount) for \(lettersTyped) letters typed")
    var invalid = 0
    for touch in 0..<storedCount {
      precondition(touches.invalid[touch] == 0 || touches.invalid[touch] == 1, "touch \(touch) is neither valid nor invalid")
      invalid += touches.invalid[touch]
      if touches.invalid[touch] == 0 {
        precondition(touches.x[touch].isFinite && touches.y[touch].isFinite, "a valid touch \(touch) is not finite")
        precondition(touches.key[touch] >= 0 && touches.key[touch] < keyCount, "a valid touch \(touch) has no key")
        precondition(touches.letter[touch] >= 0 && Int(touches.letter[touch]) < letterCount, "a valid touch \(touch) has no letter")
      }
    }
    precondition(invalid == touches.invalidCount, "invalid count \(touches.invalidCount), \(invalid) invalid touches stored")
    precondition(!canUndo || isFinished, "undo offered for a word still being typed")
    precondition(pendingObservations >= 0 && pendingObservations <= Self.capacity, "pending observations out of range")
    precondition(bestAlignedTouches >= 0 && bestAlignedTouches <= Self.capacity, "aligned touches out of range")
    for touch in 0..<bestAlignedTouches {
      precondition(bestAlignmentKeys[touch] >= -1 && bestAlignmentKeys[touch] < keyCount, "touch \(touch) aligned to no key")
    }
    // A kept word before a space tap fits the buffer; a restored space starts the word at a backspace tap.
    precondition(precedingWord.count >= 0 && precedingWord.count <= precedingWord.x.count, "kept word of \(precedingWord.count) touches")
    precondition(!precedingWord.isPending || joiner != nil, "a word kept for a join without a joiner")
    precondition(!restoresSpace || keyTaps.count > 0 && !isFinished, "a space to put back without its backspace tap")
    joiner?._checkInvariants()
    // A joiner said to hold the kept word holds its touches first, and no key tap before the kept word's end.
    if let joiner, precedingWord.isPending && precedingWord.joinerHoldsIt {
      let kept = precedingWord
      precondition(!joiner.isFinished && joiner.touches.storedCount >= kept.count, "a joiner that lost the kept word")
      for index in 0..<kept.count {
        precondition(joiner.touches.x[index] == kept.x[index] && joiner.touches.y[index] == kept.y[index]
                       && joiner.touches.key[index] == kept.key[index] && Int(joiner.touches.letter[index]) == kept.letter[index],
                     "the joiner's touch \(index) is not the kept word's")
      }
      for tap in 0..<joiner.keyTaps.count { precondition(joiner.keyTaps.position[tap] >= kept.count, "a joiner's key tap inside the kept word") }
    }
    // The learned spread: forgetting keeps the sums within `spreadMemory` touches.
    let spread = learnedSpread
    precondition(spread.touches >= 0 && spread.touches <= parameters.spreadMemory, "spread touches \(spread.touches) out of range")
    precondition(spread.squaresX >= 0 && spread.squaresY >= 0 && spread.squaresX.isFinite && spread.squaresY.isFinite, "spread sums out of range")
    precondition(spread.pendingTouches >= 0 && spread.pendingTouches <= Float(Self.capacity), "pending spread touches out of range")
    precondition(spread.pendingSquaresX >= 0 && spread.pendingSquaresY >= 0 && spread.pendingSquaresX.isFinite && spread.pendingSquaresY.isFinite,
                 "pending spread sums out of range")
    for row in 0..<likelihood.rowXScale.count {
      precondition(likelihood.rowXScale[row] > 0 && likelihood.rowXScale[row].isFinite && likelihood.rowYScale[row] > 0 && likelihood.rowYScale[row].isFinite,
                   "row \(row) has no spread")
    }
    precondition(touches.capitals & ~Self.mask(length: storedCount) == 0, "a capital noted past the stored touches")
    // Key taps: within their capacity, each before a stored touch (or after the last), on a key without a letter.
    precondition(keyTaps.count >= 0 && keyTaps.count <= KeyTaps.capacity, "\(keyTaps.count) key taps")
    for tap in 0..<keyTaps.count {
      precondition(keyTaps.position[tap] >= 0 && keyTaps.position[tap] <= storedCount, "key tap \(tap) sits past the stored touches")
      precondition(keyTaps.key[tap] >= 0 && keyTaps.key[tap] < keyCount && layout.keys[keyTaps.key[tap]].isSpecial, "key tap \(tap) is on a letter key")
      precondition(keyTaps.x[tap].isFinite && keyTaps.y[tap].isFinite, "key tap \(tap) is not finite")
    }
    for slot in 0..<decisionSlots.count { precondition(decisionSlots.lengths[slot] <= Self.capacity, "decision slot \(slot) too long") }
    // Written forms: at most three apostrophes, ascending, none past the word.
    for slots in [decisionSlots, suggestionSlots, replacedSlots] {
      for slot in 0..<slots.count {
        let count = slots.apostropheCount(slot)
        precondition(count <= 3, "slot \(slot) has \(count) apostrophes")
        for index in 0..<count {
          let position = slots.apostrophePosition(slot, index)
          precondition(position <= slots.lengths[slot] && (index == 0 || position >= slots.apostrophePosition(slot, index - 1)),
                       "slot \(slot)'s apostrophe \(index) out of place")
        }
      }
    }
    precondition(decisionSlots.count <= decisionSlots.slotCount && suggestionSlots.count <= suggestionSlots.slotCount
                 && replacedSlots.count <= replacedSlots.slotCount, "more words than slots")
    // An undoable join keeps the letters typed, the joined word and the word before the tap.
    precondition(!(canUndo && replacedJoin) || replacedSlots.count == 3, "a join kept for undo in \(replacedSlots.count) slots")
    precondition(!precedingWord.isPending || precedingWord.stood.lengths[0] == precedingWord.count,
                 "a kept word of \(precedingWord.count) letters shown with \(precedingWord.stood.lengths[0])")
    checkBeamInvariants()
    #endif
  }

  #if KEYGRAM_INTERNAL_CHECKS
  /// The beam's ready steps: within the stored touches, each step's words within its widths,
  /// each word's parent a word of the step before (or, for a skipped letter, of its own step).
  private func checkBeamInvariants() {
    let storedCount = touches.storedCount
    precondition(beam.readySteps >= 0 && beam.readySteps <= storedCount + 1, "\(beam.readySteps) ready steps for \(storedCount) touches")
    // History nodes are only checked while the beam is built on the history as it is now.
    let history = wordHistory.flatMap { $0.generation == beam.historyGeneration ? $0 : nil }
    for step in 0..<beam.readySteps {
      let main = beam.mainCount[step], omissions = beam.omissionCount[step]
      precondition(main >= 0 && main <= beam.width, "step \(step) holds \(main) words, width \(beam.width)")
      precondition(omissions >= 0 && omissions <= beam.omissionWidth, "step \(step) holds \(omissions) skips, width \(beam.omissionWidth)")
      let base = step * beam.stride
      for index in 0..<(main + omissions) {
        let slot = base + (index < main ? index : beam.width + index - main)
        let kind = beam.info[slot] & Beam.kindMask, letter = beam.info[slot] & 0xFFFF, parent = Int(beam.parent[slot])
        if index >= main {
          precondition(kind == Beam.kindOmission && beam.info[slot] & Beam.skippedLetter != 0
                         || kind == Beam.kindKeyTap && beam.info[slot] & Beam.usedKeyTap != 0, "slot \(slot) in the skips is no skip or key tap")
          // A second letter left out together with the first comes from that first skip.
          let skipsAgain = kind == Beam.kindOmission && parent >= base + beam.width && parent < base + beam.width + omissions
            && beam.info[parent] & Beam.kindMask == Beam.kindOmission && beam.info[slot] & Beam.secondSkippedLetter != 0
          precondition(parent >= base && parent < base + main || skipsAgain, "skip \(slot) does not come from a word of its step")
        } else if step == 0 {
          precondition(kind == Beam.kindRoot && parent == -1, "step 0 holds a word other than the empty one")
        } else {
          precondition(kind == Beam.kindMatch || kind == Beam.kindExtra || kind == Beam.kindMisspelled || kind == Beam.kindTransposed,
                       "slot \(slot) of the words is a skip")
          // A transposition takes two touches: its parent is a word of two steps before.
          let back = kind == Beam.kindTransposed ? 2 : 1
          precondition(step >= back, "word \(slot) takes more touches than its step has")
          let previous = (step - back) * beam.stride
          let fromMain = parent >= previous && parent < previous + beam.mainCount[step - back]
          let fromSkip = parent >= previous + beam.width && parent < previous + beam.width + beam.omissionCount[step - back]
          precondition(fromMain || fromSkip, "word \(slot) does not come from a word of the step it extends")
          let skips = Beam.skippedLetter | Beam.secondSkippedLetter
          precondition(beam.info[slot] & skips == beam.info[parent] & skips, "word \(slot) lost or gained its parent's skip")
        }
        // Each edit once per word, a skip and an extra touch twice: a word that made one carries
        // its flag, and its parent had none (or only the first's).
        let edits: [(Int32, Int32, Int32)] = [(Beam.kindOmission, Beam.skippedLetter, Beam.secondSkippedLetter),
                                              (Beam.kindExtra, Beam.usedExtraTouch, Beam.secondExtraTouch),
                                              (Beam.kindMisspelled, Beam.misspelledLetter, 0), (Beam.kindTransposed, Beam.transposedLetters, 0),
                                              (Beam.kindKeyTap, Beam.usedKeyTap, 0)]
        for (editKind, flag, second) in edits where kind == editKind {
          let first = beam.info[slot] & flag != 0 && beam.info[parent] & flag == 0
          let again = second != 0 && costs.secondEdit.isFinite && beam.info[slot] & second != 0 && beam.info[parent] & (flag | second) == flag
          precondition(first || again, "word \(slot) makes an edit too often or unmarked")
        }
        precondition(beam.info[slot] & Beam.secondSkippedLetter == 0 || beam.info[slot] & Beam.skippedLetter != 0, "word \(slot) skipped a second letter only")
        precondition(beam.info[slot] & Beam.secondExtraTouch == 0 || beam.info[slot] & Beam.usedExtraTouch != 0, "word \(slot) made a second extra touch only")
        precondition(beam.info[slot] & Beam.alikeConsonant == 0 || beam.info[slot] & Beam.misspelledLetter != 0, "word \(slot) wrote a consonant alike unmarked")
        if kind == Beam.kindTransposed {
          let first = Int(letter & 0xFF), second = Int(letter >> 8)
          precondition(first < letterCount && second < letterCount && keyOfLetter[first] >= 0 && keyOfLetter[second] >= 0
                         && keyOfLetter[first] != keyOfLetter[second], "transposition \(slot) swaps letters no two keys type")
          precondition(beam.lexiconNode[slot] >= 0 || beam.historyNode[slot] >= 0, "word \(slot) is in neither trie")
        } else if kind == Beam.kindKeyTap {
          let first = Int(letter & 0xFF), second = Int(letter >> 8)
          precondition(first < letterCount && keyOfLetter[first] >= 0 && (second == Int(Beam.noSecondLetter) || second < letterCount && keyOfLetter[second] >= 0),
                       "key tap \(slot) took letters no key types")
          precondition((0..<keyTaps.count).contains { keyTaps.position[$0] == step }, "key tap \(slot) takes the letters of no tap before touch \(step)")
          precondition(beam.lexiconNode[slot] >= 0 || beam.historyNode[slot] >= 0, "word \(slot) is in neither trie")
        } else if kind == Beam.kindMatch || kind == Beam.kindOmission || kind == Beam.kindMisspelled {
          precondition(Int(letter) < letterCount && keyOfLetter[Int(letter)] >= 0, "word \(slot) took a letter no key types")
          precondition(beam.lexiconNode[slot] >= 0 || beam.historyNode[slot] >= 0, "word \(slot) is in neither trie")
        } else {
          precondition(letter == Beam.noLetter, "word \(slot) took no touch as a letter but names one")
        }
        if let lexicon { precondition(Int(beam.lexiconNode[slot]) < lexicon.nodeCount, "word \(slot) points past the lexicon's nodes") }
        if let history, beam.historyNode[slot] >= 0 {
          precondition(Int(beam.historyNode[slot]) < history.nodeCount, "word \(slot) points past the history's nodes")
        }
      }
    }
  }
  #endif

  #if KEYGRAM_INTERNAL_CHECKS
  /// Breaks one promise on purpose (a stored touch more than the letters typed), so a test can
  /// see `_checkInvariants()` catch it. Debug builds only.
  @_spi(Testing) public func _breakInvariantForTesting() { touches.breakCountsForTesting() }
  #endif
}
