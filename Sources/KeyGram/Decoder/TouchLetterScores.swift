/// One touch's score for each letter of the alphabet, as the search's letter step reads it: on
/// the letter's own key, and as a spelling mistake for the letter the touch typed. Filled once
/// per step, so each child of each partial word costs a read or two instead of a key lookup and
/// a spelling-confusion test. Fixed memory: three buffers over the alphabet.
final class TouchLetterScores {
  /// Per letter, its key's log-likelihood for the touch; −∞ where no letter key types it.
  let onKey: FloatBuffer
  /// Per letter, the typed letter's score less the cost of writing it for this letter
  /// (`EditCosts.substitution`); −∞ for the typed letter itself and for a letter without a key.
  let misspelled: FloatBuffer
  /// Per letter, the move and edit flags of that misspelling.
  let misspelledMove: Int32Buffer

  init(letterCount: Int) {
    onKey = FloatBuffer(repeating: -.infinity, count: Swift.max(letterCount, 1))
    misspelled = FloatBuffer(repeating: -.infinity, count: Swift.max(letterCount, 1))
    misspelledMove = Int32Buffer(repeating: 0, count: Swift.max(letterCount, 1))
  }

  /// The bytes of its buffers.
  var bytes: Int { 4 * (onKey.count + misspelled.count + misspelledMove.count) }

  /// Scores every letter for the touch whose key log-likelihoods start at `spatial[base]` and
  /// which typed `typedLetter` on key `typedKey`; returns the best score any letter got.
  func score(spatial: FloatBuffer, base: Int, typedLetter: Int, typedKey: Int, keyOfLetter: IntBuffer, costs: EditCosts) -> Float {
    // Substitution costs are never negative, so no misspelling beats the typed key itself.
    let typedScore = spatial[base + typedKey]
    var best = typedScore
    for letter in 0..<onKey.count {
      let key = letter < keyOfLetter.count ? keyOfLetter[letter] : -1
      guard key >= 0 else {
        onKey[letter] = -.infinity
        misspelled[letter] = -.infinity
        continue
      }
      onKey[letter] = spatial[base + key]
      best = Swift.max(best, onKey[letter])
      if letter == typedLetter {
        misspelled[letter] = -.infinity
      } else {
        let substitution = costs.substitution(typed: typedLetter, intended: letter)
        misspelled[letter] = typedScore - substitution.cost
        misspelledMove[letter] = Beam.kindMisspelled | substitution.flags
      }
    }
    return best
  }
}
