import KeyGram

/// Letter n-gram counts over a symbol stream in which 0 is a word boundary and letter *i* is
/// symbol *i* + 1. 4-grams are counted; trigrams are their exact sums over the first symbol,
/// and unigram, word-initial, bigram and end-of-word counts are exact sums of the trigrams,
/// because runs of boundaries are collapsed to one.
///
/// Counts are a value that merges by addition, so shards counted apart add up to the whole.
public struct NgramCounts: Equatable, Sendable {
  public let letterCount: Int
  /// Dense (N+1)⁴ 4-gram counts, index `((a * (N+1) + b) * (N+1) + c) * (N+1) + d`; empty
  /// for alphabets over 63 letters (see `countsQuadgrams`).
  public var quadgrams: [UInt64]
  /// Dense (N+1)³ trigram counts, index `(a * (N+1) + b) * (N+1) + c` for symbols a, b, c:
  /// always the 4-gram counts summed over their first symbol.
  public var trigrams: [UInt64]
  /// Letters the alphabet lacks (each ended a word).
  public var outsideAlphabet: UInt64 = 0
  /// Invalid UTF-8 sequences (each ended a word).
  public var invalidUTF8: UInt64 = 0
  /// Words that came from frequency lists rather than running text (weighted).
  public var frequencyListWords: UInt64 = 0

  public init(letterCount: Int) {
    self.letterCount = letterCount
    let width = letterCount + 1
    trigrams = [UInt64](repeating: 0, count: width * width * width)
    quadgrams = Self.countsQuadgrams(letterCount: letterCount) ? [UInt64](repeating: 0, count: width * width * width * width) : []
  }

  /// Whether 4-grams are counted: only where a table can hold 4-gram rows (at most 63 letters;
  /// 63 letters already take 134 MB of counts).
  public static func countsQuadgrams(letterCount: Int) -> Bool {
    letterCount <= TableFormat.Quadgram.maximumLetterCount
  }

  /// Counts made from dense trigram counts alone (alphabets too large for 4-grams).
  public init(letterCount: Int, trigrams: [UInt64]) {
    let width = letterCount + 1
    precondition(trigrams.count == width * width * width, "trigram counts of the wrong shape")
    self.letterCount = letterCount
    self.trigrams = trigrams
    quadgrams = []
  }

  /// Counts made from dense 4-gram counts (the counter's own layout), with the trigrams summed.
  public init(letterCount: Int, quadgrams: [UInt64]) {
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
  public func index(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let width = letterCount + 1
    return (a * width + b) * width + c
  }

  /// The count of symbol c after a, b.
  public func trigram(_ a: Int, _ b: Int, _ c: Int) -> UInt64 { trigrams[index(a, b, c)] }

  /// The count of symbol d after a, b, c.
  public func quadgram(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> UInt64 {
    guard !quadgrams.isEmpty else { return 0 }
    let width = letterCount + 1
    return quadgrams[index(a, b, c) * width + d]
  }

  /// Adds `other`, counted over other text with the same alphabet.
  public static func += (lhs: inout NgramCounts, rhs: NgramCounts) {
    precondition(lhs.letterCount == rhs.letterCount, "counts over different alphabets")
    precondition(lhs.quadgrams.count == rhs.quadgrams.count, "counts with and without 4-grams")
    for i in lhs.trigrams.indices { lhs.trigrams[i] += rhs.trigrams[i] }
    for i in lhs.quadgrams.indices { lhs.quadgrams[i] += rhs.quadgrams[i] }
    lhs.outsideAlphabet += rhs.outsideAlphabet
    lhs.invalidUTF8 += rhs.invalidUTF8
    lhs.frequencyListWords += rhs.frequencyListWords
  }

  public static func + (lhs: NgramCounts, rhs: NgramCounts) -> NgramCounts {
    var sum = lhs
    sum += rhs
    return sum
  }

  /// Adds one word (a run of letter symbols, 1-based) `weight` times, with its boundaries:
  /// the counts a frequency-list line "word<TAB>weight" stands for.
  public mutating func addWord(_ symbols: [UInt8], weight: UInt64) {
    guard !symbols.isEmpty, weight > 0 else { return }
    let width = letterCount + 1
    var a = 0, b = 0, c = 0
    for symbol in symbols.map(Int.init) + [0] {
      trigrams[index(b, c, symbol)] += weight
      if !quadgrams.isEmpty { quadgrams[index(a, b, c) * width + symbol] += weight }
      (a, b, c) = (b, c, symbol)
    }
  }
}

// MARK: - Derived counts

extension NgramCounts {
  /// Letter counts, indexed by letter (0-based).
  public var unigrams: [UInt64] {
    var result = [UInt64](repeating: 0, count: letterCount)
    let width = letterCount + 1
    for ab in 0..<(width * width) {
      for c in 1..<width { result[c - 1] += trigrams[ab * width + c] }
    }
    return result
  }

  /// Word-initial letter counts, indexed by letter.
  public var initials: [UInt64] {
    let width = letterCount + 1
    var result = [UInt64](repeating: 0, count: letterCount)
    for a in 0..<width { for c in 1..<width { result[c - 1] += trigram(a, 0, c) } }
    return result
  }

  /// Bigram counts: row = previous letter, column = next letter, then end of word (column N).
  public var bigrams: [[UInt64]] {
    let width = letterCount + 1
    return (1..<width).map { b in
      (0..<width).map { column in
        let c = column == letterCount ? 0 : column + 1
        return (0..<width).reduce(0) { $0 + trigram($1, b, c) }
      }
    }
  }

  /// Trigram rows in table order: context (a, b) with a = N meaning word start, columns as bigrams.
  public func trigramRow(first: Int, second: Int) -> [UInt64] {
    let a = first == letterCount ? 0 : first + 1
    let b = second + 1
    return (0...letterCount).map { column in trigram(a, b, column == letterCount ? 0 : column + 1) }
  }

  /// 4-gram rows in table order: context (a, b, c) with a = N meaning word start and b, c
  /// letters; columns as bigrams.
  public func quadgramRow(first: Int, second: Int, third: Int) -> [UInt64] {
    let a = first == letterCount ? 0 : first + 1
    return (0...letterCount).map { column in quadgram(a, second + 1, third + 1, column == letterCount ? 0 : column + 1) }
  }

  public var letters: UInt64 { unigrams.reduce(0, +) }
  public var words: UInt64 { initials.reduce(0, +) }
}
