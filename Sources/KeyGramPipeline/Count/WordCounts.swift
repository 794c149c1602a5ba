import Foundation
import KeyGram

/// Exact counts of whole words, for the lexicon: each word a run of letter stream symbols
/// (`Symbol`, as the counter numbers them), decoded by the same rules as the letter counts.
///
/// Memory is bounded: once `counts` holds `memoryCap` distinct words, `spillIfFull()` writes
/// them, sorted, to a run file in `$TMPDIR` (`Spill`) and starts again empty. Whatever reads
/// all the words (`forEachSorted`, `top`, `==`) merges the runs and the words in memory as
/// sorted streams, summing a word found in several, so the counts are the same exact values
/// with or without spilling. The counters call `spillIfFull()` after each chunk, so at most
/// the cap plus one chunk's (1 MiB of text's) new words are held.
package struct WordCounts: Sendable, Equatable {
  /// Words longer than this are counted for their letters only, and as `droppedWords`.
  package static let maximumLength = TableFormat.Lexicon.maximumDepth
  /// Distinct words held in memory before they are spilled to a sorted run: 2,000,000, about
  /// 160 MB of dictionary (`[UInt8]` keys). Each `--jobs` counting thread has its own.
  package static let defaultMemoryCap = 2_000_000

  /// The words held in memory: all of them unless some were spilled (`spilledRuns` > 0).
  package private(set) var counts: [[UInt8]: UInt64] = [:]
  /// How many word occurrences were too long for the lexicon.
  package private(set) var droppedWords: UInt64 = 0
  /// Distinct words held in memory before `spillIfFull()` spills them.
  package let memoryCap: Int
  /// The longest key counted: `maximumLength` letters for words, more bytes for written forms.
  package let keyLimit: Int
  /// Sorted runs already written; shared, immutable, deleted when no count holds them.
  private var runs: [Spill.Run] = []

  package init(memoryCap: Int = WordCounts.defaultMemoryCap, keyLimit: Int = WordCounts.maximumLength) {
    precondition(memoryCap > 0, "the word memory cap must be positive")
    precondition((1...255).contains(keyLimit), "a key's length is one byte")
    self.memoryCap = memoryCap
    self.keyLimit = keyLimit
    // Counting may spill: first take away the runs that killed builds left in $TMPDIR.
    _ = Spill.staleRunsRemoved
  }

  /// How many sorted runs were spilled to disk.
  package var spilledRuns: Int { runs.count }

  /// The number of distinct words (a pass over the runs, if any were spilled).
  package var distinctWords: Int {
    guard !runs.isEmpty else { return counts.count }
    var distinct = 0
    do { try forEachSorted { _, _ in distinct += 1 } } catch { return counts.count }
    return distinct
  }

  /// Adds `count` occurrences of `word`; a word over `maximumLength` letters is only tallied
  /// as dropped. Throws when a count would pass UInt64.max, changing nothing.
  package mutating func add(_ word: some Collection<UInt8>, count: UInt64) throws(CountOverflow) {
    guard !word.isEmpty, count > 0 else { return }
    guard word.count <= keyLimit else {
      try addDropped(count)
      return
    }
    let key = Array(word)
    let (sum, overflow) = counts[key, default: 0].addingReportingOverflow(count)
    guard !overflow else { throw CountOverflow(count: "the word count of \(key)") }
    counts[key] = sum
  }

  /// Adds `count` occurrences of words too long for the lexicon (as read back from a count file).
  package mutating func addDropped(_ count: UInt64) throws(CountOverflow) {
    let (sum, overflow) = droppedWords.addingReportingOverflow(count)
    guard !overflow else { throw CountOverflow(count: "dropped words") }
    droppedWords = sum
  }

  /// Writes the words in memory to a sorted run and empties the memory, if they reached the
  /// cap; merges the runs into one when there are `Spill.fanIn` of them.
  package mutating func spillIfFull() throws(OutputError) {
    if counts.count >= memoryCap {
      runs.append(try Spill.write(sortedInMemory()))
      counts = [:]
    }
    if runs.count >= Spill.fanIn { runs = [try Spill.merge(runs)] }
  }

  /// The spilled runs' files (for tests).
  var runPaths: [String] { runs.map(\.path) }

  private func sortedInMemory() -> [(word: [UInt8], count: UInt64)] {
    counts.map { (word: $0.key, count: $0.value) }.sorted { $0.word.lexicographicallyPrecedes($1.word) }
  }

  /// Every word and its count, words in increasing code order of their letters (a prefix
  /// before its extensions): the order of a count file's word list. Held in memory: for
  /// counts that may have spilled, use `forEachSorted`.
  package func sortedEntries() throws -> [(word: [UInt8], count: UInt64)] {
    guard !runs.isEmpty else { return sortedInMemory() }
    var entries: [(word: [UInt8], count: UInt64)] = []
    try forEachSorted { entries.append(($0, $1)) }
    return entries
  }

  /// Streams every word and its total count in increasing order, merging the spilled runs
  /// and the words in memory.
  package func forEachSorted(_ body: ([UInt8], UInt64) throws -> Void) throws {
    guard !runs.isEmpty else {
      for (word, count) in sortedInMemory() { try body(word, count) }
      return
    }
    var sources: [any SortedWordSource] = try runs.map { try Spill.Reader($0) }
    sources.append(SortedArraySource(sortedInMemory()))
    try Merge.words(of: sources, into: body)
  }

  /// The exact sum of two sets of counts. The runs of both are kept (a word may then be in
  /// several; reading sums it); the caller spills the sum if it is full.
  package static func + (lhs: WordCounts, rhs: WordCounts) throws(CountOverflow) -> WordCounts {
    var sum = lhs.counts.count >= rhs.counts.count ? lhs : rhs
    let other = lhs.counts.count >= rhs.counts.count ? rhs : lhs
    for (word, count) in other.counts { try sum.add(word, count: count) }
    try sum.addDropped(other.droppedWords)
    sum.runs += other.runs
    return sum
  }

  /// Every count times `weight`, rounded, at least 1 (a source's weight in the lexicon).
  package func weighted(by weight: Double) throws -> WordCounts {
    guard weight != 1 else { return self }
    var result = WordCounts(memoryCap: memoryCap)
    try forEachSorted { word, count in
      let scaled = (Double(count) * weight).rounded()
      guard scaled < 0x1p64 else { throw CountOverflow(count: "a word count times \(weight)") }
      try result.add(word, count: Swift.max(1, UInt64(scaled)))
      try result.spillIfFull()
    }
    let dropped = (Double(droppedWords) * weight).rounded()
    result.droppedWords = dropped < 0x1p64 ? UInt64(dropped) : .max
    return result
  }

  /// The `limit` most frequent words, most frequent first; ties in code order of the letters,
  /// so the choice never depends on hashing. Holds at most 2 × `limit` words besides the
  /// stream when words were spilled.
  package func top(_ limit: Int) throws -> [(word: [UInt8], count: UInt64)] {
    let limit = Swift.max(limit, 0)
    let before = { (a: (word: [UInt8], count: UInt64), b: (word: [UInt8], count: UInt64)) -> Bool in
      a.count != b.count ? a.count > b.count : a.word.lexicographicallyPrecedes(b.word)
    }
    guard !runs.isEmpty else {
      return counts.map { (word: $0.key, count: $0.value) }.sorted(by: before).prefix(limit).map { $0 }
    }
    guard limit > 0 else { return [] }
    var best: [(word: [UInt8], count: UInt64)] = []
    try forEachSorted { word, count in
      best.append((word, count))
      if best.count >= 2 * limit {
        best.sort(by: before)
        best.removeLast(best.count - limit)
      }
    }
    best.sort(by: before)
    return Array(best.prefix(limit))
  }

  /// Equal when every word's total and the dropped words are equal, however they were spilled.
  package static func == (lhs: WordCounts, rhs: WordCounts) -> Bool {
    guard lhs.droppedWords == rhs.droppedWords else { return false }
    if lhs.runs.isEmpty && rhs.runs.isEmpty { return lhs.counts == rhs.counts }
    guard let left = try? lhs.sortedEntries(), let right = try? rhs.sortedEntries() else { return false }
    return left.count == right.count && zip(left, right).allSatisfy { $0.word == $1.word && $0.count == $1.count }
  }
}
