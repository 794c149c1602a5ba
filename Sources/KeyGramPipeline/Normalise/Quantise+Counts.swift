extension Quantise {
  /// The largest possible sum of `counts(_:total:)`'s masses: below it every mass converts to a
  /// Double within one unit, far finer than any weight the masses are rounded to.
  package static let maximumCountTotal: UInt64 = 1 << 54

  /// `row(_:)`'s rounding for integer masses, to any `total` (the lexicon uses
  /// `TableFormat.Lexicon.shareTotal`), with exact zeros kept: the KL-closest weights to the
  /// masses with every nonzero mass at least 1 (`apportion`). The result sums to exactly `total`.
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
    // `apportion` checks the rest: a nonzero mass, and room for each nonzero mass's unit.
    return apportion(masses.map { Double($0) }, total: total)
  }
}
