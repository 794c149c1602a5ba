/// Taps inside a word that landed on a key without a letter, which the keyboard acted on at
/// once (shift typed nothing; backspace deleted the letter before) and the decoder may take for
/// the letters the typist aimed at (`DecoderMove.keyTapLetters`).
extension WordDecoder {
  /// A tap in the current word on `key`, a key without a letter that typed nothing into it
  /// (shift, whose capital goes to the next letter; a globe or emoji key), before its first
  /// letter or after any. The decoder keeps it and may take it for a letter whose key lies near
  /// (`Parameters.keyTapLetterCost`): the `a` of "make", or of "and", that landed on shift. A
  /// capital's shift, tapped at the key's centre, lies far from every letter and stays a shift.
  /// Ignored past `capacity` touches and for a tap off the keyboard or on a letter key. O(1).
  public func addTapWithoutLetter(_ touch: TouchPoint, key: KeyIndex) {
    guard isKeyTap(touch, key: key) else { return }
    if isFinished { startWord() }
    guard touches.isWhole else { return }
    canUndo = false
    likelihood.motion.startWord()
    let evicted = keyTaps.append(x: touch.x, y: touch.y, key: key.rawValue, position: touches.storedCount, deleted: nil)
    beam.truncate(toTouches: Swift.min(touches.storedCount, evicted ?? .max) - 1)
  }

  /// A backspace tapped at `touch` on `key`: as `removeLast()`, and the decoder keeps the deleted
  /// letter's touch with the tap, so it may take both for letters (`Parameters.keyTapLetterCost`):
  /// "numbers" whose `m` landed on backspace, which deleted the `u`. A tap off the keyboard, on a
  /// letter key, or with no letter of the word to delete is an ordinary backspace, except right
  /// after a space tap (`noteSpaceTap(_:key:)`): then it deleted that space, and the next word
  /// may take the tap for its first letter (`WordDecision.restoresSpace`); after a mark tap it
  /// deleted the mark, which is not put back. O(1).
  public func removeLast(tappedAt touch: TouchPoint, key: KeyIndex) {
    // Right after a noted space tap, the backspace deleted that space: near a letter, it may
    // have been the next word's first letter ("the more" typed "the", backspace, "ore").
    if isFinished && spaceTapped && !markTapped && joiner != nil && isKeyTap(touch, key: key) && liesNearLetter(touch, against: key.rawValue) {
      precedingWord.isPending = false
      // A new word whose first letter the tap may be, as a shift tap before it would be.
      addTapWithoutLetter(touch, key: key)
      restoresSpace = true
      return
    }
    let last = touches.storedCount - 1
    guard !isFinished, last >= 0, touches.isWhole, isKeyTap(touch, key: key) else {
      removeLast()
      return
    }
    let deleted = (x: touches.x[last], y: touches.y[last], key: touches.key[last])
    removeLast()
    let evicted = keyTaps.append(x: touch.x, y: touch.y, key: key.rawValue, position: touches.storedCount, deleted: deleted)
    // A tap pushed out of the fixed room took its letters from the steps from its position on.
    beam.truncate(toTouches: Swift.min(touches.storedCount, evicted ?? .max) - 1)
  }

  /// Whether a tap of the word on a key without a letter lies near a letter key, so that it may
  /// have been that letter (`liesNearLetter`); a backspace or shift at its key's centre does
  /// not. O(taps × keys), and only asked of letters the history holds.
  var holdsTapNearLetter: Bool {
    for tap in 0..<keyTaps.count where liesNearLetter(TouchPoint(x: keyTaps.x[tap], y: keyTaps.y[tap]), against: keyTaps.key[tap]) {
      return true
    }
    return false
  }

  /// Whether `touch` on `key` can be a key tap: finite, on the keyboard, on a key without a letter.
  func isKeyTap(_ touch: TouchPoint, key: KeyIndex) -> Bool {
    isOnKeyboard(touch) && key.rawValue >= 0 && key.rawValue < keyCount && layout[key].isSpecial
  }

  // MARK: The search's move

  /// Into the skip heap of step `step`: each of the step's `parents` partial words (in
  /// `beam.order`, best first) extended by the letters of a key tap that sits before touch
  /// `step`: one letter for a tap that typed nothing, two for a backspace (the deleted touch's,
  /// then the tap's). Each tap's letter scores its likelihood on the letter's key less its
  /// likelihood on the key it landed on (or, for the deleted touch, on the key it typed), within
  /// the spatial cutoff, less `EditCosts.keyTapLetter`.
  func addKeyTapLetters(step: Int, parents: Int, _ mixture: WordPrior.Mixture) {
    let beam = self.beam, cost = costs.keyTapLetter, cutoff = -parameters.spatialCutoff
    for tap in 0..<keyTaps.count where keyTaps.position[tap] == step {
      likelihood.logLikelihoods(x: keyTaps.x[tap], y: keyTaps.y[tap], variance: nil, into: keyTapSpatial, at: 0)
      let itself = keyTapSpatial[keyTaps.key[tap]]
      let deletes = keyTaps.kind[tap] == KeyTaps.Kind.deleted.rawValue
      var deletedItself: Float = 0
      if deletes {
        likelihood.logLikelihoods(x: keyTaps.deletedX[tap], y: keyTaps.deletedY[tap], variance: nil, into: keyTapSpatial, at: keyCount)
        deletedItself = keyTapSpatial[keyCount + keyTaps.deletedKey[tap]]
      }
      // The letters near the tap (and near the deleted touch), and the best gain of each.
      var tapCount = 0, deletedCount = 0, bestTap = -Float.infinity, bestDeleted: Float = 0
      for letter in 0..<letterCount where keyOfLetter[letter] >= 0 {
        let onTap = keyTapSpatial[keyOfLetter[letter]]
        if onTap >= cutoff { lateLetters[tapCount] = letter; tapCount += 1; bestTap = Swift.max(bestTap, onTap - itself) }
        if deletes {
          let onDeleted = keyTapSpatial[keyCount + keyOfLetter[letter]]
          if onDeleted >= cutoff {
            earlyLetters[deletedCount] = letter
            bestDeleted = deletedCount == 0 ? onDeleted - deletedItself : Swift.max(bestDeleted, onDeleted - deletedItself)
            deletedCount += 1
          }
        }
      }
      guard tapCount > 0, !deletes || deletedCount > 0 else { continue }
      for index in 0..<parents {
        let slot = beam.order[index]
        let flags = beam.info[slot] & Beam.editFlags
        let parentScore = beam.score[slot] - cost
        // Best first: once a partial word cannot beat the full heap, no later one can.
        guard parentScore + bestTap + bestDeleted > beam.threshold(capacity: beam.omissionWidth) else { break }
        guard costs.allows(.keyTapLetters, after: flags) else { continue }
        let touchScore = beam.touchScore[slot] - cost
        var lexiconNode = beam.lexiconNode[slot], historyNode = beam.historyNode[slot], evidence = beam.logEvidence[slot]
        for deletedIndex in 0..<(deletes ? deletedCount : 1) {
          var first = Beam.noSecondLetter, gain: Float = 0
          if deletes {
            first = Int32(earlyLetters[deletedIndex])
            gain = keyTapSpatial[keyCount + keyOfLetter[Int(first)]] - deletedItself
            lexiconNode = lexiconChild(of: beam.lexiconNode[slot], letter: Int(first))
            historyNode = historyChild(of: beam.historyNode[slot], letter: Int(first))
            guard lexiconNode >= 0 || historyNode >= 0, parentScore + gain + bestTap > beam.threshold(capacity: beam.omissionWidth) else { continue }
            evidence = lexiconNode >= 0 ? beam.logEvidence[slot] + prior.logOfShare(children.trie!.share(of: Int(lexiconNode))) : -.infinity
          }
          for tapIndex in 0..<tapCount {
            let letter = lateLetters[tapIndex]
            let tapGain = keyTapSpatial[keyOfLetter[letter]] - itself
            guard parentScore + gain + tapGain > beam.threshold(capacity: beam.omissionWidth) else { continue }
            let lexiconLetter = lexiconChild(of: lexiconNode, letter: letter), historyLetter = historyChild(of: historyNode, letter: letter)
            let count = historyLetter >= 0 ? wordHistory!.count(of: Int(historyLetter)) : 0
            guard count > 0 || lexiconLetter >= 0 else { continue }
            let childEvidence = lexiconLetter >= 0 ? evidence + prior.logOfShare(children.trie!.share(of: Int(lexiconLetter))) : -.infinity
            // A backspace's letters: the deleted one first, the tap's second; a lone tap's letter, no second.
            let letters = deletes ? first | Int32(letter) << 8 : Int32(letter) | Beam.noSecondLetter << 8
            let total = touchScore + gain + tapGain
            beam.insert(base: step * beam.stride + beam.width, capacity: beam.omissionWidth, lexicon: lexiconLetter, history: historyLetter,
                        parent: slot, info: Beam.kindKeyTap | flags | Beam.usedKeyTap | letters, logEvidence: childEvidence,
                        historyCount: count, touchScore: total, score: total + prior.prefixScore(childEvidence, count, mixture))
          }
        }
      }
    }
  }
}
