extension Quantise {
  /// The largest possible sum of `counts(_:total:)`'s masses (the products below, a mass or a
  /// weight times the sum or the total, must fit in an Int64: checked per call).
  package static let maximumCountTotal: UInt64 = 1 << 54

  /// `row(_:)`'s rounding for integer masses, exact in integers, to any `total` (the lexicon
  /// uses 255), and with exact zeros kept: every nonzero mass starts at max(1, ⌊m·T / S⌋), the
  /// shortfall goes one unit each to the largest remainders, any excess from the floor comes
  /// off the entries furthest above their ideal that can spare a unit; ties go to the lower
  /// index. A zero mass gets 0. The result sums to exactly `total`.
  ///
  /// Needs at least one nonzero mass, at most `total` nonzero masses, and a sum of at most
  /// `maximumCountTotal`.
  package static func counts(_ masses: [UInt64], total: Int) -> [Int] {
    var sum: UInt64 = 0
    for mass in masses {
      let (next, overflow) = sum.addingReportingOverflow(mass)
      precondition(!overflow && next <= maximumCountTotal, "masses sum past \(maximumCountTotal)")
      sum = next
    }
    let nonzero = masses.count(where: { $0 > 0 })
    precondition(sum > 0, "masses sum to 0")
    precondition(total > 0 && total <= 65_536 && nonzero <= total, "\(nonzero) nonzero masses for a total of \(total)")
    let (product, overflow) = sum.multipliedReportingOverflow(by: UInt64(total))
    precondition(!overflow && product <= UInt64(Int64.max), "masses summing to \(sum) cannot be quantised exactly to \(total)")
    let s = Int64(sum), t = Int64(total)
    // (ideal − weight) · S, exact: the remainder of an entry at its floor, negative when lifted to 1.
    func below(_ index: Int, _ weight: Int) -> Int64 { Int64(masses[index]) * t - Int64(weight) * s }
    var weights = masses.map { $0 == 0 ? 0 : max(1, Int(Int64($0) * t / s)) }
    var difference = total - weights.reduce(0, +)
    let live = masses.indices.filter { masses[$0] > 0 }
    if difference > 0 {
      let order = live.sorted { (below($0, weights[$0]), $1) > (below($1, weights[$1]), $0) }
      var k = 0
      while difference > 0 {
        weights[order[k % order.count]] += 1
        difference -= 1
        k += 1
      }
    }
    while difference < 0 {
      let order = live.filter { weights[$0] > 1 }
        .sorted { (-below($0, weights[$0]), $1) > (-below($1, weights[$1]), $0) }
      for index in order where difference < 0 {
        weights[index] -= 1
        difference += 1
      }
    }
    return weights
  }
}
