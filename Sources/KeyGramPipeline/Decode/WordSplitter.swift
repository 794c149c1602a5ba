import KeyGram

/// Where a `WordSplitter` keeps the letters of the word it reads: an array, or the registers
/// `ShortWordTable` keys words by, whichever its counter counts fastest.
protocol WordLetters: Hashable {
  /// No letters.
  init()
  var count: Int { get }
  /// The newest letter, `Symbol.wordBoundary` before the first: what a combining mark composes with.
  var lastSymbol: UInt8 { get }
  mutating func append(_ symbol: UInt8)
  /// Replaces the newest letter; there is one.
  mutating func replaceLast(with symbol: UInt8)
  /// Empties it, keeping its storage, so the next word allocates nothing.
  mutating func clear()
}

extension Array: WordLetters where Element == UInt8 {
  var lastSymbol: UInt8 { last ?? Symbol.wordBoundary }
  mutating func replaceLast(with symbol: UInt8) { self[count - 1] = symbol }
  mutating func clear() { removeAll(keepingCapacity: true) }
}

/// What one step of the text did to the word being read.
enum WordStep: Equatable {
  /// Nothing that ends the word: a mark composed, an invisible character, a letter past the
  /// longest word, an apostrophe inside a word.
  case continued
  /// A letter was added, at `letters.count - 1`.
  case addedLetter
  /// The word ended: `letters`, `isSpoiled` and `isTooLong` describe it until `startNextWord()`.
  case ended
}

/// Splits decoded text into words by the rules every word counter and reader shares, so that
/// the lexicon's words, the word pairs and the written forms agree on what a word is:
/// - a word is a run of letters between boundaries;
/// - a digit, a letter outside the alphabet or invalid UTF-8 spoils the runs on both sides of it,
///   up to real boundaries: "mp3", or "café" in English, is no word;
/// - a run over `maximumLength` letters is too long: it keeps its first letters and `isTooLong`;
/// - a capital whose letter has a final form (Σ), typed after a letter, takes that form (ς) when
///   the word ends right after it;
/// - under the `boundary` apostrophe rule with elisions, an apostrophe ends the word only after a
///   clitic ("l'", "jusqu'"); anywhere else the word goes on without it ("aujourd'hui").
///
/// Every `read` returns what it did; after `.ended` the caller takes the word and calls
/// `startNextWord()`. Generic over the letters' storage, so each counter's loop is specialised.
struct WordSplitter<Letters: WordLetters> {
  /// The longest word: the lexicon's depth.
  static var maximumLength: Int { TableFormat.Lexicon.maximumDepth }

  let decoder: LetterDecoder
  /// The current word's letters, at most `maximumLength`. A counter's own loop may add letters
  /// here, and end clean words, while `isPlain`.
  var letters = Letters()
  /// The current run touched a digit, a letter outside the alphabet or invalid UTF-8.
  private(set) var isSpoiled = false
  /// The current run has more than `maximumLength` letters.
  private(set) var isTooLong = false
  /// The final form (ς) the newest letter (σ, typed as Σ) takes if the word ends before another
  /// letter; 0 when none is awaited.
  private var awaitingFinalForm: UInt8 = 0
  /// The step that ended the word spoils the next run too (a digit, a foreign letter).
  private var spoilsNextWord = false
  /// Bytes of a UTF-8 sequence cut by the end of a chunk, completed by the next.
  private var cutSequence = SplitSequence()
  /// Under the `boundary` rule, the language's elisions in letters; empty otherwise.
  private let clitics: Set<Letters>
  private let letterLimit: UInt8

  init(decoder: LetterDecoder) {
    self.decoder = decoder
    letterLimit = UInt8(decoder.letterCount)
    var clitics = Set<Letters>()
    for symbols in decoder.language.cliticSymbols {
      var clitic = Letters()
      for symbol in symbols { clitic.append(symbol) }
      clitics.insert(clitic)
    }
    self.clitics = clitics
  }

  /// An apostrophe ends a word after a clitic: the text counters look for apostrophes then.
  var splitsAtClitics: Bool { !clitics.isEmpty }

  /// Nothing awaited, spoiled or too long: plain letters and boundaries follow the simplest rules.
  var isPlain: Bool { awaitingFinalForm == 0 && !isSpoiled && !isTooLong }

  /// Between words, with nothing pending: a plain ASCII word read from here by a counter's own
  /// loop is the word this splitter would end.
  var isBetweenWords: Bool { letters.count == 0 && isPlain && cutSequence.isEmpty }

  /// An ASCII byte of the text.
  @inline(__always)
  mutating func read(asciiByte byte: UInt8) -> WordStep {
    let byteClass = decoder.byteClasses[Int(byte)]
    if byteClass == Symbol.wordBoundary {
      if byte == UInt8(ascii: "'") && splitsAtClitics { return readApostrophe() }
      return end(spoiling: isDigit(UInt32(byte)))
    }
    if byteClass <= letterLimit {
      awaitingFinalForm = 0
      return add(byteClass)
    }
    switch byteClass {
    case LetterDecoder.ByteClass.skip: return .continued
    case LetterDecoder.ByteClass.outsideAlphabet: return end(spoiling: true)
    default:  // an ASCII capital with a final form: the decoder's word-end rule
      let scalar = Unicode.Scalar(byte)
      return read(decoder.action(for: scalar, after: letters.lastSymbol), of: scalar)
    }
  }

  /// The UTF-8 sequence at `i` of `bytes`: what it did, its scalar (nil: invalid UTF-8) and its
  /// length. nil when it runs past the end of `bytes`: it is kept for `readCutSequence`.
  @inline(__always)
  mutating func read(sequenceIn bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (step: WordStep, scalar: Unicode.Scalar?, length: Int)? {
    switch UTF8Sequence.decode(bytes, at: i) {
    case .needMoreBytes:
      cutSequence.keep(bytes[i...])
      return nil
    case .invalid(let length): return (end(spoiling: true), nil, length)
    case .scalar(let scalar, let length): return (read(decoder.action(for: scalar, after: letters.lastSymbol), of: scalar), scalar, length)
    }
  }

  /// Completes the sequence the last chunk's end cut, if any, with the first bytes of `bytes`:
  /// what it did, its scalar and where the chunk's own sequences start (0 when none was cut).
  /// nil while `bytes` is too short to complete it.
  mutating func readCutSequence(completingWith bytes: UnsafeBufferPointer<UInt8>) -> (step: WordStep, scalar: Unicode.Scalar?, resume: Int)? {
    guard !cutSequence.isEmpty else { return (.continued, nil, 0) }
    guard let (action, resume) = cutSequence.complete(with: bytes, decoder: decoder, after: letters.lastSymbol) else { return nil }
    let scalar = cutSequence.completedScalar
    return (read(action, of: scalar), scalar, resume)
  }

  /// What the decoder made of `scalar` (nil: invalid UTF-8); an apostrophe, under the clitic
  /// rule, is read as `readApostrophe` reads it.
  @inline(__always)
  mutating func read(_ action: LetterDecoder.SymbolAction, of scalar: Unicode.Scalar?) -> WordStep {
    if let scalar, splitsAtClitics, Language.apostrophes.contains(scalar) { return readApostrophe() }
    switch action {
    case .append(Symbol.wordBoundary):
      return end(spoiling: scalar.map { isDigit($0.value) } ?? false)
    case .append(let symbol):
      awaitingFinalForm = 0
      return add(symbol)
    case .appendAwaitingFinalForm(let symbol, let finalForm):
      let step = add(symbol)
      awaitingFinalForm = finalForm
      return step
    case .skip: return .continued
    case .outsideAlphabet, .invalidUTF8, .replaceLastOutsideAlphabet: return end(spoiling: true)
    case .replaceLast(let composed):
      awaitingFinalForm = 0
      if letters.count > 0 { letters.replaceLast(with: composed) }
      return .continued
    }
  }

  /// An apostrophe: the end of the word after a clitic, else nothing.
  mutating func readApostrophe() -> WordStep {
    guard !isSpoiled, !isTooLong, letters.count > 0, clitics.contains(letters) else { return .continued }
    return end(spoiling: false)
  }

  /// The end of a line or a file: the word ends, and the next starts clean. A sequence cut by
  /// the end of the file is invalid UTF-8: it spoils the word.
  mutating func readEnd() -> WordStep {
    if cutSequence.removeAll() { isSpoiled = true }
    return end(spoiling: false)
  }

  /// After an `.ended` step, once the caller took the word.
  @inline(__always)
  mutating func startNextWord() {
    letters.clear()
    isTooLong = false
    isSpoiled = spoilsNextWord
  }

  /// Everything forgotten, for a new file.
  mutating func reset() {
    _ = readEnd()
    startNextWord()
  }

  @inline(__always)
  private mutating func add(_ symbol: UInt8) -> WordStep {
    guard letters.count < Self.maximumLength else {
      isTooLong = true
      return .continued
    }
    letters.append(symbol)
    return .addedLetter
  }

  /// Ends the run, taking an awaited final form first (ΟΔΟΣ is οδος).
  @inline(__always)
  private mutating func end(spoiling: Bool) -> WordStep {
    if spoiling { isSpoiled = true }
    spoilsNextWord = spoiling
    if awaitingFinalForm != 0 {
      if letters.count > 0 { letters.replaceLast(with: awaitingFinalForm) }
      awaitingFinalForm = 0
    }
    return .ended
  }
}

extension LetterDecoder {
  /// Whether text may be cut right after `byte` with no word rule reaching across the cut: an
  /// ASCII boundary that is no digit (which spoils both sides) and no apostrophe (which may join).
  func isCleanWordBreak(_ byte: UInt8) -> Bool {
    byte < 0x80 && byteClasses[Int(byte)] == Symbol.wordBoundary && !isDigit(UInt32(byte)) && byte != UInt8(ascii: "'")
  }
}

/// A digit (0-9, a boundary in every alphabet) spoils the runs on both sides of it.
@inline(__always)
private func isDigit(_ value: UInt32) -> Bool { value &- 0x30 < 10 }
