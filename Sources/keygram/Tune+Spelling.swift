import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

/// `tune --spelling`'s inputs: the development list, the typist who misspells and the budget
/// of correct words broken.
struct SpellingTuneOptions: ParsableArguments {
  @Option(name: .customLong("misspelling-list"),
          help: ArgumentHelp("The development misspellings (intended<TAB>misspelling lines, gzip or plain; default: corpora/<lang>/heldout/misspellings/tuning.gz).",
                             valueName: "file"))
  var misspellingList: String?

  @Option(name: .customLong("misspell-rate"), help: "The chance that the tuning text's typist misspells a word (from the list, else a spelling slip).")
  var misspellRate: Double = 0.01

  @Option(name: .customLong("undo-rate"), help: "The chance that the typist undoes a replacement of a word typed as meant.")
  var undoRate: Double = 0.5

  @Option(name: .customLong("broken-per-thousand"), parsing: .unconditional,
          help: ArgumentHelp("The most correct words in 1,000 of the tuning text a setting may break (the evaluation text's 1.0, scaled by how many more the Jargon tuning text breaks: 1.2).",
                             valueName: "n"))
  var brokenPerThousand: Double = 1.2

  func validate() throws {
    for (name, rate) in [("--misspell-rate", misspellRate), ("--undo-rate", undoRate)] where !(rate.isFinite && (0...1).contains(rate)) {
      throw ValidationError("\(name) must be a probability from 0 to 1, not \(rate).")
    }
    guard brokenPerThousand.isFinite && brokenPerThousand >= 0 else {
      throw ValidationError("--broken-per-thousand must be 0 or more, not \(brokenPerThousand).")
    }
  }
}

extension Keygram.Tune {
  /// The spelling margins (`Tuning.spellingGrid` over the decoder costs given), each run on the
  /// development list and the tuning text (`Tuning.sweepSpelling`); the best is
  /// `Tuning.bestSpelling`'s. An evaluation text or list is refused: tuning on it would leak
  /// into every figure reported from it.
  func sweepSpelling(_ setup: SimulationSetup, _ textPath: String) throws {
    guard setup.table.lexicon != nil else { throw CLIError("tables/\(lang).keygram has no lexicon to decode with") }
    let listPath = spellingOptions.misspellingList ?? SimulationSetup.tuningMisspellings(lang: lang, corpora: folders.corpora)
    for path in [textPath, listPath] where (path as NSString).lastPathComponent.contains("evaluation") {
      throw CLIError("\(path): an evaluation file; tune on tuning data and report on the evaluation data")
    }
    guard FileManager.default.fileExists(atPath: listPath) else {
      throw CLIError("\(listPath): no such misspelling list; pass --misspelling-list FILE (intended<TAB>misspelling lines)")
    }
    let bench = setup.misspellingBench
    let read = try setup.misspellingPairs(listPath)
    let typing = try setup.typing(of: textPath, limit: limit)
    // The margins swept are the modest level's, as the table carries them; a level given applies to every row.
    let tableParameters = costs.parameters(for: setup.simulator.table)
    var base = tableParameters
    if costs.autocorrect.level == nil { base.autocorrection = .modest }
    let grid = Tuning.spellingGrid(base: base)
    let sweep = Tuning.sweepSpelling(grid, simulator: setup.simulator, typing: typing, bench: bench, pairs: read.pairs,
                                     misspellings: SimulationSetup.misspellingMap(read.pairs), sigma: sigma, seed: seed,
                                     misspellRate: spellingOptions.misspellRate, undoRate: spellingOptions.undoRate, lexiconBalance: lexiconBalance)
    let options = spellingOptions
    print("Tuning text \(textPath), \(grouped(sweep.words)) words, seed \(seed), σ = \(sigma) pt, history context, uncorrected typing; "
          + "misspellings \(listPath), \(grouped(read.pairs.count)) pairs.\n")
    print("| spelling margins | list: corrected at space | list: in the top 3 | list at σ: corrected | text: word errors | text: broken "
          + "| misspelling \(options.misspellRate), undo \(options.undoRate): word errors | misspellings corrected |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    func percent(_ part: Int, _ whole: Int) -> String { String(format: "%.1f%%", 100 * Double(part) / Double(Swift.max(whole, 1))) }
    for row in sweep.rows {
      let (centres, noisy) = (row.list.atCentres, row.list.noisy)
      print("| \(row.name) | \(percent(centres.corrected, centres.typed)) | \(percent(centres.inTopThree, centres.typed)) "
            + "| \(percent(noisy.corrected, noisy.typed)) | \(row.clean.wordErrors) | \(row.clean.wordsBroken) "
            + "| \(row.misspelling.wordErrors) | \(row.misspelling.misspellingsCorrected) of \(row.misspelling.misspelledWords) |")
    }
    let budget = String(format: "%.1f", options.brokenPerThousand)
    if let best = Tuning.bestSpelling(sweep, brokenPerThousand: options.brokenPerThousand) {
      let row = sweep.rows[best]
      print("\nbest spelling margins: \(row.name): \(row.misspelling.wordErrors) word errors with misspellings, "
            + "\(row.clean.wordsBroken) correct words broken (budget \(budget) in 1,000)")
      var chosen = row.parameters
      chosen.autocorrection = tableParameters.autocorrection
      print("corpora/\(lang)/language.json, for its table to carry them: " + DecoderSettingText.manifestObject(for: chosen))
    } else {
      print("\nbest spelling margins: none breaks at most \(budget) correct words in 1,000")
    }
  }
}
