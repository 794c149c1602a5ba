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
  /// The current word's first 16 symbols, packed as `ShortWordTable` keys them, and its length.
  private var packedLow: UInt64 = 0
  private var packedHigh: UInt64 = 0
  private var length = 0
  /// The whole current word once it is longer than 16 symbols (at most one past the maximum).
  private var long: [UInt8] = []
  /// The current run has a digit or a foreign letter: it ends uncounted.
  private var spoiled = false
  private var tooLong = false
  /// Bytes of a UTF-8 sequence split across chunks.
  private var pending = SplitSequence()
  /// The final form (ς) the word's last letter (σ, typed as Σ) takes if the word ends before
  /// another letter; 0 when none is awaited.
  private var awaitingFinalForm: UInt8 = 0
  /// Under the `boundary` rule with `elisions`, the clitics packed as `ShortWordTable` keys them:
  /// an apostrophe ends a word only after one of these (`WrittenWordReader` reads forms alike).
  private let clitics: [(low: UInt64, high: UInt64)]
  private let splitsAtClitics: Bool

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    words = WordCounts(memoryCap: wordMemoryCap)
    self.decoder = decoder
    clitics = WrittenWordReader.clitics(of: decoder.language).filter { $0.count <= ShortWordTable.maximumLength }.map { word in
      var low: UInt64 = 0, high: UInt64 = 0
      for (index, symbol) in word.enumerated() { ShortWordTable.pack(symbol, at: index, low: &low, high: &high) }
      return (low, high)
    }
    splitsAtClitics = !decoder.language.apostrophesAreTransparent && !decoder.language.elisions.isEmpty
    long.reserveCapacity(WordCounts.maximumLength + 1)
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
    var i = 0
    if !pending.isEmpty {
      guard let (action, resume) = pending.complete(with: bytes, decoder: decoder, after: last) else { return }
      if splitsAtClitics, let scalar = pending.completedScalar, Language.apostrophes.contains(scalar) {
        try apostrophe()
      } else {
        try apply(action)
      }
      i = resume
    }
    while i < bytes.count {
      if batchCount == Self.batchSize { try countBatch() }
      // While a capital's final form is awaited, the slow path takes every byte.
      if awaitingFinalForm == 0 { i = countShortWords(bytes, from: i) }
      guard i < bytes.count, batchCount < Self.batchSize else { continue }
      // The byte the fast loop left: a digit, a non-ASCII sequence, a skipped or foreign
      // letter, or the 17th letter of a word.
      let byte = bytes[i]
      let symbol = decoder.byteClasses[Int(byte)]
      if symbol <= UInt8(decoder.letterCount) {
        if symbol == Symbol.wordBoundary, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          spoiled = true  // a digit spoils the runs on both sides of it, up to real boundaries
          try endWord()
        } else if splitsAtClitics && byte == UInt8(ascii: "'") {
          try apostrophe()
        } else {
          try apply(.append(symbol))
        }
        i += 1
      } else if symbol == LetterDecoder.ByteClass.skip {
        i += 1
      } else if symbol == LetterDecoder.ByteClass.outsideAlphabet {
        try apply(.outsideAlphabet)
        i += 1
      } else if splitsAtClitics, let length = Self.apostropheLength(bytes, at: i) {
        try apostrophe()
        i += length
      } else {
        guard let (action, length) = decoder.action(ofSequenceIn: bytes, at: i, after: last) else {
          pending.keep(bytes[i...])
          break
        }
        try apply(action)
        i += length
      }
    }
  }

  /// The fast loop: ASCII letters and boundaries of words up to 16 letters, packed in registers
  /// and put in the batch at their end. Returns the index of the first byte it leaves to the
  /// slow path, or where the batch filled up.
  @inline(__always)
  private mutating func countShortWords(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let letterLimit = UInt8(decoder.letterCount)
    var low = packedLow, high = packedHigh, length = self.length, spoiled = self.spoiled
    var queued = batchCount
    defer {
      packedLow = low
      packedHigh = high
      self.length = length
      self.spoiled = spoiled
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
              if !spoiled {
                batch[queued &* 2] = low
                batch[queued &* 2 &+ 1] = high
                queued += 1
              }
              low = 0
              high = 0
              length = 0
            }
            spoiled = false
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

  /// The length of the non-ASCII apostrophe (’ U+2019, ʼ U+02BC) at `i`, if there is one.
  @inline(__always)
  private static func apostropheLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
    if bytes[i] == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0x99 { return 3 }
    if bytes[i] == 0xCA, i + 1 < bytes.count, bytes[i + 1] == 0xBC { return 2 }
    return nil
  }

  /// An apostrophe under the `boundary` rule with elisions: it ends the word after a clitic
  /// ("l'", "jusqu'"); anywhere else the word goes on without it ("aujourd'hui").
  private mutating func apostrophe() throws(CountOverflow) {
    let isClitic = !spoiled && length > 0 && length <= ShortWordTable.maximumLength
      && clitics.contains { $0.low == packedLow && $0.high == packedHigh }
    guard isClitic else { return }
    try endWord()
    spoiled = false
  }

  /// The end of a file ends its last word.
  package mutating func finishFile() throws(CountOverflow) {
    if pending.removeAll() { try apply(.invalidUTF8) }  // a sequence cut by the end of the file
    try endWord()
    spoiled = false
    try countBatch()
    try shortWords.drain(into: &words)
  }

  /// The newest symbol, as the decoder's combining-mark rule needs it.
  private var last: UInt8 {
    switch length {
    case 0: Symbol.wordBoundary
    case 1...ShortWordTable.maximumLength: ShortWordTable.symbol(at: length - 1, low: packedLow, high: packedHigh)
    default: long.last!
    }
  }

  @inline(__always)
  private mutating func append(_ symbol: UInt8) {
    switch length {
    case 0..<ShortWordTable.maximumLength: ShortWordTable.pack(symbol, at: length, low: &packedLow, high: &packedHigh)
    default:
      if length == ShortWordTable.maximumLength { long = ShortWordTable.unpack(packedLow, packedHigh) }
      guard length < WordCounts.maximumLength else {
        tooLong = true
        return
      }
      long.append(symbol)
    }
    length += 1
  }

  private mutating func apply(_ action: LetterDecoder.SymbolAction) throws(CountOverflow) {
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
    case .outsideAlphabet, .invalidUTF8:
      spoiled = true
      try endWord()
    case .replaceLast(let composed):
      awaitingFinalForm = 0
      replaceLastLetter(with: composed)
    case .replaceLastOutsideAlphabet:
      spoiled = true
      try endWord()
    }
  }

  private mutating func replaceLastLetter(with symbol: UInt8) {
    switch length {
    case 0: break
    case 1...ShortWordTable.maximumLength:
      let shift = 8 * UInt64((length - 1) % 8)
      if length <= 8 { packedLow = packedLow & ~(0xFF << shift) | UInt64(symbol) << shift }
      else { packedHigh = packedHigh & ~(0xFF << shift) | UInt64(symbol) << shift }
    default: long[long.count - 1] = symbol
    }
  }

  /// Counts the current run as a word, unless a digit or a foreign letter spoiled it; a
  /// capital's awaited final form is taken first (ΟΔΟΣ is οδος).
  private mutating func endWord() throws(CountOverflow) {
    if awaitingFinalForm != 0 {
      replaceLastLetter(with: awaitingFinalForm)
      awaitingFinalForm = 0
    }
    defer {
      packedLow = 0
      packedHigh = 0
      length = 0
      tooLong = false
    }
    guard length > 0, !spoiled else { return }
    if tooLong {
      try words.add(repeatElement(1, count: WordCounts.maximumLength + 1), count: 1)  // tallied as dropped
    } else if length <= ShortWordTable.maximumLength {
      try shortWords.addOne(low: packedLow, high: packedHigh)
    } else {
      try words.add(long, count: 1)
    }
  }
}
