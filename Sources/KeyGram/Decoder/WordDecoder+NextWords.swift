/// The suggestion bar before the first letter of a word: the words likeliest to come next after
/// the previous word (or the sentence start), from the table's word pairs, mixed with the
/// user's word history as the decoder mixes them.
extension WordDecoder {
  /// The most candidates `nextWords` scores: the row's heaviest pairs and the head words.
  static let nextWordCandidateCapacity = 48

  /// Up to `limit` (at most `maximumAlternatives`) words likeliest to follow `context`, best
  /// first, written in their best form (capitalised at a sentence start). Candidates are the
  /// context row's `limit` + 4 heaviest pairs, the table's head words (its likeliest words) and
  /// the words the user typed after the same word (the history's pairs); each is scored
  /// log((κ₂ · P(word) + c(context, word)) / (κ₂ + c(context))), with P(word) = (κ/(1+b) ·
  /// P(word | context) + c(word)) / (N + κ) the decoder's mixture of the pair model and the
  /// history's counts, c(context, word) the history's pair count, c(context) all its pairs after
  /// that word and κ₂ `Parameters.historyPairConcentration`. A blocked offensive word
  /// (`Parameters.blocksOffensiveWords`) is none, nor the previous word itself unless the row
  /// holds that pair ("die die"). Without `PAIR`, empty. Ignores the
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
    for index in 0..<count { nextWordHeads[index] = headWords.index(of: nextWordIDs[index]) }
    for index in 0..<headWords.count where count < Self.nextWordCandidateCapacity {
      let word = headWords.ids[index]
      var listed = false
      for earlier in 0..<count where nextWordIDs[earlier] == word { listed = true }
      if !listed {
        nextWordIDs[count] = word
        nextWordHeads[count] = Int32(index)
        count += 1
      }
    }
    let fromTable = count
    count = addHistoryPairs(to: count, in: lexicon)
    for index in fromTable..<count { nextWordHeads[index] = nextWordIDs[index] >= 0 ? headWords.index(of: nextWordIDs[index]) : -1 }
    let mixture = prior.mixture, first = prior.historyFirstNode
    // The user's own pairs after the previous word, c(v), and their weight against the rest.
    let pairTotal = first >= 0 ? wordHistory?.pairTotal(after: first) ?? 0 : 0
    let concentration = parameters.historyPairConcentration
    let logPairNormaliser = system_logf(concentration + pairTotal)
    for index in 0..<count {
      var mass: Float = 0, historyNode = -1
      if nextWordIDs[index] >= 0 {
        let word = WordID(node: LexiconNode(index: UInt32(bitPattern: nextWordIDs[index])))
        let head = Int(nextWordHeads[index])
        let logProbability: Float
        if head >= 0 {
          logProbability = headWords.logProbabilities[head]
          historyNode = wordHistory?.wordNode(length: Int(headWords.lengths[head])) { headWords.letter($0, ofWord: head) } ?? -1
        } else {
          let (length, lexiconLog) = lexicon.spellBackwards(word) { fromEnd, letter in
            if fromEnd < nextWordLetters.count { nextWordLetters[fromEnd] = Int32(letter) }
          }
          logProbability = lexiconLog
          if length <= nextWordLetters.count {
            historyNode = wordHistory?.wordNode(length: length) { Int(nextWordLetters[length - 1 - $0]) } ?? -1
          }
        }
        mass = mixture.lexiconScale * pairs.probability(of: word, in: row, lexiconProbability: system_expf(logProbability))
      } else {
        historyNode = Int(-1 - nextWordIDs[index])
      }
      var pairCount: Float = 0, historyEnd: Float = 0
      if historyNode > 0, let wordHistory {
        historyEnd = wordHistory.endCount(ofNode: historyNode)
        mass += historyEnd
        if first >= 0 { pairCount = wordHistory.pairCount(first: first, second: historyNode) }
      }
      // The previous word again only where the text wrote it twice ("die die"): from the backoff alone ("the the") it is a slip.
      let repeats = !context.isSentenceStart && context.previousWord?.rawValue == UInt32(bitPattern: nextWordIDs[index])
        && pairs.weight(of: WordID(node: LexiconNode(index: UInt32(bitPattern: nextWordIDs[index]))), in: row) == 0
      if nextWordIDs[index] >= 0 && (repeats || prior.isBlocked(node: nextWordIDs[index], historyEnd: historyEnd)) {
        nextWordScores[index] = -.infinity
        continue
      }
      // (κ₂ · P(w) + c(v, w)) / (κ₂ + c(v)), P(w) the decoder's mixture of tables and history.
      let probability = mass > 0 ? system_expf(system_logf(mass) - mixture.logNormaliser) : 0
      let pairMass = concentration * probability + pairCount
      nextWordScores[index] = pairMass > 0 ? system_logf(pairMass) - logPairNormaliser : -.infinity
    }
    // The best `limit`, by selection: at most 48 candidates.
    while slots.count < limit {
      var best = -1
      for index in 0..<count where nextWordScores[index] > -.infinity && (best < 0 || nextWordScores[index] > nextWordScores[best]) { best = index }
      guard best >= 0 else { break }
      if nextWordIDs[best] >= 0 {
        writeNextWord(WordID(node: LexiconNode(index: UInt32(bitPattern: nextWordIDs[best]))), head: Int(nextWordHeads[best]),
                      score: nextWordScores[best], capitalised: context.isSentenceStart, into: slots, in: lexicon)
      } else {
        writeHistoryWord(node: Int(-1 - nextWordIDs[best]), score: nextWordScores[best], capitalised: context.isSentenceStart, into: slots)
      }
      nextWordScores[best] = -.infinity
    }
    return WordSuggestions(slots: slots)
  }

  /// Adds the words the user typed after the context's previous word (the history's pairs) to
  /// the `count` candidates: a lexicon word by its id, any other the history offers (a target,
  /// `Parameters.historyTargetCount`) as −1 − its history node. Returns the new count.
  func addHistoryPairs(to count: Int, in lexicon: Lexicon) -> Int {
    var count = count
    let first = prior.historyFirstNode
    guard first >= 0, let wordHistory else { return count }
    wordHistory.forEachPair(after: first) { second, _ in
      guard count < Self.nextWordCandidateCapacity else { return }
      let length = wordHistory.wordLetters(ofNode: second) { position, letter in
        if position < nextWordLetters.count { nextWordLetters[position] = Int32(letter) }
      }
      guard length > 0, length <= nextWordLetters.count else { return }
      var node: LexiconNode? = lexicon.root
      for position in 0..<length { node = node.flatMap { lexicon.child(of: $0, letter: Int(nextWordLetters[position])) } }
      var candidate: Int32
      if let node, node.index != 0, lexicon.endShare(of: node) > 0 {
        candidate = Int32(bitPattern: node.index)
      } else {
        let own = wordHistory.endCount(ofNode: second)
        guard own >= parameters.historyTargetCount else { return }
        candidate = Int32(-1 - second)
      }
      for earlier in 0..<count where nextWordIDs[earlier] == candidate { return }
      nextWordIDs[count] = candidate
      count += 1
    }
    return count
  }

  /// Appends `word` (head word `head`, or −1) to `slots` in its best form.
  func writeNextWord(_ word: WordID, head: Int, score: Float, capitalised: Bool, into slots: WordSlots, in lexicon: Lexicon) {
    let target = slots.count, base = target * WordDecoder.capacity
    var length = 0
    if head >= 0 {
      length = Int(headWords.lengths[head])
      for position in 0..<Swift.min(length, WordDecoder.capacity) { slots.letters[base + position] = Int32(headWords.letter(position, ofWord: head)) }
    } else {
      length = lexicon.forEachLetterBackwards(of: word.node) { position, letter in
        if position < WordDecoder.capacity { slots.letters[base + position] = Int32(letter) }
      }
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

  /// Appends the history word ending at `node` (no lexicon word) to `slots`, in lowercase.
  func writeHistoryWord(node: Int, score: Float, capitalised: Bool, into slots: WordSlots) {
    guard let wordHistory else { return }
    let target = slots.count, base = target * WordDecoder.capacity
    let length = wordHistory.wordLetters(ofNode: node) { position, letter in
      if position < WordDecoder.capacity { slots.letters[base + position] = Int32(letter) }
    }
    slots.lengths[target] = Swift.min(length, WordDecoder.capacity)
    slots.scores[target] = score
    slots.sources[target] = DecodedWord.Source.history.rawValue
    slots.nodes[target] = -1
    slots.formIndices[target] = -1
    slots.formCounts[target] = 0
    slots.capitals[target] = capitalised && length > 0 ? 1 : 0
    slots.apostrophes[target] = 0
    slots.count = target + 1
  }
}
