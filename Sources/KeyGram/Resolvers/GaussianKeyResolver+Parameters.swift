extension GaussianKeyResolver {
  /// The tunable parameters of the Gaussian resolver, with their defaults.
  public struct Parameters: Hashable, Sendable {
    /// Horizontal spread of touches around a key's aim point, in points. Default 8 (the
    /// common modelling choice for an iPhone keyboard). NaN, infinite or ≤ 0: the default.
    public var sigmaX: Float = KeyLikelihood.defaultSigma
    /// Vertical spread of touches, in points. Default 8. NaN, infinite or ≤ 0: the default.
    public var sigmaY: Float = KeyLikelihood.defaultSigma
    /// Where touches land relative to the cap centre, in points (Goodman et al. 2002 and
    /// Henze et al. 2011 found touches systematically offset). Default 0, 0. Non-finite: 0.
    public var offsetX: Float = 0
    /// The vertical part of the touch offset, in points.
    public var offsetY: Float = 0
    /// The exponent α of P(key | context) in the score P^α · N(touch). 1 is plain Bayes;
    /// 0 ignores the context (nearest aim point). Default 0.7, tuned by `keygram tune` on
    /// held-out text with the lexicon and a word history (docs/Simulator.md): the prior is
    /// overconfident on text unlike its sources. NaN or infinite: the default; clamped to 0 ... 100.
    public var priorWeight: Float = 0.7
    /// The anchor (Gunawardana et al. 2010): a touch inside the central `anchorFraction` of
    /// a letter key's visible cap, in both width and height, always yields that key. Default
    /// 0.7 (on an iPhone, ±11.0 pt by ±15.4 pt around the cap centre), tuned so that a precise
    /// typist (σ = 4 pt) makes no more errors than with static keys beyond the 95% interval.
    /// NaN: the default; clamped to 0 ... 1 (0 turns anchoring off).
    public var anchorFraction: Float = 0.7
    /// The spread of a timed touch from the movement since the previous one (`TouchMotion`).
    public var motion = TouchMotion.Parameters()

    /// The defaults, tuned by `keygram tune` on held-out text.
    public init() {}

    /// Parameters from their values; each out-of-range value is handled as its property says.
    /// A value not given is the default, as written once on its property.
    public init(sigmaX: Float = Parameters().sigmaX, sigmaY: Float = Parameters().sigmaY, offsetX: Float = Parameters().offsetX,
                offsetY: Float = Parameters().offsetY, priorWeight: Float = Parameters().priorWeight,
                anchorFraction: Float = Parameters().anchorFraction, motion: TouchMotion.Parameters = Parameters().motion) {
      self.motion = motion
      self.sigmaX = sigmaX
      self.sigmaY = sigmaY
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.priorWeight = priorWeight
      self.anchorFraction = anchorFraction
    }

    /// The parameters with every out-of-range value replaced as documented above.
    public var sanitized: Parameters {
      let defaults = Parameters()
      var result = self
      result.sigmaX = sigmaX.isFinite && sigmaX > 0 ? sigmaX : defaults.sigmaX
      result.sigmaY = sigmaY.isFinite && sigmaY > 0 ? sigmaY : defaults.sigmaY
      result.offsetX = offsetX.isFinite ? offsetX : 0
      result.offsetY = offsetY.isFinite ? offsetY : 0
      result.priorWeight = priorWeight.isFinite ? Swift.min(Swift.max(priorWeight, 0), 100) : defaults.priorWeight
      result.anchorFraction = anchorFraction.isNaN ? defaults.anchorFraction : Swift.min(Swift.max(anchorFraction, 0), 1)
      result.motion = motion.sanitized
      return result
    }
  }
}
