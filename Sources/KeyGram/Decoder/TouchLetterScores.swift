/// One touch's score for each letter of the alphabet, as the search's letter step reads it: on
/// the letter's own key, and the better of that and a spelling mistake for the letter the touch
/// typed. Filled once per step, so each child of each partial word costs a read or two, with no
/// branch on the scores, instead of a key lookup and a spelling-confusion test. Fixed memory:
/// three buffers over the alphabet.
final class TouchLetterScores {
  /// Per letter, its key's log-likelihood for the touch; −∞ where no letter key types it.
  let onKey: FloatBuffer
  /// Per letter, the better of `onKey` and the typed letter's score less the cost of writing it
  /// for this letter (`EditCosts.substitution`): what a word that may still misspell gets.
  let orMisspelled: FloatBuffer
  /// Per letter, the move and edit flags that `orMisspelled` stands for: a plain letter, or
  /// the misspelling.
  let orMisspelledMove: Int32Buffer
  /// The letters whose `onKey` is within the cutoff `score` was given.
  private(set) var onKeyLetters = LetterMask.all
  /// The letters whose `orMisspelled` is within that cutoff.
  private(set) var orMisspelledLetters = LetterMask.all

  init(letterCount: Int) {
    onKey = FloatBuffer(repeating: -.infinity, count: Swift.max(letterCount, 1))
    orMisspelled = FloatBuffer(repeating: -.infinity, count: Swift.max(letterCount, 1))
    orMisspelledMove = Int32Buffer(repeating: Beam.kindMatch, count: Swift.max(letterCount, 1))
  }

  /// The bytes of its buffers.
  var bytes: Int { 4 * (onKey.count + orMisspelled.count + orMisspelledMove.count) }

  /// Scores every letter for the touch whose key log-likelihoods start at `spatial[base]` and
  /// which typed `typedLetter` on key `typedKey`, and notes which are at least `cutoff`;
  /// returns the best score any letter got.
  func score(spatial: FloatBuffer, base: Int, typedLetter: Int, typedKey: Int, keyOfLetter: IntBuffer, costs: EditCosts,
             cutoff: Float) -> Float {
    // Substitution costs are never negative, so no misspelling beats the typed key itself.
    let typedScore = spatial[base + typedKey]
    var best = typedScore
    for letter in 0..<onKey.count {
      let key = letter < keyOfLetter.count ? keyOfLetter[letter] : -1
      guard key >= 0 else {
        onKey[letter] = -.infinity
        orMisspelled[letter] = -.infinity
        orMisspelledMove[letter] = Beam.kindMatch
        continue
      }
      var own = spatial[base + key]
      // A marked letter with a key of its own may also be typed on its base letter's key, marks left off.
      if costs.markedLetter.isFinite, costs.markBase[letter] >= 0, costs.markBase[letter] < keyOfLetter.count {
        let baseKey = keyOfLetter[costs.markBase[letter]]
        if baseKey >= 0 && baseKey != key { own = Swift.max(own, spatial[base + baseKey] - costs.markedLetter) }
      }
      onKey[letter] = own
      best = Swift.max(best, own)
      orMisspelled[letter] = own
      orMisspelledMove[letter] = Beam.kindMatch
      guard letter != typedLetter else { continue }
      // A misspelling wins only when strictly better than the letter's own key.
      let substitution = costs.substitution(typed: typedLetter, intended: letter)
      if typedScore - substitution.cost > own {
        orMisspelled[letter] = typedScore - substitution.cost
        orMisspelledMove[letter] = Beam.kindMisspelled | substitution.flags
      }
    }
    onKeyLetters = .none
    orMisspelledLetters = .none
    for letter in 0..<onKey.count {
      if onKey[letter] >= cutoff { onKeyLetters.insert(letter) }
      if orMisspelled[letter] >= cutoff { orMisspelledLetters.insert(letter) }
    }
    return best
  }
}
