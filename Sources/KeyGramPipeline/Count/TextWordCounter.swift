/// Counts the whole words of running text for the lexicon, decoded by the same rules as the
/// letter counts (case folding, NFC, apostrophes), beside `LetterCounter` in the same pass.
///
/// A word is a run of letters between boundaries. A run that touches a digit or a letter
/// outside the alphabet ("mp3", "café" in English) is no lexicon word and is not counted; a
/// run over `WordCounts.maximumLength` letters counts as dropped.
public struct TextWordCounter {
  public let decoder: LetterDecoder
  public private(set) var words = WordCounts()
  /// The current word's letter symbols (at most one past the maximum length).
  private var current: [UInt8] = []
  /// The current run has a digit or a foreign letter: it ends uncounted.
  private var spoiled = false
  private var tooLong = false
  /// Bytes of a UTF-8 sequence split across chunks.
  private var pending: [UInt8] = []

  public init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    words = WordCounts(memoryCap: wordMemoryCap)
    self.decoder = decoder
    current.reserveCapacity(WordCounts.maximumLength + 1)
  }

  /// Spills the words to a sorted run if they reached their memory cap (`WordCounts.spillIfFull`).
  public mutating func spillIfFull() throws(OutputError) { try words.spillIfFull() }

  /// Counts the words that end in `chunk`; a word cut by the chunk's end waits for the next.
  public mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(CountOverflowError) {
    let bytes = chunk.bindMemory(to: UInt8.self)
    var i = 0
    if !pending.isEmpty {
      let taken = Swift.min(4 - pending.count, bytes.count)
      let joined = pending + Array(bytes.prefix(taken))
      let consumed = try joined.withUnsafeBufferPointer { joined throws(CountOverflowError) -> Int? in
        guard let (action, length) = decoder.action(ofSequenceIn: joined, at: 0, after: last) else { return nil }
        try apply(action)
        return length - pending.count
      }
      guard let consumed else {
        pending = joined
        return
      }
      pending.removeAll()
      i = Swift.max(0, consumed)
    }
    let classes = decoder.byteClasses
    let letterLimit = UInt8(decoder.letterCount)
    while i < bytes.count {
      let byte = bytes[i]
      let symbol = classes[Int(byte)]
      if symbol <= letterLimit {
        if symbol == LetterDecoder.Symbol.wordBoundary, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
          spoiled = true  // a digit spoils the runs on both sides of it, up to real boundaries
          try endWord()
        } else {
          try apply(.append(symbol))
        }
        i += 1
      } else if symbol == LetterDecoder.ByteClass.skip {
        i += 1
      } else if symbol == LetterDecoder.ByteClass.outsideAlphabet {
        try apply(.outsideAlphabet)
        i += 1
      } else {
        guard let (action, length) = decoder.action(ofSequenceIn: bytes, at: i, after: last) else {
          pending = Array(bytes[i...])
          break
        }
        try apply(action)
        i += length
      }
    }
  }

  /// The end of a file ends its last word.
  public mutating func finishFile() throws(CountOverflowError) {
    if !pending.isEmpty { try apply(.invalidUTF8) }  // a sequence cut by the end of the file
    pending.removeAll()
    try endWord()
    spoiled = false
  }

  /// The newest symbol, as the decoder's combining-mark rule needs it.
  private var last: UInt8 { current.last ?? LetterDecoder.Symbol.wordBoundary }

  private mutating func apply(_ action: LetterDecoder.SymbolAction) throws(CountOverflowError) {
    switch action {
    case .append(let symbol):
      guard symbol != LetterDecoder.Symbol.wordBoundary else {
        try endWord()
        spoiled = false
        return
      }
      if current.count < WordCounts.maximumLength { current.append(symbol) } else { tooLong = true }
    case .skip: break
    case .outsideAlphabet, .invalidUTF8:
      spoiled = true
      try endWord()
    case .replaceLast(let composed):
      if !current.isEmpty { current[current.count - 1] = composed }
    case .replaceLastOutsideAlphabet:
      spoiled = true
      try endWord()
    }
  }

  /// Counts the current run as a word, unless a digit or a foreign letter spoiled it.
  private mutating func endWord() throws(CountOverflowError) {
    defer {
      current.removeAll(keepingCapacity: true)
      tooLong = false
    }
    guard !current.isEmpty, !spoiled else { return }
    if tooLong {
      try words.add(repeatElement(1, count: WordCounts.maximumLength + 1), count: 1)  // tallied as dropped
    } else {
      try words.add(current, count: 1)
    }
  }
}
