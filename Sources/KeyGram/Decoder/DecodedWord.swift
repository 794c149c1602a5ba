/// Fixed storage for the words a decision or a suggestion list hands out: letters, lengths,
/// scores and where each word came from, allocated once by the decoder.
final class WordSlots {
  let table: KeyGramTable
  let slotCount: Int
  let letters: Int32Buffer
  let lengths: IntBuffer
  let scores: FloatBuffer
  let sources: IntBuffer
  /// Per slot: the lexicon node where the word ends, or -1 for a word outside the lexicon.
  let nodes: IntBuffer
  /// Per slot: which of the lexicon word's forms it is written as, or -1 (outside the lexicon).
  let formIndices: IntBuffer
  /// Per slot: how many forms the lexicon word has (0 outside the lexicon), so only a word with
  /// several looks its forms up again to offer the others.
  let formCounts: IntBuffer
  /// Per slot: the written capitals, bit i for letter i (a UInt64's bits).
  let capitals: IntBuffer
  /// Per slot: the written apostrophes, packed: the count in bits 0–7, then each position (the
  /// letter it stands before) a byte, ascending.
  let apostrophes: IntBuffer
  var count = 0
  /// `sources` bits: the `DecodedWord.Source` bits, the word needed a spelling edit, its
  /// edits only left letters out or swapped neighbours (`Parameters.omissionSpellingMargin`),
  /// and one wrote a consonant for one that sounds alike (offered, never applied).
  static let sourceBits = 3 | 16
  /// The source bits of a lexicon or history word: the letters that stand unsplit.
  static let lexiconOrHistory = 3
  static let spellingEdit = 4
  static let onlyOmittedOrSwapped = 8
  static let offeredOnly = 32

  /// The bytes a slot holds besides its letters: seven Int buffers (lengths, sources, nodes, form
  /// indices and counts, capitals, apostrophes) and the Float scores.
  static let bytesPerSlot = 7 * MemoryLayout<Int>.size + MemoryLayout<Float>.size

  init(table: KeyGramTable, slotCount: Int) {
    self.table = table
    self.slotCount = slotCount
    letters = Int32Buffer(repeating: 0, count: slotCount * WordDecoder.capacity)
    lengths = IntBuffer(repeating: 0, count: slotCount)
    scores = FloatBuffer(repeating: 0, count: slotCount)
    sources = IntBuffer(repeating: 0, count: slotCount)
    nodes = IntBuffer(repeating: -1, count: slotCount)
    formIndices = IntBuffer(repeating: -1, count: slotCount)
    formCounts = IntBuffer(repeating: 0, count: slotCount)
    capitals = IntBuffer(repeating: 0, count: slotCount)
    apostrophes = IntBuffer(repeating: 0, count: slotCount)
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
    nodes[slot] = other.nodes[from]
    formIndices[slot] = other.formIndices[from]
    formCounts[slot] = other.formCounts[from]
    capitals[slot] = other.capitals[from]
    apostrophes[slot] = other.apostrophes[from]
  }

  /// Slots `a` and `b` exchanged, everything they hold.
  func swap(_ a: Int, _ b: Int) {
    let longer = Swift.max(lengths[a], lengths[b])
    for position in 0..<longer {
      let held = letters[a * WordDecoder.capacity + position]
      letters[a * WordDecoder.capacity + position] = letters[b * WordDecoder.capacity + position]
      letters[b * WordDecoder.capacity + position] = held
    }
    // One buffer at a time: an array of them would allocate.
    Self.swap(lengths, a, b)
    Self.swap(sources, a, b)
    Self.swap(nodes, a, b)
    Self.swap(formIndices, a, b)
    Self.swap(formCounts, a, b)
    Self.swap(capitals, a, b)
    Self.swap(apostrophes, a, b)
    let score = scores[a]
    scores[a] = scores[b]
    scores[b] = score
  }

  private static func swap(_ buffer: IntBuffer, _ a: Int, _ b: Int) {
    let held = buffer[a]
    buffer[a] = buffer[b]
    buffer[b] = held
  }

  /// Slot `slot` written as typed: its letters, the capitals `mask`, no apostrophes, no form.
  func writeAsTyped(_ slot: Int, capitals mask: UInt64) {
    nodes[slot] = -1
    formIndices[slot] = -1
    formCounts[slot] = 0
    capitals[slot] = Int(bitPattern: UInt(mask))
    apostrophes[slot] = 0
  }

  /// Whether slots `a` and `b` are written alike: the same letters, capitals and apostrophes.
  func sameWriting(_ a: Int, _ b: Int) -> Bool {
    sameLetters(a, b) && capitals[a] == capitals[b] && apostrophes[a] == apostrophes[b]
  }

  /// The number of apostrophes slot `slot` is written with.
  func apostropheCount(_ slot: Int) -> Int { apostrophes[slot] & 0xFF }

  /// The position (the letter it stands before) of slot `slot`'s `index`-th apostrophe.
  func apostrophePosition(_ slot: Int, _ index: Int) -> Int { (apostrophes[slot] >> (8 * (index + 1))) & 0xFF }

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
    /// Typed letters that are a known word past the lexicon (`KnownWords`): they stand as a
    /// lexicon word does against spelling corrections, though no search suggests them; a
    /// two-word reading may still replace them (web text's `thisis` is a known word).
    public static let knownWord = Source(rawValue: 16)
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
  public var source: Source { Source(rawValue: slots.sources[slot] & WordSlots.sourceBits) }

  /// Whether the decoder reached the word through a spelling edit: a letter left out or added,
  /// a vowel written for another, or two letters swapped. A typed word of the lexicon or the
  /// history is never replaced by such a word, only offered it.
  public var correctsSpelling: Bool { slots.sources[slot] & WordSlots.spellingEdit != 0 }

  /// The word as it is written: a lexicon word in its form (`Haus`, `I`, `don't`; the form the
  /// user typed when that is one of its forms, else its best), cased as it was typed (typed in
  /// capitals, every letter a capital; typed with a capital first letter, that letter a
  /// capital); a word outside the lexicon as its letters with the capitals typed. The typed
  /// letters (`WordDecision.typed`) are exactly what was typed. Letters outside the table's
  /// alphabet are U+FFFD. It makes a String (an allocation): for the text field and the
  /// suggestion bar, not for the hot path; `writtenScalar(at:)` reads it without one.
  public var text: String {
    var scalars = String.UnicodeScalarView()
    for position in 0..<writtenCount { scalars.append(writtenScalar(at: position)) }
    return String(scalars)
  }

  /// The number of scalars the word is written with: its letters and apostrophes.
  public var writtenCount: Int { count + slots.apostropheCount(slot) }

  /// The scalar at `position` (0 ..< `writtenCount`) of the written word: a letter (capital or
  /// not, as `text` writes it) or the table's apostrophe (`KeyGramTable.apostrophe`). No allocation.
  public func writtenScalar(at position: Int) -> Unicode.Scalar {
    precondition(position >= 0 && position < writtenCount, "DecodedWord written position out of range")
    var letterPosition = position
    for index in 0..<slots.apostropheCount(slot) {
      let at = slots.apostrophePosition(slot, index) + index  // where the apostrophe stands in the written word
      if position == at { return slots.table.apostrophe }
      if position > at { letterPosition -= 1 }
    }
    let letter = self.letter(at: Swift.min(Swift.max(letterPosition, 0), count - 1))
    guard letter >= 0 && letter < slots.table.letterCount else { return "\u{FFFD}" }
    return isCapital(at: letterPosition) ? slots.table.uppercaseLetter(at: letter) : slots.table.letter(at: letter)
  }

  /// Whether the letter at `position` is written as its capital (`KeyGramTable.uppercaseLetter(at:)`).
  public func isCapital(at position: Int) -> Bool {
    position >= 0 && position < Swift.min(count, 64) && UInt(bitPattern: slots.capitals[slot]) >> UInt(position) & 1 != 0
  }

  /// Which of the lexicon word's forms (`KeyGramTable.writtenForms(of:)`, best first) the word
  /// is written as, before the typed case is applied; nil for a word outside the lexicon and
  /// for the typed letters themselves.
  public var formIndex: Int? { slots.formIndices[slot] >= 0 ? slots.formIndices[slot] : nil }

  /// The lexicon node where the word ends, or nil for a word outside the lexicon (and the typed letters).
  public var lexiconNode: LexiconNode? {
    slots.nodes[slot] >= 0 ? LexiconNode(index: UInt32(truncatingIfNeeded: slots.nodes[slot])) : nil
  }

  /// The word's lexicon id, or nil for a word outside the lexicon (and the typed letters).
  public var wordID: WordID? { lexiconNode.map(WordID.init(node:)) }

  /// Whether `other` is written alike: the same letters, capitals and apostrophes.
  public func hasSameWrittenText(as other: DecodedWord) -> Bool {
    guard writtenCount == other.writtenCount else { return false }
    for position in 0..<writtenCount where writtenScalar(at: position) != other.writtenScalar(at: position) { return false }
    return true
  }

  /// Whether `other` has the same letters (however each is written).
  public func hasSameLetters(as other: DecodedWord) -> Bool {
    guard count == other.count else { return false }
    for position in 0..<count where letter(at: position) != other.letter(at: position) { return false }
    return true
  }
}

/// A ranked list of completions and corrections of the current word, for a suggestion bar.
/// A view of the decoder's storage: valid until its next `suggestions(limit:readingTwoWords:)`.
public struct WordSuggestions: RandomAccessCollection {
  let slots: WordSlots
  /// The typed letters read as two words ("thisis": "this is"), as the word's end would read
  /// them (`WordDecision.split`), to offer as one more slot; nil when they are a word, no two
  /// words beat them, or the suggestions were not asked to read two words. Valid until the
  /// decoder's next suggestions or decision.
  public internal(set) var split: WordSplit? = nil
  /// After a space tap that landed near a letter, the word before it, the tap and the current
  /// letters read as one word and completed ("num e": "number"), to offer as one more slot that
  /// replaces `WordJoin.replacedCharacterCount` characters; nil when no such reading beats the
  /// two. Valid until the decoder's next suggestions or decision.
  public internal(set) var join: WordJoin? = nil
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
  /// boundary ended it); the first word when two replaced them.
  public let replaced: DecodedWord
  /// The second word when two replaced them (`WordSplit`): take back out `replaced`, a space
  /// and this. nil when one word did.
  public let replacedSecond: DecodedWord?
  /// When the undone replacement was a join (`WordJoin`: "num ers" read as "numbers"), the word
  /// before the space tap as it stood (empty when the tap followed a space): take back out
  /// `replaced` and its space, and put back this, a space and `restored`. nil otherwise.
  public var restoredPrevious: DecodedWord? = nil
}
