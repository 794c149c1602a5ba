import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram.Simulate {
  /// `simulate --misspellings FILE`: the misspelling bench on the table's keyboard.
  func runMisspellings(_ path: String, _ setup: SimulationSetup) throws {
    let bytes: [UInt8]
    do { bytes = try CorpusReader(path: path).readAll() } catch { throw CLIError("\(error)") }
    let bench = MisspellingBench(table: setup.table, layout: setup.simulator.layout, letterKeys: setup.simulator.letterKeys)
    let read: (pairs: [MisspellingBench.Pair], skipped: Int)
    do {
      read = try bench.pairs(fromLines: String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false))
    } catch let error as MisspellingBenchError {
      throw CLIError("\(path): \(error)")
    }
    guard !read.pairs.isEmpty else { throw CLIError("\(path): no pair of words in the \(setup.table.languageName) alphabet") }
    var parameters = costs.applied(to: WordDecoder.Parameters())
    if let decoderMargin { parameters.margin = decoderMargin }
    let result = bench.run(read.pairs, skipped: read.skipped, parameters: parameters, sigma: sigma, seed: seed)
    if json {
      print(try SimulationReport.json(result, lang: lang, file: path))
    } else {
      print(SimulationReport.table(result, lang: lang, file: path))
    }
  }
}
