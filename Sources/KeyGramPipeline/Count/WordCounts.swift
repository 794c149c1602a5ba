import KeyGram

/// Exact counts of whole words, for the lexicon: each word a run of letter symbols (letter
/// index + 1, as the counter numbers them), decoded by the same rules as the letter counts.
public struct WordCounts: Sendable, Equatable {
  /// Words longer than this are counted for their letters only, and as `droppedWords`.
  public static let maximumLength = TableFormat.Lexicon.maximumDepth

  public private(set) var counts: [[UInt8]: UInt64] = [:]
  /// How many word occurrences were too long for the lexicon.
  public private(set) var droppedWords: UInt64 = 0

  public init() {}

  /// The number of distinct words.
  public var distinctWords: Int { counts.count }

  /// Adds `count` occurrences of `word`; a word over `maximumLength` letters is only tallied
  /// as dropped. Throws when a count would pass UInt64.max, changing nothing.
  public mutating func add(_ word: some Collection<UInt8>, count: UInt64) throws(CountOverflowError) {
    guard !word.isEmpty, count > 0 else { return }
    guard word.count <= Self.maximumLength else {
      let (sum, overflow) = droppedWords.addingReportingOverflow(count)
      guard !overflow else { throw CountOverflowError(count: "dropped words", paths: []) }
      droppedWords = sum
      return
    }
    let key = Array(word)
    let (sum, overflow) = counts[key, default: 0].addingReportingOverflow(count)
    guard !overflow else { throw CountOverflowError(count: "the word count of \(key)", paths: []) }
    counts[key] = sum
  }

  /// Adds `count` occurrences of words too long for the lexicon (as read back from a count file).
  public mutating func addDropped(_ count: UInt64) throws(CountOverflowError) {
    let (sum, overflow) = droppedWords.addingReportingOverflow(count)
    guard !overflow else { throw CountOverflowError(count: "dropped words", paths: []) }
    droppedWords = sum
  }

  /// Every word and its count, words in increasing code order of their letters (a prefix
  /// before its extensions): the order of a count file's word list.
  public func sortedEntries() -> [(word: [UInt8], count: UInt64)] {
    counts.map { (word: $0.key, count: $0.value) }.sorted { $0.word.lexicographicallyPrecedes($1.word) }
  }

  /// The exact sum of two sets of counts.
  public static func + (lhs: WordCounts, rhs: WordCounts) throws(CountOverflowError) -> WordCounts {
    var sum = lhs.counts.count >= rhs.counts.count ? lhs : rhs
    let other = lhs.counts.count >= rhs.counts.count ? rhs : lhs
    for (word, count) in other.counts { try sum.add(word, count: count) }
    let (dropped, overflow) = sum.droppedWords.addingReportingOverflow(other.droppedWords)
    guard !overflow else { throw CountOverflowError(count: "dropped words", paths: []) }
    sum.droppedWords = dropped
    return sum
  }

  /// Every count times `weight`, rounded, at least 1 (a source's weight in the lexicon).
  public func weighted(by weight: Double) throws(CountOverflowError) -> WordCounts {
    guard weight != 1 else { return self }
    var result = WordCounts()
    for (word, count) in counts {
      let scaled = (Double(count) * weight).rounded()
      guard scaled < 0x1p64 else { throw CountOverflowError(count: "a word count times \(weight)") }
      try result.add(word, count: Swift.max(1, UInt64(scaled)))
    }
    let dropped = (Double(droppedWords) * weight).rounded()
    result.droppedWords = dropped < 0x1p64 ? UInt64(dropped) : .max
    return result
  }

  /// The `limit` most frequent words, most frequent first; ties in code order of the letters,
  /// so the choice never depends on hashing.
  public func top(_ limit: Int) -> [(word: [UInt8], count: UInt64)] {
    let all = counts.map { (word: $0.key, count: $0.value) }
    return all.sorted { $0.count != $1.count ? $0.count > $1.count : $0.word.lexicographicallyPrecedes($1.word) }
      .prefix(Swift.max(limit, 0)).map { $0 }
  }
}
