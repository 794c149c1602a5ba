/// A counter of the symbol stream: the count stage's one shape. `LetterCounter` counts running
/// text, `FrequencyListCounter` word-frequency lists ("word<TAB>count" lines).
public protocol Counter {
  /// Counts the next decompressed bytes of the current file, continuing where the last chunk stopped.
  mutating func consume(_ chunk: UnsafeRawBufferPointer) throws
  /// The current file has ended: its last word ends with it.
  mutating func finishFile() throws
  /// Everything counted so far.
  var counts: NgramCounts { get }
}
