/// The text evidence of how words are written (`FormEvidence.Kind.text`): reads running text a
/// line at a time (a line is whole whatever the chunks or `--part`, so counts stay exact), and
/// adds 1 to the written form of each word that does not open a sentence. Under the `boundary`
/// rule a clitic and the word after its apostrophe also count as one word with the apostrophe
/// ("l'homme": lhomme), which is how web text joins them when it drops it (French cest for c'est).
package struct FormTextCounter: Counter {
  private var reader: WrittenWordReader
  private let spelling: FormEvidence.Spelling
  package private(set) var evidence: FormEvidence
  private var lines = LineBuffer()

  package init(decoder: LetterDecoder, memoryCap: Int = WordCounts.defaultMemoryCap) {
    reader = WrittenWordReader(decoder: decoder)
    spelling = FormEvidence.Spelling(language: decoder.language)
    evidence = FormEvidence(memoryCap: memoryCap)
  }

  /// Reads the complete lines of `chunk`; a line cut by its end waits for the next chunk.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) {
    var lines = self.lines
    lines.consume(chunk) { line($0) }
    self.lines = lines
  }

  /// The file's last line needs no newline.
  package mutating func finishFile() {
    var lines = self.lines
    lines.finishFile { line($0) }
    self.lines = lines
  }

  package mutating func spillIfFull() throws(OutputError) { try evidence.spillIfFull() }

  private mutating func line(_ bytes: UnsafeRawBufferPointer) {
    var keys: [[UInt8]] = []
    let spelling = self.spelling
    var previous: (word: WrittenWord, opensSentence: Bool)?
    let emit = { (word: WrittenWord, opensSentence: Bool) in
      if word.followsElision, let clitic = previous, !clitic.opensSentence, let pair = word.joined(after: clitic.word) {
        keys.append(spelling.key(.text, pair, keepingCase: true))
      }
      if !opensSentence && word.hasForm { keys.append(spelling.key(.text, word, keepingCase: true)) }
      previous = (word, opensSentence)
    }
    defer {
      // One more occurrence cannot pass UInt64.max before the text passes every disk.
      for key in keys { try? evidence.add(key: key, count: 1) }
    }
    let buffer = bytes.bindMemory(to: UInt8.self)
    var i = 0
    while i < buffer.count {
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
