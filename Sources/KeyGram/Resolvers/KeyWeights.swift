/// The probability of each key in the current context: the sum of the weights of the letters
/// it types, normalised over the letter keys, floored, in a buffer rewritten in place.
final class KeyWeights {
  /// No key falls below this probability (the table's own quantum, 1/65,536), so a letter key
  /// whose letters the table lacks stays reachable and log-space scores stay finite.
  static let minimumProbability: Float = 1.0 / 65_536

  let keyCount: Int
  /// Per letter, the letter key that types it, or -1.
  let keyOfLetter: IntBuffer
  /// The indices of the letter keys (special keys never carry weight).
  let letterKeys: IntBuffer
  let isLetterKey: BoolBuffer
  /// Per key: its probability (0 for special keys).
  let probability: FloatBuffer
  /// The context `probability` was last computed for, if it came from one.
  private var prepared = PreparedContext()

  init(layout: KeyboardLayout, letterKeys map: LetterKeyMap) {
    keyCount = layout.keys.count
    // A map made for another layout: keys beyond this layout, or special keys, type nothing.
    keyOfLetter = IntBuffer(map.keyIndexOfLetter.map { key in
      guard let index = key?.rawValue, index < layout.keys.count, !layout.keys[index].isSpecial else { return -1 }
      return index
    })
    letterKeys = IntBuffer(layout.keys.indices.filter { !layout.keys[$0].isSpecial })
    isLetterKey = BoolBuffer(layout.keys.map { !$0.isSpecial })
    probability = FloatBuffer(repeating: 0, count: keyCount)
    setEqual()
  }

  /// Brings the weights up to date with `context`; false (and no work) when they already are.
  func refresh(for context: TypingContext) -> Bool {
    guard prepared.needsUpdate(for: context) else { return false }
    update(from: context)
    return true
  }

  /// Recomputes the weights from `distribution`, whatever the cache holds.
  func refresh(with distribution: LetterDistribution) {
    prepared.invalidate()
    update(from: distribution)
  }

  /// Takes caller-given weights (see `update(explicit:)`), whatever the cache holds.
  func refresh(explicit weights: some Sequence<Float>) {
    prepared.invalidate()
    update(explicit: weights)
  }

  /// Sums the distribution's letter weights onto their keys.
  private func update(from distribution: LetterDistribution) {
    update(fromRow: distribution.row, letterCount: distribution.letterCount)
  }

  /// The tables' blend for the context, then the word history's row mixed in by μ.
  private func update(from context: TypingContext) {
    updateFromTables(context)
    blendHistory(of: context)
  }

  /// Mixes the learned words' next-letter shares into the weights: (1 − μ) × the tables'
  /// probabilities + μ × the history's, μ = `TypingContext.historyWeight`.
  private func blendHistory(of context: TypingContext) {
    // μ as `TypingContext.historyWeight` defines it, with the children walked once.
    guard let history = context.wordHistory, context.historyCursor.isValid(in: history) else { return }
    let node = context.historyCursor.node
    let letterMass = history.continuingCount(of: node)
    guard letterMass > 0 else { return }
    let count = history.count(of: node)
    let mu = count / (count + history.balance)
    let probability = self.probability, letterKeys = self.letterKeys, keyOfLetter = self.keyOfLetter
    for index in 0..<letterKeys.count { probability[letterKeys[index]] *= 1 - mu }
    let shareScale = mu / letterMass
    history.forEachChild(of: node) { letter, count in
      guard letter < keyOfLetter.count, keyOfLetter[letter] >= 0 else { return }
      probability[keyOfLetter[letter]] += count * shareScale
    }
    for index in 0..<letterKeys.count {
      let key = letterKeys[index]
      probability[key] = Swift.max(probability[key], Self.minimumProbability)
    }
  }

  /// Sums the letter weights of the context's row onto their keys, reading the table the
  /// context holds (no reference counting), blended with the lexicon's row by λ.
  private func updateFromTables(_ context: TypingContext) {
    let lambda = context.lexiconWeight
    guard lambda > 0, let lexicon = context.table.sections.lexicon else {
      update(fromRow: context.row.weights(in: context.table), letterCount: context.table.letterCount)
      return
    }
    let row = context.row.weights(in: context.table)
    let ngramTotal = Float(row == nil ? context.table.letterCount + 1 : Int(LetterDistribution.weightTotal))
    var total = update(fromRow: row, letterCount: context.table.letterCount, scale: (1 - lambda) / ngramTotal, normalise: false)
    // The lexicon's shares, out of the share total, onto the keys of their letters.
    let lexiconRow = context.lexiconCursor.row(in: lexicon)
    let probability = self.probability, keyOfLetter = self.keyOfLetter
    let shareScale = lambda / Float(TableFormat.Lexicon.shareTotal)
    for child in 0..<lexiconRow.childCount {
      let letter = lexiconRow.letter(at: child)
      guard letter < keyOfLetter.count else { continue }
      let key = keyOfLetter[letter]
      guard key >= 0 else { continue }
      let weight = Float(lexiconRow.weight(at: child)) * shareScale
      probability[key] += weight
      total += weight
    }
    scale(by: total > 0 ? 1 / total : 0)
  }

  /// Sums the first `letterCount` UInt16 weights of `row` (nil: uniform) onto their keys,
  /// times `scale`, then (unless told not to) normalises over the letter keys; returns the sum
  /// before normalising. Letters beyond
  /// the map (a table with a larger alphabet) or without a key are not counted; end of word
  /// is not a key.
  @discardableResult
  private func update(fromRow row: TableBytes?, letterCount: Int, scale weightScale: Float = 1, normalise: Bool = true) -> Float {
    let probability = self.probability, keyOfLetter = self.keyOfLetter
    probability.fill(with: 0)
    // Weights are at most 65,536 each, so the total is exact in Float and cannot overflow.
    var total: Float = 0
    for letter in 0..<Swift.min(letterCount, keyOfLetter.count) {
      let key = keyOfLetter[letter]
      guard key >= 0 else { continue }
      let weight: Float = (row.map { Float($0.uint16(at: 2 * letter)) } ?? 1) * weightScale
      probability[key] += weight
      total += weight
    }
    guard normalise else { return total }
    scale(by: total > 0 ? 1 / total : 0)
    return total
  }

  /// Takes caller-given weights, one per key in key order. A missing weight (a shorter
  /// sequence) counts as 0, extra ones are ignored, and a weight that is negative, NaN or
  /// infinite counts as 0. Special keys' weights are ignored.
  private func update(explicit weights: some Sequence<Float>) {
    let probability = self.probability, isLetterKey = self.isLetterKey
    probability.fill(with: 0)
    var key = 0
    var largest: Float = 0
    for weight in weights {
      guard key < keyCount else { break }
      if weight.isFinite && weight > 0 && isLetterKey[key] {
        probability[key] = weight
        largest = Swift.max(largest, weight)
      }
      key += 1
    }
    guard largest > 0 else {
      setEqual()
      return
    }
    // Dividing by the largest weight first keeps huge weights from overflowing the sum and
    // tiny ones from overflowing its reciprocal: the total then lies in 1 ... key count.
    var total: Float = 0
    for index in 0..<letterKeys.count {
      let key = letterKeys[index]
      probability[key] /= largest
      total += probability[key]
    }
    scale(by: 1 / total)
  }

  /// Multiplies the letter keys by `factor` and floors them; a zero factor (no weight at
  /// all) makes every letter key equally likely.
  private func scale(by factor: Float) {
    guard factor > 0 && factor.isFinite else {
      setEqual()
      return
    }
    let probability = self.probability, letterKeys = self.letterKeys
    for index in 0..<letterKeys.count {
      let key = letterKeys[index]
      probability[key] = Swift.max(probability[key] * factor, Self.minimumProbability)
    }
  }

  /// Every letter key equally likely; special keys 0.
  private func setEqual() {
    probability.fill(with: 0)
    let share = letterKeys.count > 0 ? 1 / Float(letterKeys.count) : 0
    for index in 0..<letterKeys.count { probability[letterKeys[index]] = share }
  }
}
