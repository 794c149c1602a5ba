import KeyGram

/// How `keygram tune` runs its sweeps and picks its winners, apart from the command line so
/// each choice can be tested. Every sweep types the same touches for every candidate.
public enum Tuning {
  /// Whether a method makes no more errors than static (method 0) beyond the 95% interval:
  /// fewer or as many, or an interval of static ÷ method errors that still reaches 1.
  public static func isNoWorseThanStatic(_ result: TypingSimulator.MethodResult) -> Bool {
    result.reduction >= 1 || result.reductionInterval.upperBound >= 1
  }

  /// The index of the method of `family` (a name prefix) with the fewest errors in `main`
  /// among those no worse than static in `precise` (the same methods at a smaller σ); nil if
  /// none is. Ties go to the first.
  public static func bestMethod(named family: String, main: [TypingSimulator.MethodResult],
                                precise: [TypingSimulator.MethodResult]) -> Int? {
    var best: Int?
    for index in main.indices where main[index].method.name.hasPrefix(family) && isNoWorseThanStatic(precise[index]) {
      if best == nil || main[index].errors < main[best!].errors { best = index }
    }
    return best
  }

  /// What a balance sweep tunes: the lexicon's (`TypingContext.lexiconBalance`) or the word
  /// history's (`WordHistory.balance`).
  public enum Balance: String, Sendable, CaseIterable {
    case lexicon, history

    /// The values tried, smallest first.
    public var values: [Float] {
      switch self {
      case .lexicon: [1e-4, 1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 100]
      case .history: [0.3, 1, 2, 3, 5, 10, 20, 50]
      }
    }

    /// Static, then boundary shift and Gaussian × prior at their defaults with this context.
    public var methods: [TypingSimulator.Method] {
      let context: TypingSimulator.Method.Context = self == .lexicon ? .lexicon : .history
      return [
        TypingSimulator.Method(name: "static", kind: .static, context: .none),
        TypingSimulator.Method(name: "boundary shift", kind: .boundaryShift(.init()), context: context),
        TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: context),
      ]
    }
  }

  /// One value of a balance sweep: the results at the main σ and at the precise σ.
  public struct BalancePoint: Sendable {
    public var value: Float
    public var main: TypingSimulator.Result
    public var precise: TypingSimulator.Result
  }

  /// Runs `balance.methods` once per value of `balance`, at σ `sigma` and at `preciseSigma`,
  /// on the same touches (`seed`). A history sweep blends the lexicon by `lexiconBalance`.
  public static func sweep(_ balance: Balance, simulator: TypingSimulator, keystrokes: [TypingSimulator.Keystroke],
                           sigma: Float, preciseSigma: Float, seed: UInt64, lexiconBalance: Float) -> [BalancePoint] {
    balance.values.map { value in
      func run(_ sigma: Float) -> TypingSimulator.Result {
        let touches = TypingSimulator.Touches(sigmaX: sigma, sigmaY: sigma, seed: seed)
        return switch balance {
        case .lexicon: simulator.run(keystrokes, touches: touches, methods: balance.methods, lexiconBalance: value)
        case .history: simulator.run(keystrokes, touches: touches, methods: balance.methods, lexiconBalance: lexiconBalance,
                                     historyBalance: value)
        }
      }
      return BalancePoint(value: value, main: run(sigma), precise: run(preciseSigma))
    }
  }

  /// The value with the fewest Gaussian errors at the main σ among those where neither
  /// resolver makes more errors than static at the precise σ beyond the interval; nil if none.
  public static func bestBalance(_ points: [BalancePoint]) -> BalancePoint? {
    var best: BalancePoint?
    for point in points {
      let safe = isNoWorseThanStatic(point.precise.methods[1]) && isNoWorseThanStatic(point.precise.methods[2])
      if safe && point.main.methods[2].errors < (best?.main.methods[2].errors ?? .max) { best = point }
    }
    return best
  }

  /// The decoder row (index > 0) with the fewest word errors over `main` and `slipping` among
  /// those that break at most 1 correct word in 1,000 in `main` and, in `precise`, make no
  /// more letter errors than static beyond the interval (or, where static makes none, no
  /// more word errors than static within the row's interval); nil if none does.
  public static func bestDecoder(main: TypingSimulator.Result, slipping: TypingSimulator.Result,
                                 precise: TypingSimulator.Result) -> Int? {
    let preciseStatic = Double(precise.methods[0].wordErrors) / Double(Swift.max(precise.words, 1))
    var best: (index: Int, errors: Int)?
    for index in main.methods.indices.dropFirst() {
      let (a, b, c) = (main.methods[index], slipping.methods[index], precise.methods[index])
      guard a.wordsBroken * 1000 <= main.words,
            isNoWorseThanStatic(c) || c.wordErrorRateInterval.lowerBound <= preciseStatic else { continue }
      if a.wordErrors + b.wordErrors < (best?.errors ?? .max) { best = (index, a.wordErrors + b.wordErrors) }
    }
    return best?.index
  }

  /// The speed-aware spread's grid: σa, Fitts' intercept and slope (the elongation stays 1).
  public static var motionGrid: [TouchMotion.Parameters] {
    var grid: [TouchMotion.Parameters] = []
    for absolute: Float in [2, 3, 4, 6, 8, 10, 12, 14] {
      for intercept: Float in [0, 0.04, 0.08] {
        for slope: Float in [0.07, 0.1, 0.14, 0.2] {
          grid.append(TouchMotion.Parameters(absoluteSigma: absolute, fittsIntercept: intercept, fittsSlope: slope))
        }
      }
    }
    return grid
  }

  /// The fixed σ grid, in points.
  public static let fixedSigmaGrid: [Float] = [6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 24]

  /// Static, Gaussian × prior (`context`) at each fixed σ of `sigmas` (untimed) and speed-aware
  /// with each of `motions`: the spread sweep's methods.
  public static func spreadMethods(sigmas: [Float] = fixedSigmaGrid, motions: [TouchMotion.Parameters] = motionGrid,
                                   context: TypingSimulator.Method.Context) -> [TypingSimulator.Method] {
    var methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    for sigma in sigmas {
      methods.append(.init(name: "fixed σ = \(sigma)", kind: .gaussian(.init(sigmaX: sigma, sigmaY: sigma)), context: context, timed: false))
    }
    for motion in motions {
      var parameters = GaussianKeyResolver.Parameters()
      parameters.motion = motion
      methods.append(.init(name: "speed-aware: σa \(motion.absoluteSigma), a \(motion.fittsIntercept), b \(motion.fittsSlope)",
                           kind: .gaussian(parameters), context: context))
    }
    return methods
  }

  /// The speed-aware row that loses least to the best fixed σ on the worse of two typists
  /// (`Tuning.spreadMethods` run on the same text by each): the smallest of its two ratios of
  /// errors to that typist's best fixed-σ errors, taking the larger. Ties go to the first.
  public static func robustSpeedAware(_ results: [TypingSimulator.Result]) -> (index: Int, worstRatio: Double)? {
    var best: (index: Int, worstRatio: Double)?
    let fixedBest = results.map { result in bestSpreads(result).fixed.map { result.methods[$0].errors } }
    guard let first = results.first, fixedBest.allSatisfy({ $0 != nil }) else { return nil }
    for index in first.methods.indices where first.methods[index].method.name.hasPrefix("speed-aware") {
      let worst = zip(results, fixedBest).map { result, fixed in
        Double(result.methods[index].errors) / Double(Swift.max(fixed!, 1))
      }.max() ?? .infinity
      if worst < (best?.worstRatio ?? .infinity) { best = (index, worst) }
    }
    return best
  }

  /// The fixed-σ row and the speed-aware row with the fewest errors (indices into `result`).
  public static func bestSpreads(_ result: TypingSimulator.Result) -> (fixed: Int?, speedAware: Int?) {
    func best(_ prefix: String) -> Int? {
      result.methods.indices.filter { result.methods[$0].method.name.hasPrefix(prefix) }
        .min { result.methods[$0].errors < result.methods[$1].errors }
    }
    return (best("fixed σ"), best("speed-aware"))
  }
}
