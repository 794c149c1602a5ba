/// The words before the one being typed, as a decoder reads them: the previous word's letters
/// and lexicon id, the id of the word before it, and whether the word being typed starts a
/// sentence. A fixed-size value: updating it never allocates.
///
/// `TypingContext.wordContext` keeps one as text is recorded: a word enters it when the
/// boundary after it is recorded, the moment the word history learns it. After a deletion or
/// a reset it is rebuilt from the remembered symbols (`TypingContext.historyCapacity`), so
/// only a previous word that is wholly remembered is known then, and a sentence start only at
/// the start of the text. `WordDecoder.decide(after:limit:)` and `suggestions(after:limit:readingTwoWords:)`
/// take it.
public struct WordContext: Equatable, Sendable {
  /// The most letters of the previous word it keeps; a longer word is known by its id alone.
  public static let letterCapacity = 16

  /// The previous word's lexicon id, or nil when it is unknown or no lexicon word.
  public private(set) var previousWord: WordID?
  /// The lexicon id of the word before the previous one, or nil.
  public private(set) var wordBeforePrevious: WordID?
  /// How many letters of the previous word are kept (0: no previous word is known).
  public private(set) var previousLength = 0
  /// Whether the word being typed starts a sentence: at the start of the text, or after
  /// `.`, `!`, `?`, `…` (and their CJK forms) or a line break.
  public private(set) var isSentenceStart: Bool
  /// The previous word's letters, a byte each, first letter lowest: letters 0–7, then 8–15.
  private var firstLetters: UInt64 = 0
  private var laterLetters: UInt64 = 0

  /// The context at the start of a text: no previous word, a sentence start.
  public static let textStart = WordContext(isSentenceStart: true)
  /// Nothing known of the words before.
  public static let unknown = WordContext(isSentenceStart: false)

  init(isSentenceStart: Bool) { self.isSentenceStart = isSentenceStart }

  /// Letter `position` (0 ..< `previousLength`) of the previous word, as an index into the
  /// table's alphabet.
  public func previousLetter(at position: Int) -> Int {
    precondition(position >= 0 && position < previousLength, "letter position out of range")
    let word = position < 8 ? firstLetters : laterLetters
    return Int(truncatingIfNeeded: word >> UInt64(8 * (position % 8)) & 0xFF)
  }

  /// The node a pair's first word has in `history` (`WordHistory.pairCount(first:second:)`):
  /// `WordHistory.sentenceStartNode` at a sentence start, else the previous word's node when its
  /// letters are kept (`previousLength` > 0) and some learned word runs through them, else nil.
  /// Valid until the history's `generation` changes.
  public func previousNode(in history: WordHistory) -> Int? {
    if isSentenceStart { return WordHistory.sentenceStartNode }
    guard previousLength > 0 else { return nil }
    return history.wordNode(length: previousLength) { previousLetter(at: $0) }
  }

  /// A word ended: it becomes the previous word (its letters from `letter(_:)`, nil when not all
  /// are known), and the next word starts a sentence when `endsSentence`.
  mutating func push(length: Int?, id: WordID?, endsSentence: Bool, letter: (Int) -> Int) {
    wordBeforePrevious = previousWord
    previousWord = id
    firstLetters = 0
    laterLetters = 0
    previousLength = 0
    if let length, length <= Self.letterCapacity {
      for position in 0..<length { setLetter(letter(position), at: position) }
      previousLength = length
    }
    isSentenceStart = endsSentence
  }

  /// A boundary without a word before it: a sentence end still starts a sentence.
  mutating func noteBoundary(endsSentence: Bool) {
    isSentenceStart = isSentenceStart || endsSentence
  }

  private mutating func setLetter(_ letter: Int, at position: Int) {
    let byte = UInt64(truncatingIfNeeded: letter) & 0xFF, shift = UInt64(8 * (position % 8))
    if position < 8 { firstLetters |= byte << shift } else { laterLetters |= byte << shift }
  }

  /// Whether `scalar` ends a sentence, so the word after it starts one.
  @inlinable
  public static func endsSentence(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E, 0x21, 0x3F, 0x2026, 0x0A, 0x0D, 0x2029, 0x3002, 0xFF01, 0xFF1F: return true
    default: return false
    }
  }
}
