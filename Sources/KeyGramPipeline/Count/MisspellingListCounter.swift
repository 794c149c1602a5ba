/// A list of known misspellings as form evidence (`FormEvidence.Kind.misspelling`): lines
/// `misspelling<TAB>correction`, the correction one word or several separated by spaces
/// ("alot<TAB>a lot"). Each side is read by the word counters' rules (case folded, apostrophes
/// by the language's rule); a line whose misspelling is one word and whose correction is one or
/// more words adds 1 to the pair. A correction with the misspelling's very letters ("thered<TAB>there'd")
/// says the word is written without its apostrophe, not misspelt: the pair is kept as the word
/// and itself, which keeps the word in the lexicon. Other lines are skipped: a list written for
/// another alphabet costs nothing. It gives no letter or word counts.
package struct MisspellingListCounter: Counter {
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

  /// The words of `text`, one for each of its space-separated parts, by the word counters'
  /// rules; nil where a part is not one word (a digit or a letter outside the alphabet spoils
  /// it, a hyphen splits it).
  private mutating func words(_ text: Substring) -> [[UInt8]]? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: true)
    var words: [[UInt8]] = []
    for part in parts {
      var found: [WrittenWord] = []
      for scalar in part.unicodeScalars where scalar != "\r" { reader.read(scalar, emit: { word, _ in found.append(word) }) }
      reader.endLine(emit: { word, _ in found.append(word) })
      guard found.count == 1 else { return nil }
      words.append(found[0].symbols)
    }
    return words.isEmpty ? nil : words
  }

  private mutating func line(_ bytes: UnsafeRawBufferPointer) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let tab = text.firstIndex(of: "\t") else { return }
    guard let misspelling = words(text[..<tab]), misspelling.count == 1,
          let correction = words(text[text.index(after: tab)...]) else { return }
    // One more line cannot pass UInt64.max before the list passes every disk.
    try? evidence.addMisspelling(misspelling[0], correction: correction, spelling: spelling)
  }
}
