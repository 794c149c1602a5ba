extension BoundaryShiftResolver {
  /// The tunable parameters of boundary shifting, with their defaults.
  public struct Parameters: Hashable, Sendable {
    /// The exponent α of P(key | context) in the two-key Bayes boundary: a divider moves by
    /// α σ² / d × ln(w_B / w_A) towards the less likely key (d the slot pitch). 1 is plain
    /// Bayes for touches spread by `sigma`; 0 never moves a divider. Default 0.9, tuned by
    /// `keygram tune` on held-out text with the lexicon and a word history (docs/Simulator.md).
    /// NaN or infinite: the default; clamped to 0 ... 100.
    public var priorWeight: Float = 0.9
    /// The touch spread σ the boundaries assume, in points. Default 8 (the common modelling
    /// choice for an iPhone keyboard, as for the Gaussian resolver). NaN, infinite or ≤ 0: the default.
    public var sigma: Float = KeyLikelihood.defaultSigma
    /// No key's target shrinks below this fraction of its slot width. Each divider's shift is
    /// clamped to ±(1 − `minWidthRatio`) / 2 × the width of the key it moves into, so a key
    /// always keeps the central `minWidthRatio` of its slot (its anchor) and a touch can only
    /// ever go to a neighbour of its slot's key. Default 0.60. NaN: the default; clamped to 0 ... 1.
    public var minWidthRatio: Float = 0.60

    /// The defaults, tuned by `keygram tune` on held-out text.
    public init() {}

    /// Parameters from their values; each out-of-range value is handled as its property says.
    /// A value not given is the default, as written once on its property.
    public init(priorWeight: Float = Parameters().priorWeight, sigma: Float = Parameters().sigma,
                minWidthRatio: Float = Parameters().minWidthRatio) {
      self.priorWeight = priorWeight
      self.sigma = sigma
      self.minWidthRatio = minWidthRatio
    }

    /// The parameters with every out-of-range value replaced as documented above.
    public var sanitized: Parameters {
      let defaults = Parameters()
      var result = self
      result.priorWeight = priorWeight.isFinite ? Swift.min(Swift.max(priorWeight, 0), 100) : defaults.priorWeight
      result.sigma = sigma.isFinite && sigma > 0 ? sigma : defaults.sigma
      result.minWidthRatio = minWidthRatio.isNaN ? defaults.minWidthRatio : Swift.min(Swift.max(minWidthRatio, 0), 1)
      return result
    }
  }
}
