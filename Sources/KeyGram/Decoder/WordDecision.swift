/// What a `WordDecoder` decided when a word ended. A view of the decoder's storage: valid
/// until its next `decide()`.
public struct WordDecision {
  let slots: WordSlots
  /// What was typed: the letter shown at each touch, capital where the touch typed a capital
  /// (`WordDecoder.add(_:key:letter:isCapital:)`). For a word longer than
  /// `WordDecoder.capacity`, the first `capacity` of them; `typedLength` is the whole length.
  public var typed: DecodedWord { DecodedWord(slots: slots, slot: 0) }
  /// The best-scoring word; the typed letters when the search found none.
  public var best: DecodedWord { alternativeCount > 0 ? alternative(at: 0) : typed }
  /// Whether the keyboard should replace the typed text with `best`: another word that beat
  /// the typed letters by more than the margin, or the typed letters' own word written
  /// otherwise than typed (`dont` as `don't`, `i` as `I`). False when what was typed is one of
  /// the word's forms.
  public let replaces: Bool
  /// `best.score − typed.score`: how far the best word beat the typed letters (≤ 0 when the
  /// typed letters are the best); replacement needs more than the decoder's margin.
  public let margin: Float
  /// How many letters were typed, including any beyond the buffer.
  public let typedLength: Int
  /// How many words before the current one a replacement takes in too, with the boundaries
  /// between them: 0, the current word alone; 1 when `join` replaces ("num ers" as "numbers"),
  /// and the keyboard deletes `join.replacedCharacterCount` characters before inserting `join.word`.
  public internal(set) var spannedPrecedingWords = 0
  /// The typed letters read as two words, when that beats them (`WordSplit`): put in their
  /// place when `split.replaces`, else worth offering. nil for a lexicon or history word typed
  /// exactly, which is never split.
  public internal(set) var split: WordSplit?
  /// The previous word, the space tapped after it and the current word read as one, when the
  /// space tap may have been a letter (`WordDecoder.noteSpaceTap(_:key:)`): put in their place
  /// when `join.replaces`, else worth offering. nil when no word was kept, or none reads them as one.
  public internal(set) var join: WordJoin?
  /// Whether the keyboard should put a space back before `best` as it replaces the typed letters:
  /// the word's first touch landed on backspace, which deleted the space after the previous
  /// word, and `best` takes that touch for its first letter (`removeLast(tappedAt:key:)`:
  /// "the more" typed as "the", backspace, "ore"). Only with `replaces`.
  public internal(set) var restoresSpace = false
  /// False when the word was kept as typed without a search: longer than the buffer, a touch
  /// that is not finite or far off the keyboard, a table without a lexicon, a word whose start
  /// the decoder did not see, or a word the user restored with undo.
  public let isDecoded: Bool

  /// The number of ranked alternatives (distinct words, best first, a word with several forms
  /// followed by its other forms), at most the `limit` given to `decide`.
  public var alternativeCount: Int { slots.count - 1 }

  /// The `index`-th best word (0 is `best`).
  public func alternative(at index: Int) -> DecodedWord {
    precondition(index >= 0 && index < alternativeCount, "alternative index out of range")
    return DecodedWord(slots: slots, slot: index + 1)
  }
}
