import KeyGram

/// A word as it was written: its letter symbols (what the word counters count), which letters
/// were capitals and where apostrophes stood. `FormEvidence` records these; `LexiconForms` picks
/// a lexicon word's forms from them.
package struct WrittenWord: Equatable, Sendable {
  /// Letter symbols (1 ... N), as `WordCounts` keys the word.
  package var symbols: [UInt8] = []
  /// Bit i: letter i was typed as a capital.
  package var capitals: UInt64 = 0
  /// Apostrophe positions: one before letter p (p = the length: after the last letter).
  package var apostrophes: [UInt8] = []
  /// False when the word had more apostrophes than a form holds: counted, but no form evidence.
  package var hasForm = true
  /// The word came right after a clitic that its apostrophe ended, the word read before it
  /// ("homme" in "l'homme"): the two are one word written with an apostrophe (`joined(after:)`).
  package var followsElision = false

  package init(symbols: [UInt8] = [], capitals: UInt64 = 0, apostrophes: [UInt8] = [], hasForm: Bool = true,
               followsElision: Bool = false) {
    self.symbols = symbols
    self.capitals = capitals
    self.apostrophes = apostrophes
    self.hasForm = hasForm
    self.followsElision = followsElision
  }

  /// This word written after `clitic` with the apostrophe between them, as the transparent rule
  /// reads "l'homme": lhomme, the apostrophe before letter 1. nil when the pair has no form
  /// (too long for a capital mask, or too many apostrophes).
  package func joined(after clitic: WrittenWord) -> WrittenWord? {
    let length = clitic.symbols.count, total = length + symbols.count
    guard clitic.hasForm, hasForm, total <= UInt64.bitWidth,
          clitic.apostrophes.count + apostrophes.count < TableFormat.WrittenForms.maximumApostropheCount else { return nil }
    return WrittenWord(symbols: clitic.symbols + symbols, capitals: clitic.capitals | capitals << UInt64(length),
                       apostrophes: clitic.apostrophes + [UInt8(length)] + apostrophes.map { $0 + UInt8(length) })
  }
}

/// Reads running text scalar by scalar into `WrittenWord`s, by the word counters' rules
/// (`WordSplitter`), and says of each whether it opens a sentence: the first word of a line or
/// the first after `.`, `!`, `?` or `…`, whatever quotes, brackets and spaces lie between.
///
/// Apostrophes (' ’ ʼ) never break a word but one: under the `boundary` rule, an apostrophe right
/// after a listed clitic (`Language.elisions`) ends it, and the clitic is written without it ("l",
/// "jusqu"): on the keyboard that apostrophe is the key that ends the word, which the host types.
/// An apostrophe counts in a form only between letters (a closing quote after "dogs" is no apostrophe).
package struct WrittenWordReader {
  package let decoder: LetterDecoder
  /// The current word's letters, and the rules that end it.
  private var splitter: WordSplitter<[UInt8]>
  /// Bit i: letter i of the current word was typed as a capital.
  private var capitals: UInt64 = 0
  /// The current word's apostrophe positions, as `WrittenWord.apostrophes`.
  private var apostrophes: [UInt8] = []
  /// More than `TableFormat.WrittenForms.maximumApostropheCount` apostrophes: a word, but no form.
  private var tooManyApostrophes = false
  /// An apostrophe after a letter: it stands before the next letter, if one comes.
  private var pendingApostrophe = false
  /// The next word opens a sentence. A counter's own loop that reads plain words while
  /// `isBetweenPlainWords` keeps it as this reader would.
  package var sentenceStart = true
  /// The last word ended at a clitic's apostrophe and nothing has been read since.
  private var afterElision = false
  /// The current word began right after such a clitic.
  private var followsElision = false

  package init(decoder: LetterDecoder) {
    self.decoder = decoder
    splitter = WordSplitter(decoder: decoder)
  }

  /// Whether an apostrophe after a listed clitic ends a word (the `boundary` rule), so that a
  /// word may follow an elision.
  package var splitsAtClitics: Bool { splitter.splitsAtClitics }

  /// Between words with nothing pending (no apostrophe, elision, capital or spoiled run): a
  /// caller's own loop may read plain ASCII words from here, keeping `sentenceStart`.
  package var isBetweenPlainWords: Bool { splitter.isBetweenWords && !afterElision && !pendingApostrophe && apostrophes.isEmpty }

  /// Sentence-ending marks (. ! ? …): the next word opens a sentence.
  @inline(__always)
  static func endsSentence(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case ".", "!", "?", "…": return true
    default: return false
    }
  }

  /// Reads one scalar; `emit` gets each word that ends, and whether it opens a sentence.
  package mutating func read(_ scalar: Unicode.Scalar, emit: (WrittenWord, Bool) -> Void) {
    if Language.apostrophes.contains(scalar) {
      if splitter.readApostrophe() == .ended {
        endWord(emit)
        afterElision = true
        return
      } else if splitter.letters.count > 0 {
        pendingApostrophe = true
      }
      afterElision = false
      return
    }
    let action = decoder.action(for: scalar, after: splitter.letters.lastSymbol)
    switch splitter.read(action, of: scalar) {
    case .continued: afterElision = false
    case .addedLetter:
      // A final-form capital may come from a case mapping that Unicode's lowercasing does not know.
      let isCapital: Bool
      if case .appendAwaitingFinalForm = action { isCapital = true } else { isCapital = scalar.properties.changesWhenLowercased }
      letterAdded(isCapital: isCapital)
    case .ended:
      afterElision = false
      endWord(emit)
      if Self.endsSentence(scalar) { sentenceStart = true }
    }
  }

  /// Reads one ASCII byte (below 0x80) as `read` reads its scalar, through the decoder's byte
  /// classes: no scalar properties and no class lookup beyond one table read.
  @inline(__always)
  package mutating func read(asciiByte byte: UInt8, emit: (WrittenWord, Bool) -> Void) {
    guard byte != UInt8(ascii: "'") else { return read(Unicode.Scalar(byte), emit: emit) }
    switch splitter.read(asciiByte: byte) {
    case .continued: afterElision = false
    case .addedLetter:
      letterAdded(isCapital: byte &- UInt8(ascii: "A") < 26)
    case .ended:
      afterElision = false
      endWord(emit)
      if Self.endsSentence(Unicode.Scalar(byte)) { sentenceStart = true }
    }
  }

  /// An invalid UTF-8 sequence: it spoils the run, as in the word counter.
  package mutating func readInvalid(emit: (WrittenWord, Bool) -> Void) {
    afterElision = false
    if splitter.read(.invalidUTF8, of: nil) == .ended { endWord(emit) }
  }

  /// The end of a line (or of the text): its last word ends, and the next line opens a sentence.
  package mutating func endLine(emit: (WrittenWord, Bool) -> Void) {
    if splitter.readEnd() == .ended { endWord(emit) }
    sentenceStart = true
    afterElision = false
  }

  /// The splitter took a letter: an apostrophe before it joins the form, and its case is kept.
  @inline(__always)
  private mutating func letterAdded(isCapital: Bool) {
    let position = splitter.letters.count - 1
    if position == 0 { followsElision = afterElision }
    afterElision = false
    if pendingApostrophe {
      pendingApostrophe = false
      addApostrophe(at: position)
    }
    if isCapital { capitals |= 1 << UInt64(position) }
  }

  private mutating func addApostrophe(at position: Int) {
    guard apostrophes.count < TableFormat.WrittenForms.maximumApostropheCount else {
      tooManyApostrophes = true
      return
    }
    apostrophes.append(UInt8(truncatingIfNeeded: position))
  }

  /// A word that is not spoiled or too long goes to `emit`; any word with letters uses up the
  /// sentence start.
  private mutating func endWord(_ emit: (WrittenWord, Bool) -> Void) {
    pendingApostrophe = false
    defer {
      splitter.startNextWord()
      capitals = 0
      apostrophes.removeAll(keepingCapacity: true)
      tooManyApostrophes = false
      followsElision = false
    }
    guard splitter.letters.count > 0 else { return }
    let opensSentence = sentenceStart
    sentenceStart = false
    guard !splitter.isSpoiled, !splitter.isTooLong else { return }
    emit(WrittenWord(symbols: splitter.letters, capitals: capitals, apostrophes: apostrophes, hasForm: !tooManyApostrophes,
                     followsElision: followsElision), opensSentence)
  }
}
