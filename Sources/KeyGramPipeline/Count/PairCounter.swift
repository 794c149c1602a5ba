import KeyGram

/// Counts consecutive word pairs of running text for the `PAIR` section, decoding words as
/// `TextWordCounter` does (case folding, NFC, the language's apostrophe rule). A pair (v, w)
/// is counted when w follows v in the same line with no sentence end between them (`.` `!`
/// `?` `…` and the rest of `WordContext.endsSentence`); the first word of a file, of a line or
/// after a sentence end pairs with the sentence start. Commas, quotes and dashes keep the pair,
/// as the runtime's `WordContext` keeps the previous word across them. A run with a digit or a
/// foreign letter, or longer than the lexicon's words, is no word: it ends the chain, so neither
/// the pair before it nor the one after it is counted.
///
/// Keys are v's symbols, `separator`, w's symbols (v empty for the sentence start), in a
/// `WordCounts`, so memory stays bounded and sums are exact however the files are sharded.
package struct PairCounter: Counter {
  /// Between the two words of a key: above every letter symbol (at most 250).
  package static let separator: UInt8 = 0xFF
  /// Two words of at most 48 letters and the separator.
  package static let keyLimit = 2 * WordCounts.maximumLength + 1

  package let decoder: LetterDecoder
  /// The pairs counted, complete after each `finishFile()`.
  package var pairs: WordCounts { tally.flushed }
  private var tally: PairTally
  /// What the next word pairs with.
  private enum Previous { case sentenceStart, word, none }
  private var previous = Previous.sentenceStart
  /// The previous word's symbols and id (valid when `previous` is `.word`), and the current word's.
  private var previousWord: [UInt8] = []
  private var previousId: UInt32 = 0
  private var word: [UInt8] = []
  private var spoiled = false
  private var tooLong = false
  private var pending = SplitSequence()
  private var awaitingFinalForm: UInt8 = 0
  private let clitics: Set<[UInt8]>
  private let splitsAtClitics: Bool

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    self.decoder = decoder
    tally = PairTally(memoryCap: wordMemoryCap)
    clitics = Set(WrittenWordReader.clitics(of: decoder.language))
    splitsAtClitics = !decoder.language.apostrophesAreTransparent && !decoder.language.elisions.isEmpty
    word.reserveCapacity(WordCounts.maximumLength + 1)
    previousWord.reserveCapacity(WordCounts.maximumLength)
  }

  /// A new file starts a sentence.
  package mutating func startFile() {
    previous = .sentenceStart
    word.removeAll(keepingCapacity: true)
    spoiled = false
    tooLong = false
    awaitingFinalForm = 0
    _ = pending.removeAll()
  }

  /// Moves the pairs in memory to the word counts when they reach the cap, and spills those
  /// when they do; the previous word is interned again, as the ids start over.
  package mutating func spillIfFull() throws {
    if tally.isFull {
      try tally.flush()
      if previous == .word { previousId = tally.id(of: previousWord) }
    }
    try tally.spillIfFull()
  }

  package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
    let bytes = chunk.bindMemory(to: UInt8.self)
    var i = 0
    if !pending.isEmpty {
      guard let (action, resume) = pending.complete(with: bytes, decoder: decoder, after: last) else { return }
      try scalar(pending.completedScalar, action: action)
      i = resume
    }
    let letterLimit = UInt8(decoder.letterCount)
    while i < bytes.count {
      let byte = bytes[i]
      if byte < 0x80 {
        let symbol = decoder.byteClasses[Int(byte)]
        if awaitingFinalForm == 0, symbol != Symbol.wordBoundary, symbol <= letterLimit {
          append(symbol)  // the common case: an ASCII letter
        } else if symbol == Symbol.wordBoundary, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          spoiled = true  // a digit spoils the runs on both sides of it, as the word counter reads them
          try endWord()
        } else if symbol <= letterLimit && splitsAtClitics && byte == UInt8(ascii: "'") {
          try apostrophe()
        } else if symbol <= letterLimit {
          try apply(.append(symbol))
          if symbol == Symbol.wordBoundary, WordContext.endsSentence(Unicode.Scalar(byte)) { previous = .sentenceStart }
        } else if symbol == LetterDecoder.ByteClass.outsideAlphabet {
          try apply(.outsideAlphabet)
        } else if symbol != LetterDecoder.ByteClass.skip {
          try apply(decoder.action(for: Unicode.Scalar(byte), after: last))
        }
        i += 1
        continue
      }
      guard let (action, length) = decoder.action(ofSequenceIn: bytes, at: i, after: last) else {
        pending.keep(bytes[i...])
        break
      }
      var decoded: Unicode.Scalar?
      if case .scalar(let value, _) = UTF8Sequence.decode(bytes, at: i) { decoded = value }
      try scalar(decoded, action: action)
      i += length
    }
  }

  /// A non-ASCII scalar (nil: invalid UTF-8) and what the decoder does with it.
  private mutating func scalar(_ scalar: Unicode.Scalar?, action: LetterDecoder.SymbolAction) throws {
    if let scalar, splitsAtClitics, Language.apostrophes.contains(scalar) { return try apostrophe() }
    try apply(action)
    if let scalar, WordContext.endsSentence(scalar) {
      try endWord()
      previous = .sentenceStart
    }
  }

  /// The end of a file ends its last word.
  package mutating func finishFile() throws {
    if pending.removeAll() { try apply(.invalidUTF8) }
    try endWord()
    spoiled = false
    try tally.flush()
  }

  private var last: UInt8 { word.last ?? Symbol.wordBoundary }

  @inline(__always)
  private mutating func append(_ symbol: UInt8) {
    guard word.count < WordCounts.maximumLength else {
      tooLong = true
      return
    }
    word.append(symbol)
  }

  /// Under the `boundary` rule with elisions, an apostrophe ends the word only after a clitic.
  private mutating func apostrophe() throws {
    guard !spoiled, !tooLong, !word.isEmpty, clitics.contains(word) else { return }
    try endWord()
    spoiled = false
  }

  private mutating func apply(_ action: LetterDecoder.SymbolAction) throws {
    switch action {
    case .append(let symbol):
      guard symbol != Symbol.wordBoundary else {
        try endWord()
        spoiled = false
        return
      }
      awaitingFinalForm = 0
      append(symbol)
    case .appendAwaitingFinalForm(let symbol, let finalForm):
      append(symbol)
      awaitingFinalForm = finalForm
    case .skip: break
    case .outsideAlphabet, .invalidUTF8, .replaceLastOutsideAlphabet:
      spoiled = true
      try endWord()
    case .replaceLast(let composed):
      awaitingFinalForm = 0
      if !word.isEmpty { word[word.count - 1] = composed }
    }
  }

  /// The current run ends: a word pairs with what came before and becomes the previous word;
  /// a spoiled or too long run ends the chain.
  private mutating func endWord() throws {
    if awaitingFinalForm != 0 {
      if !word.isEmpty { word[word.count - 1] = awaitingFinalForm }
      awaitingFinalForm = 0
    }
    defer {
      word.removeAll(keepingCapacity: true)
      tooLong = false
    }
    if spoiled || tooLong {
      previous = .none
      return
    }
    guard !word.isEmpty else { return }
    let id = tally.id(of: word)
    switch previous {
    case .word: tally.add(first: previousId, second: id)
    case .sentenceStart: tally.add(first: PairTally.sentenceStart, second: id)
    case .none: break
    }
    previous = .word
    previousId = id
    swap(&previousWord, &word)
  }
}

extension PairCounter {
  /// True for a key as `PairCounter` writes it: 0 ... 48 letters (1 ... `letterCount`), the
  /// separator, 1 ... 48 letters.
  package static func isPairKey(_ key: [UInt8], letterCount: Int) -> Bool {
    guard let cut = key.firstIndex(of: separator), cut <= WordCounts.maximumLength else { return false }
    let second = key.count - 1 - cut
    guard (1...WordCounts.maximumLength).contains(second) else { return false }
    return key.indices.allSatisfy { $0 == cut || Symbol.isLetter(key[$0], letterCount: letterCount) }
  }

  /// The two words of a key: the first empty for the sentence start.
  package static func words(of key: [UInt8]) -> (first: ArraySlice<UInt8>, second: ArraySlice<UInt8>) {
    let cut = key.firstIndex(of: separator)!
    return (key[..<cut], key[(cut + 1)...])
  }
}
