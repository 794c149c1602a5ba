import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram.Simulate {
  /// `simulate --misspellings FILE`: the misspelling bench on the table's keyboard.
  func runMisspellings(_ path: String, _ setup: SimulationSetup) throws {
    let bench = MisspellingBench(table: setup.table, layout: setup.simulator.layout, letterKeys: setup.simulator.letterKeys)
    let read = try readPairs(path, bench: bench, setup)
    var parameters = costs.applied(to: WordDecoder.Parameters())
    if let decoderMargin { parameters.margin = decoderMargin }
    let result = bench.run(read.pairs, skipped: read.skipped, parameters: parameters, sigma: sigma, seed: seed)
    if json {
      print(try SimulationReport.json(result, lang: lang, file: path))
    } else {
      print(SimulationReport.table(result, lang: lang, file: path))
    }
  }

  /// The pairs of a misspelling list in the table's alphabet, or an error naming the file.
  func readPairs(_ path: String, bench: MisspellingBench, _ setup: SimulationSetup) throws -> (pairs: [MisspellingBench.Pair], skipped: Int) {
    let bytes: [UInt8]
    do { bytes = try CorpusReader(path: path).readAll() } catch { throw CLIError("\(error)") }
    let read: (pairs: [MisspellingBench.Pair], skipped: Int)
    do {
      read = try bench.pairs(fromLines: String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false))
    } catch let error as MisspellingBenchError {
      throw CLIError("\(path): \(error)")
    }
    guard !read.pairs.isEmpty else { throw CLIError("\(path): no pair of words in the \(setup.table.languageName) alphabet") }
    return read
  }

  /// `--misspell-rate`'s list, intended letters → their misspellings: `--misspelling-list`, or
  /// the language's tuning list where it has one (never the evaluation list), else none.
  func misspellingMap(_ setup: SimulationSetup) throws -> [[Int]: [[Int]]] {
    let fallback = "\(folders.corpora)/\(lang)/heldout/misspellings/tuning.gz"
    guard let path = misspellingList ?? (FileManager.default.fileExists(atPath: fallback) ? fallback : nil) else { return [:] }
    let bench = MisspellingBench(table: setup.table, layout: setup.simulator.layout, letterKeys: setup.simulator.letterKeys)
    var map: [[Int]: [[Int]]] = [:]
    for pair in try readPairs(path, bench: bench, setup).pairs { map[pair.intended, default: []].append(pair.misspelling) }
    return map
  }
}
