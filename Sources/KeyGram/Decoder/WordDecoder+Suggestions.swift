extension WordDecoder {
  /// The `limit` best completions of the last step's partial words into `slots`, best first
  /// and distinct. A partial word's own score bounds every completion of it (a longer word is
  /// no likelier than its prefix), so partial words are completed best first and the search
  /// stops once the next one cannot beat the list's worst.
  func complete(limit: Int, into slots: WordSlots) {
    let beam = self.beam, step = touches.storedCount
    let total = beam.mainCount[step] + beam.omissionCount[step]
    for index in 0..<total { completionOrder[index] = slot(step: step, index: index) }
    // Insertion sort, best prefix first: at most `beam.stride` partial words.
    if total > 1 {
      for index in 1..<total {
        let moving = completionOrder[index], movingScore = beam.score[moving]
        var position = index
        while position > 0 && beam.score[completionOrder[position - 1]] < movingScore {
          completionOrder[position] = completionOrder[position - 1]
          position -= 1
        }
        completionOrder[position] = moving
      }
    }
    var count = 0
    for index in 0..<total {
      let slot = completionOrder[index]
      if count == limit && beam.score[slot] <= slots.scores[count - 1] { break }
      // The partial word as a whole word, and its likeliest longer completion.
      for pass in 0..<2 {
        let extends = pass == 1
        let end = completion(of: slot, into: nil, target: 0, extends: extends)
        guard end.score > -.infinity else { continue }
        // The same word from another partial word: keep the better.
        var duplicate = -1
        for earlier in 0..<count where chosenLexicon[earlier] == end.lexicon && chosenHistory[earlier] == end.history { duplicate = earlier }
        if duplicate >= 0 && slots.scores[duplicate] >= end.score { continue }
        var position = duplicate >= 0 ? duplicate : Swift.min(count, limit - 1)
        if duplicate < 0 {
          guard count < limit || end.score > slots.scores[limit - 1] else { continue }
          if count < limit { count += 1 }
        }
        // Move worse entries down one place, then insert.
        while position > 0 && slots.scores[position - 1] < end.score {
          slots.scores[position] = slots.scores[position - 1]
          chosenLexicon[position] = chosenLexicon[position - 1]
          chosenHistory[position] = chosenHistory[position - 1]
          chosenSlot[position] = chosenSlot[position - 1]
          position -= 1
        }
        slots.scores[position] = end.score
        chosenLexicon[position] = end.lexicon
        chosenHistory[position] = end.history
        chosenSlot[position] = extends ? slot : -1 - slot
      }
    }
    for position in 0..<count {
      let extends = chosenSlot[position] >= 0, slot = extends ? chosenSlot[position] : -1 - chosenSlot[position]
      writeWord(from: slot, into: slots, target: position, align: false)
      let end = completion(of: slot, into: slots, target: position, extends: extends)
      let ends = prior.targetEndShares(lexicon: end.lexicon, history: end.history)
      slots.sources[position] = WordPrior.source(of: ends)
      slots.nodes[position] = ends.lexicon > 0 ? Int(end.lexicon) : -1
      writeForm(slots, position)
    }
    slots.count = count
    offerOtherForms(in: slots, from: 0, end: limit)
  }

  /// Follows the likeliest continuation from the partial word at `slot` (the heaviest child,
  /// until ending the word weighs more) and scores the whole word; with `slots`, appends the
  /// continuation's letters to slot `target`. Unless `extends`, the partial word itself is
  /// scored as a whole word. −∞ when no word ends there (or below it).
  func completion(of slot: Int, into slots: WordSlots?, target: Int, extends: Bool) -> (lexicon: Int32, history: Int32, score: Float) {
    let mixture = prior.mixture
    var lexiconNode = beam.lexiconNode[slot], historyNode = beam.historyNode[slot]
    var evidence = lexiconNode >= 0 ? system_expf(beam.logEvidence[slot]) : 0
    var steps = 0
    while true {
      var bestMass: Float = -1, bestLetter = -1, bestLexicon: Int32 = -1, bestHistory: Int32 = -1, bestShare = 0
      var shareSum = 0
      var historyChildren: Float = 0
      children.forEach(lexiconNode: lexiconNode, history: wordHistory, node: historyNode) { letter, lexiconChild, share, historyChild in
        let count = historyChild >= 0 ? wordHistory!.count(of: Int(historyChild)) : 0
        if lexiconChild >= 0 { shareSum += share }
        historyChildren += count
        let mass = prior.linearMass(evidence: evidence, share: Float(share), count: count, mixture)
        if keyOfLetter[letter] >= 0 && mass > bestMass {
          bestMass = mass
          bestLetter = letter
          bestLexicon = lexiconChild
          bestHistory = historyChild
          bestShare = share
        }
      }
      var lexiconEnd: Float = lexiconNode >= 0 ? Float(Swift.max(Lexicon.shareTotal - shareSum, 0)) : 0
      let historyCount: Float = historyNode >= 0 ? Swift.max(wordHistory!.count(of: Int(historyNode)) - historyChildren, 0) : 0
      // A blocked offensive word ends nothing here: the walk goes on past it, or stops empty.
      if lexiconEnd > 0 && prior.isBlocked(node: lexiconNode, historyEnd: historyCount) { lexiconEnd = 0 }
      let historyEnd = prior.targetHistoryEnd(historyCount, lexiconEnd: lexiconEnd)
      let endMass = prior.linearMass(evidence: evidence, share: lexiconEnd, count: historyEnd, mixture)
      let stops = !extends || bestLetter < 0 || endMass >= bestMass || steps >= WordDecoder.capacity
      // Extending: the first step goes on even when ending weighs more (the partial word
      // itself is the other candidate), unless there is nowhere to go.
      let firstStepGoesOn = extends && steps == 0 && bestLetter >= 0 && endMass >= bestMass
      if stops && !firstStepGoesOn {
        guard endMass > 0 else { return (lexiconNode, historyNode, -.infinity) }
        let logEvidence = lexiconEnd > 0 ? system_logf(evidence) : -.infinity
        let logMass = prior.wordLogMass(logEvidence: logEvidence, ends: (lexiconEnd, historyEnd), node: lexiconNode, historyNode: historyNode, mixture)
        let score = beam.touchScore[slot] + prior.wordScore(logMass: logMass, mixture)
        return (lexiconNode, historyNode, score)
      }
      if let slots, slots.lengths[target] < WordDecoder.capacity {
        slots.letters[target * WordDecoder.capacity + slots.lengths[target]] = Int32(bestLetter)
        slots.lengths[target] += 1
      }
      lexiconNode = bestLexicon
      historyNode = bestHistory
      evidence = bestLexicon >= 0 ? evidence * Float(bestShare) * WordPrior.shareScale : 0
      steps += 1
    }
  }

  // MARK: Suggestions

  /// Up to `limit` (at most `maximumAlternatives`) words for a suggestion bar: the most likely
  /// completions of the beam's partial words after the current touches, corrections included,
  /// best first. Empty before the first touch and whenever `decide` would keep the word as typed.
  /// With `readingTwoWords`, `WordSuggestions.split` also reads typed letters that are no word
  /// as two ("thisis": "this is"), for a slot of its own; it costs the word's end decision
  /// besides, about twice the suggestions' time. After a space tap that landed near a letter
  /// (`noteSpaceTap(_:key:)`), `WordSuggestions.join` offers the word before it, the tap and the
  /// letters typed since as one word ("num e": "number"), when that reads better than the two.
  public func suggestions(limit: Int = 3, readingTwoWords: Bool = false) -> WordSuggestions {
    suggestions(after: prior.context, limit: limit, readingTwoWords: readingTwoWords)
  }

  /// Suggestions for the current word after the words in `context`, as `suggestions(limit:readingTwoWords:)`
  /// gives them; the context is kept for the decoder's later calls.
  public func suggestions(after context: WordContext, limit: Int = 3, readingTwoWords: Bool = false) -> WordSuggestions {
    prior.context = context
    let slots = suggestionSlots
    slots.count = 0
    let limit = Swift.min(Swift.max(limit, 0), Self.maximumAlternatives)
    guard limit > 0, isDecodable, !isFinished else { return WordSuggestions(slots: slots) }
    ensureBeam(touches: touches.storedCount)
    complete(limit: limit, into: slots)
    var suggestions = WordSuggestions(slots: slots)
    // The beam is built: the two-word reading is the word's end decision's, with no second search.
    if readingTwoWords { suggestions.split = decide(after: context, limit: 1).split }
    // After a doubtful space: the word before it, the tap and these letters as one word (after
    // the decision, which runs the joiner too).
    if precedingWord.isPending { suggestions.join = suggestedJoin(currentScore: slots.count > 0 ? slots.scores[0] : -.infinity) }
    return suggestions
  }
}
