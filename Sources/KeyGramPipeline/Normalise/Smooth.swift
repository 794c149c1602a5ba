/// The smoothing stage: counts → probabilities, by interpolated Witten–Bell smoothing down the
/// chain trigram → bigram → next-symbol unigram → uniform.
///
/// Why Witten–Bell: it needs no tuned discounts (character models have so few types that
/// Kneser–Ney's count-of-counts estimates break down, which is why KenLM needs
/// `--discount_fallback` for them); a context backs off in proportion to how many different
/// letters it has been seen to precede; and because the chain ends in an add-one uniform,
/// no probability is ever zero. docs/Pipeline.md works through the formulas.
public struct SmoothedModel: Sendable {
  public let letterCount: Int
  /// P(letter), N entries.
  public var unigram: [Double]
  /// P(letter | word start), N entries.
  public var initial: [Double]
  /// P(next | letter), N rows of N + 1 (the last is end of word).
  public var bigram: [[Double]]
  /// P(next | a, b), (N + 1) × N rows of N + 1; a = N means word start.
  public var trigram: [[Double]]
}

public enum Smooth {
  public static func model(from counts: NgramCounts) -> SmoothedModel {
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
    for first in 0...n {
      for second in 0..<n {
        trigram.append(wittenBell(counts.trigramRow(first: first, second: second), backoff: bigram[second]))
      }
    }
    return SmoothedModel(letterCount: n, unigram: unigram, initial: initial, bigram: bigram, trigram: trigram)
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
