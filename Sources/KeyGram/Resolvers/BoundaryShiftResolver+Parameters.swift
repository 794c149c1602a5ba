extension BoundaryShiftResolver {
  /// The tunable parameters of boundary shifting, with their defaults.
  public struct Parameters: Hashable, Sendable {
    /// Scales every shift. A divider between keys A and B moves by
    /// (w_B / (w_A + w_B) − 0.5) × (distance between the two slot centres) × `shiftMultiplier`
    /// towards the less likely key, so with 1 a divider could move by up to half a slot before
    /// clamping. Default 0.25, tuned by `keygram tune` on held-out text (docs/Simulator.md): larger
    /// values overshoot the Bayes boundary at moderate odds. NaN or infinite: the default; negative: 0.
    public var shiftMultiplier: Float = 0.25
    /// No key's target shrinks below this fraction of its slot width. Each divider's shift is
    /// clamped to ±(1 − `minWidthRatio`) / 2 × the width of the key it moves into, so a key
    /// always keeps the central `minWidthRatio` of its slot (its anchor) and a touch can only
    /// ever go to a neighbour of its slot's key. Default 0.60. NaN: the default; clamped to 0 ... 1.
    public var minWidthRatio: Float = 0.60

    public init() {}

    public init(shiftMultiplier: Float = 0.25, minWidthRatio: Float = 0.60) {
      self.shiftMultiplier = shiftMultiplier
      self.minWidthRatio = minWidthRatio
    }

    /// The parameters with every out-of-range value replaced as documented above.
    public var sanitized: Parameters {
      let defaults = Parameters()
      var result = self
      result.shiftMultiplier = shiftMultiplier.isFinite ? Swift.max(shiftMultiplier, 0) : defaults.shiftMultiplier
      result.minWidthRatio = minWidthRatio.isNaN ? defaults.minWidthRatio : Swift.min(Swift.max(minWidthRatio, 0), 1)
      return result
    }
  }
}
