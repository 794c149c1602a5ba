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

  package init(symbols: [UInt8] = [], capitals: UInt64 = 0, apostrophes: [UInt8] = []) {
    self.symbols = symbols
    self.capitals = capitals
    self.apostrophes = apostrophes
  }
}

/// Reads running text scalar by scalar into `WrittenWord`s, by the word counters' rules (a digit,
/// a letter outside the alphabet or invalid UTF-8 spoils the run; runs over 48 letters are no
/// words), and says of each whether it opens a sentence: the first word of a line or the first
/// after `.`, `!`, `?` or `…`, whatever quotes, brackets and spaces lie between.
///
/// Apostrophes (' ’ ʼ) never break a word but one: under the `boundary` rule, an apostrophe right
/// after a listed clitic (`Language.elisions`) ends it, and the clitic is written without it ("l",
/// "jusqu"): on the keyboard that apostrophe is the key that ends the word, which the host types.
/// An apostrophe counts in a form only between letters (a closing quote after "dogs" is no apostrophe).
package struct WrittenWordReader {
  package let decoder: LetterDecoder
  /// The clitics as letter symbols; empty under the `transparent` rule.
  package let clitics: [[UInt8]]
  private var word = WrittenWord()
  private var spoiled = false
  /// More than `TableFormat.WrittenForms.maximumApostropheCount` apostrophes: a word, but no form.
  private var tooManyApostrophes = false
  private var pendingApostrophe = false
  private var awaitingFinalForm: UInt8 = 0
  private var sentenceStart = true

  package init(decoder: LetterDecoder) {
    self.decoder = decoder
    clitics = Self.clitics(of: decoder.language)
  }

  /// The language's clitics as letter symbols, for the `boundary` rule only.
  package static func clitics(of language: Language) -> [[UInt8]] {
    guard !language.apostrophesAreTransparent else { return [] }
    let index = language.letterIndex
    return language.elisions.map { $0.unicodeScalars.map { Symbol.letter(index[$0]!) } }
  }

  /// Sentence-ending marks: the next word opens a sentence.
  static let sentenceEnds: Set<Unicode.Scalar> = [".", "!", "?", "…"]

  /// The newest symbol, for the decoder's combining-mark rule.
  private var last: UInt8 { word.symbols.last ?? Symbol.wordBoundary }

  /// Reads one scalar; `emit` gets each word that ends, and whether it opens a sentence.
  package mutating func read(_ scalar: Unicode.Scalar, emit: (WrittenWord, Bool) -> Void) {
    if Language.apostrophes.contains(scalar) {
      if !clitics.isEmpty, !spoiled, !word.symbols.isEmpty, clitics.contains(word.symbols) {
        endWord(emit)
        spoiled = false
      } else if !word.symbols.isEmpty {
        pendingApostrophe = true
      }
      return
    }
    switch decoder.action(for: scalar, after: last) {
    case .append(Symbol.wordBoundary):
      let digit = scalar.value &- 0x30 < 10
      if digit { spoiled = true }
      endWord(emit)
      if !digit { spoiled = false }
      if Self.sentenceEnds.contains(scalar) { sentenceStart = true }
    case .append(let symbol):
      awaitingFinalForm = 0
      append(symbol, capital: scalar.properties.changesWhenLowercased)
    case .appendAwaitingFinalForm(let symbol, let finalForm):
      append(symbol, capital: true)
      awaitingFinalForm = finalForm
    case .skip: break
    case .outsideAlphabet, .invalidUTF8, .replaceLastOutsideAlphabet:
      spoiled = true
      endWord(emit)
    case .replaceLast(let composed):
      awaitingFinalForm = 0
      if !word.symbols.isEmpty { word.symbols[word.symbols.count - 1] = composed }
    }
  }

  /// An invalid UTF-8 sequence: it spoils the run, as in the word counter.
  package mutating func readInvalid(emit: (WrittenWord, Bool) -> Void) {
    spoiled = true
    endWord(emit)
  }

  /// The end of a line (or of the text): its last word ends, and the next line opens a sentence.
  package mutating func endLine(emit: (WrittenWord, Bool) -> Void) {
    endWord(emit)
    spoiled = false
    sentenceStart = true
  }

  private mutating func append(_ symbol: UInt8, capital: Bool) {
    if pendingApostrophe {
      pendingApostrophe = false
      addApostrophe(at: word.symbols.count)
    }
    if capital && word.symbols.count < 64 { word.capitals |= 1 << UInt64(word.symbols.count) }
    word.symbols.append(symbol)
  }

  private mutating func addApostrophe(at position: Int) {
    guard word.apostrophes.count < TableFormat.WrittenForms.maximumApostropheCount else {
      tooManyApostrophes = true
      return
    }
    word.apostrophes.append(UInt8(truncatingIfNeeded: position))
  }

  private mutating func endWord(_ emit: (WrittenWord, Bool) -> Void) {
    if awaitingFinalForm != 0 {
      word.symbols[word.symbols.count - 1] = awaitingFinalForm
      awaitingFinalForm = 0
    }
    pendingApostrophe = false
    defer {
      word.symbols.removeAll(keepingCapacity: true)
      word.capitals = 0
      word.apostrophes.removeAll(keepingCapacity: true)
      word.hasForm = true
      tooManyApostrophes = false
    }
    guard !word.symbols.isEmpty else { return }
    let opensSentence = sentenceStart
    sentenceStart = false
    guard !spoiled, word.symbols.count <= TableFormat.Lexicon.maximumDepth else { return }
    word.hasForm = !tooManyApostrophes
    emit(word, opensSentence)
  }
}
