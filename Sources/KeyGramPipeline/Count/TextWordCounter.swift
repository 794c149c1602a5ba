/// Counts the whole words of running text for the lexicon, decoded by the same rules as the
/// letter counts (case folding, NFC, apostrophes), beside `LetterCounter` in the same pass.
///
/// A word is a run of letters between boundaries. A run that touches a digit or a letter
/// outside the alphabet ("mp3", "café" in English) is no lexicon word and is not counted; a
/// run over `WordCounts.maximumLength` letters counts as dropped.
package struct TextWordCounter: Counter {
  package let decoder: LetterDecoder
  /// The words counted so far; those of up to 16 letters arrive at `finishFile()` (or when the
  /// memory cap is reached), from `shortWords`.
  package private(set) var words = WordCounts()
  /// Most words, counted without an allocation each.
  private var shortWords = ShortWordTable()
  /// Short words that ended, waiting to be counted a batch at a time: (low, high) pairs.
  private var batch = [UInt64](repeating: 0, count: 2 * TextWordCounter.batchSize)
  private var batchCount = 0
  private var batchSlots: [Int] = []
  private static let batchSize = 4096
  /// The current word, and the rules that end it.
  private var splitter: WordSplitter<PackedWord>

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    words = WordCounts(memoryCap: wordMemoryCap)
    self.decoder = decoder
    splitter = WordSplitter(decoder: decoder)
  }

  /// Spills the words to a sorted run if they reached their memory cap (`WordCounts.spillIfFull`).
  /// The short words count toward the cap too: the batch is counted, and they move into
  /// `words` first.
  package mutating func spillIfFull() throws {
    try countBatch()
    if shortWords.count + words.counts.count >= words.memoryCap { try shortWords.drain(into: &words) }
    try words.spillIfFull()
  }

  /// Counts the words that end in `chunk`; a word cut by the chunk's end waits for the next.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(CountOverflow) {
    let bytes = chunk.bindMemory(to: UInt8.self)
    guard let (cutStep, _, resume) = splitter.readCutSequence(completingWith: bytes) else { return }
    if cutStep == .ended { try endWord() }
    var i = resume
    while i < bytes.count {
      if batchCount == Self.batchSize { try countBatch() }
      if splitter.isPlain { i = countShortWords(bytes, from: i) }
      guard i < bytes.count, batchCount < Self.batchSize else { continue }
      // The byte the fast loop left: a digit, an apostrophe, a non-ASCII sequence, a skipped or
      // foreign letter, the 17th letter of a word, or any byte of a spoiled run.
      if bytes[i] < 0x80 {
        if splitter.read(asciiByte: bytes[i]) == .ended { try endWord() }
        i += 1
      } else {
        guard let (step, _, length) = splitter.read(sequenceIn: bytes, at: i) else { break }
        if step == .ended { try endWord() }
        i += length
      }
    }
  }

  /// The fast loop, while the splitter `isPlain`: ASCII letters and boundaries of words up to 16
  /// letters, packed in registers and put in the batch at their end. Returns the index of the
  /// first byte it leaves to the slow path, or where the batch filled up.
  @inline(__always)
  private mutating func countShortWords(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let letterLimit = UInt8(decoder.letterCount)
    let splitsAtClitics = splitter.splitsAtClitics
    var low = splitter.letters.low, high = splitter.letters.high, length = splitter.letters.count
    var queued = batchCount
    defer {
      splitter.letters.low = low
      splitter.letters.high = high
      splitter.letters.count = length
      batchCount = queued
    }
    return decoder.byteClasses.withUnsafeBufferPointer { classes in
      batch.withUnsafeMutableBufferPointer { batch in
        var i = start
        while i < bytes.count && queued < Self.batchSize {
          let byte = bytes[i]
          let symbol = classes[Int(byte)]
          if symbol == Symbol.wordBoundary {
            if byte &- UInt8(ascii: "0") < 10 { break }  // a digit: the slow path spoils the words around it
            if splitsAtClitics && byte == UInt8(ascii: "'") { break }  // the slow path splits only after a clitic
            if length > 0 {
              guard length <= ShortWordTable.maximumLength else { break }  // a long word ends on the slow path
              batch[queued &* 2] = low
              batch[queued &* 2 &+ 1] = high
              queued += 1
              low = 0
              high = 0
              length = 0
            }
          } else if symbol <= letterLimit && length < ShortWordTable.maximumLength {
            ShortWordTable.pack(symbol, at: length, low: &low, high: &high)
            length += 1
          } else {
            break  // anything else, or a 17th letter: the slow path
          }
          i += 1
        }
        return i
      }
    }
  }

  /// Counts the batch of short words that ended.
  private mutating func countBatch() throws(CountOverflow) {
    let words = batchCount
    batchCount = 0
    try batch.withUnsafeBufferPointer { batch throws(CountOverflow) in
      try shortWords.add(batch: UnsafeBufferPointer(rebasing: batch[0..<(2 * words)]), firstSlots: &batchSlots)
    }
  }

  /// The end of a file ends its last word.
  package mutating func finishFile() throws(CountOverflow) {
    if splitter.readEnd() == .ended { try endWord() }
    try countBatch()
    try shortWords.drain(into: &words)
  }

  /// Counts the word that ended, unless a digit or a foreign letter spoiled it; one too long is
  /// tallied as dropped.
  private mutating func endWord() throws(CountOverflow) {
    defer { splitter.startNextWord() }
    guard splitter.letters.count > 0, !splitter.isSpoiled else { return }
    if splitter.isTooLong {
      try words.add(repeatElement(1, count: WordCounts.maximumLength + 1), count: 1)
    } else if splitter.letters.count <= ShortWordTable.maximumLength {
      try shortWords.addOne(low: splitter.letters.low, high: splitter.letters.high)
    } else {
      try words.add(splitter.letters.long, count: 1)
    }
  }
}
