/// The beam's fixed storage. Step t (0 ... `capacity`) holds the partial words that have used
/// the first t touches: `width` slots for those that skipped no letter since their last touch,
/// then `omissionWidth` for those that just skipped one. Each slot is a partial word: its
/// lexicon node, its history node, its parent slot, how it got there, its lexicon evidence,
/// its history count, its touch score and its total score. Structure of arrays, so a step is a
/// few cache lines per field.
final class Beam {
  let width: Int
  let omissionWidth: Int
  /// Slots per step.
  let stride: Int
  let lexiconNode: Int32Buffer
  let historyNode: Int32Buffer
  let parent: Int32Buffer
  /// Bits 0–15 the letter (0xFFFF: none), 16–17 the kind, 18 a letter was skipped, 19 an extra touch was used.
  let info: Int32Buffer
  /// log of the lexicon evidence: Π share / shareTotal along the path (−∞ off the lexicon).
  let logEvidence: FloatBuffer
  /// How many learned words pass through the history node (0 off the history).
  let historyCount: FloatBuffer
  /// Σ touch log-likelihoods − edit costs.
  let touchScore: FloatBuffer
  /// touchScore + β · log P(prefix): the beam's ranking.
  let score: FloatBuffer
  let mainCount: IntBuffer
  let omissionCount: IntBuffer
  /// The min-heap of the step being built (slot indices, worst on top).
  let heap: IntBuffer
  var heapCount = 0
  /// Steps 0 ..< readySteps are final.
  var readySteps = 0
  var historyVersion: UInt32 = 0
  var historyGeneration: UInt32 = 0
  var historyWords: Float = -1

  static let kindRoot: Int32 = 0
  static let kindMatch: Int32 = 1 << 16
  static let kindOmission: Int32 = 2 << 16
  static let kindExtra: Int32 = 3 << 16
  static let kindMask: Int32 = 3 << 16
  static let skippedLetter: Int32 = 1 << 18
  static let usedExtraTouch: Int32 = 1 << 19
  static let noLetter: Int32 = 0xFFFF

  init(width: Int, omissionWidth: Int, steps: Int) {
    self.width = width
    self.omissionWidth = omissionWidth
    stride = width + omissionWidth
    let slots = stride * steps
    lexiconNode = Int32Buffer(repeating: -1, count: slots)
    historyNode = Int32Buffer(repeating: -1, count: slots)
    parent = Int32Buffer(repeating: -1, count: slots)
    info = Int32Buffer(repeating: 0, count: slots)
    logEvidence = FloatBuffer(repeating: 0, count: slots)
    historyCount = FloatBuffer(repeating: 0, count: slots)
    touchScore = FloatBuffer(repeating: 0, count: slots)
    score = FloatBuffer(repeating: 0, count: slots)
    mainCount = IntBuffer(repeating: 0, count: steps)
    omissionCount = IntBuffer(repeating: 0, count: steps)
    heap = IntBuffer(repeating: 0, count: Swift.max(width, omissionWidth, 1))
  }

  /// Bytes of fixed memory the beam holds.
  var bytes: Int { lexiconNode.count * 32 + mainCount.count * 16 + heap.count * 8 }

  /// Keeps the steps that the first `touches` touches decide.
  func truncate(toTouches touches: Int) { readySteps = Swift.min(readySteps, touches + 1) }

  func invalidate() { readySteps = 0 }

  func beginHeap() { heapCount = 0 }

  /// The worst score in a full heap of `capacity`, or −∞ while it has room.
  @inline(__always)
  func threshold(capacity: Int) -> Float { heapCount < capacity ? -.infinity : score[heap[0]] }

  /// Puts a partial word into the heap of `capacity` slots from `base`, evicting the worst if
  /// full; a word no better than the worst of a full heap is dropped.
  @inline(__always)
  func insert(base: Int, capacity: Int, lexicon: Int32, history: Int32, parent from: Int, info flags: Int32,
              logEvidence evidence: Float, historyCount count: Float, touchScore touches: Float, score total: Float) {
    guard capacity > 0 else { return }
    let slot: Int
    if heapCount < capacity {
      slot = base + heapCount
    } else {
      guard total > score[heap[0]] else { return }
      slot = heap[0]
    }
    lexiconNode[slot] = lexicon
    historyNode[slot] = history
    parent[slot] = Int32(truncatingIfNeeded: from)
    info[slot] = flags
    logEvidence[slot] = evidence
    historyCount[slot] = count
    touchScore[slot] = touches
    score[slot] = total
    if heapCount < capacity {
      heap[heapCount] = slot
      heapCount += 1
      siftUp(heapCount - 1)
    } else {
      siftDown(0)
    }
  }

  private func siftUp(_ start: Int) {
    var child = start
    let moving = heap[child], movingScore = score[moving]
    while child > 0 {
      let parentIndex = (child - 1) / 2
      guard score[heap[parentIndex]] > movingScore else { break }
      heap[child] = heap[parentIndex]
      child = parentIndex
    }
    heap[child] = moving
  }

  private func siftDown(_ start: Int) {
    var index = start
    let moving = heap[index], movingScore = score[moving]
    while true {
      let left = 2 * index + 1
      guard left < heapCount else { break }
      let right = left + 1
      let smaller = right < heapCount && score[heap[right]] < score[heap[left]] ? right : left
      guard score[heap[smaller]] < movingScore else { break }
      heap[index] = heap[smaller]
      index = smaller
    }
    heap[index] = moving
  }
}

extension WordDecoder {
  /// A lexicon share as a probability (a constant, not a lazily initialised global).
  @inline(__always) static var shareScale: Float { 1 / Float(TableFormat.Lexicon.shareTotal) }
  /// Shares up to this have their exact log in `logShare`.
  static let exactShares = 512

  /// log(share / shareTotal), −∞ for 0: a table read, not a logf per child. A share above 512 is
  /// rounded to 9 significant bits, within 0.1% (0.001 nats), far below the touch scores' noise.
  @inline(__always)
  func logOfShare(_ share: Int) -> Float {
    guard share > Self.exactShares else { return logShare[share] }
    let shift = Int.bitWidth - share.leadingZeroBitCount - 9
    return logShare[(share + (1 << (shift - 1))) >> shift] + Float(shift) * 0.693_147_2
  }

  /// κ / (1 + b), log of it, and log(N + κ): the word-probability mixture's constants.
  struct Mixture {
    var lexiconScale: Float
    var logLexiconScale: Float
    var logNormaliser: Float
  }

  var mixture: Mixture {
    let words = wordHistory?.wordCount ?? 0
    let kappa = parameters.historyConcentration
    let scale = kappa / (1 + parameters.lexiconBalance)
    return Mixture(lexiconScale: scale, logLexiconScale: system_logf(scale), logNormaliser: system_logf(words + kappa))
  }

  /// log(eᵃ + eᵇ) without leaving log space: exact when either is −∞, and no underflow.
  @inline(__always)
  static func logSumExp(_ a: Float, _ b: Float) -> Float {
    let high = Swift.max(a, b), low = Swift.min(a, b)
    guard high > -.infinity else { return -.infinity }
    return high + system_logf(1 + system_expf(low - high))
  }

  /// log P(prefix) under the mixture, from the lexicon evidence and the history count.
  @inline(__always)
  func prefixLogProbability(_ logEvidence: Float, _ count: Float, _ mixture: Mixture) -> Float {
    count > 0 ? system_logf(mixture.lexiconScale * system_expf(logEvidence) + count) - mixture.logNormaliser
              : mixture.logLexiconScale + logEvidence - mixture.logNormaliser
  }

  /// Calls `body(letter, lexicon child, its share, history child)` for each letter that leads
  /// on from (`lexiconNode`, `historyNode`) in either trie (-1: not in that one), lexicon
  /// children first, in letter order.
  @inline(__always)
  func forEachChild(lexicon lexiconNode: Int32, history historyNode: Int32, _ body: (Int, Int32, Int, Int32) -> Void) {
    stamp &+= 1
    if historyNode >= 0, let wordHistory {
      var child = wordHistory.firstChildNode(of: Int(historyNode))
      while child != 0 {
        let letter = wordHistory.letter(ofNode: child)
        if letter < letterCount {
          historyChildOfLetter[letter] = child
          stampOfLetter[letter] = stamp
        }
        child = wordHistory.nextSiblingNode(of: child)
      }
    }
    if lexiconNode >= 0, let lexicon {
      let node = Int(lexiconNode)
      let degree = Int(lexicon.section.uint8(at: lexicon.degreesOffset + node))
      if degree > 0, let first = lexicon.firstChild(of: node, degree: degree) {
        for child in first..<(first + degree) {
          let letter = Int(lexicon.section.uint8(at: TableFormat.Lexicon.labelsOffset + child))
          guard letter < letterCount else { continue }
          let share = Int(lexicon.section.uint16(at: lexicon.sharesOffset + 2 * child))
          var history: Int32 = -1
          if stampOfLetter[letter] == stamp {
            history = Int32(truncatingIfNeeded: historyChildOfLetter[letter])
            stampOfLetter[letter] = 0
          }
          body(letter, Int32(truncatingIfNeeded: child), share, history)
        }
      }
    }
    if historyNode >= 0, let wordHistory {
      var child = wordHistory.firstChildNode(of: Int(historyNode))
      while child != 0 {
        let letter = wordHistory.letter(ofNode: child)
        if letter < letterCount && stampOfLetter[letter] == stamp { body(letter, -1, 0, Int32(truncatingIfNeeded: child)) }
        child = wordHistory.nextSiblingNode(of: child)
      }
    }
  }

  /// Builds the beam's steps up to `touches`, reusing every step still valid.
  func ensureBeam(touches: Int) {
    if let wordHistory, wordHistory.version != beam.historyVersion || wordHistory.generation != beam.historyGeneration {
      beam.historyVersion = wordHistory.version
      beam.historyGeneration = wordHistory.generation
      beam.invalidate()
    }
    let mixture = self.mixture
    if beam.readySteps == 0 {
      buildRoot(mixture)
      beam.readySteps = 1
    }
    while beam.readySteps <= touches {
      let step = beam.readySteps - 1
      scoreTouch(step)
      extend(step: step, mixture)
      beam.readySteps += 1
    }
  }

  /// Each key's log-likelihood for touch `index`: −dx²/2σx² − dy²/2σy² + the row's normaliser,
  /// or, for a touch `TouchMotion` gave a variance, with that spread and its normaliser.
  func scoreTouch(_ index: Int) {
    let x = touchX[index], y = touchY[index], base = index * keyCount
    let interval = touchMoveInterval[index]
    if interval >= 0, let variance = motion.variance(of: TouchMotion.Move(dx: touchMoveX[index], dy: touchMoveY[index], interval: interval)) {
      let varianceX = variance.x, varianceY = variance.y
      let xScale = 1 / (2 * varianceX), yScale = 1 / (2 * varianceY)
      // log(σ0x σ0y / σx σy): the same reference as the rows' normaliser.
      let norm = 0.5 * system_logf(parameters.sigmaX * parameters.sigmaX * parameters.sigmaY * parameters.sigmaY / (varianceX * varianceY))
      for key in 0..<keyCount {
        let dx = x - aimX[key], dy = y - aimY[key]
        spatial[base + key] = norm - xScale * dx * dx - yScale * dy * dy
      }
      return
    }
    for key in 0..<keyCount {
      let row = rowOfKey[key]
      let dx = x - aimX[key], dy = y - aimY[key]
      spatial[base + key] = rowLogNorm[row] - rowXScale[row] * dx * dx - rowYScale[row] * dy * dy
    }
  }

  /// Step 0: the empty word, and the words that skipped their first letter.
  func buildRoot(_ mixture: Mixture) {
    let beam = self.beam
    beam.beginHeap()
    let count = wordHistory?.wordCount ?? 0
    let history: Int32 = wordHistory != nil ? 0 : -1
    let score = parameters.languageWeight * prefixLogProbability(0, count, mixture)
    beam.insert(base: 0, capacity: beam.width, lexicon: lexicon != nil ? 0 : -1, history: history, parent: -1,
                info: Beam.kindRoot | Beam.noLetter, logEvidence: 0, historyCount: count, touchScore: 0, score: score)
    beam.mainCount[0] = beam.heapCount
    addOmissions(step: 0, mixture)
  }

  /// Step `step + 1` from step `step`: every partial word takes touch `step` as its next
  /// letter, or as an extra touch.
  func extend(step: Int, _ mixture: Mixture) {
    let beam = self.beam
    let source = step * beam.stride, target = (step + 1) * beam.stride
    let beta = parameters.languageWeight, cutoff = -parameters.spatialCutoff
    let extraCost = parameters.extraTouchCost, extras = extraCost.isFinite
    let touchBase = step * keyCount
    beam.beginHeap()
    for index in 0..<(beam.mainCount[step] + beam.omissionCount[step]) {
      let slot = source + (index < beam.mainCount[step] ? index : beam.width + index - beam.mainCount[step])
      let flags = beam.info[slot] & (Beam.skippedLetter | Beam.usedExtraTouch)
      let lexiconNode = beam.lexiconNode[slot], historyNode = beam.historyNode[slot]
      let evidence = beam.logEvidence[slot], touches = beam.touchScore[slot], parentScore = beam.score[slot]
      if extras && flags & Beam.usedExtraTouch == 0 {
        beam.insert(base: target, capacity: beam.width, lexicon: lexiconNode, history: historyNode, parent: slot,
                    info: Beam.kindExtra | flags | Beam.usedExtraTouch | Beam.noLetter, logEvidence: evidence,
                    historyCount: beam.historyCount[slot], touchScore: touches - extraCost, score: parentScore - extraCost)
      }
      forEachChild(lexicon: lexiconNode, history: historyNode) { letter, lexiconChild, share, historyChild in
        let key = keyOfLetter[letter]
        guard key >= 0 else { return }
        let touch = spatial[touchBase + key]
        // A child's prefix is no likelier than its parent's, so its score is at most this.
        guard touch >= cutoff, parentScore + touch > beam.threshold(capacity: beam.width) else { return }
        let childEvidence = lexiconChild >= 0 ? evidence + logOfShare(share) : -.infinity
        let count = historyChild >= 0 ? wordHistory!.count(of: Int(historyChild)) : 0
        guard count > 0 || lexiconChild >= 0 else { return }
        let total = touches + touch
        beam.insert(base: target, capacity: beam.width, lexicon: lexiconChild, history: historyChild, parent: slot,
                    info: Beam.kindMatch | flags | Int32(letter), logEvidence: childEvidence, historyCount: count,
                    touchScore: total, score: total + beta * prefixLogProbability(childEvidence, count, mixture))
      }
    }
    beam.mainCount[step + 1] = beam.heapCount
    addOmissions(step: step + 1, mixture)
  }

  /// The omission slots of `step`: each partial word that has skipped no letter yet skips one.
  func addOmissions(step: Int, _ mixture: Mixture) {
    let beam = self.beam
    beam.beginHeap()
    let cost = parameters.omissionCost
    guard cost.isFinite, beam.omissionWidth > 0 else {
      beam.omissionCount[step] = 0
      return
    }
    let base = step * beam.stride, beta = parameters.languageWeight
    for index in 0..<beam.mainCount[step] {
      let slot = base + index
      let flags = beam.info[slot] & (Beam.skippedLetter | Beam.usedExtraTouch)
      guard flags & Beam.skippedLetter == 0 else { continue }
      let evidence = beam.logEvidence[slot], touches = beam.touchScore[slot] - cost, parentScore = beam.score[slot]
      guard parentScore - cost > beam.threshold(capacity: beam.omissionWidth) else { continue }
      forEachChild(lexicon: beam.lexiconNode[slot], history: beam.historyNode[slot]) { letter, lexiconChild, share, historyChild in
        guard keyOfLetter[letter] >= 0, parentScore - cost > beam.threshold(capacity: beam.omissionWidth) else { return }
        let childEvidence = lexiconChild >= 0 ? evidence + logOfShare(share) : -.infinity
        let count = historyChild >= 0 ? wordHistory!.count(of: Int(historyChild)) : 0
        guard count > 0 || lexiconChild >= 0 else { return }
        beam.insert(base: base + beam.width, capacity: beam.omissionWidth, lexicon: lexiconChild, history: historyChild,
                    parent: slot, info: Beam.kindOmission | flags | Beam.skippedLetter | Int32(letter),
                    logEvidence: childEvidence, historyCount: count, touchScore: touches,
                    score: touches + beta * prefixLogProbability(childEvidence, count, mixture))
      }
    }
    beam.omissionCount[step] = beam.heapCount
  }

  /// The slot of the `index`-th partial word of `step` (main slots, then omission slots).
  @inline(__always)
  func slot(step: Int, index: Int) -> Int {
    step * beam.stride + (index < beam.mainCount[step] ? index : beam.width + index - beam.mainCount[step])
  }

  /// P(end of word) at a lexicon node, out of the share total, and the count of history words ending at a
  /// history node.
  func endShares(lexicon lexiconNode: Int32, history historyNode: Int32) -> (lexicon: Float, history: Float) {
    var lexiconEnd: Float = 0, historyEnd: Float = 0
    if lexiconNode >= 0, let lexicon { lexiconEnd = Float(lexicon.endShare(of: LexiconNode(index: UInt32(lexiconNode)))) }
    if historyNode >= 0, let wordHistory {
      historyEnd = Swift.max(wordHistory.count(of: Int(historyNode)) - wordHistory.continuingCount(of: Int(historyNode)), 0)
    }
    return (lexiconEnd, historyEnd)
  }

  /// Writes the letters of the path ending at `slot` (and, if `completion` has letters, those
  /// after it) into `slots`' slot `target`; fills the best word's touch alignment if asked.
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
      if kind == Beam.kindMatch || kind == Beam.kindOmission {
        if length < WordDecoder.capacity { slots.letters[base + length] = letter }
        length += 1
      }
      if align && kind == Beam.kindMatch { bestAlignmentKeys[touch] = keyOfLetter[Int(letter)] }
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

  /// The typed letters' score, where they come from, and whether the history protects them.
  func scoreTyped() -> (score: Float, source: Int, isProtected: Bool) {
    let mixture = self.mixture
    var lexiconNode: Int32 = lexicon != nil ? 0 : -1
    var historyNode: Int32 = wordHistory != nil ? 0 : -1
    var evidence: Float = 0, touches: Float = 0, ngram: Float = 0
    var context = LetterContext.wordStart
    for index in 0..<storedCount {
      let letter = Int(touchLetter[index])
      touches += spatial[index * keyCount + touchKey[index]]
      ngram += system_logf(ngramProbability(ofLetter: letter, after: context))
      context.append(LetterSymbol(letterIndex: letter))
      if lexiconNode >= 0, let lexicon {
        if let child = lexicon.child(of: LexiconNode(index: UInt32(lexiconNode)), letter: letter) {
          evidence += logOfShare(Int(lexicon.share(of: child)))
          lexiconNode = Int32(truncatingIfNeeded: child.index)
        } else {
          lexiconNode = -1
        }
      }
      if historyNode >= 0, let wordHistory {
        historyNode = wordHistory.child(of: Int(historyNode), letter: letter).map { Int32(truncatingIfNeeded: $0) } ?? -1
      }
    }
    ngram += system_logf(ngramProbability(ofLetter: letterCount, after: context))
    let ends = endShares(lexicon: lexiconNode, history: historyNode)
    // log(scale · (e^evidence · end / shareTotal + b · e^ngram) + history), summed in log space: a
    // product over rare letters underflows a Float long before its log does.
    var logMass = -Float.infinity
    if ends.lexicon > 0 { logMass = mixture.logLexiconScale + evidence + system_logf(ends.lexicon * Self.shareScale) }
    if parameters.lexiconBalance > 0 {
      logMass = Self.logSumExp(logMass, mixture.logLexiconScale + system_logf(parameters.lexiconBalance) + ngram)
    }
    if ends.history > 0 { logMass = Self.logSumExp(logMass, system_logf(ends.history)) }
    let beta = parameters.languageWeight
    let score = touches + (beta == 0 ? 0 : beta * (logMass - mixture.logNormaliser))
    let source = (ends.lexicon > 0 ? DecodedWord.Source.lexicon.rawValue : 0) | (ends.history > 0 ? DecodedWord.Source.history.rawValue : 0)
    return (score, source, ends.history >= parameters.protectedHistoryCount)
  }

  /// P(`letter`, or end of word for `letterCount`) after `context` in the n-gram rows.
  func ngramProbability(ofLetter letter: Int, after context: LetterContext) -> Float {
    let row = table.row(after: context)
    guard let weights = row.weights(in: table) else { return 1 / Float(letterCount + 1) }
    guard letter < letterCount || row.includesEndOfWord else { return 1 / Float(letterCount + 1) }
    return Swift.max(Float(weights.uint16(at: 2 * letter)), 1) / Float(LetterDistribution.weightTotal)
  }

  /// The final step's whole words, best first and distinct, into `slots` from slot 1.
  func rankFinalWords(limit: Int, into slots: WordSlots) {
    let beam = self.beam, mixture = self.mixture
    let step = storedCount, beta = parameters.languageWeight
    let total = beam.mainCount[step] + beam.omissionCount[step]
    for index in 0..<total {
      let slot = self.slot(step: step, index: index)
      let ends = endShares(lexicon: beam.lexiconNode[slot], history: beam.historyNode[slot])
      guard ends.lexicon > 0 || ends.history > 0 else {
        finalScore[index] = -.infinity
        continue
      }
      let lexiconPart = ends.lexicon > 0 ? mixture.logLexiconScale + beam.logEvidence[slot] + system_logf(ends.lexicon * Self.shareScale) : -Float.infinity
      let logMass = Self.logSumExp(lexiconPart, ends.history > 0 ? system_logf(ends.history) : -.infinity)
      finalScore[index] = beam.touchScore[slot] + (beta == 0 ? 0 : beta * (logMass - mixture.logNormaliser))
      finalSource[index] = (ends.lexicon > 0 ? DecodedWord.Source.lexicon.rawValue : 0) | (ends.history > 0 ? DecodedWord.Source.history.rawValue : 0)
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
        for touch in 0..<storedCount { bestAlignmentKeys[touch] = -1 }
        bestAlignedTouches = storedCount
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
