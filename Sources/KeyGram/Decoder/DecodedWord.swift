/// Fixed storage for the words a decision or a suggestion list hands out: letters, lengths,
/// scores and where each word came from, allocated once by the decoder.
final class WordSlots {
  let table: KeyGramTable
  let slotCount: Int
  let letters: Int32Buffer
  let lengths: IntBuffer
  let scores: FloatBuffer
  let sources: IntBuffer
  var count = 0

  init(table: KeyGramTable, slotCount: Int) {
    self.table = table
    self.slotCount = slotCount
    letters = Int32Buffer(repeating: 0, count: slotCount * WordDecoder.capacity)
    lengths = IntBuffer(repeating: 0, count: slotCount)
    scores = FloatBuffer(repeating: 0, count: slotCount)
    sources = IntBuffer(repeating: 0, count: slotCount)
  }

  /// The letters of slot `from` of `other` copied into slot `to`.
  func copy(slot from: Int, of other: WordSlots, to slot: Int) {
    let length = other.lengths[from]
    for position in 0..<length {
      letters[slot * WordDecoder.capacity + position] = other.letters[from * WordDecoder.capacity + position]
    }
    lengths[slot] = length
    scores[slot] = other.scores[from]
    sources[slot] = other.sources[from]
  }

  func sameLetters(_ a: Int, _ b: Int) -> Bool {
    guard lengths[a] == lengths[b] else { return false }
    for position in 0..<lengths[a] where letters[a * WordDecoder.capacity + position] != letters[b * WordDecoder.capacity + position] {
      return false
    }
    return true
  }
}

/// A word a `WordDecoder` produced: a view of the decoder's fixed storage (no allocation),
/// valid until the decoder makes its next decision (for a decision's words) or its next
/// suggestion list (for suggestions).
public struct DecodedWord {
  let slots: WordSlots
  let slot: Int

  /// Where a word came from.
  public struct Source: OptionSet, Hashable, Sendable {
    /// The sources as bits: lexicon, history, typed.
    public let rawValue: Int
    /// The sources whose bits `rawValue` holds.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A word of the table's lexicon.
    public static let lexicon = Source(rawValue: 1)
    /// A word of the user's word history.
    public static let history = Source(rawValue: 2)
  }

  /// The number of letters.
  public var count: Int { slots.lengths[slot] }

  /// The letter index (0 ..< the table's `letterCount`) at `position`, as the touches gave it
  /// for typed letters.
  public func letter(at position: Int) -> Int {
    precondition(position >= 0 && position < count, "DecodedWord position out of range")
    return Int(slots.letters[slot * WordDecoder.capacity + position])
  }

  /// The log-space score: Σ log N(touch | aim) − edit costs + β log P(word). Only differences
  /// between words of one decision mean anything.
  public var score: Float { slots.scores[slot] }

  /// Lexicon, history, both, or neither (typed letters that are no known word).
  public var source: Source { Source(rawValue: slots.sources[slot]) }

  /// The word as text, in lowercase; letters outside the table's alphabet are U+FFFD. It makes
  /// a String (an allocation): for the text field and the suggestion bar, not for the hot path.
  public var text: String {
    var scalars = String.UnicodeScalarView()
    for position in 0..<count {
      let letter = self.letter(at: position)
      scalars.append(letter >= 0 && letter < slots.table.letterCount ? slots.table.letter(at: letter) : "\u{FFFD}")
    }
    return String(scalars)
  }

  /// Whether `other` has the same letters.
  public func hasSameLetters(as other: DecodedWord) -> Bool {
    guard count == other.count else { return false }
    for position in 0..<count where letter(at: position) != other.letter(at: position) { return false }
    return true
  }
}

/// What a `WordDecoder` decided when a word ended. A view of the decoder's storage: valid
/// until its next `decide()`.
public struct WordDecision {
  let slots: WordSlots
  /// The letters as typed (the letter shown at each touch). For a word longer than
  /// `WordDecoder.capacity`, the first `capacity` of them; `typedLength` is the whole length.
  public var typed: DecodedWord { DecodedWord(slots: slots, slot: 0) }
  /// The best-scoring word; the typed letters when the search found none.
  public var best: DecodedWord { alternativeCount > 0 ? alternative(at: 0) : typed }
  /// Whether the keyboard should replace the typed letters with `best`.
  public let replaces: Bool
  /// `best.score − typed.score`: how far the best word beat the typed letters (≤ 0 when the
  /// typed letters are the best); replacement needs more than the decoder's margin.
  public let margin: Float
  /// How many letters were typed, including any beyond the buffer.
  public let typedLength: Int
  /// False when the word was kept as typed without a search: longer than the buffer, a touch
  /// that is not finite or far off the keyboard, a table without a lexicon, a word whose start
  /// the decoder did not see, or a word the user restored with undo.
  public let isDecoded: Bool

  /// The number of ranked alternatives (distinct words, best first), at most the `limit`
  /// given to `decide`.
  public var alternativeCount: Int { slots.count - 1 }

  /// The `index`-th best word (0 is `best`).
  public func alternative(at index: Int) -> DecodedWord {
    precondition(index >= 0 && index < alternativeCount, "alternative index out of range")
    return DecodedWord(slots: slots, slot: index + 1)
  }
}

/// A ranked list of completions and corrections of the current word, for a suggestion bar.
/// A view of the decoder's storage: valid until its next `suggestions(limit:)`.
public struct WordSuggestions: RandomAccessCollection {
  let slots: WordSlots
  /// The first suggestion, the best.
  public var startIndex: Int { 0 }
  /// Past the last suggestion.
  public var endIndex: Int { slots.count }
  /// The suggestion at `position`, best first.
  public subscript(position: Int) -> DecodedWord {
    precondition(position >= 0 && position < slots.count, "suggestion index out of range")
    return DecodedWord(slots: slots, slot: position)
  }
}

/// What `WordDecoder.undoReplacement(teaching:)` restored.
public struct WordRestoration {
  /// The letters as typed, which stand again.
  public let restored: DecodedWord
  /// The word that had replaced them: the text to take back out (followed by whatever
  /// boundary ended it).
  public let replaced: DecodedWord
}
