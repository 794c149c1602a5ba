import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram {
  struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Draw a table as SVG: touch regions on the keyboard, or the bigram heatmap.",
      subcommands: [HitMapCommand.self, Bigrams.self])

    struct Common: ParsableArguments {
      @Option(help: "The language, e.g. en.")
      var lang = "en"

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
  }
}
