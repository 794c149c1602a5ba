import Foundation
import KeyGramLab
import KeyGramPipeline

extension SimulationReport {
  /// `simulate --misspellings`: one row per way of typing, and the correct words broken.
  static func table(_ result: MisspellingBench.Result, lang: String, file: String) -> String {
    func percent(_ count: Int, _ total: Int) -> String { String(format: "%.1f%%", Double(count) * 100 / Double(Swift.max(total, 1))) }
    let typed = result.atCentres.typed
    var lines = ["\(lang), \(file): \(grouped(typed)) misspellings typed (\(grouped(result.skipped)) of \(grouped(result.pairs)) pairs skipped: "
                 + "a letter outside the alphabet or its keys); intended word in the lexicon \(percent(result.intendedInLexicon, typed)), "
                 + "misspelling in the lexicon \(percent(result.misspellingInLexicon, typed))", "",
                 "| typed | corrected at space | intended word in the top 3 | replaced by another word | correct words broken |",
                 "|---|---:|---:|---:|---:|"]
    for (name, tally) in [("at the keys' centres", result.atCentres), (String(format: "σ = %g pt", result.sigma), result.noisy)] {
      lines.append("| \(name) | \(percent(tally.corrected, tally.typed)) (\(grouped(tally.corrected))) | \(percent(tally.inTopThree, tally.typed)) "
                   + "| \(percent(tally.miscorrected, tally.typed)) | \(grouped(tally.broken)) of \(grouped(tally.correctWords)) |")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ result: MisspellingBench.Result, lang: String, file: String) throws -> String {
    try OrderedJSONEncoder().encode(MisspellingJSON(result, lang: lang, file: file))
  }

  /// `simulate --misspellings --json`, keys in this order.
  struct MisspellingJSON: Encodable {
    struct Row: Encodable {
      var typed: Int
      var corrected: Int
      var inTopThree: Int
      var miscorrected: Int
      var correctWords: Int
      var broken: Int

      init(_ tally: MisspellingBench.Tally) {
        (typed, corrected, inTopThree, miscorrected, correctWords, broken)
          = (tally.typed, tally.corrected, tally.inTopThree, tally.miscorrected, tally.correctWords, tally.broken)
      }
    }
    var language: String
    var file: String
    var pairs: Int
    var skipped: Int
    var intendedInLexicon: Int
    var misspellingInLexicon: Int
    var sigma: Float
    var atCentres: Row
    var noisy: Row

    init(_ result: MisspellingBench.Result, lang: String, file: String) {
      language = lang
      self.file = file
      pairs = result.pairs
      skipped = result.skipped
      intendedInLexicon = result.intendedInLexicon
      misspellingInLexicon = result.misspellingInLexicon
      sigma = result.sigma
      atCentres = Row(result.atCentres)
      noisy = Row(result.noisy)
    }
  }
}
