/// A list of words, one per line, as form evidence: the dictionary's written forms
/// (`FormEvidence.Kind.dictionary`: a Hunspell dictionary's, expanded; each line that holds one
/// word adds 1 to its form, case kept), or the words the dictionary accepts
/// (`FormEvidence.Kind.accepted`: each such line adds 1 to the word in lowercase), or offensive
/// words (`FormEvidence.Kind.offensive`, alike). It gives no letter or word counts.
package struct FormListCounter: Counter {
  private var reader: WrittenWordReader
  private let spelling: FormEvidence.Spelling
  /// `.dictionary`, `.accepted` or `.offensive`.
  package let kind: FormEvidence.Kind
  package private(set) var evidence: FormEvidence
  private var lines = LineBuffer()

  package init(decoder: LetterDecoder, kind: FormEvidence.Kind = .dictionary, memoryCap: Int = WordCounts.defaultMemoryCap) {
    precondition([.dictionary, .accepted, .offensive].contains(kind), "a list of words is written forms, accepted words or offensive words")
    reader = WrittenWordReader(decoder: decoder)
    spelling = FormEvidence.Spelling(language: decoder.language)
    self.kind = kind
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

  /// A line of one word (and nothing the word counters would split it at) is evidence; "e-mail"
  /// or "Rock and Roll" is not one word's form.
  private mutating func line(_ bytes: UnsafeRawBufferPointer) {
    var words: [WrittenWord] = []
    let collect = { (word: WrittenWord, _: Bool) in words.append(word) }
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars where scalar != "\r" {
      reader.read(scalar, emit: collect)
    }
    reader.endLine(emit: collect)
    guard words.count == 1, words[0].hasForm else { return }
    // One more line cannot pass UInt64.max before the list passes every disk.
    try? evidence.add(kind, words[0], spelling: spelling)
  }
}
