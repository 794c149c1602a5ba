/// Two words read where one was typed (`WordDecision.split`): the space between them left out
/// ("thisis" as "this is") or typed on a letter key ("hevis" as "he is", the `v` taken for the
/// space bar). A view of the decoder's storage, valid until its next decision.
public struct WordSplit {
  let slots: WordSlots
  /// The touch taken for the space bar, nil when the space was left out.
  public let spaceTouch: Int?
  /// How far the two words beat both the typed letters and the best single word (≤ 0 when one
  /// of those is better).
  public let margin: Float
  /// Whether the keyboard should put the two words, a space between them, in place of the typed
  /// letters: they beat both by more than `WordDecoder.Parameters.splitMargin`. Check it before
  /// `WordDecision.replaces`, which speaks of single words. When false, the split is worth
  /// offering on the suggestion bar.
  public let replaces: Bool
  /// How much the word pair lifts the second word after the first (0: the table keeps no such pair).
  let pairLift: Float

  /// The first word: the beam's best word up to the space, touch noise mended.
  public var first: DecodedWord { DecodedWord(slots: slots, slot: 0) }
  /// The second word: the typed letters after the space, a lexicon or history word.
  public var second: DecodedWord { DecodedWord(slots: slots, slot: 1) }
  /// Both words as they are written, a space between them.
  public var text: String { first.text + " " + second.text }
}
