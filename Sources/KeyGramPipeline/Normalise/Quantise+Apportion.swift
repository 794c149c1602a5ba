import Foundation
import KeyGram

/// The rounding rule every quantised row follows: integer weights that sum to exactly a total,
/// chosen so the quantised distribution is the closest the total allows to the exact one.
///
/// "Closest" is the KL divergence D(p ‖ w / T): maximise Σ mᵢ log wᵢ over integers wᵢ ≥ 1 for
/// each nonzero mass (a zero mass keeps weight 0, unless every entry must be nonzero), with
/// Σ wᵢ = T. The objective is separable and concave, so the optimum is the first unit of each
/// nonzero entry plus the T − k largest marginal gains mᵢ · log(w / (w − 1)) of the further units:
/// a divisor method of apportionment whose divisor lies between w − 1 and w. `apportion` finds
/// that set by a threshold estimate and then exact exchanges, so it costs O(n) per row, not O(T).
extension Quantise {
  /// The gain of giving entry `i` its `weight`-th unit (weight ≥ 2): mᵢ · log(w / (w − 1)).
  @inline(__always)
  static func gain(_ mass: Double, ofUnit weight: Int) -> Double {
    -mass * log1p(-1 / Double(weight))
  }

  /// The KL-optimal weights of `masses` summing to `total` (see above). Ties go to the lower
  /// index, so the result is deterministic. With `everyEntryNonzero`, zero masses get 1 too.
  ///
  /// Needs at least one nonzero mass and at most `total` entries that must be nonzero.
  package static func apportion(_ given: [Double], total: Int, everyEntryNonzero: Bool = false) -> [Int] {
    precondition(given.allSatisfy { $0 >= 0 && $0.isFinite }, "masses must be finite and not negative")
    let largest = given.max() ?? 0
    precondition(largest > 0, "masses sum to 0")
    // Relative to the largest, so subnormal or huge masses keep every gain comparable.
    let masses = given.map { $0 / largest }
    let sum = masses.reduce(0, +)
    let floor = masses.map { $0 > 0 || everyEntryNonzero ? 1 : 0 }
    let forced = floor.reduce(0, +)
    precondition(total > 0 && forced <= total, "\(forced) nonzero entries for a total of \(total)")
    // Every unit whose gain is at least μ = S / T: about round(m·T / S), the proportional share.
    let threshold = sum / Double(total)
    var weights = masses.indices.map { index -> Int in
      let mass = masses[index]
      guard mass > 0 else { return floor[index] }
      let units = 1 / -expm1(-threshold / mass)
      return max(1, units.isFinite ? Int(Swift.min(units, Double(total))) : total)
    }
    // The gain of the next unit (−∞ for a zero mass) and of the last one (+∞ for a forced unit).
    func nextGain(_ i: Int) -> Double { masses[i] > 0 ? gain(masses[i], ofUnit: weights[i] + 1) : -.infinity }
    func lastGain(_ i: Int) -> Double { weights[i] > max(1, floor[i]) ? gain(masses[i], ofUnit: weights[i]) : .infinity }
    // The entry that should get a unit next: largest gain, then lowest index.
    func bestToAdd() -> Int {
      var best = 0
      for i in masses.indices.dropFirst() where nextGain(i) > nextGain(best) { best = i }
      return best
    }
    // The entry that should give a unit back first: smallest gain, then highest index.
    func bestToRemove() -> Int {
      var best = masses.count - 1
      for i in masses.indices.reversed().dropFirst() where lastGain(i) < lastGain(best) { best = i }
      return best
    }
    var difference = total - weights.reduce(0, +)
    while difference > 0 { weights[bestToAdd()] += 1; difference -= 1 }
    while difference < 0 { weights[bestToRemove()] -= 1; difference += 1 }
    // The estimate rounds in floating point: trade units until no exchange gains, which makes
    // the set exactly the largest gains (each exchange strictly raises the objective or moves a
    // tied unit to a lower index, so this ends).
    while true {
      let add = bestToAdd(), remove = bestToRemove()
      guard add != remove else { break }
      let (up, down) = (nextGain(add), lastGain(remove))
      guard up > down || (up == down && add < remove) else { break }
      weights[add] += 1
      weights[remove] -= 1
    }
    return weights
  }
}
