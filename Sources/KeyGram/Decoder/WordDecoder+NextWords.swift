/// The suggestion bar before the first letter of a word: the words likeliest to come next after
/// the previous word (or the sentence start), from the table's word pairs, mixed with the
/// user's word history as the decoder mixes them.
extension WordDecoder {
  /// The most candidates `nextWords` scores: the row's heaviest pairs and the head words.
  static let nextWordCandidateCapacity = 48

  /// Up to `limit` (at most `maximumAlternatives`) words likeliest to follow `context`, best
  /// first, written in their best form (capitalised at a sentence start). Candidates are the
  /// context row's `limit` + 4 heaviest pairs and the table's head words (its likeliest words);
  /// each is scored log P = log((κ/(1+b) · P(word | context) + c(word)) / (N + κ)), with the
  /// pair model's P(word | context) and the history count c. Without `PAIR`, empty. Ignores the
  /// current touches and keeps the context for the decoder's later calls. No allocation.
  public func nextWords(after context: WordContext, limit: Int = 3) -> WordSuggestions {
    prior.context = context
    let slots = suggestionSlots
    slots.count = 0
    let limit = Swift.min(Swift.max(limit, 0), Self.maximumAlternatives)
    guard limit > 0, let lexicon, let pairs = table.wordPairs else { return WordSuggestions(slots: slots) }
    let row = WordPrior.row(of: context, in: pairs, weight: 1)
    var count = 0
    // The row's heaviest pairs, by their own weight q (the backoff term is added below).
    let fromRow = Swift.min(limit + 4, Self.nextWordCandidateCapacity - pairs.headWordCount)
    for index in row.start..<row.end {
      let (word, weight) = pairs.entry(at: index)
      let score = Float(weight)
      guard count < fromRow || score > nextWordScores[count - 1] else { continue }
      var position = count < fromRow ? count : count - 1
      if count < fromRow { count += 1 }
      while position > 0 && nextWordScores[position - 1] < score {
        nextWordScores[position] = nextWordScores[position - 1]
        nextWordIDs[position] = nextWordIDs[position - 1]
        position -= 1
      }
      nextWordScores[position] = score
      nextWordIDs[position] = Int32(bitPattern: word.rawValue)
    }
    for index in 0..<pairs.headWordCount where count < Self.nextWordCandidateCapacity {
      let word = Int32(bitPattern: pairs.headWord(at: index).rawValue)
      var listed = false
      for earlier in 0..<count where nextWordIDs[earlier] == word { listed = true }
      if !listed {
        nextWordIDs[count] = word
        count += 1
      }
    }
    let mixture = prior.mixture
    for index in 0..<count {
      let word = WordID(node: LexiconNode(index: UInt32(bitPattern: nextWordIDs[index])))
      let lexiconProbability = system_expf(lexicon.logProbability(of: word))
      let conditional = pairs.probability(of: word, in: row, lexiconProbability: lexiconProbability)
      let mass = mixture.lexiconScale * conditional + historyCount(of: word, in: lexicon)
      nextWordScores[index] = mass > 0 ? system_logf(mass) - mixture.logNormaliser : -.infinity
    }
    // The best `limit`, by selection: at most 48 candidates.
    while slots.count < limit {
      var best = -1
      for index in 0..<count where nextWordScores[index] > -.infinity && (best < 0 || nextWordScores[index] > nextWordScores[best]) { best = index }
      guard best >= 0 else { break }
      writeNextWord(WordID(node: LexiconNode(index: UInt32(bitPattern: nextWordIDs[best]))), score: nextWordScores[best],
                    capitalised: context.isSentenceStart, into: slots, in: lexicon)
      nextWordScores[best] = -.infinity
    }
    return WordSuggestions(slots: slots)
  }

  /// How often the user's word history holds `word`, 0 without a history.
  func historyCount(of word: WordID, in lexicon: Lexicon) -> Float {
    guard let wordHistory else { return 0 }
    let length = lexicon.forEachLetterBackwards(of: word.node) { position, letter in nextWordLetters[position] = Int32(letter) }
    guard length <= Self.capacity else { return 0 }
    var cursor = WordHistory.Cursor(history: wordHistory)
    for position in 0..<length { cursor.step(letter: Int(nextWordLetters[position]), in: wordHistory) }
    return wordHistory.endCount(at: cursor)
  }

  /// Appends `word` to `slots` in its best form.
  func writeNextWord(_ word: WordID, score: Float, capitalised: Bool, into slots: WordSlots, in lexicon: Lexicon) {
    let target = slots.count, base = target * WordDecoder.capacity
    let length = lexicon.forEachLetterBackwards(of: word.node) { position, letter in
      if position < WordDecoder.capacity { slots.letters[base + position] = Int32(letter) }
    }
    slots.lengths[target] = Swift.min(length, WordDecoder.capacity)
    slots.scores[target] = score
    slots.sources[target] = DecodedWord.Source.lexicon.rawValue
    slots.nodes[target] = Int(word.rawValue)
    let forms = table.writtenForms(ofNode: Int(word.rawValue))
    let written = Swift.min(slots.lengths[target], 64)
    var capitals = forms[0].capitalMask(length: written)
    if capitalised { capitals |= 1 & Self.mask(length: written) }
    slots.formIndices[target] = 0
    slots.formCounts[target] = forms.count
    slots.capitals[target] = Int(bitPattern: UInt(capitals))
    slots.apostrophes[target] = Self.packApostrophes(of: forms[0], length: written)
    slots.count = target + 1
  }
}
