import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram {
  struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Draw as SVG: touch regions on the keyboard, the bigram heatmap, or an adaptive resolver's learning curve.",
      subcommands: [HitMapCommand.self, Bigrams.self, LearningCurveCommand.self])

    struct Common: ParsableArguments {
      @OptionGroup var language: LanguageChoice

      /// The language code, positional or `--lang`.
      var lang: String { language.code }

      @Option(help: "The table (default: tables/<lang>.keygram).")
      var table: String?

      @Option(help: "The SVG file to write.")
      var out: String

      func open() throws -> KeyGramTable {
        let path = table ?? "tables/\(lang).keygram"
        do { return try KeyGramTable(contentsOf: path) } catch { throw CLIError("\(path): \(error)") }
      }

      func write(_ svg: String) throws {
        try AtomicFile.write(Array(svg.utf8), to: out)
        print("wrote \(out) (\(svg.utf8.count) bytes)")
      }
    }

    struct HitMapCommand: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "hitmap", abstract: "Each key's effective touch region after a context, for both resolvers.")

      @OptionGroup var common: Common

      @Option(help: "What was typed before the touch (empty: word start).")
      var after = ""

      @Option(help: "The keyboard geometry.")
      var layout = KeyboardChoice.iphonePortrait

      func run() throws {
        let table = try common.open()
        let (layout, letterKeys) = self.layout.layout(for: table)
        try common.write(HitMap.svg(table: table, layout: layout, letterKeys: letterKeys, after: after))
      }
    }

    struct Bigrams: ParsableCommand {
      static let configuration = CommandConfiguration(abstract: "A heatmap of P(next letter | previous letter).")

      @OptionGroup var common: Common

      func run() throws {
        try common.write(BigramHeatmap.svg(table: try common.open()))
      }
    }

    struct LearningCurveCommand: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "learning-curve",
        abstract: "Error rate per 500 keystrokes of static, the resolvers and their adaptive rows, for a typist with an offset.")

      @OptionGroup var common: Common

      @Option(help: "The text to type, gzip or plain (default: corpora/<lang>/heldout/*evaluation*).")
      var text: String?

      @OptionGroup var folders: CorporaOption

      @Option(parsing: .unconditional, help: "Touch spread σ, in points.")
      var sigma: Float = 8

      @Option(name: .customLong("offset-x"), parsing: .unconditional, help: "Systematic horizontal touch offset, in points.")
      var offsetX: Float = 0

      @Option(name: .customLong("offset-y"), parsing: .unconditional, help: "Systematic vertical touch offset, in points.")
      var offsetY: Float = 6

      @Option(name: .customLong("key-offset-spread"), parsing: .unconditional, help: "Each key's own offset, N(0, s²) per axis, in points.")
      var keyOffsetSpread: Float = 3

      @Option(parsing: .unconditional, help: "Type at most this many letters.")
      var limit = 20_000

      @Option(parsing: .unconditional, help: "The random seed.")
      var seed: UInt64 = 1

      func run() throws {
        let setup = try SimulationSetup(lang: common.lang, tablePath: common.table, keyboard: .iphonePortrait)
        let textPath = try text ?? SimulationSetup.heldOutText(lang: common.lang, corpora: folders.corpora, purpose: "evaluation")
        let keystrokes = try setup.keystrokes(of: textPath, limit: limit)
        let touches = TypingSimulator.Touches(sigmaX: sigma, sigmaY: sigma, offsetX: offsetX, offsetY: offsetY,
                                              keyOffsetSpread: keyOffsetSpread, seed: seed)
        let context: TypingSimulator.Method.Context = setup.simulator.table.lexicon != nil ? .history : .fourgram
        let base = TypingSimulator.Method.standard(lexicon: setup.simulator.table.lexicon != nil)
          .filter { $0.kind == .static || ($0.context == context && $0.name.contains("no anchor") == false) }
        let methods = base + TypingSimulator.Method.adaptiveVariants(of: base)
        let result = setup.simulator.run(keystrokes, touches: touches, methods: methods)
        let title = "\(common.lang): σ = \(sigma) pt, offset (\(offsetX), \(offsetY)) pt, per-key s = \(keyOffsetSpread) pt, seed \(seed)"
        try common.write(LearningCurve.svg(result, columns: Array(methods.indices), title: title))
      }
    }
  }
}
