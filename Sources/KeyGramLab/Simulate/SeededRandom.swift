import Foundation

/// SplitMix64: a small, fast generator whose sequence depends only on its seed, so a
/// simulation is the same on every machine for the same `--seed`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in (0, 1], never 0, so its logarithm is finite.
  public mutating func unit() -> Double {
    (Double(next() >> 11) + 1) * (1.0 / 9_007_199_254_740_992)
  }

  /// Two independent standard normal deviates (Box–Muller).
  public mutating func normalPair() -> (Double, Double) {
    let radius = (-2 * Foundation.log(unit())).squareRoot()
    let angle = 2 * Double.pi * unit()
    return (radius * cos(angle), radius * sin(angle))
  }
}
