import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline
import Testing

/// `keygram tune`'s choices, on real runs of the simulator over the English tuning text.
@Suite("Tuning: how tune picks")
struct TuningTests {
  static var simulator: TypingSimulator { SimulatorTests().simulator() }

  static let keystrokes: [TypingSimulator.Keystroke] = {
    let bytes = try! CorpusReader(path: SimulatorTests.packageRoot + "/corpora/en/heldout/jargon-tuning.gz").readAll()
    return simulator.keystrokes(of: String(decoding: bytes, as: UTF8.self), limit: 6_000)
  }()

  @Test("The best of a family is no worse than static at the precise σ, and no such row makes fewer errors")
  func bestMethodIsTheFewestAmongTheSafe() {
    var methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
    for weight: Float in [0.3, 0.7, 1.5, 4] {
      methods.append(.init(name: "Gaussian \(weight)", kind: .gaussian(.init(priorWeight: weight)), context: .fourgram))
    }
    let main = Self.simulator.run(Self.keystrokes, touches: .init(sigmaX: 8, sigmaY: 8, seed: 3), methods: methods)
    let precise = Self.simulator.run(Self.keystrokes, touches: .init(sigmaX: 6.5, sigmaY: 6.5, seed: 3), methods: methods)
    #expect(precise.methods[0].errors > 0)
    let best = try! #require(Tuning.bestMethod(named: "Gaussian", main: main.methods, precise: precise.methods))
    #expect(Tuning.isNoWorseThanStatic(precise.methods[best]))
    for index in 1..<methods.count where Tuning.isNoWorseThanStatic(precise.methods[index]) {
      #expect(main.methods[best].errors <= main.methods[index].errors)
    }
    #expect(Tuning.bestMethod(named: "boundary shift", main: main.methods, precise: precise.methods) == nil)
    // Static is no worse than itself.
    #expect(Tuning.isNoWorseThanStatic(precise.methods[0]))
  }

  @Test("One balance sweep serves the lexicon and the history; the best value is safe and has the fewest Gaussian errors",
        arguments: Tuning.Balance.allCases)
  func balanceSweep(_ balance: Tuning.Balance) {
    let points = Tuning.sweep(balance, simulator: Self.simulator, keystrokes: Self.keystrokes, sigma: 9, preciseSigma: 6.5, seed: 7,
                              lexiconBalance: TypingContext.defaultLexiconBalance)
    #expect(points.map(\.value) == balance.values)
    #expect(points.allSatisfy { $0.main.methods.count == 3 && $0.main.methods[2].method.context.rawValue == balance.rawValue })
    let best = try! #require(Tuning.bestBalance(points))
    #expect(Tuning.isNoWorseThanStatic(best.precise.methods[1]) && Tuning.isNoWorseThanStatic(best.precise.methods[2]))
    for point in points where Tuning.isNoWorseThanStatic(point.precise.methods[1]) && Tuning.isNoWorseThanStatic(point.precise.methods[2]) {
      #expect(best.main.methods[2].errors <= point.main.methods[2].errors)
    }
  }

  @Test("The spread sweep's best fixed σ and best speed-aware row have the fewest errors of their kind")
  func spreadSweep() {
    let timing = TypingSimulator.Timing(fittsIntercept: 0.05, fittsSlope: 0.144, tempoSpread: 0.3, tapRange: 0.15...0.45, wordPause: 0.6)
    let touches = TypingSimulator.Touches(seed: 2, timing: timing, dualGaussian: .init(absoluteSigma: 3))
    let methods = Tuning.spreadMethods(sigmas: [6, 10, 14], motions: Array(Tuning.motionGrid.prefix(4)), context: .fourgram)
    let result = Self.simulator.run(Self.keystrokes, touches: touches, methods: methods)
    let best = Tuning.bestSpreads(result)
    let fixed = try! #require(best.fixed), speedAware = try! #require(best.speedAware)
    #expect(result.methods[fixed].method.name.hasPrefix("fixed σ") && result.methods[speedAware].method.name.hasPrefix("speed-aware"))
    for row in result.methods.dropFirst() {
      let bestOfKind = row.method.name.hasPrefix("fixed σ") ? result.methods[fixed] : result.methods[speedAware]
      #expect(bestOfKind.errors <= row.errors)
    }
  }

  @Test("The robust speed-aware spread loses least to the best fixed σ on the worse of two typists")
  func robustSpeedAware() {
    let timing = TypingSimulator.Timing(fittsIntercept: 0.05, fittsSlope: 0.144, tempoSpread: 0.3, tapRange: 0.15...0.45, wordPause: 0.6)
    let methods = Tuning.spreadMethods(sigmas: [7, 9, 12], motions: Array(Tuning.motionGrid.prefix(6)), context: .fourgram)
    let results = [TypingSimulator.DualGaussian(absoluteSigma: 3), nil].map {
      Self.simulator.run(Self.keystrokes, touches: .init(seed: 5, timing: timing, dualGaussian: $0), methods: methods)
    }
    let robust = try! #require(Tuning.robustSpeedAware(results))
    #expect(methods[robust.index].name.hasPrefix("speed-aware"))
    let fixed = results.map { result in result.methods.filter { $0.method.name.hasPrefix("fixed") }.map(\.errors).min()! }
    for index in methods.indices where methods[index].name.hasPrefix("speed-aware") {
      let worst = zip(results, fixed).map { Double($0.methods[index].errors) / Double($1) }.max()!
      #expect(robust.worstRatio <= worst)
      if index == robust.index { #expect(robust.worstRatio == worst) }
    }
  }

  @Test("A tap at Fitts' own time has σr = W / √(2πe), whatever the distance; taps stay in their range")
  func fittsTypist() {
    let timing = TypingSimulator.Timing(fittsIntercept: 0.05, fittsSlope: 0.144, tempoSpread: 0.3, tapRange: 0.01...10, wordPause: 0.6)
    let dual = TypingSimulator.DualGaussian(absoluteSigma: 3)
    for distance in [20.0, 60, 150, 300] {
      let time = timing.tapTime(distance: distance, width: 31.5, z: 0)
      #expect(Swift.abs(dual.relativeSigma(distance: distance, time: time, timing: timing) - 31.5 / (2 * Double.pi * M_E).squareRoot()) < 1e-9)
    }
    let clamped = TypingSimulator.Timing(fittsIntercept: 0.05, fittsSlope: 0.144, tempoSpread: 0.3, tapRange: 0.15...0.45, wordPause: 0.6)
    #expect(clamped.tapTime(distance: 300, width: 31.5, z: 5) == 0.45)
    #expect(clamped.tapTime(distance: 0, width: 31.5, z: -5) == 0.15)
    #expect(dual.relativeSigma(distance: 0, time: 0.2, timing: timing) == 0)
    #expect(dual.relativeSigma(distance: 100, time: 0.01, timing: timing) == dual.maximumRelativeSigma)
  }

  @Test("A speed-independent typist's timed touches land where untimed ones do: fixed-σ rows make the same errors")
  func timingLeavesTheTouchesAlone() {
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none),
                   TypingSimulator.Method(name: "Gaussian", kind: .gaussian(.init()), context: .fourgram, timed: false)]
    let timing = TypingSimulator.Timing(fittsIntercept: 0.05, fittsSlope: 0.144, tempoSpread: 0.3, tapRange: 0.15...0.45, wordPause: 0.6)
    let untimed = Self.simulator.run(Self.keystrokes, touches: .init(seed: 4), methods: methods)
    let timed = Self.simulator.run(Self.keystrokes, touches: .init(seed: 4, timing: timing), methods: methods)
    #expect(untimed.methods.map(\.errors) == timed.methods.map(\.errors))
    #expect(untimed.methods[0].errors > 0)
  }

  @Test("The spelling sweep runs every setting on the list and the text; the best keeps to the budget with the fewest word errors")
  func spellingSweep() throws {
    let simulator = Self.simulator
    let bench = MisspellingBench(table: SimulatorTests.english, layout: SimulatorTests.layout,
                                 letterKeys: LetterKeyMap(layout: SimulatorTests.layout, table: SimulatorTests.english))
    let pairs = try bench.pairs(fromLines: ["with\twiht", "access\tacess", "receive\trecieve", "the\tteh", "definitely\tdefinately"]).pairs
    let bytes = try CorpusReader(path: SimulatorTests.packageRoot + "/corpora/en/heldout/jargon-tuning.gz").readAll()
    let typing = simulator.typing(of: String(decoding: bytes, as: UTF8.self), limit: 6_000)
    let grid = Tuning.spellingGrid(base: .init(), spellingMargins: [0, .infinity], omissionMargins: [0, .infinity], marginFloors: [-10], commonWords: [(0, -8)])
    #expect(grid.count == 6 && grid[4].name == "margins that follow the word's length, floor -10.0")
    #expect(grid[1].parameters.spellingMargin == 0 && grid[1].parameters.omissionSpellingMargin == .infinity)
    #expect(grid[4].parameters.spellingMarginPerLetter == WordDecoder.Parameters.lengthScaledSpellingMargins.spellingMarginPerLetter)
    #expect(grid[4].parameters.spellingMarginFloor == -10)
    // The common-word row: the base's margins, and corrections into common words at 0.
    #expect(grid[5].parameters.spellingMargin == WordDecoder.Parameters().spellingMargin)
    #expect(grid[5].parameters.commonWordSpellingMargin == 0 && grid[5].parameters.commonWordLogProbability == -8)
    let sweep = Tuning.sweepSpelling(grid, simulator: simulator, typing: typing, bench: bench, pairs: pairs, misspellings: [:],
                                     sigma: 8, seed: 3, misspellRate: 0.05, undoRate: 0, lexiconBalance: TypingContext.defaultLexiconBalance)
    #expect(sweep.rows.map(\.name) == grid.map(\.name) && sweep.words > 500)
    let (applied, offered) = (sweep.rows[0], sweep.rows[3])
    // Margins 0 apply every correction the decoder ranks first: all five pairs; margins ∞ apply none.
    #expect(applied.list.atCentres.corrected == 5 && offered.list.atCentres.corrected == 0)
    #expect(applied.misspelling.misspelledWords > 0 && applied.misspelling.misspelledWords == offered.misspelling.misspelledWords)
    #expect(applied.misspelling.misspellingsCorrected > offered.misspelling.misspellingsCorrected)
    #expect(applied.clean.wordsBroken >= offered.clean.wordsBroken)
    // The best keeps to the budget and no row within it makes fewer word errors.
    for budget in [0.0, 1.2, 1000] {
      let within = sweep.rows.indices.filter { Double(sweep.rows[$0].clean.wordsBroken) * 1000 <= budget * Double(sweep.words) }
      guard let best = Tuning.bestSpelling(sweep, brokenPerThousand: budget) else {
        #expect(within.isEmpty)
        continue
      }
      #expect(within.contains(best))
      #expect(within.allSatisfy { sweep.rows[best].misspelling.wordErrors <= sweep.rows[$0].misspelling.wordErrors })
    }
    #expect(Tuning.bestSpelling(sweep, brokenPerThousand: 1000) != nil)
  }
}
