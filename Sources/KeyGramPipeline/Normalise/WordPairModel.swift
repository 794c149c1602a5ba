import Foundation
import KeyGram

/// The word-pair model of the `PAIR` section (docs/TableFormat.md): P(word | previous word)
/// for the lexicon's words, interpolated with the lexicon's own P(word).
///
/// From the pair counts (`PairCounter`, in thousandths of an occurrence times each source's
/// pair weight) it keeps the pairs whose both words are lexicon words (the sentence start may be
/// the first), discounts them by absolute discounting with D = n₁ / (n₁ + 2 n₂) as an integer
/// of thousandths, n₁ and n₂ the pairs weighing at most one and two occurrences (so every mass
/// is an integer: an entry c − d, d = min(D, c − 1), a row's backoff Σ d plus what pruning
/// takes; unweighted, d = D), prunes to a byte budget by relative entropy (Stolcke, γ not
/// re-estimated) and quantises each row with `Quantise.counts` to 65,535. Deterministic: ties
/// go to the lower ids.
package struct WordPairModel: Equatable, Sendable {
  /// One first word's row: its entries, by second-word id, and its backoff weight γ.
  package struct Row: Equatable, Sendable {
    package var first: UInt32
    package var backoff: UInt16
    package var seconds: [UInt32]
    package var weights: [UInt16]
  }

  /// What the model was made from and kept, for the build's summary.
  package struct Stats: Equatable, Sendable {
    /// Pair occurrences (weighted, in thousandths) and distinct pairs counted, and the distinct
    /// ones between lexicon words.
    package var occurrencesMilli: UInt64 = 0
    package var distinctPairs = 0
    package var lexiconPairs = 0
    /// The pairs weighing at most one and two occurrences among those, and the discount in thousandths.
    package var n1 = 0, n2 = 0
    package var discountMilli = 0
    package var rows = 0, entries = 0, bytes = 0
  }

  package var rows: [Row]
  package var headWords: [UInt32]
  package var stats: Stats

  /// The default byte budget of the section (`--pair-bytes`).
  package static let defaultByteBudget = 262_144
  /// The thousandths a discount is counted in.
  static let milli: UInt64 = 1000
  /// A row holds at most this many entries: with γ, every one needs a weight of at least 1.
  static let maximumRowEntries = Int(TableFormat.Pairs.rowTotal) - 1

  /// The model of `pairs` over the lexicon `trie`, in at most `byteBudget` bytes of section;
  /// nil when the budget holds no entry or no pair joins two lexicon words.
  package static func make(pairs: WordCounts, trie: LexiconTrie, byteBudget: Int) throws -> WordPairModel? {
    guard byteBudget > 0 else { return nil }
    let words = LexiconWords(trie: trie)
    var stats = Stats()
    var kept: [(first: UInt32, second: UInt32, count: UInt64)] = []
    var lastFirst: ArraySlice<UInt8> = [PairCounter.separator], lastFirstId: UInt32?
    try pairs.forEachSorted { key, count in
      stats.occurrencesMilli &+= count
      stats.distinctPairs += 1
      let (first, second) = PairCounter.words(of: key)
      if first != lastFirst {
        lastFirst = first
        lastFirstId = first.isEmpty ? TableFormat.Pairs.sentenceStart : words.ids[Array(first)]
      }
      guard let firstId = lastFirstId, let secondId = words.ids[Array(second)] else { return }
      kept.append((firstId, secondId, count))
    }
    guard !kept.isEmpty else { return nil }
    kept.sort { $0.first != $1.first ? $0.first < $1.first : $0.second < $1.second }
    stats.lexiconPairs = kept.count
    stats.n1 = kept.count(where: { $0.count <= milli })
    stats.n2 = kept.count(where: { $0.count > milli && $0.count <= 2 * milli })
    let discount = discountMilli(n1: stats.n1, n2: stats.n2)
    stats.discountMilli = Int(discount)

    // Each row's range in `kept` and unpruned backoff mass, Σ d (D · n₁₊(v) unweighted).
    let taken = { (index: Int) -> UInt64 in Swift.min(discount, kept[index].count - 1) }
    var rowStarts: [Int] = []
    for index in kept.indices where index == 0 || kept[index].first != kept[index - 1].first { rowStarts.append(index) }
    rowStarts.append(kept.count)
    var rowOf = [Int](repeating: 0, count: kept.count)
    var backoff = [UInt64](repeating: 0, count: rowStarts.count - 1)
    for row in 0..<(rowStarts.count - 1) {
      for index in rowStarts[row]..<rowStarts[row + 1] { rowOf[index] = row }
      for index in rowStarts[row]..<rowStarts[row + 1] { backoff[row] += taken(index) }
      backoff[row] = Swift.max(backoff[row], 1)  // a row of pairs each weighing one thousandth still backs off
    }
    let mass = { (index: Int) -> UInt64 in kept[index].count - taken(index) }
    // Relative entropy of leaving a pair to the backoff: c · log(P(w | v) / (γ(v) P_lex(w))).
    let score = kept.indices.map { index -> Double in
      let backedOff = Double(backoff[rowOf[index]]) * words.probability[Int(kept[index].second)]
      return Double(kept[index].count) * log1p(Double(mass(index)) / backedOff)
    }
    let order = kept.indices.sorted { score[$0] != score[$1] ? score[$0] > score[$1] : $0 < $1 }

    // The largest prefix of that order that fits the budget (a full row skips its pair).
    let headCount = Swift.min(TableFormat.Pairs.maximumHeadWords, trie.wordCount)
    var keep = [Bool](repeating: false, count: kept.count)
    var rowEntries = [Int](repeating: 0, count: backoff.count)
    var rowCount = 0, entryCount = 0
    for index in order {
      let row = rowOf[index]
      guard rowEntries[row] < maximumRowEntries else { continue }
      let rows = rowCount + (rowEntries[row] == 0 ? 1 : 0)
      guard TableFormat.Pairs.length(rows: rows, entries: entryCount + 1, headWords: headCount) <= byteBudget else { break }
      keep[index] = true
      rowEntries[row] += 1
      rowCount = rows
      entryCount += 1
    }
    guard entryCount > 0 else { return nil }

    var rows: [Row] = []
    for row in 0..<backoff.count where rowEntries[row] > 0 {
      var masses: [UInt64] = [], seconds: [UInt32] = []
      var gamma = backoff[row]
      for index in rowStarts[row]..<rowStarts[row + 1] {
        if keep[index] {
          masses.append(mass(index))
          seconds.append(kept[index].second)
        } else {
          gamma += mass(index)  // a pruned pair's mass goes to its row's backoff
        }
      }
      masses.append(gamma)
      let weights = Quantise.counts(masses, total: Int(TableFormat.Pairs.rowTotal))
      rows.append(Row(first: kept[rowStarts[row]].first, backoff: UInt16(weights.last!), seconds: seconds,
                      weights: weights.dropLast().map { UInt16($0) }))
    }
    stats.rows = rows.count
    stats.entries = entryCount
    stats.bytes = TableFormat.Pairs.length(rows: rows.count, entries: entryCount, headWords: headCount)
    return WordPairModel(rows: rows, headWords: words.likeliest(headCount), stats: stats)
  }

  /// D = n₁ / (n₁ + 2 n₂) in thousandths, rounded half up, kept in 1 ... 999 so that every
  /// entry and every backoff has mass.
  package static func discountMilli(n1: Int, n2: Int) -> UInt64 {
    let denominator = UInt64(n1 + 2 * n2)
    guard denominator > 0 else { return 1 }
    let rounded = (2 * milli * UInt64(n1) + denominator) / (2 * denominator)
    return Swift.min(Swift.max(rounded, 1), milli - 1)
  }
}

/// The lexicon's words as the runtime names them: each word's `LEXI` node id and its
/// log P_lex, summed as the runtime's `Lexicon.logProbability(of:)` sums it (Float logs of the
/// end share, then of each share up the path, each less log 65,535), so the head words' order
/// is the one `keygram verify` checks.
package struct LexiconWords {
  /// Each word's letter symbols (`Symbol`), to its node id.
  package let ids: [[UInt8]: UInt32]
  /// log P_lex by node id; −∞ for a node that ends no word.
  package let logProbability: [Float]
  /// P_lex by node id, from `logProbability`.
  package let probability: [Double]

  package init(trie: LexiconTrie) {
    let logTotal = logf(Float(TableFormat.Lexicon.shareTotal))
    var ids: [[UInt8]: UInt32] = [:]
    var logProbability = [Float](repeating: -.infinity, count: trie.nodeCount)
    var parent = [Int](repeating: -1, count: trie.nodeCount)
    var prefix = [[UInt8]](repeating: [], count: trie.nodeCount)
    var child = 1
    for node in 0..<trie.degrees.count {
      var end = Int(TableFormat.Lexicon.shareTotal)
      for _ in 0..<Int(trie.degrees[node]) {
        end -= Int(trie.shares[child])
        parent[child] = node
        prefix[child] = prefix[node] + [Symbol.letter(Int(trie.labels[child]))]
        child += 1
      }
      if end > 0 && node > 0 {
        var sum = logf(Float(end)) - logTotal
        var current = node
        while current > 0 {
          sum += logf(Float(trie.shares[current])) - logTotal
          current = parent[current]
        }
        logProbability[node] = sum
        ids[prefix[node]] = UInt32(node)
      }
      prefix[node] = []
    }
    self.ids = ids
    self.logProbability = logProbability
    probability = logProbability.map { exp(Double($0)) }
  }

  /// The `count` likeliest words by P_lex, best first; ties to the lower id.
  package func likeliest(_ count: Int) -> [UInt32] {
    let words = logProbability.indices.filter { logProbability[$0] > -.infinity }
    return words.sorted { logProbability[$0] != logProbability[$1] ? logProbability[$0] > logProbability[$1] : $0 < $1 }
      .prefix(count).map { UInt32($0) }
  }
}
