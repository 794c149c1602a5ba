import Foundation
import KeyGramLab

/// How `keygram simulate` prints a result: a Markdown table, or JSON.
enum SimulationReport {
  /// Below these a ratio of error counts is too noisy to quote.
  static let fewestKeystrokes = 50_000
  static let fewestStaticErrors = 100

  /// Why `result`'s ratios are not to be trusted, or nil: too few keystrokes, or too few errors
  /// of the static baseline they divide.
  static func smallSampleWarning(_ result: TypingSimulator.Result) -> String? {
    let staticErrors = result.methods.first?.errors ?? 0
    guard result.keystrokes < fewestKeystrokes || staticErrors < fewestStaticErrors else { return nil }
    return "\(result.keystrokes) keystrokes and \(staticErrors) static errors: ratios from fewer than "
      + "\(fewestKeystrokes) keystrokes or \(fewestStaticErrors) static errors are too noisy to quote; type a longer text"
  }

  static func table(_ result: TypingSimulator.Result) -> String {
    var lines = ["| method | errors | error rate | × fewer errors than static | 95% CI |", "|---|---:|---:|---:|---|"]
    let hasRatios = hasRatios(result)
    for method in result.methods {
      lines.append("| \(method.method.name) | \(method.errors) | \(String(format: "%.2f%%", method.errorRate * 100)) | "
                   + (hasRatios ? "\(String(format: "%.2f", method.reduction)) | \(String(format: "%.2f–%.2f", method.reductionInterval.lowerBound, method.reductionInterval.upperBound)) |"
                      : "— | — |"))
    }
    if !hasRatios {
      lines.append("\nstatic made no errors in \(result.keystrokes) keystrokes: the text is too short (or σ too small) for a ratio; "
                   + "type a longer --text or a larger --sigma")
    }
    guard showsWords(result) else { return lines.joined(separator: "\n") }
    lines += ["", "Words (\(result.words)): committed with a wrong letter, fixed by the decoder (typed wrong, committed right) and broken by it (typed right, committed wrong); 95% CIs.", "",
              "| method | word errors | word error rate | 95% CI | × fewer word errors than static | 95% CI | words fixed | 95% CI | words broken | 95% CI |",
              "|---|---:|---:|---|---:|---|---:|---|---:|---|"]
    for method in result.methods {
      let rate = method.wordErrorRateInterval, ratio = method.wordReductionInterval
      lines.append("| \(method.method.name) | \(method.wordErrors) | \(String(format: "%.2f%%", method.wordErrorRate * 100)) | "
                   + String(format: "%.2f–%.2f%%", rate.lowerBound * 100, rate.upperBound * 100) + " | "
                   + String(format: "%.2f | %.2f–%.2f", method.wordReduction, ratio.lowerBound, ratio.upperBound) + " | "
                   + "\(method.wordsFixed) | \(Int(method.wordsFixedInterval.lowerBound))–\(Int(method.wordsFixedInterval.upperBound)) | "
                   + "\(method.wordsBroken) | \(Int(method.wordsBrokenInterval.lowerBound))–\(Int(method.wordsBrokenInterval.upperBound)) |")
    }
    let offering = result.methods.filter { $0.method.decoder != nil }
    if !offering.isEmpty {
      lines += ["", "Offensive words the table flags, offered on the bar at a word's end or put in by a correction (the user's own aside): "
                + offering.map { "\($0.method.name) \($0.offensiveOffered)" }.joined(separator: ", ") + "."]
    }
    if result.touches.misspellRate > 0 || result.touches.undoRate > 0 {
      lines += ["", "Misspellings (misspell rate \(result.touches.misspellRate), undo rate \(result.touches.undoRate)): words the typist misspelled, those committed as the intended word, and replacements of right words the typist undid (still counted as broken).", "",
                "| method | misspelled | corrected | share | replacements undone |", "|---|---:|---:|---:|---:|"]
      for method in result.methods where method.method.decoder != nil {
        let share = method.misspelledWords == 0 ? "—" : String(format: "%.1f%%", 100 * Double(method.misspellingsCorrected) / Double(method.misspelledWords))
        lines.append("| \(method.method.name) | \(method.misspelledWords) | \(method.misspellingsCorrected) | \(share) | \(method.replacementsUndone) |")
      }
    }
    let decoded = result.methods.filter { $0.method.decoder != nil }
    if !decoded.isEmpty {
      lines += ["", "Word errors and committed letter errors of the decoded rows by what went wrong (the first that applies): the typist left out a space, "
                + "the typist's space-bar tap typed no space, a touch aimed at a letter landed on a key without a letter, everything else.", "",
                "| method | " + TypingSimulator.ErrorClass.allCases.map { "\($0.name): words, letters" }.joined(separator: " | ") + " |",
                "|---|" + TypingSimulator.ErrorClass.allCases.map { _ in "---:|" }.joined()]
      for method in decoded {
        lines.append("| \(method.method.name) | " + method.errorClasses.map { "\($0.wordErrors), \($0.letterErrors)" }.joined(separator: " | ") + " |")
      }
    }
    let written = result.methods.filter { $0.writtenForms != nil }
    if !written.isEmpty {
      lines += ["", "Written forms, of the words committed with the right letters: lexicon words the text capitalises away from a sentence start kept with their capitals (all, and those it always capitalises so), lexicon words it writes in lowercase given a capital, words written with an apostrophe kept with it, and case errors (right letters and apostrophes, other capitals).", "",
                "| method | capitals kept | always-capitalised kept | lowercase capitalised | apostrophes kept | case errors |", "|---|---:|---:|---:|---:|---:|"]
      func share(_ part: Int, _ whole: Int) -> String { whole == 0 ? "— (0)" : String(format: "%.1f%% (%d of %d)", 100 * Double(part) / Double(whole), part, whole) }
      for method in written {
        let tally = method.writtenForms!
        lines.append("| \(method.method.name) | \(share(tally.capitalWordsKept, tally.capitalWords)) | \(share(tally.namedWordsKept, tally.namedWords)) | "
                     + "\(share(tally.lowercaseWordsCapitalised, tally.lowercaseWords)) | \(share(tally.apostropheWordsKept, tally.apostropheWords)) | \(tally.caseErrors) |")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A ratio to static needs static to err at least once; with none, every ratio is 0/0.
  static func hasRatios(_ result: TypingSimulator.Result) -> Bool { (result.methods.first?.errors ?? 0) > 0 }

  /// Word figures are printed when a method decodes or the typist skips or doubles touches,
  /// misspells, or taps or leaves out the spaces.
  static func showsWords(_ result: TypingSimulator.Result) -> Bool {
    result.methods.contains { $0.method.decoder != nil } || result.touches.omitRate > 0 || result.touches.extraRate > 0
      || result.touches.misspellRate > 0 || result.touches.spaceTaps || result.touches.spaceOmitRate > 0 || result.touches.noticeRate > 0
  }

  /// Error rate per window of keystrokes (`--learning-curve`), for static and the methods with the
  /// richest context (their adaptive rows included): one row per window, in typing order.
  static func learningCurve(_ result: TypingSimulator.Result) -> String {
    let richest = result.methods.map(\.method.context).max { a, b in
      TypingSimulator.Method.Context.allCases.firstIndex(of: a)! < TypingSimulator.Method.Context.allCases.firstIndex(of: b)!
    }
    let columns = result.methods.indices.filter { $0 == 0 || result.methods[$0].method.context == richest }
      .filter { index in
        if case .gaussian(let parameters) = result.methods[index].method.kind { return parameters.anchorFraction > 0 }
        return true
      }
    var lines = ["| keystrokes | " + columns.map { result.methods[$0].method.name }.joined(separator: " | ") + " |",
                 "|---:|" + String(repeating: "---:|", count: columns.count)]
    for (window, errors) in result.learningCurve.enumerated() {
      let start = window * result.curveWindow
      let size = Swift.min(result.curveWindow, result.keystrokes - start)
      lines.append("| \(start + 1)–\(start + size) | "
                   + columns.map { String(format: "%.2f%%", Double(errors[$0]) * 100 / Double(Swift.max(size, 1))) }.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
  }

  static func json(_ result: TypingSimulator.Result, lang: String, text: String) throws -> String {
    try OrderedJSONEncoder().encode(JSON(result, lang: lang, text: text))
  }

  /// `simulate --json`, keys in this order.
  struct JSON: Encodable {
    var language: String
    var text: String
    var keystrokes: Int
    var sigmaX: Float
    var sigmaY: Float
    var offsetX: Float
    var offsetY: Float
    var seed: UInt64
    var words: Int?
    var omitRate: Double?
    var extraRate: Double?
    var misspellRate: Double?
    var undoRate: Double?
    /// What a key without a letter does (end-word, real), whether the typist taps the space bar,
    /// and how often they leave the space out, when any of them is not the default.
    var keyEffects: String?
    var spaceTaps: Bool?
    var spaceOmitRate: Double?
    /// How often the typist puts a wrong letter right at once, when they do.
    var noticeRate: Double?
    var methods: [Method]

    struct Method: Encodable {
      var method: String
      /// none, bigram, trigram or 4-gram.
      var context: String
      var errors: Int
      var errorRate: Double
      /// Errors of static ÷ errors of this method; absent when static made no errors.
      var reduction: Double?
      /// The 95% confidence interval of `reduction`: [lower, upper].
      var reductionCI95: [Double]?
      /// Word figures, when `simulate` shows them (a decoder, or skipped or doubled touches).
      var wordErrors: Int?
      var wordErrorRate: Double?
      var wordErrorRateCI95: [Double]?
      var wordReduction: Double?
      var wordReductionCI95: [Double]?
      var wordsFixed: Int?
      var wordsFixedCI95: [Double]?
      var wordsBroken: Int?
      var wordsBrokenCI95: [Double]?
      /// With a misspelling or undoing typist: words misspelled, those committed as intended,
      /// and replacements of right words undone.
      var misspelledWords: Int?
      var misspellingsCorrected: Int?
      var replacementsUndone: Int?
      /// A decoded method's offensive words offered (the bar at each word's end, corrections).
      var offensiveOffered: Int?
      /// How a decoded method wrote the words: capitals, apostrophes, case errors.
      var writtenForms: WrittenFormFigures?
      /// A decoded method's word errors and letter errors by what went wrong.
      var errorClasses: [ErrorClassFigures]?
    }

    struct ErrorClassFigures: Encodable {
      /// omitted-space, space-tap-missed, key-without-letter or other.
      var errorClass: String
      var words: Int
      var wordErrors: Int
      var letterErrors: Int
    }

    struct WrittenFormFigures: Encodable {
      var capitalWords: Int
      var capitalWordsKept: Int
      var alwaysCapitalisedWords: Int
      var alwaysCapitalisedWordsKept: Int
      var lowercaseWords: Int
      var lowercaseWordsCapitalised: Int
      var apostropheWords: Int
      var apostropheWordsKept: Int
      var caseErrors: Int
    }

    init(_ result: TypingSimulator.Result, lang: String, text: String) {
      let touches = result.touches
      language = lang
      self.text = text
      keystrokes = result.keystrokes
      sigmaX = touches.sigmaX
      sigmaY = touches.sigmaY
      offsetX = touches.offsetX
      offsetY = touches.offsetY
      seed = touches.seed
      let hasRatios = SimulationReport.hasRatios(result)
      let words = SimulationReport.showsWords(result)
      self.words = words ? result.words : nil
      omitRate = words ? touches.omitRate : nil
      extraRate = words ? touches.extraRate : nil
      let spelling = touches.misspellRate > 0 || touches.undoRate > 0
      misspellRate = spelling ? touches.misspellRate : nil
      undoRate = spelling ? touches.undoRate : nil
      let boundaries = result.keyEffects != .endWord || touches.spaceTaps || touches.spaceOmitRate > 0
      keyEffects = boundaries ? result.keyEffects.rawValue : nil
      spaceTaps = boundaries ? touches.spaceTaps : nil
      spaceOmitRate = boundaries ? touches.spaceOmitRate : nil
      noticeRate = touches.noticeRate > 0 ? touches.noticeRate : nil
      func pair(_ range: ClosedRange<Double>) -> [Double] { [range.lowerBound, range.upperBound] }
      methods = result.methods.map {
        Method(method: $0.method.name, context: $0.method.context.rawValue, errors: $0.errors, errorRate: $0.errorRate,
               reduction: hasRatios ? $0.reduction : nil, reductionCI95: hasRatios ? pair($0.reductionInterval) : nil,
               wordErrors: words ? $0.wordErrors : nil, wordErrorRate: words ? $0.wordErrorRate : nil,
               wordErrorRateCI95: words ? pair($0.wordErrorRateInterval) : nil,
               wordReduction: words ? $0.wordReduction : nil, wordReductionCI95: words ? pair($0.wordReductionInterval) : nil,
               wordsFixed: words ? $0.wordsFixed : nil, wordsFixedCI95: words ? pair($0.wordsFixedInterval) : nil,
               wordsBroken: words ? $0.wordsBroken : nil, wordsBrokenCI95: words ? pair($0.wordsBrokenInterval) : nil,
               misspelledWords: spelling ? $0.misspelledWords : nil, misspellingsCorrected: spelling ? $0.misspellingsCorrected : nil,
               replacementsUndone: spelling ? $0.replacementsUndone : nil,
               offensiveOffered: $0.method.decoder == nil ? nil : $0.offensiveOffered,
               writtenForms: $0.writtenForms.map { WrittenFormFigures(capitalWords: $0.capitalWords, capitalWordsKept: $0.capitalWordsKept,
                                                                 alwaysCapitalisedWords: $0.namedWords, alwaysCapitalisedWordsKept: $0.namedWordsKept,
                                                                 lowercaseWords: $0.lowercaseWords, lowercaseWordsCapitalised: $0.lowercaseWordsCapitalised,
                                                                 apostropheWords: $0.apostropheWords, apostropheWordsKept: $0.apostropheWordsKept,
                                                                 caseErrors: $0.caseErrors) },
               errorClasses: $0.method.decoder == nil ? nil : zip(TypingSimulator.ErrorClass.allCases, $0.errorClasses).map { errorClass, figures in
                 ErrorClassFigures(errorClass: errorClass.key, words: figures.words, wordErrors: figures.wordErrors, letterErrors: figures.letterErrors)
               })
      }
    }
  }
}
