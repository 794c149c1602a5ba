/// The probability of each key in the current context: the sum of the weights of the letters
/// it types, normalised over the letter keys, floored, in a buffer rewritten in place.
final class KeyWeights {
  /// No key falls below this probability (the table's own quantum, 1/65,536), so a letter key
  /// whose letters the table lacks stays reachable and log-space scores stay finite.
  static let minimumProbability: Float = 1.0 / 65_536

  let keyCount: Int
  /// Per letter, the key that types it, or -1.
  let keyOfLetter: IntBuffer
  let isLetterKey: BoolBuffer
  /// Per key: its probability (0 for special keys).
  let probability: FloatBuffer

  init(layout: KeyboardLayout, letterKeys: LetterKeyMap) {
    keyCount = layout.keys.count
    // A map made for another layout: keys it names beyond this layout are ignored.
    keyOfLetter = IntBuffer(letterKeys.keyIndexOfLetter.map { index in
      index.flatMap { $0 < layout.keys.count ? $0 : nil } ?? -1
    })
    isLetterKey = BoolBuffer(layout.keys.map { !$0.isSpecial })
    probability = FloatBuffer(repeating: 0, count: keyCount)
    setEqual()
  }

  /// Sums the distribution's letter weights onto their keys. Letters beyond the map (a table
  /// with a larger alphabet) or without a key are not counted; end of word is not a key.
  func update(from distribution: LetterDistribution) {
    probability.fill(with: 0)
    let letters = Swift.min(distribution.letterCount, keyOfLetter.count)
    for letter in 0..<letters {
      let key = keyOfLetter[letter]
      if key >= 0 { probability[key] += Float(distribution.weight(at: letter)) }
    }
    normalize()
  }

  /// Takes caller-given weights, one per key in key order. A missing weight (a shorter
  /// sequence) counts as 0, extra ones are ignored, and a weight that is negative, NaN or
  /// infinite counts as 0. Special keys' weights are ignored.
  func update(explicit weights: some Sequence<Float>) {
    probability.fill(with: 0)
    var key = 0
    for weight in weights {
      guard key < keyCount else { break }
      if weight.isFinite && weight > 0 { probability[key] = weight }
      key += 1
    }
    normalize()
  }

  /// Scales the letter keys to sum to 1, then floors them; all-zero weights become equal.
  private func normalize() {
    // Dividing by the largest weight first keeps huge finite weights from overflowing the sum.
    var largest: Float = 0
    for key in 0..<keyCount where isLetterKey[key] { largest = Swift.max(largest, probability[key]) }
    guard largest > 0 else {
      setEqual()
      return
    }
    var total: Float = 0
    for key in 0..<keyCount where isLetterKey[key] { total += probability[key] / largest }
    for key in 0..<keyCount {
      probability[key] = isLetterKey[key] ? Swift.max(probability[key] / largest / total, Self.minimumProbability) : 0
    }
  }

  /// Every letter key equally likely.
  private func setEqual() {
    var letterKeys = 0
    for key in 0..<keyCount where isLetterKey[key] { letterKeys += 1 }
    let share = letterKeys > 0 ? 1 / Float(letterKeys) : 0
    for key in 0..<keyCount { probability[key] = isLetterKey[key] ? share : 0 }
  }
}
