import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram {
  struct Predict: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Measure next-word prediction on a text: the suggestion bar's hits, keystroke savings and perplexity.",
      discussion: """
        Before each word of the text the bar shows the table's three likeliest next words \
        (WordDecoder.nextWords); while the word is typed, at its keys' centres, the decoder's \
        suggestions. The typist takes the word as soon as it shows. Reported beside the \
        unigram baseline (the lexicon's three likeliest words, always), with and without a \
        word history learning the text, and the pair model's perplexity over the text's \
        lexicon words beside the lexicon's unigram. --write-tokens writes the text's words as \
        the table spells them, for an outside language model (Benchmarks/pair-perplexity.py).
        """)

    @OptionGroup var language: LanguageChoice

    @Option(help: "The text, gzip or plain (default: corpora/<lang>/heldout/*evaluation*).")
    var text: String?

    @Option(help: "The table (default: tables/<lang>.keygram).")
    var table: String?

    @Option(parsing: .unconditional, help: "Read at most this many letters of the text.")
    var limit: Int?

    @Option(name: .customLong("write-tokens"), help: ArgumentHelp("Write the text's words to this file: one sentence per line, each lexicon word in lowercase letters, any other as <unk>.", valueName: "file"))
    var writeTokens: String?

    @Flag(name: .customLong("lines-are-sentences"), help: "Every line of the text starts a sentence, as the table builder reads corpus files (else only a blank line or . ! ? …).")
    var linesAreSentences = false

    @Flag(name: .customLong("tokens-only"), help: "Only write --write-tokens; measure nothing.")
    var tokensOnly = false

    @Option(name: .customLong("write-vocabulary"), help: ArgumentHelp("Write the lexicon's words to this file, one per line.", valueName: "file"))
    var writeVocabulary: String?

    @Option(name: .customLong("context-weight"), help: "The decoder's weight on the previous word (default: the decoder's).")
    var contextWeight: Float?

    @Option(name: .customLong("history-pair-concentration"), help: "How many of the user's pairs after a word weigh as much as the rest on the bar (default: the decoder's).")
    var historyPairConcentration: Float?

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var autocorrect: AutocorrectOption

    @OptionGroup var folders: CorporaOption

    func validate() throws {
      if let limit, limit <= 0 { throw ValidationError("--limit must be positive.") }
      if tokensOnly && writeTokens == nil { throw ValidationError("--tokens-only needs --write-tokens.") }
      if let contextWeight, !(contextWeight.isFinite && contextWeight >= 0) { throw ValidationError("--context-weight must be 0 or more, not \(contextWeight).") }
      if let historyPairConcentration, !(historyPairConcentration.isFinite && historyPairConcentration > 0) {
        throw ValidationError("--history-pair-concentration must be above 0, not \(historyPairConcentration).")
      }
    }

    func run() throws {
      let setup = try SimulationSetup(lang: language.code, tablePath: table, keyboard: .iphonePortrait)
      guard let lexicon = setup.table.lexicon else { throw CLIError("\(table ?? "tables/\(language.code).keygram"): no lexicon, so no words to predict") }
      let textPath = try text ?? SimulationSetup.heldOutText(lang: language.code, corpora: folders.corpora, purpose: "evaluation")
      let typing = try setup.typing(of: textPath, limit: limit, linesAreSentences: linesAreSentences)
      if let writeVocabulary {
        let words = lexicon.words().map { String(String.UnicodeScalarView($0.letters.map { setup.table.letter(at: Int($0)) })) }
        try AtomicFile.write(Array((words.sorted().joined(separator: "\n") + "\n").utf8), to: writeVocabulary)
      }
      if let writeTokens {
        try AtomicFile.write(Array(TokenText.sentences(of: typing.words, table: setup.table).utf8), to: writeTokens)
      }
      guard !tokensOnly else { return }
      guard setup.table.wordPairs != nil else { throw CLIError("\(table ?? "tables/\(language.code).keygram"): no word pairs (PAIR); rebuild it with `keygram build`") }
      var parameters = autocorrect.applied(to: WordDecoder.Parameters(table: setup.table))
      if let contextWeight { parameters.contextWeight = contextWeight }
      if let historyPairConcentration { parameters.historyPairConcentration = historyPairConcentration }
      let bench = NextWordBench(table: setup.table, layout: setup.simulator.layout, letterKeys: setup.simulator.letterKeys)
      let started = ContinuousClock.now
      let plain = bench.run(typing.words, history: false, parameters: parameters)
      let learning = bench.run(typing.words, history: true, parameters: parameters)
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      if json {
        print(try PredictionReport.json(plain: plain, history: learning, lang: language.code, text: textPath))
      } else {
        print("\(language.code), \(textPath): \(grouped(plain.words)) words, \(grouped(plain.lexiconWords)) in the lexicon, " + String(format: "%.2f s", seconds))
        print(PredictionReport.table(plain: plain, history: learning))
      }
    }
  }
}

/// The words of a text as an outside language model reads them.
enum TokenText {
  /// One sentence per line, words separated by single spaces: each lexicon word in the table's
  /// lowercase letters, any other word as `<unk>`.
  static func sentences(of words: [TypingSimulator.WrittenWord], table: KeyGramTable) -> String {
    var text = ""
    for word in words {
      let letters = word.text.unicodeScalars.compactMap { table.letterIndex(of: $0) }
      guard !letters.isEmpty else { continue }
      if word.startsSentence && !text.isEmpty { text += "\n" } else if !text.isEmpty { text += " " }
      if table.lexicon?.wordID(spelledBy: letters) != nil {
        text.unicodeScalars.append(contentsOf: letters.map { table.letter(at: $0) })
      } else {
        text += "<unk>"
      }
    }
    return text.isEmpty ? text : text + "\n"
  }
}

/// `predict`'s table and JSON.
enum PredictionReport {
  static func rows(plain: NextWordBench.Result, history: NextWordBench.Result) -> [(String, NextWordBench.Result)] {
    [("pairs", plain), ("pairs + history", history)]
  }

  static func table(plain: NextWordBench.Result, history: NextWordBench.Result) -> String {
    func percent(_ part: Int, _ whole: Int) -> String { whole > 0 ? String(format: "%5.1f%%", 100 * Double(part) / Double(whole)) : "    –" }
    var lines = ["bar                 top-1    top-3   keystroke savings"]
    lines.append("unigram baseline   " + percent(plain.unigramTop1, plain.words) + "   " + percent(plain.unigramTop3, plain.words) + "          –")
    for (name, result) in rows(plain: plain, history: history) {
      lines.append(name.padding(toLength: 18, withPad: " ", startingAt: 0) + " " + percent(result.top1, result.words) + "   "
                   + percent(result.top3, result.words) + "   " + String(format: "%9.1f%%", 100 * result.keystrokeSavings))
    }
    lines.append(String(format: "top-3 ÷ unigram baseline: %.2f×", Double(plain.top3) / Double(Swift.max(plain.unigramTop3, 1))))
    lines.append(String(format: "perplexity over %@ lexicon words: pairs %.1f, lexicon unigram %.1f", grouped(plain.scoredWords),
                        plain.pairPerplexity, plain.unigramPerplexity))
    lines.append("offensive words offered on the bar: \(plain.offensiveOffered) (pairs), \(history.offensiveOffered) (pairs + history, the user's own words aside)")
    return lines.joined(separator: "\n")
  }

  static func json(plain: NextWordBench.Result, history: NextWordBench.Result, lang: String, text: String) throws -> String {
    try OrderedJSONEncoder().encode(PredictionJSON(language: lang, text: text,
                                                   unigramBaseline: .init(top1: plain.unigramTop1, top3: plain.unigramTop3),
                                                   pairs: .init(plain), pairsWithHistory: .init(history),
                                                   perplexity: .init(scoredWords: plain.scoredWords, pairs: plain.pairPerplexity,
                                                                     lexiconUnigram: plain.unigramPerplexity)))
  }

  /// `predict --json`, keys in this order.
  struct PredictionJSON: Encodable {
    struct Baseline: Encodable { var top1: Int; var top3: Int }
    struct Bar: Encodable {
      var words: Int, lexiconWords: Int, top1: Int, top3: Int, keystrokes: Int, keystrokesWithBar: Int, keystrokeSavings: Double
      var offensiveOffered: Int
      init(_ result: NextWordBench.Result) {
        (words, lexiconWords, top1, top3) = (result.words, result.lexiconWords, result.top1, result.top3)
        offensiveOffered = result.offensiveOffered
        (keystrokes, keystrokesWithBar, keystrokeSavings) = (result.keystrokes, result.keystrokesWithBar, result.keystrokeSavings)
      }
    }
    struct Perplexity: Encodable { var scoredWords: Int; var pairs: Double; var lexiconUnigram: Double }
    var language: String
    var text: String
    var unigramBaseline: Baseline
    var pairs: Bar
    var pairsWithHistory: Bar
    var perplexity: Perplexity
  }
}
