extension WordDecoder {
  /// Scores touches against where `model` has learned this user touches each key, with each
  /// row's learned spread and each timed touch with the model's learned σa and speed term, as
  /// `GaussianKeyResolver.adapt(to:)` does. O(keys × rows); nothing
  /// to do unless the model learned since the last call. A model for another layout is ignored.
  public func adapt(to model: TouchModel) {
    joiner?.adapt(to: model)
    guard likelihood.adapt(to: model) else { return }
    beam.truncate(toTouches: 0)
    beam.invalidate()
  }

  /// The typist's spread, learned one word behind: the previous word's touches join the sums,
  /// this word's wait (against the keys of the letters that stood), and every row takes the
  /// shrunk estimate. O(touches + rows).
  func learnSpread(_ decision: WordDecision) {
    learnedSpread.commitPending(memory: parameters.spreadMemory)
    // A stray touch far off its key counts as three times the widest spread allowed, so a touch
    // anywhere on the screen (or at Float's limits) cannot overflow the sums.
    let mostSquareX = 81 * parameters.sigmaX * parameters.sigmaX, mostSquareY = 81 * parameters.sigmaY * parameters.sigmaY
    func note(_ touch: Int, key: Int) {
      learnedSpread.notePending(dx: touches.x[touch] - likelihood.aimX[key], dy: touches.y[touch] - likelihood.aimY[key],
                                mostSquareX: mostSquareX, mostSquareY: mostSquareY)
    }
    if decision.replaces {
      for touch in 0..<bestAlignedTouches where bestAlignmentKeys[touch] >= 0 { note(touch, key: bestAlignmentKeys[touch]) }
    } else if touches.invalidCount == 0 {
      for touch in 0..<touches.storedCount { note(touch, key: touches.key[touch]) }
    }
    let spread = learnedSpread.spread(prior: parameters.spreadPriorTouches, sigmaX: parameters.sigmaX, sigmaY: parameters.sigmaY)
    likelihood.setSpread(x: spread.x, y: spread.y)
  }

  /// The spread (σx, σy) the decoder scores touches with now, in points (the first row's).
  public var spread: (x: Float, y: Float) { likelihood.spread }
}
