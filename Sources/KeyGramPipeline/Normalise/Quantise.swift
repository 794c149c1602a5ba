import KeyGram

/// The quantising stage: each probability row becomes UInt16 weights that sum to exactly
/// `TableFormat.rowTotal` (65,536) with no zero, so "normalised" is checkable in integers.
///
/// The weights are the KL-closest to the probabilities that the total allows, every entry at
/// least 1 (`apportion`); ties go to the lower index, so the result is deterministic.
package enum Quantise {
  package static let total = Int(TableFormat.rowTotal)

  package static func row(_ probabilities: [Double]) -> [UInt16] {
    precondition(!probabilities.isEmpty && probabilities.count <= total)
    return apportion(probabilities, total: total, everyEntryNonzero: true).map { UInt16($0) }
  }
}

/// The normalised model: every row quantised.
package struct QuantisedModel: Equatable, Sendable {
  package let letterCount: Int
  package var unigram: [UInt16]
  package var initial: [UInt16]
  package var bigram: [[UInt16]]
  package var trigram: [[UInt16]]
  /// The kept 4-gram rows, in context order.
  package var quadgram: [QuadgramRow<UInt16>]

  package init(letterCount: Int, unigram: [UInt16], initial: [UInt16], bigram: [[UInt16]], trigram: [[UInt16]],
              quadgram: [QuadgramRow<UInt16>] = []) {
    self.letterCount = letterCount
    self.unigram = unigram
    self.initial = initial
    self.bigram = bigram
    self.trigram = trigram
    self.quadgram = quadgram
  }

  package init(_ model: SmoothedModel) {
    letterCount = model.letterCount
    unigram = Quantise.row(model.unigram)
    initial = Quantise.row(model.initial)
    bigram = model.bigram.map(Quantise.row)
    trigram = model.trigram.map(Quantise.row)
    quadgram = model.quadgram.map { QuadgramRow(context: $0.context, entries: Quantise.row($0.entries), occurrences: $0.occurrences) }
  }

  /// Every row, for checks.
  package var allRows: [[UInt16]] { [unigram, initial] + bigram + trigram + quadgram.map(\.entries) }
}

extension QuantisedModel {
  /// The letter model of `counts`: smoothed, pruned to the `quadgramContexts` best 4-gram rows,
  /// and quantised.
  package init(counts: NgramCounts, quadgramContexts: Int = Prune.defaultQuadgramContexts) {
    self.init(Prune.quadgrams(Smooth.model(from: counts), keeping: quadgramContexts))
  }
}
