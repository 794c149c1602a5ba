/// A counter of a file's text, chunk by chunk: the count stage's one shape. `LetterCounter`
/// counts running text, `FrequencyListCounter` word-frequency lists ("word<TAB>count" lines),
/// `TextWordCounter` running text's whole words, and `CorpusCounter` routes each file to them.
/// Each says what it counted in its own terms (`counts`, `words`).
package protocol Counter {
  /// Counts the next decompressed bytes of the current file, continuing where the last chunk stopped.
  mutating func consume(_ chunk: UnsafeRawBufferPointer) throws
  /// The current file has ended: its last word ends with it.
  mutating func finishFile() throws
}
