/// The search (LatinIME's suggest): a beam over the lexicon and history tries, one touch at a
/// time. It knows no costs: each move comes from `DecoderMove`, its edit cost from `EditCosts`,
/// a touch's likelihood from `KeyLikelihood` and the language score from `WordPrior`.
extension WordDecoder {
  /// Builds the beam's steps up to `touches`, reusing every step still valid.
  func ensureBeam(touches count: Int) {
    if let wordHistory, wordHistory.version != beam.historyVersion || wordHistory.generation != beam.historyGeneration {
      beam.historyVersion = wordHistory.version
      beam.historyGeneration = wordHistory.generation
      beam.invalidate()
    }
    let mixture = prior.mixture
    if beam.readySteps == 0 {
      buildRoot(mixture)
      beam.readySteps = 1
    }
    while beam.readySteps <= count {
      let step = beam.readySteps - 1
      scoreTouch(step)
      extend(step: step, mixture)
      beam.readySteps += 1
    }
  }

  /// Each key's log-likelihood for touch `index`, with the spread `TouchMotion` gives a timed
  /// touch, or its row's.
  func scoreTouch(_ index: Int) {
    let variance = touches.move(index).flatMap { likelihood.motion.variance(of: $0) }
    likelihood.logLikelihoods(x: touches.x[index], y: touches.y[index], variance: variance, into: spatial, at: index * keyCount)
  }

  /// Step 0: the empty word, and the words that skipped their first letter.
  func buildRoot(_ mixture: WordPrior.Mixture) {
    let beam = self.beam
    beam.beginHeap()
    let count = wordHistory?.wordCount ?? 0
    let history: Int32 = wordHistory != nil ? 0 : -1
    beam.insert(base: 0, capacity: beam.width, lexicon: lexicon != nil ? 0 : -1, history: history, parent: -1,
                info: Beam.kindRoot | Beam.noLetter, logEvidence: 0, historyCount: count, touchScore: 0,
                score: prior.prefixScore(0, count, mixture))
    beam.endMainHeap(step: 0)
    addSkippedLetters(step: 0, mixture)
  }

  /// Step `step + 1` from step `step`: every partial word takes touch `step` as its next
  /// letter (or, as a spelling mistake, a vowel written for its vowel), or as an extra touch;
  /// and every partial word of the step before takes touches `step − 1` and `step` as its next
  /// two letters swapped.
  func extend(step: Int, _ mixture: WordPrior.Mixture) {
    let beam = self.beam, costs = self.costs
    let target = (step + 1) * beam.stride
    let cutoff = -parameters.spatialCutoff
    let touchBase = step * keyCount
    let repeats = step > 0 && touches.key[step] == touches.key[step - 1]
    // A touch before the word's first letter is an edit at its edge.
    let extraCost = costs.extraTouchCost(repeatsPreviousKey: repeats) + (step == 0 ? costs.wordEdge : 0)
    let parents = beam.sortSlots(step: step, withSkipSlots: true)
    // Any touch is extra only for the words within `EditCosts.skipWindow` of the step's best; a repeated key's for any.
    let best = parents > 0 ? beam.score[beam.order[0]] : -.infinity
    let touchLetters = self.touchLetters
    // No child gains more than the touch's best letter or an extra touch's cost.
    let bestTouch = Swift.max(-extraCost, touchLetters.score(spatial: spatial, base: touchBase, typedLetter: Int(touches.letter[step]),
                                                             typedKey: touches.key[step], keyOfLetter: keyOfLetter, costs: costs, cutoff: cutoff))
    beam.beginHeap()
    for index in 0..<parents {
      let slot = beam.order[index]
      let parentScore = beam.score[slot]
      // Best first: once a partial word cannot beat the full heap, no later one can.
      guard parentScore + bestTouch > beam.threshold(capacity: beam.width) else { break }
      let flags = beam.info[slot] & Beam.editFlags
      let lexiconNode = beam.lexiconNode[slot], historyNode = beam.historyNode[slot]
      let evidence = beam.logEvidence[slot], touchScore = beam.touchScore[slot]
      if extraCost.isFinite && (repeats || parentScore >= best - EditCosts.skipWindow) && costs.allows(.extraTouch, after: flags) {
        let second = flags & Beam.usedExtraTouch != 0, cost = extraCost + (second ? costs.secondEdit : 0)
        beam.insert(base: target, capacity: beam.width, lexicon: lexiconNode, history: historyNode, parent: slot,
                    info: Beam.kindExtra | flags | (second ? Beam.secondExtraTouch : Beam.usedExtraTouch) | Beam.noLetter, logEvidence: evidence,
                    historyCount: beam.historyCount[slot], touchScore: touchScore - cost, score: parentScore - cost)
      }
      let misspells = costs.allows(.misspelledLetter, after: flags)
      // Only the letters within the cutoff are walked: the others would fail its test below.
      var walk = children.start(lexiconNode: lexiconNode, history: wordHistory, node: historyNode,
                                letters: misspells ? touchLetters.orMisspelledLetters : touchLetters.onKeyLetters)
      while let child = children.next(&walk, history: wordHistory) {
        let letter = child.letter
        let touch = misspells ? touchLetters.orMisspelled[letter] : touchLetters.onKey[letter]
        let move = misspells ? touchLetters.orMisspelledMove[letter] : Beam.kindMatch
        // A child's prefix is no likelier than its parent's, so its score is at most this.
        guard touch >= cutoff, parentScore + touch > beam.threshold(capacity: beam.width) else { continue }
        let childEvidence = child.lexicon >= 0 ? evidence + prior.logOfShare(child.share) : -.infinity
        let count = child.history >= 0 ? wordHistory!.count(of: Int(child.history)) : 0
        guard count > 0 || child.lexicon >= 0 else { continue }
        let total = touchScore + touch
        beam.insert(base: target, capacity: beam.width, lexicon: child.lexicon, history: child.history, parent: slot,
                    info: move | flags | Int32(letter), logEvidence: childEvidence, historyCount: count,
                    touchScore: total, score: total + prior.prefixScore(childEvidence, count, mixture))
      }
    }
    if step > 0 && costs.transposition.isFinite { addTranspositions(step: step, mixture) }
    beam.endMainHeap(step: step + 1)
    addSkippedLetters(step: step + 1, mixture)
  }

  /// Into the heap of step `step + 1`: each partial word of step `step − 1` whose next two
  /// letters a, b touches `step − 1` and `step` typed as b, a. A swap is typed on the swapped
  /// keys, so only the letters within `EditCosts.editTouchCutoff` of each touch are looked up.
  func addTranspositions(step: Int, _ mixture: WordPrior.Mixture) {
    let beam = self.beam, costs = self.costs, cost = costs.transposition
    let earlyBase = (step - 1) * keyCount, lateBase = step * keyCount, cutoff = -EditCosts.editTouchCutoff
    var lateCount = 0, earlyCount = 0, bestLate = -Float.infinity, bestEarly = -Float.infinity
    for letter in 0..<letterCount where keyOfLetter[letter] >= 0 {
      let late = spatial[lateBase + keyOfLetter[letter]], early = spatial[earlyBase + keyOfLetter[letter]]
      if late >= cutoff { lateLetters[lateCount] = letter; lateCount += 1; bestLate = Swift.max(bestLate, late) }
      if early >= cutoff { earlyLetters[earlyCount] = letter; earlyCount += 1; bestEarly = Swift.max(bestEarly, early) }
    }
    guard lateCount > 0, earlyCount > 0 else { return }
    for index in 0..<(beam.mainCount[step - 1] + beam.omissionCount[step - 1]) {
      let slot = self.slot(step: step - 1, index: index)
      let flags = beam.info[slot] & Beam.editFlags
      let parentScore = beam.score[slot] - cost
      guard costs.allows(.transposedLetters, after: flags), parentScore + bestLate + bestEarly > beam.threshold(capacity: beam.width) else { continue }
      let evidence = beam.logEvidence[slot], touchScore = beam.touchScore[slot] - cost
      let lexiconNode = beam.lexiconNode[slot], historyNode = beam.historyNode[slot]
      // Both letter lists ascend, as trie children do: one forward scan per list finds them all.
      var firstCursor = LetterScan(trie: children.trie, node: lexiconNode)
      for lateIndex in 0..<lateCount {
        // The later touch typed the word's first letter of the two.
        let first = lateLetters[lateIndex], firstKey = keyOfLetter[first]
        let late = spatial[lateBase + firstKey]
        guard parentScore + late + bestEarly > beam.threshold(capacity: beam.width) else { continue }
        let lexiconFirst = firstCursor.child(letter: first), historyFirst = historyChild(of: historyNode, letter: first)
        guard lexiconFirst >= 0 || historyFirst >= 0 else { continue }
        let firstEvidence = lexiconFirst >= 0 ? evidence + prior.logOfShare(children.trie!.shareOfChild(Int(lexiconFirst))) : -.infinity
        var secondCursor = LetterScan(trie: children.trie, node: lexiconFirst)
        for earlyIndex in 0..<earlyCount {
          let second = earlyLetters[earlyIndex], secondKey = keyOfLetter[second]
          guard secondKey != firstKey else { continue }
          let early = spatial[earlyBase + secondKey]
          guard parentScore + late + early > beam.threshold(capacity: beam.width) else { continue }
          let lexiconSecond = secondCursor.child(letter: second), historySecond = historyChild(of: historyFirst, letter: second)
          let count = historySecond >= 0 ? wordHistory!.count(of: Int(historySecond)) : 0
          guard count > 0 || lexiconSecond >= 0 else { continue }
          let childEvidence = lexiconSecond >= 0 ? firstEvidence + prior.logOfShare(children.trie!.shareOfChild(Int(lexiconSecond))) : -.infinity
          let total = touchScore + late + early
          beam.insert(base: (step + 1) * beam.stride, capacity: beam.width, lexicon: lexiconSecond, history: historySecond, parent: slot,
                      info: Beam.kindTransposed | flags | Beam.transposedLetters | Int32(first) | Int32(second) << 8,
                      logEvidence: childEvidence, historyCount: count, touchScore: total,
                      score: total + prior.prefixScore(childEvidence, count, mixture))
        }
      }
    }
  }

  /// The lexicon child of `node` (−1: none) by `letter`, or −1.
  @inline(__always)
  func lexiconChild(of node: Int32, letter: Int) -> Int32 {
    guard node >= 0, let trie = children.trie else { return -1 }
    return Int32(truncatingIfNeeded: trie.child(of: Int(node), letter: letter))
  }

  /// The history child of `node` (−1: none) by `letter`, or −1.
  @inline(__always)
  func historyChild(of node: Int32, letter: Int) -> Int32 {
    guard node >= 0, let wordHistory, let child = wordHistory.child(of: Int(node), letter: letter) else { return -1 }
    return Int32(truncatingIfNeeded: child)
  }

  /// The skip slots of `step`: each partial word that may still skip a letter skips one, and
  /// each takes the letters of a key tap before touch `step` (`addKeyTapLetters`).
  func addSkippedLetters(step: Int, _ mixture: WordPrior.Mixture) {
    let beam = self.beam
    beam.beginHeap()
    let skips = costs.allows(.skippedLetter, after: 0), taps = keyTaps.count > 0 && costs.allows(.keyTapLetters, after: 0)
    guard beam.omissionWidth > 0, skips || taps else {
      beam.omissionCount[step] = 0
      return
    }
    let parents = beam.sortSlots(step: step, withSkipSlots: false)
    let best = parents > 0 ? beam.score[beam.order[0]] : -.infinity
    if skips { skipLetters(step: step, parents: parents, best: best, again: false, mixture) }
    if taps { addKeyTapLetters(step: step, parents: parents, mixture) }
    // Two letters left out together (`accomdated`): the skips just made skip once more.
    if skips && costs.secondEdit.isFinite && beam.heapCount > 0 {
      skipLetters(step: step, parents: beam.sortSkipSlots(step: step, count: beam.heapCount), best: best, again: true, mixture)
    }
    beam.omissionCount[step] = beam.heapCount
  }

  /// Into the skip heap of step `step`: each of its `parents` partial words (in `beam.order`,
  /// best first) with one letter left out; `again`: the parents are the step's own skips, and
  /// leave out the letter after the one they left out.
  func skipLetters(step: Int, parents: Int, best: Float, again: Bool, _ mixture: WordPrior.Mixture) {
    let beam = self.beam, costs = self.costs
    // Only the first letter left out of a word's start is at its edge.
    let edge = step == 0 && !again ? costs.wordEdge : 0
    let base = step * beam.stride, cheapest = Swift.min(costs.skippedLetter, costs.doubledLetter) + edge + (again ? costs.secondEdit : 0)
    for index in 0..<parents {
      let slot = beam.order[index]
      let parentScore = beam.score[slot]
      // Best first: once a partial word cannot beat the full heap, no later one can.
      guard parentScore - cheapest > beam.threshold(capacity: beam.omissionWidth) else { break }
      let flags = beam.info[slot] & Beam.editFlags
      // A key tap's letters are typed, and a second skip may not skip again (nor a slot the heap has since refilled).
      guard !again || beam.info[slot] & Beam.kindMask == Beam.kindOmission, costs.allows(.skippedLetter, after: flags) else { continue }
      let evidence = beam.logEvidence[slot], touchScore = beam.touchScore[slot]
      // Any letter is skipped only from the words within `EditCosts.skipWindow` of the step's best
      // (for a skip, its parent): a word further behind that also skips has lost already. A doubled letter from any.
      let previous = lastLetter(of: slot), anyLetter = (again ? beam.score[Int(beam.parent[slot])] : parentScore) >= best - EditCosts.skipWindow
      let second = flags & Beam.skippedLetter != 0
      guard anyLetter || previous >= 0 else { continue }
      // A letter other than the one before costs `skippedLetter`: when that cannot beat the heap now, only a doubled letter is walked.
      let othersPass = anyLetter && parentScore - (costs.skippedLetter + edge + (second ? costs.secondEdit : 0)) > beam.threshold(capacity: beam.omissionWidth)
      var walk = children.start(lexiconNode: beam.lexiconNode[slot], history: wordHistory, node: beam.historyNode[slot],
                                letters: othersPass ? .all : LetterMask(letter: previous))
      while let child = children.next(&walk, history: wordHistory) {
        let letter = child.letter
        guard anyLetter || letter == previous else { continue }
        let cost = costs.skipCost(of: letter, after: previous) + edge + (second ? costs.secondEdit : 0)
        guard cost.isFinite, keyOfLetter[letter] >= 0, parentScore - cost > beam.threshold(capacity: beam.omissionWidth) else { continue }
        let childEvidence = child.lexicon >= 0 ? evidence + prior.logOfShare(child.share) : -.infinity
        let count = child.history >= 0 ? wordHistory!.count(of: Int(child.history)) : 0
        guard count > 0 || child.lexicon >= 0 else { continue }
        let total = touchScore - cost
        beam.insert(base: base + beam.width, capacity: beam.omissionWidth, lexicon: child.lexicon, history: child.history,
                    parent: slot, info: Beam.kindOmission | flags | (second ? Beam.secondSkippedLetter : Beam.skippedLetter) | Int32(letter),
                    logEvidence: childEvidence, historyCount: count, touchScore: total,
                    score: total + prior.prefixScore(childEvidence, count, mixture))
      }
    }
  }

  /// The last letter of the partial word at `slot`, or −1 for the empty word.
  func lastLetter(of slot: Int) -> Int {
    var current = slot
    while current >= 0 {
      let info = beam.info[current], kind = info & Beam.kindMask
      if kind == Beam.kindRoot { return -1 }
      if kind == Beam.kindTransposed { return Int(info >> 8 & 0xFF) }
      if kind == Beam.kindKeyTap { return Int(info >> 8 & 0xFF) == Int(Beam.noSecondLetter) ? Int(info & 0xFF) : Int(info >> 8 & 0xFF) }
      if kind != Beam.kindExtra { return Int(info & 0xFFFF) }
      current = Int(beam.parent[current])
    }
    return -1
  }

  /// The slot of the `index`-th partial word of `step` (main slots, then skip slots).
  @inline(__always)
  func slot(step: Int, index: Int) -> Int { beam.slot(step: step, index: index) }
}
