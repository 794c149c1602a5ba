import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram.Simulate {
  /// `simulate --levels`: every autocorrect level on the held-out misspellings and text.
  func runLevels(_ setup: SimulationSetup) throws {
    let textPath = try text ?? SimulationSetup.heldOutText(lang: lang, corpora: folders.corpora, purpose: "evaluation")
    let typing = try setup.typing(of: textPath, limit: limit)
    let table = setup.simulator.table
    guard table.lexicon != nil else { throw CLIError("\(self.table ?? "tables/\(lang).keygram"): no lexicon, so nothing to correct") }
    let bench = setup.misspellingBench
    let listPath = misspellingList ?? "\(folders.corpora)/\(lang)/heldout/misspellings/evaluation.gz"
    let misspellings: [MisspellingBench.Pair], source: String
    if FileManager.default.fileExists(atPath: listPath) {
      misspellings = try setup.misspellingPairs(listPath).pairs
      source = listPath
    } else {
      misspellings = bench.marksLeftOff(of: typing.words.map(\.text))
      source = "the text's words with their marks left off"
    }
    let touches = TypingSimulator.Touches(sigmaX: sigma, sigmaY: sigmaY ?? sigma, offsetX: offsetX, offsetY: offsetY,
                                          keyOffsetSpread: keyOffsetSpread, rowSpread: rowSpread, seed: seed,
                                          omitRate: omitRate, extraRate: extraRate, misspellRate: misspellRate, undoRate: undoRate,
                                          spaceTaps: true, spaceOmitRate: spaceOmitRate)
    let started = ContinuousClock.now
    let result = AutocorrectLevels.run(Autocorrection.allLevels, simulator: setup.simulator, keystrokes: typing.keystrokes, written: typing.words,
                                       touches: touches, parameters: costs.parameters(for: table), wordContext: table.wordPairs != nil,
                                       misspellings: misspellings.isEmpty ? nil : misspellings, bench: bench, sigma: sigma, lexiconBalance: lexiconBalance)
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    print("\(lang), \(textPath): \(grouped(result.keystrokes)) keystrokes, \(grouped(result.words)) words, σ = \(sigma) pt, seed \(seed), "
          + "uncorrected errors, keys with their real effects, space taps, undo rate \(undoRate); spaces left out at rate \(spaceOmitRate > 0 ? spaceOmitRate : 0.01) in a second run; "
          + "misspellings: \(source) (\(grouped(misspellings.count))), " + String(format: "%.2f s", seconds))
    print(Self.levelsTable(result))
  }

  /// The levels table: one row per level.
  static func levelsTable(_ result: AutocorrectLevels.Result) -> String {
    func percent(_ part: Int, _ whole: Int) -> String { whole > 0 ? String(format: "%.1f%%", 100 * Double(part) / Double(whole)) : "–" }
    var lines = ["| autocorrect | misspellings corrected at space (centres, σ) | intended word in the top 3 (σ) | omitted spaces restored | words broken per 1,000: as seen | standing after reverts | keystrokes on reverts | × fewer letter errors than static |",
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in result.rows {
      let misspelled = row.misspellings.map { "\(percent($0.atCentres.corrected, $0.atCentres.typed)), \(percent($0.noisy.corrected, $0.noisy.typed))" } ?? "–"
      let topThree = row.misspellings.map { percent($0.noisy.inTopThree, $0.noisy.typed) } ?? "–"
      let broken = row.brokenPerThousand(words: result.words)
      lines.append("| \(row.level) | \(misspelled) | \(topThree) | \(String(format: "%.1f%%", 100 * row.omittedSpacesRestored)) | "
                   + String(format: "%.2f | %.2f | ", broken.seen, broken.standing)
                   + String(format: "%.2f%% (%d)", 100 * Double(row.revertKeystrokes) / Double(Swift.max(result.keystrokes, 1)), row.revertKeystrokes) + " | "
                   + String(format: "%.2f× (%.2f–%.2f)", row.text.reduction, row.text.reductionInterval.lowerBound, row.text.reductionInterval.upperBound) + " |")
    }
    return lines.joined(separator: "\n")
  }
}
