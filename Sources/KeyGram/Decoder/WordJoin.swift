/// The previous word, the space tapped after it and the current word read as one word, when
/// that beats the two ("num ers" as "numbers": the b's touch landed on the space bar), at the
/// word's end (`WordDecision.join`) or as a suggestion while it is typed (`WordSuggestions.join`:
/// "num e", "number"). A view of the decoder's storage: valid until its next `decide` or `suggestions`.
public struct WordJoin {
  let slots: WordSlots
  let slot: Int
  /// The one word: the previous word's touches, the space tap taken for a letter, the current
  /// word's (and, as a suggestion, the letters that complete it).
  public var word: DecodedWord { DecodedWord(slots: slots, slot: slot) }
  /// How far the one word beats the two (≤ 0 when they are better).
  public let margin: Float
  /// Whether the keyboard should put `word` in place of the previous word, the space and the
  /// current word's letters: it beats them by more than `WordDecoder.Parameters.joinMargin`.
  /// Check it before `WordDecision.replaces`. When false, `word` is worth offering.
  public let replaces: Bool
  /// How many characters before the cursor `word` replaces: the previous word as it stood (none
  /// when the tap followed a space), the tapped space, and the letters typed since.
  public let replacedCharacterCount: Int
}

/// The word before the current one, kept with the space tap that ended it while that tap may
/// have been a letter (`WordDecoder.noteSpaceTap(_:key:)`). Fixed memory.
final class PrecedingWord {
  let x: FloatBuffer
  let y: FloatBuffer
  let key: IntBuffer
  let letter: IntBuffer
  private(set) var capitals: UInt64 = 0
  private(set) var count = 0
  /// The word as the text shows it (written form included: `i` as `I`), in slot 0; set by
  /// `WordDecoder.finishWord` for every word whose letters stood.
  let stood: WordSlots
  /// The space tap: where it landed and its key.
  private(set) var tapX: Float = 0, tapY: Float = 0, tapKey = 0
  /// The word's score as it stood and the context it was decided after.
  private(set) var score: Float = 0
  private(set) var context = WordContext.unknown
  /// Whether a word is kept for the current word's decision.
  var isPending = false
  /// Whether the joiner holds this word's touches and tap, so that it only has to follow the current word's touches.
  var joinerHoldsIt = false

  init(capacity: Int, table: KeyGramTable) {
    stood = WordSlots(table: table, slotCount: 1)
    x = FloatBuffer(repeating: 0, count: capacity)
    y = FloatBuffer(repeating: 0, count: capacity)
    key = IntBuffer(repeating: 0, count: capacity)
    letter = IntBuffer(repeating: 0, count: capacity)
  }

  var bytes: Int { 4 * (x.count + y.count) + 8 * (key.count + letter.count) + stood.letters.count * 4 + WordSlots.bytesPerSlot }

  /// How many characters the word takes in the text: its written form's (0 for a tap kept alone).
  var writtenCount: Int { count > 0 ? DecodedWord(slots: stood, slot: 0).writtenCount : 0 }

  /// Keeps `touches` (all stored and whole), their word's `score` and `context`, and the tap.
  func keep(_ touches: TouchSequence, score: Float, context: WordContext, tap: TouchPoint, tapKey: Int) {
    count = Swift.min(touches.storedCount, x.count)
    for index in 0..<count {
      x[index] = touches.x[index]
      y[index] = touches.y[index]
      key[index] = touches.key[index]
      letter[index] = Int(touches.letter[index])
    }
    capitals = touches.capitals
    self.score = score
    self.context = context
    tapX = tap.x
    tapY = tap.y
    self.tapKey = tapKey
    isPending = true
    joinerHoldsIt = false
  }

  /// Keeps a space tap that followed a space: no word before it (its context is the current word's).
  func keepTapAlone(_ tap: TouchPoint, tapKey: Int) {
    count = 0
    stood.lengths[0] = 0
    stood.writeAsTyped(0, capitals: 0)
    capitals = 0
    score = 0
    tapX = tap.x
    tapY = tap.y
    self.tapKey = tapKey
    isPending = true
    joinerHoldsIt = false
  }

  func isCapital(_ index: Int) -> Bool { capitals >> UInt64(index) & 1 != 0 }
}
