import Foundation

/// How faithfully a lexicon's quantised shares hold the word list they came from: what
/// `keygram build` reports and `keygram verify` holds every table to, so the rounding cannot
/// drift unseen.
package struct LexiconFidelity: Equatable, Sendable, CustomStringConvertible {
  /// The most word mass that may be weighted below half or above twice its frequency.
  package static let maximumMisweightedMass = 0.005
  /// A child whose exact share is at least this many units must get at least ⅔ of it.
  package static let squashableUnits = 2.0

  /// Rows (nodes with a child or an end) measured.
  package private(set) var rows = 0
  /// Mean and largest KL divergence D(exact ‖ quantised) of a node's row, in bits.
  package private(set) var meanDivergence = 0.0
  package private(set) var worstDivergence = 0.0
  /// The share of the words' mass in words whose quantised weight is below ½ or above 2× their
  /// frequency among the kept words.
  package private(set) var massBelowHalf = 0.0
  package private(set) var massAboveDouble = 0.0
  /// Children whose exact share is ≥ `squashableUnits` units and who got less than ⅔ of it.
  package private(set) var squashedChildren = 0

  package init() {}

  /// Adds one node's row: its exact `masses` (children, then the end) and quantised `weights`
  /// out of `total`.
  mutating func addRow(masses: [UInt64], weights: [Int], total: Int) {
    let sum = Double(masses.reduce(0, +))
    var divergence = 0.0
    for (mass, weight) in zip(masses, weights) where mass > 0 {
      let p = Double(mass) / sum, ideal = p * Double(total)
      divergence += p * log2(p * Double(total) / Double(weight))
      if ideal >= Self.squashableUnits && Double(weight) < ideal * 2 / 3 { squashedChildren += 1 }
    }
    rows += 1
    meanDivergence += (max(divergence, 0) - meanDivergence) / Double(rows)
    worstDivergence = max(worstDivergence, divergence)
  }

  /// Adds one word: its share of the kept words' mass, and the weight the quantised trie gives it.
  mutating func addWord(frequency: Double, weight: Double) {
    if weight < frequency / 2 { massBelowHalf += frequency }
    if weight > frequency * 2 { massAboveDouble += frequency }
  }

  /// What breaks the bounds above; empty when the lexicon holds its word list well.
  package var problems: [String] {
    var found: [String] = []
    let misweighted = massBelowHalf + massAboveDouble
    if misweighted > Self.maximumMisweightedMass {
      found.append("\(Self.percent(misweighted)) of the word mass is weighted below ½ or above 2× its frequency "
                   + "(at most \(Self.percent(Self.maximumMisweightedMass)))")
    }
    if squashedChildren > 0 {
      found.append("\(squashedChildren) child\(squashedChildren == 1 ? " gets" : "ren get") under ⅔ of an exact share of 2 units or more")
    }
    return found
  }

  package var description: String {
    "words weighted below ½ \(Self.percent(massBelowHalf)), above 2× \(Self.percent(massAboveDouble)); "
      + "row divergence mean \(String(format: "%.2e", meanDivergence)) bits, worst \(String(format: "%.2e", worstDivergence))"
  }

  static func percent(_ share: Double) -> String { String(format: "%.2f%%", share * 100) }
}
