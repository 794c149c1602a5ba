import KeyGram

/// Letter n-gram counts over a stream of `Symbol`s, indexed by stream symbol. 4-grams are counted; trigrams are
/// their exact sums over the first symbol, and unigram, word-initial, bigram and end-of-word
/// counts are exact sums of the trigrams, because runs of boundaries are collapsed to one.
///
/// Counts are a value that merges by addition, so shards counted apart add up to the whole.
/// Every derived count (letters, words, a row's occurrences) is a sum of trigram counts, so
/// merging checks that the symbols counted, `symbolTotal`, stay within UInt64.
package struct NgramCounts: Equatable, Sendable {
  package let letterCount: Int
  /// Dense (N+1)⁴ 4-gram counts, index `((a * (N+1) + b) * (N+1) + c) * (N+1) + d`; empty
  /// for alphabets over 63 letters (see `countsQuadgrams`).
  package var quadgrams: [UInt64]
  /// Dense (N+1)³ trigram counts, index `(a * (N+1) + b) * (N+1) + c` for symbols a, b, c:
  /// always the 4-gram counts summed over their first symbol.
  package var trigrams: [UInt64]
  /// Letters the alphabet lacks (each ended a word).
  package var outsideAlphabet: UInt64 = 0
  /// Invalid UTF-8 sequences (each ended a word).
  package var invalidUTF8: UInt64 = 0
  /// Words that came from frequency lists rather than running text (weighted).
  package var frequencyListWords: UInt64 = 0

  package init(letterCount: Int) {
    self.letterCount = letterCount
    let width = letterCount + 1
    trigrams = [UInt64](repeating: 0, count: width * width * width)
    quadgrams = Self.countsQuadgrams(letterCount: letterCount) ? [UInt64](repeating: 0, count: width * width * width * width) : []
  }

  /// Whether 4-grams are counted: only where a table can hold 4-gram rows (at most 63 letters;
  /// 63 letters already take 134 MB of counts).
  package static func countsQuadgrams(letterCount: Int) -> Bool {
    letterCount <= TableFormat.Quadgram.maximumLetterCount
  }

  /// No n-gram cells, only the totals: the head of a count file whose n-grams were streamed
  /// into a merge's accumulator (`CountFile.Reader`'s streaming form). Not for lookups.
  init(totalsOnlyFor letterCount: Int) {
    self.letterCount = letterCount
    trigrams = []
    quadgrams = []
  }

  /// Adds `count` to the stored n-gram at dense `index` (a 4-gram's when 4-grams are counted,
  /// else a trigram's), and to the trigram it sums into. The caller keeps `symbolTotal` in
  /// range, which keeps every cell in range.
  mutating func addStored(index: Int, count: UInt64) {
    if quadgrams.isEmpty {
      trigrams[index] &+= count
    } else {
      quadgrams[index] &+= count
      trigrams[index % trigrams.count] &+= count
    }
  }

  /// Counts made from dense trigram counts alone (alphabets too large for 4-grams).
  package init(letterCount: Int, trigrams: [UInt64]) {
    let width = letterCount + 1
    precondition(trigrams.count == width * width * width, "trigram counts of the wrong shape")
    self.letterCount = letterCount
    self.trigrams = trigrams
    quadgrams = []
  }

  /// Counts made from dense 4-gram counts (the counter's own layout), with the trigrams summed.
  package init(letterCount: Int, quadgrams: [UInt64]) {
    let width = letterCount + 1
    precondition(quadgrams.count == width * width * width * width, "4-gram counts of the wrong shape")
    self.letterCount = letterCount
    self.quadgrams = quadgrams
    let cube = width * width * width
    var trigrams = [UInt64](repeating: 0, count: cube)
    for a in 0..<width {
      for bcd in 0..<cube { trigrams[bcd] += quadgrams[a * cube + bcd] }
    }
    self.trigrams = trigrams
  }

  @inline(__always)
  package func index(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let width = letterCount + 1
    return (a * width + b) * width + c
  }

  /// The count of symbol c after a, b.
  package func trigram(_ a: Int, _ b: Int, _ c: Int) -> UInt64 { trigrams[index(a, b, c)] }

  /// The count of symbol d after a, b, c.
  package func quadgram(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> UInt64 {
    guard !quadgrams.isEmpty else { return 0 }
    let width = letterCount + 1
    return quadgrams[index(a, b, c) * width + d]
  }

  /// The symbols counted: the sum of the trigram counts, every one of which ends at a symbol
  /// of the stream. Throws if it passes UInt64.max.
  package func symbolTotal() throws(CountOverflow) -> UInt64 {
    var total: UInt64 = 0
    for count in trigrams {
      let (sum, overflow) = total.addingReportingOverflow(count)
      guard !overflow else { throw CountOverflow(count: "the symbols counted") }
      total = sum
    }
    return total
  }

  /// The sum of counts over other text with the same alphabet. Throws, rather than wrapping
  /// or trapping, if the symbols counted (and so some derived count) would pass UInt64.max.
  package static func + (lhs: NgramCounts, rhs: NgramCounts) throws(CountOverflow) -> NgramCounts {
    precondition(lhs.letterCount == rhs.letterCount, "counts over different alphabets")
    precondition(lhs.quadgrams.count == rhs.quadgrams.count, "counts with and without 4-grams")
    _ = try checkedSum(lhs.symbolTotal(), rhs.symbolTotal(), "the symbols counted")
    var sum = lhs
    for i in sum.trigrams.indices { sum.trigrams[i] = try checkedSum(sum.trigrams[i], rhs.trigrams[i], "a trigram count") }
    for i in sum.quadgrams.indices { sum.quadgrams[i] = try checkedSum(sum.quadgrams[i], rhs.quadgrams[i], "a 4-gram count") }
    sum.outsideAlphabet = try checkedSum(lhs.outsideAlphabet, rhs.outsideAlphabet, "the letters outside the alphabet")
    sum.invalidUTF8 = try checkedSum(lhs.invalidUTF8, rhs.invalidUTF8, "the invalid UTF-8 sequences")
    sum.frequencyListWords = try checkedSum(lhs.frequencyListWords, rhs.frequencyListWords, "the frequency-list words")
    return sum
  }

  /// Adds `rhs`, counted over other text with the same alphabet; on overflow `lhs` is unchanged.
  package static func += (lhs: inout NgramCounts, rhs: NgramCounts) throws(CountOverflow) {
    lhs = try lhs + rhs
  }

  /// Adds one word (a run of letter stream symbols) `times` times, with its boundaries:
  /// the counts a frequency-list line "word<TAB>count" stands for. Throws, leaving the
  /// counts unchanged, if a count it adds to would pass UInt64.max. (Keeping `symbolTotal`
  /// in range is the caller's part: `FrequencyListCounter` checks it line by line.)
  package mutating func addWord(_ symbols: [UInt8], times: UInt64) throws(CountOverflow) {
    guard !symbols.isEmpty, times > 0 else { return }
    let width = letterCount + 1
    let boundary = Int(Symbol.wordBoundary)
    var targets: [(trigram: Int, quadgram: Int?)] = []
    var a = boundary, b = boundary, c = boundary
    for symbol in symbols.map(Int.init) + [boundary] {
      targets.append((index(b, c, symbol), quadgrams.isEmpty ? nil : index(a, b, c) * width + symbol))
      (a, b, c) = (b, c, symbol)
    }
    // No count gains more than times × (symbols + 1), so checking that first keeps the adds exact.
    let (most, tooMany) = times.multipliedReportingOverflow(by: UInt64(targets.count))
    guard !tooMany else { throw CountOverflow(count: "a trigram count") }
    for target in targets {
      _ = try Self.checkedSum(trigrams[target.trigram], most, "a trigram count")
      if let quadgram = target.quadgram { _ = try Self.checkedSum(quadgrams[quadgram], most, "a 4-gram count") }
    }
    for target in targets {
      trigrams[target.trigram] += times
      if let quadgram = target.quadgram { quadgrams[quadgram] += times }
    }
  }

  private static func checkedSum(_ a: UInt64, _ b: UInt64, _ count: String) throws(CountOverflow) -> UInt64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    guard !overflow else { throw CountOverflow(count: count) }
    return sum
  }
}

/// A sum of counts that would pass UInt64.max: what the counts' own arithmetic throws. It knows
/// no file; the counter that added a file's counts throws `CountOverflowError` naming it.
package struct CountOverflow: Error, Equatable, CustomStringConvertible {
  /// Which count: "the symbols counted", "a trigram count", …
  package var count: String

  package init(count: String) { self.count = count }

  package var description: String { "\(count) would pass \(UInt64.max) (UInt64.max)" }
}

/// A count that would pass UInt64.max (18,446,744,073,709,551,615), with the inputs whose counts
/// were being added: only frequency lists, whose lines carry their own counts, come near it.
public struct CountOverflowError: Error, Equatable, CustomStringConvertible {
  /// Which count: "the symbols counted", "a trigram count", …
  public var count: String
  /// The inputs whose counts were being added.
  public var paths: [String]

  public init(count: String, paths: [String]) {
    self.count = count
    self.paths = paths
  }

  /// The overflow of the counts read from `paths`.
  package init(_ overflow: CountOverflow, paths: [String]) {
    self.init(count: overflow.count, paths: paths)
  }

  public var description: String {
    "\(paths.joined(separator: ", ")): count out of range: \(count) would pass \(UInt64.max) (UInt64.max)"
  }
}

// MARK: - Derived counts

extension NgramCounts {
  /// Letter counts, indexed by letter (0-based).
  package var unigrams: [UInt64] {
    var result = [UInt64](repeating: 0, count: letterCount)
    let width = letterCount + 1
    for ab in 0..<(width * width) {
      for letter in 0..<letterCount { result[letter] += trigrams[ab * width + Int(Symbol.letter(letter))] }
    }
    return result
  }

  /// Word-initial letter counts, indexed by letter.
  package var initials: [UInt64] {
    let width = letterCount + 1
    var result = [UInt64](repeating: 0, count: letterCount)
    let boundary = Int(Symbol.wordBoundary)
    for a in 0..<width { for letter in 0..<letterCount { result[letter] += trigram(a, boundary, Int(Symbol.letter(letter))) } }
    return result
  }

  /// Bigram counts: row = previous letter, column = next letter, then end of word (column N).
  package var bigrams: [[UInt64]] {
    let width = letterCount + 1
    return (0..<letterCount).map { letter in
      (0..<width).map { column in
        let b = Int(Symbol.letter(letter)), c = Symbol.ofTableIndex(column, letterCount: letterCount)
        return (0..<width).reduce(0) { $0 + trigram($1, b, c) }
      }
    }
  }

  /// Trigram rows in table order: context (`previous`, `last`), letter indices with
  /// `previous` = N meaning word start; columns as bigrams.
  package func trigramRow(previous: Int, last: Int) -> [UInt64] {
    (0...letterCount).map { column in trigram(symbol(previous), Int(Symbol.letter(last)), symbol(column)) }
  }

  /// 4-gram rows in table order: context (`earlier`, `previous`, `last`), letter indices with
  /// `earlier` = N meaning word start; columns as bigrams.
  package func quadgramRow(earlier: Int, previous: Int, last: Int) -> [UInt64] {
    (0...letterCount).map { column in quadgram(symbol(earlier), Int(Symbol.letter(previous)), Int(Symbol.letter(last)), symbol(column)) }
  }

  private func symbol(_ tableIndex: Int) -> Int { Symbol.ofTableIndex(tableIndex, letterCount: letterCount) }

  package var letters: UInt64 { unigrams.reduce(0, +) }
  package var words: UInt64 { initials.reduce(0, +) }
}
