/// Two words where one was typed: the space between them left out ("thisis") or typed on a
/// letter ("hevis"). LatinIME tries both moves inside its search; here the beam's own steps
/// already hold every first word, so a split is read off them once the word is decided, and
/// the search itself is untouched.
extension WordDecoder {
  /// One reading of the touches as two words, while `bestSplit` looks for the best.
  struct SplitCandidate {
    var score = -Float.infinity
    var firstSlot = -1
    var secondStart = 0
    /// The touch taken for the space bar, −1 for a space left out.
    var spaceTouch = -1
    var pairLift: Float = 0
    /// Each word's log P in the lexicon (0 for a history word, which passes every floor).
    var firstLogProbability: Float = 0
    var secondLogProbability: Float = 0
    /// The shorter word's letters: a one-letter word splits only as a pair the table keeps.
    var shorterLength = 2
    /// Whether the second word is the joiner's reading of its touches (in `splitSlots` slot 1), not the typed letters.
    var secondIsDecoded = false
  }

  /// The best reading of the stored touches as two words, into `splitSlots`, or nil: the first
  /// word is the best whole word the beam holds after some touch `k` (touch noise mended, no
  /// spelling edit), the second the typed letters after it, exactly, a lexicon or history word
  /// scored after the first (`WordContext`); after a touch that lies as near the space bar as
  /// its own key (`Parameters.joinTapCutoff`), the second may mend touch noise too ("avtrst":
  /// "a test"), read by the joiner. Between them, no touch (`spaceOmissionCost`) or
  /// touch `k`, taken for the space bar (its likelihood there against its key's, less
  /// `spaceSubstitutionCost`). It replaces as `splitReplaces` says.
  func bestSplit(typedScore: Float, bestScore: Float) -> WordSplit? {
    let count = touches.storedCount
    guard count >= 2, touches.lettersTyped == count, touches.invalidCount == 0, lexicon != nil else { return nil }
    let omission = parameters.spaceOmissionCost, substitution = parameters.spaceSubstitutionCost
    guard omission.isFinite || (substitution.isFinite && spaceKey >= 0) else { return nil }
    // Most ends leave no word after them: one walk per start says so, before any first word's search.
    for start in 1..<count { suffixIsWord[start] = lettersAreAWord(from: start) ? 1 : 0 }
    let outerContext = prior.context
    var switchedContext = false
    defer { if switchedContext { prior.context = outerContext } }
    var best = SplitCandidate()
    for end in 1..<count {
      let omits = omission.isFinite && suffixIsWord[end] != 0
      // Only a touch within the spatial cutoff of the space bar may have been the space.
      let onSpaceBar = substitution.isFinite && spaceKey >= 0 && end + 1 < count && spatial[end * keyCount + spaceKey] > -parameters.spatialCutoff
      let substitutes = onSpaceBar && suffixIsWord[end + 1] != 0
      let decodesSecond = onSpaceBar && !substitutes && joiner != nil
        && spatial[end * keyCount + spaceKey] >= spatial[end * keyCount + touches.key[end]] - parameters.joinTapCutoff
      guard omits || substitutes || decodesSecond else { continue }
      // The first word is scored after the words before it, not after an earlier candidate.
      if switchedContext {
        prior.context = outerContext
        switchedContext = false
      }
      let first = bestFirstWord(endingAt: end)
      guard first.slot >= 0 else { continue }
      // The second word after the first: its pair row (and the history's pairs) the first's.
      let slots = splitSlots
      writeWord(from: first.slot, into: slots, target: 0, align: false)
      var context = outerContext
      context.push(length: slots.lengths[0], id: first.node >= 0 ? WordID(node: LexiconNode(index: UInt32(first.node))) : nil,
                   endsSentence: false) { Int(slots.letters[$0]) }
      prior.context = context
      switchedContext = true
      var candidate = SplitCandidate(firstSlot: first.slot, firstLogProbability: first.logProbability)
      let firstLength = slots.lengths[0]
      if omits {
        candidate.score = first.score + exactWordScore(from: end) - omission
        if candidate.score > best.score {
          (candidate.secondStart, candidate.spaceTouch) = (end, -1)
          candidate.shorterLength = Swift.min(firstLength, count - end)
          (candidate.pairLift, candidate.secondLogProbability) = (lastPairLift, lastLogProbability)
          best = candidate
        }
      }
      if substitutes || decodesSecond {
        let onSpace = spatial[end * keyCount + spaceKey] - spatial[end * keyCount + touches.key[end]]
        let second = substitutes ? exactWordScore(from: end + 1) : decodedWordScore(from: end + 1, after: context)
        candidate.score = first.score + onSpace + second - substitution
        if candidate.score > best.score {
          (candidate.secondStart, candidate.spaceTouch, candidate.secondIsDecoded) = (end + 1, end, decodesSecond)
          candidate.shorterLength = Swift.min(firstLength, count - end - 1)
          (candidate.pairLift, candidate.secondLogProbability) = (lastPairLift, lastLogProbability)
          best = candidate
          // The joiner's word is kept now: a later touch's reading would overwrite its slots.
          if decodesSecond { splitSlots.copy(slot: 1, of: joiner!.decisionSlots, to: 1) }
        }
      }
    }
    guard best.firstSlot >= 0, best.score > typedScore else { return nil }
    writeSplit(firstSlot: best.firstSlot, secondStart: best.secondStart, secondIsDecoded: best.secondIsDecoded, score: best.score)
    let margin = best.score - Swift.max(typedScore, bestScore)
    return WordSplit(slots: splitSlots, spaceTouch: best.spaceTouch >= 0 ? best.spaceTouch : nil, margin: margin,
                     replaces: splitReplaces(best, margin: margin), pairLift: best.pairLift)
  }

  /// Whether a split that beats the typed letters and the best word by `margin` replaces them:
  /// by `splitMargin` when a touch was taken for the space bar; a space left out, by
  /// `omittedSpaceMargin` when the table keeps the pair, otherwise only when one word is common
  /// (`splitCommonWordLogProbability`), neither is rare (`splitWordLogProbabilityFloor`) or one
  /// letter long, and it beats them by `unpairedSplitMargin`. Jargon compounds ("techspeak",
  /// "hackerdom") and a plural's `s` ("sharchive s") fail the second test; "this is" passes the first.
  func splitReplaces(_ split: SplitCandidate, margin: Float) -> Bool {
    guard margin > margins.split else { return false }
    // A touch taken for the space bar is evidence of its own; a space left out has none.
    if split.spaceTouch >= 0 { return true }
    if split.pairLift > 0 { return margin > margins.omittedSpace }
    guard split.shorterLength >= 2 else { return false }
    let common = Swift.max(split.firstLogProbability, split.secondLogProbability) >= margins.splitCommonWordLogProbability
    let neitherRare = Swift.min(split.firstLogProbability, split.secondLogProbability) >= margins.splitWordLogProbabilityFloor
    return common && neitherRare && margin > margins.unpairedSplit
  }

  /// The best whole word the beam holds after `end` touches without a spelling edit: its slot
  /// (−1: none), its score, its lexicon node (−1: a history word) and its log P in the lexicon
  /// (0 for a history word).
  private func bestFirstWord(endingAt end: Int) -> (slot: Int, score: Float, node: Int32, logProbability: Float) {
    let mixture = prior.mixture
    var best = (slot: -1, score: -Float.infinity, node: Int32(-1), logProbability: Float(0))
    for index in 0..<beam.mainCount[end] {
      let slot = self.slot(step: end, index: index)
      guard beam.info[slot] & Beam.editFlags & ~Beam.usedKeyTap == 0 else { continue }
      let ends = prior.targetEndShares(lexicon: beam.lexiconNode[slot], history: beam.historyNode[slot])
      guard ends.lexicon > 0 || ends.history > 0 else { continue }
      let logMass = prior.wordLogMass(logEvidence: beam.logEvidence[slot], ends: ends, node: beam.lexiconNode[slot],
                                      historyNode: beam.historyNode[slot], mixture)
      let score = beam.touchScore[slot] + prior.wordScore(logMass: logMass, mixture)
      if score > best.score {
        let isLexicon = ends.lexicon > 0
        best = (slot, score, isLexicon ? beam.lexiconNode[slot] : -1,
                isLexicon ? WordPrior.lexiconLogProbability(logEvidence: beam.logEvidence[slot], endShare: ends.lexicon) : 0)
      }
    }
    return best
  }

  /// Whether the typed letters from touch `start` to the last are a lexicon word or a history
  /// word the decoder may offer.
  private func lettersAreAWord(from start: Int) -> Bool {
    let walk = walkTyped(from: start)
    let ends = prior.targetEndShares(lexicon: walk.lexicon, history: walk.history)
    return ends.lexicon > 0 || ends.history > 0
  }

  /// The score of the touches from `start` to the last as the joiner's best word after
  /// `context`, touch noise mended and no spelling edit (−∞ when it finds none of their length);
  /// its pair lift and lexicon log P go to `lastPairLift` and `lastLogProbability`, as
  /// `exactWordScore(from:)` does. The joiner forgets the word a join would replay.
  private func decodedWordScore(from start: Int, after context: WordContext) -> Float {
    guard let joiner else { return -.infinity }
    precedingWord.joinerHoldsIt = false
    _ = joiner.likelihood.takeSpreads(of: likelihood)
    joiner.reset()
    joiner.addStoredTouches(of: self, from: start, to: touches.storedCount)
    let decision = joiner.decide(after: context, limit: 1)
    guard decision.alternativeCount > 0 else { return -.infinity }
    let word = decision.alternative(at: 0)
    guard word.count == touches.storedCount - start, !word.source.isEmpty, !word.correctsSpelling else { return -.infinity }
    let node = joiner.decisionSlots.nodes[1]
    lastLogProbability = node >= 0 ? joiner.bestLexiconLogProbability : 0
    lastPairLift = node >= 0 ? prior.contextLogFactor(node: Int32(node), logLexiconProbability: lastLogProbability) : 0
    return word.score
  }

  /// The score of the typed letters from touch `start` to the last as one lexicon or history
  /// word (−∞ when they are none): their touches on their keys plus the word's score after
  /// `prior.context`; its pair lift and lexicon log P go to `lastPairLift` and `lastLogProbability`.
  private func exactWordScore(from start: Int) -> Float {
    let walk = walkTyped(from: start)
    let ends = prior.targetEndShares(lexicon: walk.lexicon, history: walk.history)
    guard ends.lexicon > 0 || ends.history > 0 else { return -.infinity }
    let mixture = prior.mixture
    let logMass = prior.wordLogMass(logEvidence: walk.evidence, ends: ends, node: walk.lexicon, historyNode: walk.history, mixture)
    let logLexicon = WordPrior.lexiconLogProbability(logEvidence: walk.evidence, endShare: ends.lexicon)
    lastLogProbability = ends.lexicon > 0 ? logLexicon : 0
    lastPairLift = ends.lexicon > 0 ? prior.contextLogFactor(node: walk.lexicon, logLexiconProbability: logLexicon) : 0
    return walk.touchScore + prior.wordScore(logMass: logMass, mixture)
  }

  /// `splitSlots` 0 and 1: the first word from beam slot `firstSlot`, the typed letters from
  /// touch `secondStart` on (or, `secondIsDecoded`, the joiner's word already in slot 1), each
  /// written in its lexicon form with the typed capital at its start.
  private func writeSplit(firstSlot: Int, secondStart: Int, secondIsDecoded: Bool, score: Float) {
    let slots = splitSlots
    writeWord(from: firstSlot, into: slots, target: 0, align: false)
    let firstEnds = prior.targetEndShares(lexicon: beam.lexiconNode[firstSlot], history: beam.historyNode[firstSlot])
    slots.nodes[0] = firstEnds.lexicon > 0 ? Int(beam.lexiconNode[firstSlot]) : -1
    slots.sources[0] = WordPrior.source(of: firstEnds)
    let typedMask = typedCapitalMask, firstLength = slots.lengths[0]
    // The joiner wrote its word in its written form already.
    if !secondIsDecoded {
      let base = WordDecoder.capacity
      for index in secondStart..<touches.storedCount { slots.letters[base + index - secondStart] = touches.letter[index] }
      slots.lengths[1] = touches.storedCount - secondStart
      let walk = walkTyped(from: secondStart)
      let secondEnds = prior.targetEndShares(lexicon: walk.lexicon, history: walk.history)
      slots.nodes[1] = secondEnds.lexicon > 0 ? Int(walk.lexicon) : -1
      slots.sources[1] = WordPrior.source(of: secondEnds)
      writeSplitForm(slot: 1, typed: typedMask >> UInt64(secondStart), isTyped: true)
    }
    var firstIsTyped = firstLength == secondStart || firstLength + 1 == secondStart
    for position in 0..<Swift.min(firstLength, secondStart) where slots.letters[position] != touches.letter[position] { firstIsTyped = false }
    writeSplitForm(slot: 0, typed: typedMask & Self.mask(length: firstLength), isTyped: firstIsTyped)
    slots.scores[0] = score
    slots.scores[1] = score
    slots.count = 2
  }

  /// Slot `slot` of `splitSlots` written as `writeForm` writes a word: in the lexicon form the
  /// capitals `typed` give when its letters are the typed ones (`isTyped`), else in its best
  /// form; a typed capital first letter kept; a history word as its letters.
  private func writeSplitForm(slot: Int, typed: UInt64, isTyped: Bool) {
    let slots = splitSlots
    let length = Swift.min(slots.lengths[slot], 64)
    var capitals: UInt64 = isTyped ? typed & Self.mask(length: length) : 0
    slots.formIndices[slot] = -1
    slots.formCounts[slot] = 0
    slots.apostrophes[slot] = 0
    if slots.nodes[slot] >= 0 {
      let forms = table.writtenForms(ofNode: slots.nodes[slot])
      var chosen = 0
      if isTyped {
        for index in 0..<forms.count where Self.matches(forms[index], length: length, typed: capitals) {
          chosen = index
          break
        }
      }
      if chosen < forms.count {
        capitals = forms[chosen].capitalMask(length: length)
        slots.apostrophes[slot] = Self.packApostrophes(of: forms[chosen], length: length)
        slots.formIndices[slot] = chosen
        slots.formCounts[slot] = forms.count
      }
    }
    if typed & 1 != 0 { capitals |= 1 & Self.mask(length: length) }
    slots.capitals[slot] = Int(bitPattern: UInt(capitals))
  }
}
