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
        than static resolution at the precise σ. Tune on held-out tuning text, never on the \
        text you report.
        """)

    @Option(help: "The language, e.g. en.")
    var lang = "en"

    @Option(help: "The tuning text (default: corpora/<lang>/heldout/*tuning*).")
    var text: String?

    @Option(help: "The σ to optimise for, in points.")
    var sigma: Float = 8

    @Option(name: .customLong("precise-sigma"), help: "The σ at which no combination may lose to static.")
    var preciseSigma: Float = 4

    @Option(help: "Type at most this many letters.")
    var limit = 1_000_000

    @Option(help: "The random seed.")
    var seed: UInt64 = 7

    @Option(help: "The context the resolvers' priors see (4-gram: what a keyboard gets from TypingContext).")
    var context = TypingSimulator.Method.Context.fourgram

    @Option(help: "The corpora folder (for the default text).")
    var corpora = "corpora"

    func run() throws {
      let setup = try SimulationSetup(lang: lang, tablePath: nil, keyboard: .iphonePortrait)
      let textPath = try text ?? SimulationSetup.heldOutText(lang: lang, corpora: corpora, purpose: "tuning")
      let keystrokes = try setup.keystrokes(of: textPath, limit: limit)

      var methods = [TypingSimulator.Method(name: "static", kind: .nearestKey, context: .none)]
      for multiplier: Float in [0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1] {
        for ratio: Float in [0.6, 0.7, 0.8, 0.85, 0.9] {
          methods.append(.init(name: "boundary shift: shiftMultiplier \(multiplier), minWidthRatio \(ratio)",
                               kind: .boundaryShift(.init(shiftMultiplier: multiplier, minWidthRatio: ratio)), context: context))
        }
      }
      for weight: Float in [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.25] {
        for anchor: Float in [0, 0.5, 0.75, 0.8, 0.85, 0.9, 0.95, 1] {
          methods.append(.init(name: "Gaussian: priorWeight \(weight), anchorFraction \(anchor)",
                               kind: .gaussian(.init(priorWeight: weight, anchorFraction: anchor)), context: context))
        }
      }
      let main = setup.simulator.run(keystrokes, touches: .init(sigmaX: sigma, sigmaY: sigma, seed: seed), methods: methods)
      let precise = setup.simulator.run(keystrokes, touches: .init(sigmaX: preciseSigma, sigmaY: preciseSigma, seed: seed), methods: methods)

      print("Tuning text \(textPath), \(main.keystrokes) keystrokes, seed \(seed), \(context.rawValue) context.\n")
      print("| method | errors at σ = \(sigma) | × fewer than static | errors at σ = \(preciseSigma) (static: \(precise.methods[0].errors)) |")
      print("|---|---:|---:|---:|")
      for (result, preciseResult) in zip(main.methods, precise.methods) {
        print("| \(result.method.name) | \(result.errors) | \(String(format: "%.2f", result.reduction)) | \(preciseResult.errors) |")
      }
      for family in ["boundary shift", "Gaussian"] {
        let eligible = zip(main.methods, precise.methods).filter {
          $0.0.method.name.hasPrefix(family) && $0.1.errors <= precise.methods[0].errors
        }
        if let best = eligible.min(by: { $0.0.errors < $1.0.errors }) {
          print("\nbest \(family): \(best.0.method.name): \(best.0.errors) errors at σ = \(sigma) (\(String(format: "%.2f", best.0.reduction))×), \(best.1.errors) at σ = \(preciseSigma)")
        } else {
          print("\nbest \(family): none is as good as static at σ = \(preciseSigma)")
        }
      }
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
