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
/// Counts are in thousandths of an occurrence (`SourceRule.pairCountUnit`), times the file's
/// rule's `pairWeight`.
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
  /// The previous word's id in `tally`, when `previous` is `.word`.
  private var previousId: UInt32 = 0
  /// The current word, and the rules that end it.
  private var splitter: WordSplitter<PackedWord>
  /// Pairs that ended, waiting to be counted a batch at a time (ids, as `PairTally` keys them):
  /// counted before the tally forgets its ids or the file's weight changes.
  private var batch: [UInt64] = []
  private static let batchSize = 4096

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    self.decoder = decoder
    tally = PairTally(memoryCap: wordMemoryCap)
    splitter = WordSplitter(decoder: decoder)
  }

  /// What one occurrence of a pair adds in this file, in thousandths (`SourceRule.pairOccurrenceCount`).
  private var occurrenceCount = SourceRule.pairCountUnit

  /// A new file starts a sentence; each of its pairs adds `occurrenceCount` thousandths.
  package mutating func startFile(occurrenceCount: UInt64 = SourceRule.pairCountUnit) {
    countBatch()
    previous = .sentenceStart
    splitter.reset()
    self.occurrenceCount = occurrenceCount
  }

  /// Moves the pairs in memory to the word counts when they reach the cap, and spills those
  /// when they do; the previous word is interned again, as the ids start over.
  package mutating func spillIfFull() throws {
    countBatch()
    if tally.isFull {
      let previousWord = previous == .word ? tally.word(of: previousId) : []
      try tally.flush()
      if previous == .word { previousId = tally.id(of: previousWord) }
    }
    try tally.spillIfFull()
  }

  package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
    let bytes = chunk.bindMemory(to: UInt8.self)
    guard let (cutStep, cutScalar, resume) = splitter.readCutSequence(completingWith: bytes) else { return }
    pairWord(endedBy: cutStep, at: cutScalar)
    var i = resume
    while i < bytes.count {
      if splitter.isPlain {
        i = pairShortWords(bytes, from: i)
        guard i < bytes.count else { break }
      }
      let byte = bytes[i]
      if byte < 0x80 {
        pairWord(endedBy: splitter.read(asciiByte: byte), at: Unicode.Scalar(byte))
        i += 1
        continue
      }
      guard let (step, scalar, length) = splitter.read(sequenceIn: bytes, at: i) else { break }
      pairWord(endedBy: step, at: scalar)
      i += length
    }
  }

  /// The fast loop, while the splitter `isPlain`: ASCII letters and boundaries of words up to 16
  /// letters, packed in registers (as `TextWordCounter`'s loop packs them) and paired at their
  /// end. Returns the index of the first byte it leaves to the splitter.
  @inline(__always)
  private mutating func pairShortWords(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let letterLimit = UInt8(decoder.letterCount)
    let splitsAtClitics = splitter.splitsAtClitics
    var low = splitter.letters.low, high = splitter.letters.high, length = splitter.letters.count
    defer {
      splitter.letters.low = low
      splitter.letters.high = high
      splitter.letters.count = length
    }
    return decoder.byteClasses.withUnsafeBufferPointer { classes in
      var i = start
      while i < bytes.count {
        let byte = bytes[i]
        let symbol = classes[Int(byte)]
        if symbol == Symbol.wordBoundary {
          if byte &- UInt8(ascii: "0") < 10 { break }  // a digit: the splitter spoils the words around it
          if splitsAtClitics && byte == UInt8(ascii: "'") { break }  // the splitter ends a word only after a clitic
          if length > 0 {
            guard length <= ShortWordTable.maximumLength else { break }  // a long word ends in the splitter
            pair(tally.id(low: low, high: high))
            low = 0
            high = 0
            length = 0
          }
          if WordContext.endsSentence(Unicode.Scalar(byte)) { previous = .sentenceStart }
        } else if symbol <= letterLimit && length < ShortWordTable.maximumLength {
          ShortWordTable.pack(symbol, at: length, low: &low, high: &high)
          length += 1
        } else {
          break  // anything else, or a 17th letter: the splitter
        }
        i += 1
      }
      return i
    }
  }

  /// The end of a file ends its last word.
  package mutating func finishFile() throws {
    pairWord(endedBy: splitter.readEnd(), at: nil)
    countBatch()
    try tally.flush()
  }

  /// Pairs the word `step` ended, if it ended one; a sentence end (`WordContext.endsSentence`) at
  /// `scalar` makes the next word pair with the sentence start.
  @inline(__always)
  private mutating func pairWord(endedBy step: WordStep, at scalar: Unicode.Scalar?) {
    guard step == .ended else { return }
    endWord()
    if let scalar, WordContext.endsSentence(scalar) { previous = .sentenceStart }
  }

  /// A word pairs with what came before and becomes the previous word; a spoiled or too long
  /// run ends the chain.
  private mutating func endWord() {
    defer { splitter.startNextWord() }
    if splitter.isSpoiled || splitter.isTooLong {
      previous = .none
      return
    }
    guard splitter.letters.count > 0 else { return }
    pair(tally.id(of: splitter.letters))
  }

  /// The word interned as `id` pairs with what came before and becomes the previous word.
  @inline(__always)
  private mutating func pair(_ id: UInt32) {
    switch previous {
    case .word: batch.append(UInt64(previousId) << 32 | UInt64(id))
    case .sentenceStart: batch.append(UInt64(PairTally.sentenceStart) << 32 | UInt64(id))
    case .none: break
    }
    if batch.count == Self.batchSize { countBatch() }
    previous = .word
    previousId = id
  }
}

extension PairCounter {
  /// Counts the pairs in the batch.
  private mutating func countBatch() {
    guard !batch.isEmpty else { return }
    let count = occurrenceCount
    batch.withUnsafeBufferPointer { tally.add(pairs: $0, count: count) }
    batch.removeAll(keepingCapacity: true)
  }

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
