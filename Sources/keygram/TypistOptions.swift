import ArgumentParser
import KeyGramLab

/// The timed typist of `simulate --timed` and `tune --spread`: taps timed by Fitts' law, and
/// with `--dual-gaussian` a spread that follows FFitts law. Each default names its source.
struct TypistOptions: ParsableArguments {
  @Flag(help: ArgumentHelp("Time the touches: the typist's taps follow Fitts' law between keys, and the rows compare fixed σ, the speed-aware spread and the learned one (Gaussian × prior, lexicon) on the same touches.",
                           discussion: "Touch noise stays the fixed --sigma unless --dual-gaussian: a typist whose spread does not depend on speed."))
  var timed = false

  @Flag(name: .customLong("dual-gaussian"),
        help: "With --timed: each touch's σ² = σa² + σr², σr from FFitts law (Bi, Li and Zhai, CHI 2013) with the typist's Fitts constants and the tap's own time.")
  var dualGaussian = false

  @Option(name: .customLong("typist-absolute-sigma"), parsing: .unconditional,
          help: "The dual-Gaussian typist's σa, in points: 3 (about 0.5 mm) is an assumption; FFitts law's σa has no agreed value (Yamanaka et al., 2021).")
  var typistAbsoluteSigma: Double = 3

  @Option(name: .customLong("typist-intercept"), parsing: .unconditional, help: "The typist's Fitts intercept a, in seconds (an assumption: with b, taps of 150–450 ms).")
  var typistIntercept: Double = 0.05

  @Option(name: .customLong("typist-slope"), parsing: .unconditional,
          help: "The typist's Fitts slope b, in s/bit: 1 / 6.95 bit/s, the touch throughput MacKenzie measured on a phone (HCII 2015).")
  var typistSlope: Double = 0.144

  @Option(name: .customLong("tempo-spread"), parsing: .unconditional,
          help: "The standard deviation of ln(tap time / Fitts time): how much one tap's tempo varies (an assumption).")
  var tempoSpread: Double = 0.3

  @Option(name: .customLong("tap-range"), help: "Every tap takes this long, in seconds (min-max): a phone typist's 150–450 ms.")
  var tapRange = TapRange(0.15...0.45)

  @Option(name: .customLong("typist-elongation"), parsing: .unconditional,
          help: "σr along the movement ÷ across it (Rotational Dual Gaussian, Ma et al., UIST 2021); 1: round.")
  var typistElongation: Double = 1

  @Option(name: .customLong("word-pause"), parsing: .unconditional, help: "Seconds between a word's last tap and the next word's first.")
  var wordPause: Double = 0.6

  func validate() throws {
    if dualGaussian && !timed { throw ValidationError("--dual-gaussian needs --timed.") }
    for (name, value) in [("--typist-absolute-sigma", typistAbsoluteSigma), ("--typist-slope", typistSlope), ("--typist-elongation", typistElongation)]
    where !(value.isFinite && value > 0) {
      throw ValidationError("\(name) must be a positive number, not \(value).")
    }
    for (name, value) in [("--typist-intercept", typistIntercept), ("--tempo-spread", tempoSpread), ("--word-pause", wordPause)]
    where !(value.isFinite && value >= 0) {
      throw ValidationError("\(name) must be 0 or more, not \(value).")
    }
  }

  /// The typist's timing and spread (nil without `--timed`, and without `--dual-gaussian`).
  var typist: (timing: TypingSimulator.Timing?, dualGaussian: TypingSimulator.DualGaussian?) {
    guard timed else { return (nil, nil) }
    let timing = TypingSimulator.Timing(fittsIntercept: typistIntercept, fittsSlope: typistSlope, tempoSpread: tempoSpread,
                                        tapRange: tapRange.range, wordPause: wordPause)
    return (timing, dualGaussian ? TypingSimulator.DualGaussian(absoluteSigma: typistAbsoluteSigma, elongation: typistElongation) : nil)
  }
}

/// `--tap-range 0.15-0.45`: a range of seconds.
struct TapRange: ExpressibleByArgument {
  let range: ClosedRange<Double>

  init(_ range: ClosedRange<Double>) { self.range = range }

  init?(argument: String) {
    let parts = argument.split(separator: "-", maxSplits: 1).map { Double($0) }
    guard parts.count == 2, let low = parts[0], let high = parts[1], low.isFinite, high.isFinite, low > 0, low <= high else { return nil }
    range = low...high
  }

  var defaultValueDescription: String { "\(range.lowerBound)-\(range.upperBound)" }
}

