import Foundation
import KeyGram

/// The pruning stage: keeps the 4-gram rows worth their bytes. A row costs 2 (N + 1) bytes
/// in every copy of the table, and most 4-gram contexts predict nearly what their trigram
/// row already does, so only the `limit` contexts with the largest gain are kept.
///
/// The gain of a context is what keeping it saves in total on the training text, in bits:
/// its occurrences × the Kullback–Leibler divergence of its row from its trigram row
/// (Stolcke's relative-entropy pruning, applied to whole rows). Ties go to the earlier context.
package enum Prune {
  /// How many 4-gram contexts a table keeps by default: about 55 KB for English. Measured on
  /// the English held-out text in docs/Simulator.md, where more buys little.
  package static let defaultQuadgramContexts = 512

  /// The model with only its `limit` best 4-gram rows, still in context order.
  package static func quadgrams(_ model: SmoothedModel, keeping limit: Int) -> SmoothedModel {
    var pruned = model
    guard limit > 0 else {
      pruned.quadgram = []
      return pruned
    }
    let gains = model.quadgram.map { row in gain(of: row, against: model.trigramRow(under: row.context)) }
    let ranked = model.quadgram.indices.sorted { (gains[$0], $1) > (gains[$1], $0) }
    let kept = ranked.prefix(limit).filter { gains[$0] > 0 }.sorted()
    pruned.quadgram = kept.map { model.quadgram[$0] }
    return pruned
  }

  /// occurrences × KL(row ‖ backoff), in bits.
  static func gain(of row: QuadgramRow<Double>, against backoff: [Double]) -> Double {
    var divergence = 0.0
    for (p, q) in zip(row.entries, backoff) where p > 0 { divergence += p * log2(p / q) }
    return Double(row.occurrences) * max(divergence, 0)
  }
}
