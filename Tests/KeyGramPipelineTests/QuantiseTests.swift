import Foundation
import Testing
@testable import KeyGramPipeline

/// `Quantise.apportion`, the one rounding rule of every row: the KL-closest integer weights.
@Suite("Quantise: the KL-closest rounding, against brute force")
struct QuantiseTests {
  /// Σ m log w: what the rounding maximises (the KL divergence is a constant minus it).
  static func objective(_ masses: [Double], _ weights: [Int]) -> Double {
    zip(masses, weights).reduce(0) { $0 + ($1.0 > 0 ? $1.0 * log(Double($1.1)) : 0) }
  }

  /// Every way to give `total` units to `masses`, each nonzero mass at least 1, zeros 0: the best objective.
  static func bruteForceBest(_ masses: [Double], total: Int) -> Double {
    let live = masses.indices.filter { masses[$0] > 0 }
    var best = -Double.infinity
    func place(_ k: Int, _ left: Int, _ weights: inout [Int]) {
      if k == live.count - 1 {
        weights[live[k]] = left
        best = max(best, objective(masses, weights))
        return
      }
      for units in stride(from: 1, through: left - (live.count - 1 - k), by: 1) {
        weights[live[k]] = units
        place(k + 1, left - units, &weights)
      }
    }
    var weights = [Int](repeating: 0, count: masses.count)
    place(0, total, &weights)
    return best
  }

  @Test func matchesBruteForceOnSmallRows() {
    var generator = LexiconRandom(seed: 42)
    for _ in 0..<400 {
      let count = Int(generator.next() % 4) + 1
      let masses = (0..<count).map { _ in generator.next() % 4 == 0 ? 0 : Double(generator.next() % 10_000 + 1) }
      let nonzero = masses.filter { $0 > 0 }.count
      guard nonzero > 0 else { continue }
      let total = nonzero + Int(generator.next() % 20)
      let weights = Quantise.apportion(masses, total: total)
      #expect(weights.reduce(0, +) == total)
      #expect(zip(masses, weights).allSatisfy { $0 == 0 ? $1 == 0 : $1 >= 1 }, "\(masses) → \(weights)")
      let best = Self.bruteForceBest(masses, total: total)
      #expect(Self.objective(masses, weights) >= best - 1e-9 * abs(best), "\(masses) to \(total) → \(weights)")
    }
  }

  @Test func largeTotalsStayOptimalUnderSingleExchanges() {
    // Too many ways to enumerate: no unit moved from one entry to another may raise the objective.
    var generator = LexiconRandom(seed: 7)
    for _ in 0..<200 {
      let count = Int(generator.next() % 40) + 1
      let masses = (0..<count).map { _ -> Double in
        let r = generator.next() % 100
        return r < 10 ? 0 : Double(generator.next() % (r < 50 ? 100 : 1_000_000) + 1)
      }
      guard masses.contains(where: { $0 > 0 }) else { continue }
      for total in [255, 65_535] {
        let weights = Quantise.apportion(masses, total: total)
        #expect(weights.reduce(0, +) == total)
        for i in masses.indices where masses[i] > 0 {
          for j in masses.indices where j != i && weights[j] > 1 {
            let up = masses[i] * log(Double(weights[i] + 1) / Double(weights[i]))
            let down = masses[j] * log(Double(weights[j]) / Double(weights[j] - 1))
            #expect(up <= down + 1e-12 * down, "moving a unit \(j) → \(i) gains in \(masses) → \(weights)")
          }
        }
      }
    }
  }

  @Test func everyEntryNonzeroFloorsZerosToOne() {
    #expect(Quantise.apportion([0, 1, 0], total: 10, everyEntryNonzero: true) == [1, 8, 1])
    #expect(Quantise.row([0.5, 0.25, 0.25]) == [32_768, 16_384, 16_384])
    // Only the masses' ratios count, however small or large they are.
    let subnormal = Double.leastNormalMagnitude / 1_024
    #expect(Quantise.apportion([7 * subnormal, 2 * subnormal, subnormal], total: 65_536) == [45_875, 13_107, 6_554])
    #expect(Quantise.apportion([7e300, 2e300, 1e300], total: 65_536) == [45_875, 13_107, 6_554])
    // A row of 27 near-uniform probabilities sums exactly and keeps its order.
    let row = Quantise.row((0..<27).map { 1 + Double($0) / 100 })
    #expect(row.reduce(0) { $0 + Int($1) } == Quantise.total && zip(row, row.dropFirst()).allSatisfy { $0 <= $1 })
  }

  @Test func fidelityNamesASquashedChild() {
    // The rounding an earlier quantiser gave the worked example: the second child (ideal 9.15) at 1.
    let masses: [UInt64] = [890_000, 34_000] + [UInt64](repeating: 1_000, count: 24)
    var squashed = LexiconFidelity()
    squashed.addRow(masses: masses, weights: [229, 1] + [Int](repeating: 1, count: 24), total: 255)
    #expect(squashed.squashedChildren == 1 && squashed.problems.count == 1)
    var rounded = LexiconFidelity()
    rounded.addRow(masses: masses, weights: Quantise.counts(masses, total: 255), total: 255)
    #expect(rounded.squashedChildren == 0 && rounded.problems.isEmpty && rounded.worstDivergence < squashed.worstDivergence)
    // Word weights: 1% of the mass at a third of its frequency breaks the ½ bound.
    var words = LexiconFidelity()
    words.addWord(frequency: 0.99, weight: 0.99)
    words.addWord(frequency: 0.01, weight: 0.003)
    #expect(words.massBelowHalf == 0.01 && words.massAboveDouble == 0 && words.problems.count == 1)
  }
}
