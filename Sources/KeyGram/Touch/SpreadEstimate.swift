/// A typist's spread learned from the touches of the words that stood, one word behind, so an
/// undo can take a word back: σ² = (s · σ0² + Σ d²) / (s + n), with s pseudo-touches at σ0 and
/// the sums forgetting past a memory of touches. A plain value; nothing allocates.
struct SpreadEstimate {
  /// Σ dx², Σ dy² and n over the touches learned.
  private(set) var squaresX: Float = 0, squaresY: Float = 0, touches: Float = 0
  /// The last word's sums, learned when the next word is committed unless dropped.
  private(set) var pendingSquaresX: Float = 0, pendingSquaresY: Float = 0, pendingTouches: Float = 0

  /// Learns the pending word's sums, forgetting past `memory` touches, and starts a new pending word.
  mutating func commitPending(memory: Float) {
    squaresX += pendingSquaresX
    squaresY += pendingSquaresY
    touches += pendingTouches
    if touches > memory {
      let keep = memory / touches
      squaresX *= keep
      squaresY *= keep
      touches = memory
    }
    dropPending()
  }

  /// Forgets the pending word's sums (an undo took the word back).
  mutating func dropPending() {
    pendingSquaresX = 0
    pendingSquaresY = 0
    pendingTouches = 0
  }

  /// Adds a touch `dx`, `dy` from its key's aim point to the pending word, each square held
  /// within `mostSquareX`, `mostSquareY` so a stray touch cannot overflow the sums.
  mutating func notePending(dx: Float, dy: Float, mostSquareX: Float, mostSquareY: Float) {
    pendingSquaresX += Swift.min(dx * dx, mostSquareX)
    pendingSquaresY += Swift.min(dy * dy, mostSquareY)
    pendingTouches += 1
  }

  /// The shrunk estimate with `prior` pseudo-touches at (`sigmaX`, `sigmaY`), clamped to
  /// 0.25 … 3 × σ0.
  func spread(prior: Float, sigmaX: Float, sigmaY: Float) -> (x: Float, y: Float) {
    let spreadX = Swift.min(Swift.max(((prior * sigmaX * sigmaX + squaresX) / (prior + touches)).squareRoot(), sigmaX / 4), 3 * sigmaX)
    let spreadY = Swift.min(Swift.max(((prior * sigmaY * sigmaY + squaresY) / (prior + touches)).squareRoot(), sigmaY / 4), 3 * sigmaY)
    return (spreadX, spreadY)
  }
}
