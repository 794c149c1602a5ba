/// The moves a partial word makes in the decoder's search (LatinIME's traversal), each with its
/// cost in one place (`EditCosts`); the search only draws moves from here and adds their costs.
enum DecoderMove: Int32 {
  /// The empty word a search starts from.
  case start = 0
  /// The touch types the word's next letter: scored by the touch's likelihood on that letter's
  /// key (`KeyLikelihood`), a match on the key touched and a substitution on any other.
  case letter = 1
  /// A letter of the word that no touch typed: the typist skipped it.
  case skippedLetter = 2
  /// A touch that types no letter of the word: a doubled or stray tap.
  case extraTouch = 3
}

/// What the edit moves cost, in nats, and which a partial word may still make: at most one
/// skipped letter and one extra touch per word; an infinite cost turns the move off.
struct EditCosts {
  let skippedLetter: Float
  let extraTouch: Float

  init(parameters: WordDecoder.Parameters) {
    skippedLetter = parameters.omissionCost
    extraTouch = parameters.extraTouchCost
  }

  /// Whether a partial word whose moves so far set `flags` (`Beam.info`) may make `move`.
  @inline(__always)
  func allows(_ move: DecoderMove, after flags: Int32) -> Bool {
    switch move {
    case .start, .letter: return true
    case .skippedLetter: return skippedLetter.isFinite && flags & Beam.skippedLetter == 0
    case .extraTouch: return extraTouch.isFinite && flags & Beam.usedExtraTouch == 0
    }
  }

  /// The fixed cost of an edit move; a letter's cost is its touch's log-likelihood, not fixed.
  @inline(__always)
  func cost(of move: DecoderMove) -> Float {
    switch move {
    case .start, .letter: return 0
    case .skippedLetter: return skippedLetter
    case .extraTouch: return extraTouch
    }
  }
}
