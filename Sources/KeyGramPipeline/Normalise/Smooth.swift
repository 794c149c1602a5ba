import KeyGram

/// The smoothing stage: counts → probabilities, by interpolated Witten–Bell smoothing down the
/// chain 4-gram → trigram → bigram → next-symbol unigram → uniform.
///
/// Why Witten–Bell: it needs no tuned discounts (character models have so few types that
/// Kneser–Ney's count-of-counts estimates break down, which is why KenLM needs
/// `--discount_fallback` for them); a context backs off in proportion to how many different
/// letters it has been seen to precede; and because the chain ends in an add-one uniform,
/// no probability is ever zero. docs/Pipeline.md works through the formulas.
package struct SmoothedModel: Sendable {
  package let letterCount: Int
  /// P(letter), N entries.
  package var unigram: [Double]
  /// P(letter | word start), N entries.
  package var initial: [Double]
  /// P(next | letter), N rows of N + 1 (the last is end of word).
  package var bigram: [[Double]]
  /// P(next | a, b), (N + 1) × N rows of N + 1; a = N means word start.
  package var trigram: [[Double]]
  /// P(next | a, b, c) for every context seen in the counts whose b and c are letters, in
  /// context order; `Prune` keeps the few that beat their trigram row by the most.
  package var quadgram: [QuadgramRow<Double>]
}

/// One 4-gram row: the runtime's context it answers (earlier a letter or `.boundary`, for word
/// start), its N + 1 entries (probabilities once smoothed, the table's UInt16 weights once
/// quantised; the last is end of word), and how often the context occurred.
package struct QuadgramRow<Entry: Sendable & Equatable>: Sendable, Equatable {
  package var context: LetterContext
  package var entries: [Entry]
  package var occurrences: UInt64

  package init(context: LetterContext, entries: [Entry], occurrences: UInt64) {
    self.context = context
    self.entries = entries
    self.occurrences = occurrences
  }
}

extension SmoothedModel {
  /// The trigram row that the 4-gram row of `context` backs off to: that of (previous, last).
  package func trigramRow(under context: LetterContext) -> [Double] {
    trigram[context.previous.letterIndex! * letterCount + context.last.letterIndex!]
  }
}

extension QuadgramRow {
  /// The order the `QUAD` section stores rows in: by the trigram row (previous, last), then by
  /// the earlier symbol, word start last (`.boundary`'s raw value is above every letter's).
  package static func inSectionOrder(_ lhs: Self, _ rhs: Self) -> Bool {
    let (a, b) = (lhs.context, rhs.context)
    return (a.previous.rawValue, a.last.rawValue, a.earlier.rawValue) < (b.previous.rawValue, b.last.rawValue, b.earlier.rawValue)
  }
}

package enum Smooth {
  package static func model(from counts: NgramCounts) -> SmoothedModel {
    let n = counts.letterCount
    let unigramCounts = counts.unigrams
    let unigram = addOne(unigramCounts)
    let initial = wittenBell(counts.initials, backoff: unigram)

    let bigramCounts = counts.bigrams
    // What follows a letter, pooled over all letters: the base the bigram rows back off to.
    var following = [UInt64](repeating: 0, count: n + 1)
    for row in bigramCounts { for (column, count) in row.enumerated() { following[column] += count } }
    let nextSymbol = addOne(following)
    let bigram = bigramCounts.map { wittenBell($0, backoff: nextSymbol) }

    var trigram: [[Double]] = []
    trigram.reserveCapacity((n + 1) * n)
    for previous in 0...n {
      for last in 0..<n {
        trigram.append(wittenBell(counts.trigramRow(previous: previous, last: last), backoff: bigram[last]))
      }
    }
    var quadgram: [QuadgramRow<Double>] = []
    for previous in 0..<(counts.quadgrams.isEmpty ? 0 : n) {
      for last in 0..<n {
        for earlier in 0...n {
          let row = counts.quadgramRow(earlier: earlier, previous: previous, last: last)
          let occurrences = row.reduce(0, +)
          guard occurrences > 0 else { continue }
          let context = LetterContext(earlier: Symbol.runtime(tableIndex: earlier, letterCount: n),
                                      previous: LetterSymbol(letterIndex: previous), last: LetterSymbol(letterIndex: last))
          quadgram.append(QuadgramRow(context: context,
                                      entries: wittenBell(row, backoff: trigram[previous * n + last]),
                                      occurrences: occurrences))
        }
      }
    }
    return SmoothedModel(letterCount: n, unigram: unigram, initial: initial, bigram: bigram, trigram: trigram,
                         quadgram: quadgram)
  }

  /// (c + 1) / (total + k): the floor of the chain, never zero.
  static func addOne(_ counts: [UInt64]) -> [Double] {
    let total = Double(counts.reduce(0, +)) + Double(counts.count)
    return counts.map { (Double($0) + 1) / total }
  }

  /// Witten–Bell: P(x) = (c(x) + T · P_backoff(x)) / (C + T), where C is the context's count
  /// and T the number of distinct symbols seen after it. An unseen context is its backoff.
  static func wittenBell(_ counts: [UInt64], backoff: [Double]) -> [Double] {
    precondition(counts.count == backoff.count)
    let total = Double(counts.reduce(0, +))
    let types = Double(counts.filter { $0 > 0 }.count)
    guard total > 0 else { return backoff }
    return zip(counts, backoff).map { (Double($0) + types * $1) / (total + types) }
  }
}
