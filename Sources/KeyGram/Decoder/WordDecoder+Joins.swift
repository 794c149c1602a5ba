/// A space tap that was a letter: the word before it, the tap and the word after it read as one
/// word ("num ers" as "numbers"), searched by a second, smaller decoder of the same table over the
/// joined touches, the tap taken for a letter as a shift tap is (`DecoderMove.keyTapLetters`).
extension WordDecoder {
  /// The space bar (or return, or a mark key) tapped at `touch` on `key` to end the word just
  /// finished (`finishWord(_:teaching:)`), the space (or line break, or mark) typed. When that
  /// word's letters stood (written as the language writes them, perhaps: `i` as `I`), the decoder
  /// keeps it with the tap, and the next word's decision may read the two and the tap as one
  /// (`WordDecision.join`): a tap that landed near a letter key may have been that letter. A
  /// second tap with no word between is kept alone: it may have been the next word's first
  /// letter ("the  andwidth" as "the bandwidth"). A mark key on the letter rows (French `'`,
  /// Greek `;`) ends the word as the space bar does, and its tap is read alike ("bo'jour" as
  /// "bonjour"; "όπω;" and a space as "όπως"). Call it for every space-bar, return and mark
  /// tap; a tap elsewhere, a word replaced by other letters, or any other call in between
  /// (`reset()`, a backspace past the next word's start) forgets the word. O(letters of the
  /// word), or a second search when this tap follows a kept one.
  ///
  /// Returns a join to put in now when this tap follows a kept tap with no word between and the
  /// kept word with that earlier tap taken for its last letter beats the word as it stood by
  /// `Parameters.joinMargin` ("emissio", a tap near n on the space bar, then the space:
  /// "emission"): delete `replacedCharacterCount` characters before the cursor (the word, the
  /// earlier space or mark, and this one) and insert `word` and a space. The history forgets the
  /// word as it stood. nil otherwise, and always for a host that ignores it.
  @discardableResult
  public func noteSpaceTap(_ touch: TouchPoint, key: KeyIndex) -> WordJoin? {
    let followsSpace = spaceTapped
    // Two spaces in a row: the first may have been the kept word's last letter ("a", n on the space bar: "an").
    let lastLetter = followsSpace && precedingWord.isPending && precedingWord.count > 0 ? lastLetterJoin() : nil
    spaceTapped = true
    markTapped = isMark(key)
    precedingWord.isPending = false
    if let lastLetter {
      forgetJoinedWord()
      return lastLetter
    }
    guard joiner != nil, isFinished, isOnKeyboard(touch), key.rawValue == spaceKey || isReturn(key) || markTapped,
          liesNearLetter(touch, against: key.rawValue) else { return nil }
    if followsSpace {
      precedingWord.keepTapAlone(touch, tapKey: key.rawValue)
      return nil
    } else if finishedWordStood && touches.isWhole && touches.storedCount > 0 && precedingWord.stood.lengths[0] == touches.storedCount {
      // The text shows a letter per kept touch, unless the word was finished with a decision made before its last touches.
      precedingWord.keep(touches, score: decidedTypedScore, context: prior.context, tap: touch, tapKey: key.rawValue)
    }
    return nil
  }

  /// The kept word with its tap taken for one more letter, when that beats the word as it stood
  /// by `joinMargin` and, for letters that are no lexicon word, the history does not hold them as
  /// a word as often as an undo teaches one (the user kept them); nil otherwise. A lexicon word
  /// the history holds ("the", "a") is weighed by the scores alone, which count the history
  /// already. Replaces the word and both spaces.
  func lastLetterJoin() -> WordJoin? {
    guard let joiner = joinerReplayingTouches(current: false) else { return nil }
    let preceding = precedingWord
    if preceding.stood.sources[0] & DecodedWord.Source.lexicon.rawValue == 0, let wordHistory,
       let node = wordHistory.wordNode(length: preceding.count, letter: { preceding.letter[$0] }),
       wordHistory.endCount(ofNode: node) >= parameters.historyTargetCount { return nil }
    let joined = joiner.decide(after: preceding.context, limit: 1)
    guard joined.alternativeCount > 0 else { return nil }
    let word = joined.alternative(at: 0)
    guard word.count == preceding.count + 1, !word.source.isEmpty, !word.correctsSpelling else { return nil }
    let margin = word.score - preceding.score
    guard margin > margins.join else { return nil }
    return WordJoin(slots: joined.slots, slot: 1, margin: margin, replaces: true, replacedCharacterCount: preceding.writtenCount + 2)
  }

  /// Whether `key` is return, which ends a word as the space bar does (the `m` of "some" lands on it).
  func isReturn(_ key: KeyIndex) -> Bool { role(of: key) == .returnKey }

  /// Whether `key` types a mark from the letter rows, which ends a word as the space bar does (French `'` takes touches aimed at n).
  func isMark(_ key: KeyIndex) -> Bool {
    guard case .punctuation? = role(of: key) else { return false }
    return true
  }

  /// The role of `key`, nil for an index outside the layout.
  func role(of key: KeyIndex) -> Key.Role? { key.rawValue >= 0 && key.rawValue < keyCount ? layout[key].role : nil }

  /// Whether a letter key lies near `touch`: within the spatial cutoff, as a key tap's letters
  /// must, and within `Parameters.joinTapCutoff` of the touch's likelihood on `key` (the space
  /// bar, or the backspace that deleted it).
  func liesNearLetter(_ touch: TouchPoint, against key: Int) -> Bool {
    likelihood.logLikelihoods(x: touch.x, y: touch.y, variance: nil, into: keyTapSpatial, at: 0)
    var best = -Float.infinity
    for letter in 0..<letterCount where keyOfLetter[letter] >= 0 { best = Swift.max(best, keyTapSpatial[keyOfLetter[letter]]) }
    return best >= -parameters.spatialCutoff && best >= keyTapSpatial[key] - parameters.joinTapCutoff
  }

  /// The previous word kept by `noteSpaceTap`, the tap and the current word read as one word,
  /// against the two (the previous word as it stood, and the current word's `currentScore`);
  /// nil when none is kept or no word of the joined length (the tap a letter) without a
  /// spelling edit is found. The history protects neither word: it learned every fragment
  /// such a slip left standing before ("con" of "con sidered").
  func bestJoin(currentScore: Float) -> WordJoin? {
    guard let joiner = joinerReplayingTouches() else { return nil }
    let preceding = precedingWord
    let joined = joiner.decide(after: joinContext, limit: 1)
    guard joined.alternativeCount > 0 else { return nil }
    let word = joined.alternative(at: 0)
    guard word.count == preceding.count + 1 + touches.storedCount, !word.source.isEmpty, !word.correctsSpelling else { return nil }
    let margin = word.score - (preceding.score + currentScore)
    return WordJoin(slots: joined.slots, slot: 1, margin: margin, replaces: margin > margins.join && !userKeptApart,
                    replacedCharacterCount: preceding.writtenCount + 1 + typedCount)
  }

  /// Whether the user kept these two words apart before, as an undo of the same join leaves the
  /// history: the current letters held as often as an undo teaches them and, after a kept word,
  /// the pair of the two. Then the join is only offered. A slip that merely stood once ("u'e",
  /// learned once with its pair) does not block the join for good.
  var userKeptApart: Bool {
    guard let wordHistory else { return false }
    let preceding = precedingWord
    guard let current = wordHistory.wordNode(length: touches.storedCount, letter: { Int(touches.letter[$0]) }),
          wordHistory.endCount(ofNode: current) >= parameters.historyTargetCount else { return false }
    guard preceding.count > 0 else { return true }
    guard let previous = wordHistory.wordNode(length: preceding.count, letter: { preceding.letter[$0] }) else { return false }
    return wordHistory.pairCount(first: previous, second: current) > 0
  }

  /// The joined word's likeliest completion for the suggestion bar ("num e": "number"), when it
  /// beats the two readings: the previous word as it stood and the current word's best
  /// completion (`currentScore`, −∞ when there is none). Never replaces: it is only offered.
  func suggestedJoin(currentScore: Float) -> WordJoin? {
    guard !restoresSpace, let joiner = joinerReplayingTouches() else { return nil }
    let preceding = precedingWord
    let joined = joiner.suggestions(after: joinContext, limit: 1)
    guard let word = joined.first, word.count >= preceding.count + 1 + touches.storedCount,
          !word.source.isEmpty, !word.correctsSpelling else { return nil }
    let margin = word.score - (preceding.score + currentScore)
    guard margin > 0 else { return nil }
    return WordJoin(slots: joined.slots, slot: 0, margin: margin, replaces: false,
                    replacedCharacterCount: preceding.writtenCount + 1 + typedCount)
  }

  /// The context the joined word is read after: the kept word's, or, for a tap kept alone, the current word's.
  var joinContext: WordContext { precedingWord.count > 0 ? precedingWord.context : prior.context }

  /// The joiner, given the kept word's touches, the tap (as a key tap) and, when `current`, the
  /// current touches; nil when no word is kept, or the joined touches would not fit. A joiner
  /// that holds the kept word already keeps its beam's steps up to the first touch that
  /// differs, so the suggestion bar's joins and the decision search one step per new touch.
  func joinerReplayingTouches(current: Bool = true) -> WordDecoder? {
    let preceding = precedingWord, currentCount = current ? touches.storedCount : 0
    guard preceding.isPending, let joiner, !current || touches.isWhole,
          preceding.count + 1 + currentCount <= Self.capacity else { return nil }
    // The joiner scores touches with this decoder's spreads; its beam's steps are stale once they change.
    if joiner.likelihood.takeSpreads(of: likelihood) { preceding.joinerHoldsIt = false }
    // The tap is a key tap, not a stored touch: the current touches follow the kept word's.
    let start = preceding.count
    var held = 0
    if preceding.joinerHoldsIt && !joiner.isFinished && joiner.touches.storedCount >= start {
      let joinerCurrent = joiner.touches.storedCount - start
      while held < Swift.min(joinerCurrent, currentCount) && joiner.touches.holdsTouch(start + held, of: touches, at: held) { held += 1 }
      for _ in held..<joinerCurrent { joiner.removeLast() }
    } else {
      joiner.reset()
      for index in 0..<preceding.count {
        joiner.add(TouchPoint(x: preceding.x[index], y: preceding.y[index]), key: KeyIndex(preceding.key[index]),
                   letter: preceding.letter[index], isCapital: preceding.isCapital(index))
      }
      joiner.addTapWithoutLetter(TouchPoint(x: preceding.tapX, y: preceding.tapY), key: KeyIndex(preceding.tapKey))
      preceding.joinerHoldsIt = true
    }
    joiner.addStoredTouches(of: self, from: held, to: currentCount)
    return joiner
  }

  /// Touches `start` ..< `end` of `source`'s stored touches added as this decoder's next touches,
  /// each with its key, letter and capital (untimed, as the joiner reads them).
  func addStoredTouches(of source: WordDecoder, from start: Int, to end: Int) {
    let touches = source.touches
    for index in start..<Swift.max(start, end) {
      add(TouchPoint(x: touches.x[index], y: touches.y[index]), key: KeyIndex(touches.key[index]),
          letter: Int(touches.letter[index]), isCapital: touches.capitals >> UInt64(index) & 1 != 0)
    }
  }

  /// The joiner's parameters: it looks for a word that takes the tap for its one edit, touch
  /// noise aside, so the other edits and the splits are off, which also keeps its search short.
  static func joinerParameters(_ parameters: Parameters) -> Parameters {
    var joiner = parameters
    joiner.joinMargin = .infinity
    (joiner.omissionCost, joiner.extraTouchCost) = (.infinity, .infinity)
    (joiner.doubledLetterCost, joiner.transpositionCost) = (.infinity, .infinity)
    (joiner.vowelSubstitutionCost, joiner.consonantSubstitutionCost, joiner.letterSubstitutionCost) = (.infinity, .infinity, .infinity)
    (joiner.spaceOmissionCost, joiner.spaceSubstitutionCost) = (.infinity, .infinity)
    return joiner
  }

  /// The keyboard put a suggested join (`WordSuggestions.join`) in place of the previous word,
  /// the space and the current letters: the history forgets the previous word, as when a join
  /// replaces at the word's end, and the current word ends as the joined word stands (it is
  /// learned when its boundary is recorded). Nothing happens unless a word is kept.
  public func acceptSuggestedJoin() {
    guard precedingWord.isPending else { return }
    forgetJoinedWord()
    startWord()
    precedingWord.isPending = false
    finishedWordStood = false
    canUndo = false
    isFinished = true
  }

  /// Keeps what a join replaced, for undo: the current letters (slot 0 of `typed`), the joined
  /// word, and the previous word as the text showed it.
  func keepForUndo(_ join: WordJoin, typed: WordSlots) {
    let preceding = precedingWord, slots = replacedSlots
    slots.copy(slot: 0, of: typed, to: 0)
    slots.copy(slot: join.slot, of: join.slots, to: 1)
    slots.copy(slot: 0, of: preceding.stood, to: 2)
    slots.count = 3
  }

  /// Undoes a join in the history: the joined word and its pair go, and the current letters are
  /// learned as an undo teaches a restored word. The host's text records the previous word, the
  /// space and the current letters again, so the history relearns the previous word, and the
  /// pair of the two when the current word ends: `userKeptApart` then holds.
  func undoJoin() {
    guard let wordHistory else { return }
    let slots = replacedSlots
    let context = precedingWord.count > 0 ? precedingWord.context : prior.context
    if let before = context.previousNode(in: wordHistory),
       let joined = wordHistory.wordNode(length: slots.lengths[1], letter: { Int(slots.letters[Self.capacity + $0]) }) {
      wordHistory.unlearnPair(first: before, second: joined)
    }
    wordHistory.unlearn(length: slots.lengths[1]) { Int(slots.letters[Self.capacity + $0]) }
    for _ in 0..<restoredWordLearnCount(slots, slot: 0) { wordHistory.learn(length: slots.lengths[0]) { Int(slots.letters[$0]) } }
  }

  /// After a join put in place: the history forgets the previous word, which the text learned
  /// when its space was typed, and its pair; the joined word is learned when its own boundary is.
  func forgetJoinedWord() {
    let preceding = precedingWord
    guard let wordHistory, preceding.count > 0 else { return }
    if let first = preceding.context.previousNode(in: wordHistory),
       let second = wordHistory.wordNode(length: preceding.count, letter: { preceding.letter[$0] }) {
      wordHistory.unlearnPair(first: first, second: second)
    }
    wordHistory.unlearn(length: preceding.count) { preceding.letter[$0] }
  }
}
