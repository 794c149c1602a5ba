/// The words of running text counted on two cores. Each chunk is cut at two word boundaries:
/// its first part is counted by one `TextWordCounter`, on the thread that also runs `alongside`
/// (the letters), its middle by a second one on another thread, and its tail (a word the chunk's
/// end may cut) goes before the next chunk's first part. A cut falls on a clean word break
/// (`LetterDecoder.isCleanWordBreak`: an ASCII boundary, no digit or apostrophe), so each part
/// starts with no word, no UTF-8 sequence and no spoiling pending, and the two counts add up to
/// exactly one counter's.
package struct SplitTextWordCounter {
  private var first: TextWordCounter?
  private var second: TextWordCounter?
  /// The tail of the last chunk, after its last cut.
  private var carry: [UInt8] = []
  private let decoder: LetterDecoder
  /// Where in a chunk the first part ends, at the earliest: the first counter's thread also
  /// counts the letters, which take about 0.4 of the words' time (measured on English).
  static let firstShare = 0.3

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    self.decoder = decoder
    first = TextWordCounter(decoder: decoder, wordMemoryCap: wordMemoryCap)
    second = TextWordCounter(decoder: decoder, wordMemoryCap: wordMemoryCap)
  }

  /// Counts the words of `chunk`, running `alongside` on the first part's thread meanwhile.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer, timing: CPUTiming? = nil, alongside: () -> Void = {}) throws {
    // Moved out of self, so the two threads hold one counter each and no copy is made.
    var head = first!, middle = second!
    first = nil
    second = nil
    defer {
      first = head
      second = middle
    }
    let (firstEnd, middleEnd) = cuts(in: chunk.bindMemory(to: UInt8.self))
    let tail = carry
    try bothAtOnce({
      alongside()
      try tail.withUnsafeBytes { try head.consume($0) }
      try head.consume(UnsafeRawBufferPointer(rebasing: chunk[..<firstEnd]))
    }, {
      try middle.consume(UnsafeRawBufferPointer(rebasing: chunk[firstEnd..<middleEnd]))
    }, timing: timing)
    carry = Array(chunk[middleEnd...])
  }

  /// The chunk's parts: the first ends after the first clean boundary at `firstShare` or later,
  /// the middle after the last one. With no such boundary the whole chunk is the first part.
  private func cuts(in bytes: UnsafeBufferPointer<UInt8>) -> (firstEnd: Int, middleEnd: Int) {
    var firstEnd = Int(Double(bytes.count) * Self.firstShare)
    while firstEnd < bytes.count && !decoder.isCleanWordBreak(bytes[firstEnd]) { firstEnd += 1 }
    guard firstEnd < bytes.count else { return (bytes.count, bytes.count) }
    var last = bytes.count - 1
    while !decoder.isCleanWordBreak(bytes[last]) { last -= 1 }
    return (firstEnd + 1, last + 1)
  }

  /// Spills either counter's words if they reached the memory cap (each has its own).
  package mutating func spillIfFull() throws {
    try first!.spillIfFull()
    try second!.spillIfFull()
  }

  /// The end of a file: the carried tail is its last word.
  package mutating func finishFile() throws(CountOverflow) {
    var head = first!
    first = nil
    defer { first = head }
    try carry.withUnsafeBufferPointer { bytes throws(CountOverflow) in try head.consume(UnsafeRawBufferPointer(bytes)) }
    carry = []
    try head.finishFile()
    try second!.finishFile()
  }

  /// Both counters' words, added.
  package func words() throws(CountOverflow) -> WordCounts {
    try first!.words + second!.words
  }
}
