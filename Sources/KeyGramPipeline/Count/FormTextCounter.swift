/// The text evidence of how words are written (`FormEvidence.Kind.text`): reads running text a
/// line at a time (a line is whole whatever the chunks or `--part`, so counts stay exact), and
/// adds 1 to the written form of each word that does not open a sentence. Under the `boundary`
/// rule a clitic and the word after its apostrophe also count as one word with the apostrophe
/// ("l'homme": lhomme), which is how web text joins them when it drops it (French cest for c'est).
package struct FormTextCounter: Counter {
  private var reader: WrittenWordReader
  private let spelling: FormEvidence.Spelling
  /// The evidence counted so far; the short forms arrive at `finishFile()` (or when the memory
  /// cap is reached), from `shortForms`.
  package private(set) var evidence: FormEvidence
  /// Most forms, counted without an allocation each (`FormTextCounter+Packing`): a UTF-8 key
  /// built and hashed for every word of the text cost 30× the letter counting.
  private var shortForms = ShortWordTable()
  /// The current line's short forms, (low, high) pairs, counted a line at a time.
  private var batch: [UInt64] = []
  private var batchSlots: [Int] = []
  /// Whether the alphabet leaves a symbol's top bit and 0x7F free for the packing.
  private let packsForms: Bool
  private var lines = LineBuffer()

  /// `packing` false reads every form through the reader and keys it at once: the plain way,
  /// which tests and the fuzzer hold the fast loop and the packing to.
  package init(decoder: LetterDecoder, memoryCap: Int = WordCounts.defaultMemoryCap, packing: Bool = true) {
    reader = WrittenWordReader(decoder: decoder)
    spelling = FormEvidence.Spelling(language: decoder.language)
    evidence = FormEvidence(memoryCap: memoryCap)
    packsForms = packing && decoder.letterCount < Int(Self.apostropheByte)
  }

  /// Reads the complete lines of `chunk`; a line cut by its end waits for the next chunk.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) {
    var lines = self.lines
    lines.consume(chunk) { line($0) }
    self.lines = lines
  }

  /// The file's last line needs no newline; the short forms move into `evidence`.
  package mutating func finishFile() {
    var lines = self.lines
    lines.finishFile { line($0) }
    self.lines = lines
    drainShortForms()
  }

  /// Spills the evidence to a sorted run if it reached its memory cap; the short forms count
  /// toward the cap too, and move into `evidence` first.
  package mutating func spillIfFull() throws(OutputError) {
    if shortForms.count + evidence.entries.counts.count >= evidence.entries.memoryCap { drainShortForms() }
    try evidence.spillIfFull()
  }

  /// Moves the short forms into `evidence` as their keys.
  private mutating func drainShortForms() {
    let spelling = self.spelling
    var evidence = self.evidence
    shortForms.forEach { low, high, count in
      // Each count was one table's, so it fits; the sum cannot pass UInt64.max before the text passes every disk.
      try? evidence.add(key: spelling.key(.text, Self.unpack(low, high), keepingCase: true), count: count)
    }
    shortForms = ShortWordTable()
    self.evidence = evidence
  }

  /// The fast loop, from a point between words: plain ASCII words (letters and boundaries, no
  /// digit or apostrophe, up to 16 letters) packed in registers as the reader would write them,
  /// into `batch` unless they open a sentence. Returns where the reader takes over: the start
  /// of a word the loop cannot finish, or a byte it does not read.
  @inline(__always)
  private mutating func readPlainWords(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, into batch: inout [UInt64]) -> Int {
    let letterLimit = UInt8(reader.decoder.letterCount)
    var sentenceStart = reader.sentenceStart
    defer { reader.sentenceStart = sentenceStart }
    return reader.decoder.byteClasses.withUnsafeBufferPointer { classes in
      var i = start, wordStart = start
      var low: UInt64 = 0, high: UInt64 = 0, length = 0
      while i < bytes.count {
        let byte = bytes[i]
        let symbol = classes[Int(byte)]
        if symbol == Symbol.wordBoundary {
          if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "'") { break }  // a digit spoils, an apostrophe may join
          if length > 0 {
            if !sentenceStart {
              batch.append(low)
              batch.append(high)
            }
            sentenceStart = false
            low = 0
            high = 0
            length = 0
          }
          if WrittenWordReader.endsSentence(Unicode.Scalar(byte)) { sentenceStart = true }
          i &+= 1
          wordStart = i
        } else if symbol <= letterLimit && length < ShortWordTable.maximumLength {
          let capital = byte &- UInt8(ascii: "A") < 26 ? Self.capitalBit : 0
          ShortWordTable.pack(symbol | capital, at: length, low: &low, high: &high)
          length &+= 1
          i &+= 1
        } else {
          break  // a 17th letter, a foreign or skipped letter, a final-form capital: the reader's
        }
      }
      return wordStart
    }
  }

  private mutating func line(_ bytes: UnsafeRawBufferPointer) {
    // The line's forms: packed in `batch` (moved out of self, so `emit` touches no field), or
    // as keys when they do not pack.
    var batch = self.batch
    self.batch = []
    batch.removeAll(keepingCapacity: true)
    var keys: [[UInt8]] = []
    defer {
      // One more occurrence cannot pass UInt64.max before the text passes every disk.
      batch.withUnsafeBufferPointer { try? shortForms.add(batch: $0, firstSlots: &batchSlots) }
      for key in keys { try? evidence.add(key: key, count: 1) }
      self.batch = batch
    }
    let spelling = self.spelling, packsForms = self.packsForms
    func add(_ word: WrittenWord) {
      if packsForms, let (low, high) = Self.pack(word) {
        batch.append(low)
        batch.append(high)
      } else {
        keys.append(spelling.key(.text, word, keepingCase: true))
      }
    }
    // Only a language that splits clitics off ("l'homme") joins a word to the one before it.
    let joinsClitics = reader.splitsAtClitics
    var previous: (word: WrittenWord, opensSentence: Bool)?
    func emit(_ word: WrittenWord, _ opensSentence: Bool) {
      if word.followsElision, let clitic = previous, !clitic.opensSentence, let pair = word.joined(after: clitic.word) { add(pair) }
      if !opensSentence && word.hasForm { add(word) }
      // Kept only where it may be needed: a word held past its end makes the reader copy its letters.
      if joinsClitics { previous = (word, opensSentence) }
    }
    let buffer = bytes.bindMemory(to: UInt8.self)
    var i = 0
    while i < buffer.count {
      if packsForms && reader.isBetweenPlainWords {
        i = readPlainWords(buffer, from: i, into: &batch)
        guard i < buffer.count else { break }
      }
      if buffer[i] < 0x80 {
        reader.read(asciiByte: buffer[i], emit: emit)
        i += 1
        continue
      }
      switch UTF8Sequence.decode(buffer, at: i) {
      case .scalar(let scalar, let length):
        reader.read(scalar, emit: emit)
        i += length
      case .invalid(let length):
        reader.readInvalid(emit: emit)
        i += length
      case .needMoreBytes:
        reader.readInvalid(emit: emit)
        i = buffer.count
      }
    }
    reader.endLine(emit: emit)
  }
}
