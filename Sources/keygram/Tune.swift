import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram {
  struct Tune: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Sweep the resolvers' parameters on a tuning text and print the results as Markdown.",
      discussion: """
        Every parameter combination types the same touches, at each σ. The best combination \
        is the one with the fewest errors at the main σ among those that make no more errors \
        than static resolution at the precise σ beyond the 95% confidence interval (block \
        bootstrap over the text: the interval of static ÷ method errors reaches 1). Tune on \
        held-out tuning text, never on the text you report.
        """)

    @OptionGroup var language: LanguageChoice

    /// The language code, positional or `--lang`.
    var lang: String { language.code }

    @Option(help: "The tuning text (default: corpora/<lang>/heldout/*tuning*).")
    var text: String?

    @Option(help: "The table (default: tables/<lang>.keygram).")
    var table: String?

    @Option(parsing: .unconditional, help: "The σ to optimise for, in points.")
    var sigma: Float = 8

    @Option(name: .customLong("precise-sigma"), parsing: .unconditional, help: "The σ at which no combination may lose to static.")
    var preciseSigma: Float = 4

    @Option(parsing: .unconditional, help: "Type at most this many letters.")
    var limit = 1_000_000

    @Option(parsing: .unconditional, help: "The random seed.")
    var seed: UInt64 = 7

    @Option(help: "The context the resolvers' priors see (default: lexicon for a table with one, else 4-gram: what a keyboard gets from TypingContext).")
    var context: TypingSimulator.Method.Context?

    @OptionGroup var folders: CorporaOption

    @Option(name: .customLong("lexicon-balance"), help: "The lexicon balance for the lexicon context's parameter sweep.")
    var lexiconBalance = TypingContext.defaultLexiconBalance

    @Flag(help: "Sweep the lexicon balance (resolvers at their defaults, lexicon context) instead of the resolvers' parameters.")
    var lexicon = false

    @Flag(help: "Sweep the word history's balance (resolvers at their defaults, history context) instead of the resolvers' parameters.")
    var history = false

    @Flag(help: "Sweep the word decoder's margin and the weight of the previous word (Gaussian × prior at its defaults, history context, uncorrected typing).")
    var decoder = false

    @Flag(help: "Sweep the spread: Gaussian × prior with each fixed σ (untimed) and with each speed-aware spread (σa, Fitts' a and b), on touches timed by --timed's typist (with --dual-gaussian, its spread follows FFitts law).")
    var spread = false

    @OptionGroup(title: "The timed typist (--spread)") var typistOptions: TypistOptions

    @Flag(help: "Sweep the decoder's spelling margins on a development list of misspellings and the tuning text, with the decoder costs given.")
    var spelling = false

    @OptionGroup(title: "The spelling sweep (--spelling)") var spellingOptions: SpellingTuneOptions

    @OptionGroup(title: "The decoder's edit costs (--spelling)") var costs: DecoderCostOptions

    @Option(name: .customLong("omit-rate"), help: "With --decoder: the chance of a skipped letter in the run that tunes the edit costs.")
    var omitRate: Double = 0.01

    @Option(name: .customLong("extra-rate"), help: "With --decoder: the chance of a doubled touch in the run that tunes the edit costs.")
    var extraRate: Double = 0.01

    func validate() throws {
      guard sigma.isFinite && sigma > 0 else { throw ValidationError("--sigma must be a positive number of points, not \(sigma).") }
      guard preciseSigma.isFinite && preciseSigma > 0 else {
        throw ValidationError("--precise-sigma must be a positive number of points, not \(preciseSigma).")
      }
      guard limit > 0 else { throw ValidationError("--limit must be positive.") }
      for (name, rate) in [("--omit-rate", omitRate), ("--extra-rate", extraRate)] where !(rate >= 0 && rate < 1) {
        throw ValidationError("\(name) must be in [0, 1), not \(rate).")
      }
    }

    func run() throws {
      let setup = try SimulationSetup(lang: lang, tablePath: table, keyboard: .iphonePortrait)
      let textPath = try text ?? SimulationSetup.heldOutText(lang: lang, corpora: folders.corpora, purpose: "tuning")
      let keystrokes = try setup.keystrokes(of: textPath, limit: limit)
      if lexicon { return try sweepBalance(.lexicon, setup, keystrokes, textPath) }
      if history { return try sweepBalance(.history, setup, keystrokes, textPath) }
      if spelling { return try sweepSpelling(setup, textPath) }
      if decoder { return try sweepDecoder(setup, try setup.typing(of: textPath, limit: limit), textPath) }
      if spread { return sweepSpread(setup, keystrokes, textPath) }
      let context = self.context ?? (setup.simulator.table.lexicon != nil ? .lexicon : .fourgram)

      var methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
      for weight: Float in [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.25] {
        for ratio: Float in [0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8] {
          methods.append(.init(name: "boundary shift: priorWeight \(weight), minWidthRatio \(ratio)",
                               kind: .boundaryShift(.init(priorWeight: weight, minWidthRatio: ratio)), context: context))
        }
      }
      for weight: Float in [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.25] {
        for anchor: Float in [0, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9] {
          methods.append(.init(name: "Gaussian: priorWeight \(weight), anchorFraction \(anchor)",
                               kind: .gaussian(.init(priorWeight: weight, anchorFraction: anchor)), context: context))
        }
      }
      let main = setup.simulator.run(keystrokes, touches: .init(sigmaX: sigma, sigmaY: sigma, seed: seed), methods: methods,
                                     lexiconBalance: lexiconBalance)
      let precise = setup.simulator.run(keystrokes, touches: .init(sigmaX: preciseSigma, sigmaY: preciseSigma, seed: seed), methods: methods,
                                        lexiconBalance: lexiconBalance)

      print("Tuning text \(textPath), \(main.keystrokes) keystrokes, seed \(seed), \(context.rawValue) context.\n")
      print("| method | errors at σ = \(sigma) | × fewer than static | errors at σ = \(preciseSigma) (static: \(precise.methods[0].errors)) | × fewer at σ = \(preciseSigma), 95% CI |")
      print("|---|---:|---:|---:|---|")
      for (result, preciseResult) in zip(main.methods, precise.methods) {
        let interval = preciseResult.reductionInterval
        print("| \(result.method.name) | \(result.errors) | \(String(format: "%.2f", result.reduction)) | \(preciseResult.errors) | "
              + String(format: "%.2f–%.2f", interval.lowerBound, interval.upperBound) + " |")
      }
      guard main.methods[0].errors > 0 || precise.methods[0].errors > 0 else {
        print("\nstatic makes no errors on this text at σ = \(sigma) or \(preciseSigma): nothing to tune; use a longer text or a larger σ")
        return
      }
      for family in ["boundary shift", "Gaussian"] {
        if let index = Tuning.bestMethod(named: family, main: main.methods, precise: precise.methods) {
          let best = (main.methods[index], precise.methods[index])
          print("\nbest: \(best.0.method.name): \(best.0.errors) errors at σ = \(sigma) (\(String(format: "%.2f", best.0.reduction))×), \(best.1.errors) at σ = \(preciseSigma)")
        } else {
          print("\nbest \(family) row: none is as good as static at σ = \(preciseSigma)")
        }
      }
    }
  }
}

extension Keygram.Tune {
  /// One run per balance (`Tuning.sweep`), both resolvers at their defaults; the best is
  /// `Tuning.bestBalance`'s.
  func sweepBalance(_ balance: Tuning.Balance, _ setup: SimulationSetup, _ keystrokes: [TypingSimulator.Keystroke], _ textPath: String) throws {
    if balance == .lexicon && setup.simulator.table.lexicon == nil { throw CLIError("tables/\(lang).keygram has no lexicon to tune") }
    let points = Tuning.sweep(balance, simulator: setup.simulator, keystrokes: keystrokes, sigma: sigma, preciseSigma: preciseSigma,
                              seed: seed, lexiconBalance: lexiconBalance)
    print("Tuning text \(textPath), seed \(seed), \(balance.rawValue) context, resolvers at their defaults.\n")
    print("| \(balance.rawValue) balance | boundary shift errors at σ = \(sigma) | Gaussian errors at σ = \(sigma) | × fewer (Gaussian) | errors at σ = \(preciseSigma): static, boundary shift, Gaussian |")
    print("|---:|---:|---:|---:|---|")
    for point in points {
      let errors = point.main.methods.map(\.errors), preciseErrors = point.precise.methods.map(\.errors)
      print("| \(point.value) | \(errors[1]) | \(errors[2]) | \(String(format: "%.2f", point.main.methods[2].reduction)) | \(preciseErrors.map(String.init).joined(separator: ", ")) |")
    }
    if let best = Tuning.bestBalance(points) {
      print("\nbest \(balance.rawValue) balance: \(best.value): \(best.main.methods[2].errors) Gaussian errors at σ = \(sigma)")
    } else {
      print("\nbest \(balance.rawValue) balance: none is as good as static at σ = \(preciseSigma)")
    }
  }

  /// Fixed σ against the speed-aware spread on the same timed touches (`Tuning.spreadMethods`),
  /// by the dual-Gaussian typist and by a speed-independent one of σ = --sigma: the best fixed
  /// σ of each, and the speed-aware spread that loses least on the worse of the two
  /// (`Tuning.robustSpeedAware`).
  func sweepSpread(_ setup: SimulationSetup, _ keystrokes: [TypingSimulator.Keystroke], _ textPath: String) {
    var typist = typistOptions
    typist.timed = true
    let context: TypingSimulator.Method.Context = setup.simulator.table.lexicon != nil ? .lexicon : .fourgram
    let methods = Tuning.spreadMethods(context: context)
    let dual = TypingSimulator.DualGaussian(absoluteSigma: typist.typistAbsoluteSigma, elongation: typist.typistElongation)
    let typists: [(name: String, dual: TypingSimulator.DualGaussian?)] = [
      ("dual-Gaussian typist, σa \(dual.absoluteSigma) pt", dual), ("speed-independent typist, σ = \(sigma) pt", nil),
    ]
    let results = typists.map { typistChoice in
      setup.simulator.run(keystrokes, touches: .init(sigmaX: sigma, sigmaY: sigma, seed: seed, timing: typist.typist.timing,
                                                     dualGaussian: typistChoice.dual),
                          methods: methods, lexiconBalance: lexiconBalance)
    }
    print("Tuning text \(textPath), \(results[0].keystrokes) keystrokes, seed \(seed), \(context.rawValue) context, timed typists.\n")
    print("| spread | errors: \(typists[0].name) | 95% CI (× fewer than static) | errors: \(typists[1].name) | 95% CI |")
    print("|---|---:|---|---:|---|")
    func interval(_ row: TypingSimulator.MethodResult) -> String {
      String(format: "%.2f–%.2f", row.reductionInterval.lowerBound, row.reductionInterval.upperBound)
    }
    for index in methods.indices {
      let (a, b) = (results[0].methods[index], results[1].methods[index])
      print("| \(a.method.name) | \(a.errors) | \(interval(a)) | \(b.errors) | \(interval(b)) |")
    }
    for (typistChoice, result) in zip(typists, results) {
      let best = Tuning.bestSpreads(result)
      for index in [best.fixed, best.speedAware].compactMap({ $0 }) {
        print("\nbest for the \(typistChoice.name): \(result.methods[index].method.name): \(result.methods[index].errors) errors")
      }
    }
    if let robust = Tuning.robustSpeedAware(results) {
      print("\nbest speed-aware spread for both: \(methods[robust.index].name): at worst "
            + String(format: "%.3f", robust.worstRatio) + " × the best fixed σ's errors")
    }
  }
}

extension Keygram.Tune {
  /// The decoder's grid: every combination decodes the same touches with its own history, at
  /// σ (no slips), at σ with skipped and doubled touches, and at the precise σ. The best has
  /// the fewest word errors over the two σ runs among those that break at most 1 word in
  /// 1,000 at σ and make no more letter errors than static at the precise σ beyond the interval.
  func sweepDecoder(_ setup: SimulationSetup, _ typing: TypingSimulator.TypedText, _ textPath: String) throws {
    guard setup.simulator.table.lexicon != nil else { throw CLIError("tables/\(lang).keygram has no lexicon to decode with") }
    let keystrokes = typing.keystrokes
    // The margin and the previous word's weight; the edit costs and spelling margin are tuned
    // on the misspellings (simulate --misspellings) and kept at their defaults here.
    let weights: [Float] = setup.simulator.table.wordPairs != nil ? [0, 0.5, 1, 1.5, 2] : [0]
    var grid: [(name: String, parameters: WordDecoder.Parameters)] = []
    // The language's settings (TUNE) under the margin and weight swept.
    let base = costs.parameters(for: setup.simulator.table)
    for margin: Float in [2, 3, 4] {
      for weight in weights {
        var parameters = base
        parameters.margin = margin
        parameters.contextWeight = weight
        grid.append(("margin \(margin), context weight \(weight)", parameters))
      }
    }
    var methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    methods += grid.map { TypingSimulator.Method(name: $0.name, kind: .gaussian(.init()), context: .history, decoder: $0.parameters) }
    // The defaults again, with a touch on a key without a letter inside a word typing the nearest letter.
    methods += grid.filter { $0.parameters.contextWeight == base.contextWeight }.map {
      TypingSimulator.Method(name: $0.name + ", special keys type letters", kind: .gaussian(.init()), context: .history,
                             decoder: $0.parameters, specialKeysTypeLetters: true)
    }
    func run(_ sigma: Float, slips: Bool) -> TypingSimulator.Result {
      setup.simulator.run(keystrokes, written: typing.words, touches: .init(sigmaX: sigma, sigmaY: sigma, seed: seed, omitRate: slips ? omitRate : 0,
                                                     extraRate: slips ? extraRate : 0),
                          methods: methods, errors: .uncorrected, lexiconBalance: lexiconBalance)
    }
    let main = run(sigma, slips: false), slipping = run(sigma, slips: true), precise = run(preciseSigma, slips: false)
    print("Tuning text \(textPath), \(main.keystrokes) keystrokes, \(main.words) words, seed \(seed), history context, uncorrected typing, word context from the text's sentences.\n")
    print("| decoder | word errors at σ = \(sigma) | letter errors | broken | word errors, omit \(omitRate) extra \(extraRate) | letter errors at σ = \(preciseSigma) (static: \(precise.methods[0].errors)) |")
    print("|---|---:|---:|---:|---:|---:|")
    for index in main.methods.indices {
      let (a, b, c) = (main.methods[index], slipping.methods[index], precise.methods[index])
      print("| \(a.method.name) | \(a.wordErrors) | \(a.errors) | \(a.wordsBroken) | \(b.wordErrors) | \(c.errors) |")
    }
    let best = Tuning.bestDecoder(main: main, slipping: slipping, precise: precise).map {
      (name: main.methods[$0].method.name, errors: main.methods[$0].wordErrors + slipping.methods[$0].wordErrors)
    }
    if let best {
      print("\nbest decoder: \(best.name): \(best.errors) word errors over the two runs at σ = \(sigma)")
    } else {
      print("\nbest decoder: none breaks at most 1 word in 1,000 and is as good as static at σ = \(preciseSigma) within the interval")
    }
  }
}

/// `tune --context`: how much context the resolvers' priors see. Static resolution (`none`)
/// has no prior to tune, so it is not a value of the option.
extension TypingSimulator.Method.Context: ExpressibleByArgument {
  public init?(argument: String) {
    guard let context = Self(rawValue: argument), context != .none else { return nil }
    self = context
  }

  public static var allValueStrings: [String] { allCases.filter { $0 != .none }.map(\.rawValue) }

  public var defaultValueDescription: String { rawValue }
}
