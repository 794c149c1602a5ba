import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram.Simulate {
  /// `simulate --misspellings FILE`: the misspelling bench on the table's keyboard.
  func runMisspellings(_ path: String, _ setup: SimulationSetup) throws {
    let bench = setup.misspellingBench
    let read = try setup.misspellingPairs(path)
    var parameters = costs.parameters(for: setup.simulator.table)
    if let decoderMargin { parameters.margin = decoderMargin }
    let decisions = writeDecisions.map { DecisionLog(path: $0, table: setup.simulator.table, method: 0) }
    let result = bench.run(read.pairs, skipped: read.skipped, parameters: parameters, sigma: sigma, seed: seed,
                           decisionLog: decisions.map { log in { log.append(intended: $0.intended, decision: $1) } })
    try decisions?.commit()
    if json {
      print(try SimulationReport.json(result, lang: lang, file: path))
    } else {
      print(SimulationReport.table(result, lang: lang, file: path))
    }
  }

  /// `--misspell-rate`'s list, intended letters → their misspellings: `--misspelling-list`, or
  /// the language's tuning list where it has one (never the evaluation list), else none.
  func misspellingMap(_ setup: SimulationSetup) throws -> [[Int]: [[Int]]] {
    let fallback = SimulationSetup.tuningMisspellings(lang: lang, corpora: folders.corpora)
    guard let path = misspellingList ?? (FileManager.default.fileExists(atPath: fallback) ? fallback : nil) else { return [:] }
    return SimulationSetup.misspellingMap(try setup.misspellingPairs(path).pairs)
  }
}
