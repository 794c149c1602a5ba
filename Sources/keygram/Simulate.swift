import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

extension Keygram {
  struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Type a text with noisy touches and compare the resolvers' error rates.",
      discussion: """
        Each letter's touch lands on its key's cap centre plus an optional offset plus 2-D \
        Gaussian noise. Every resolver sees the same touches; the table prints each one's \
        keystroke error rate and how many times fewer errors it makes than static \
        resolution (StaticKeyResolver: the key whose slot holds the touch), with a 95% \
        confidence interval (block bootstrap).
        """)

    @OptionGroup var language: LanguageChoice

    /// The language code, positional or `--lang`.
    var lang: String { language.code }

    @Option(help: "The text to type, gzip or plain (default: corpora/<lang>/heldout/*evaluation*).")
    var text: String?

    @Option(help: "The table (default: tables/<lang>.keygram).")
    var table: String?

    @Option(parsing: .unconditional, help: "Horizontal touch spread σ, in points.")
    var sigma: Float = 8

    @Option(name: .customLong("sigma-y"), parsing: .unconditional, help: "Vertical touch spread σ, in points (default: --sigma).")
    var sigmaY: Float?

    @Option(name: .customLong("offset-x"), parsing: .unconditional, help: "Systematic horizontal touch offset, in points.")
    var offsetX: Float = 0

    @Option(name: .customLong("offset-y"), parsing: .unconditional, help: "Systematic vertical touch offset, in points.")
    var offsetY: Float = 0

    @Option(name: .customLong("key-offset-spread"), parsing: .unconditional,
            help: "Each key's own touch offset is drawn from N(0, s²) per axis, in points (a typist who hits some keys high, others left).")
    var keyOffsetSpread: Float = 0

    @Option(name: .customLong("row-spread"), parsing: .upToNextOption,
            help: "Each row's touch noise as a multiple of σ, top row first (e.g. 1.2 1 0.9).")
    var rowSpread: [Float] = []

    @Flag(help: "Add \"…, adaptive\" rows: each learns where this typist touches (TouchModel) and adapts to it.")
    var adapt = false

    @Flag(name: .customLong("learning-curve"), help: "Print each method's error rate per 500 keystrokes too.")
    var learningCurve = false

    @Option(help: "The keyboard geometry.")
    var layout = KeyboardChoice.iphonePortrait

    @Option(parsing: .unconditional, help: "The random seed: the same seed gives the same numbers.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "Type at most this many letters.")
    var limit: Int?

    @Option(help: "What a method's context holds after a miss: the intended letter (corrected) or the one it typed (uncorrected).")
    var errors = TypingSimulator.Errors.corrected

    @Option(name: .customLong("lexicon-balance"),
            help: "The prefix evidence at which the lexicon and the n-gram rows weigh the same, for the lexicon rows.")
    var lexiconBalance = TypingContext.defaultLexiconBalance

    @Flag(help: "Add \"…, decoded\" rows: uncorrected typing with a WordDecoder's decision applied at each word's end (Gaussian × prior, lexicon and history), and a table of word errors.")
    var decode = false

    @Option(name: .customLong("omit-rate"), help: "The chance that the typist skips a letter (no touch).")
    var omitRate: Double = 0

    @Option(name: .customLong("extra-rate"), help: "The chance that a touch is doubled (a second touch on the same key).")
    var extraRate: Double = 0

    @Option(name: .customLong("misspell-rate"),
            help: "The chance that the typist misspells a word: a misspelling of it from --misspelling-list, or where none is listed one spelling slip (neighbours swapped, a doubled letter undoubled or a consonant doubled, a vowel for a vowel).")
    var misspellRate: Double = 0

    @Option(name: .customLong("misspelling-list"),
            help: ArgumentHelp("The misspellings the typist writes (intended<TAB>misspelling lines, gzip or plain; default: corpora/<lang>/heldout/misspellings/tuning.gz where it exists).",
                               valueName: "file"))
    var misspellingList: String?

    @Option(name: .customLong("undo-rate"),
            help: "The chance that the typist undoes a decoder's replacement of a word they typed exactly as meant (a backspace right after it); the replacement still counts as broken (default: 0; with --levels, 0.5).")
    var undoRateGiven: Double?
    var undoRate: Double { undoRateGiven ?? (levels ? 0.5 : 0) }

    @Flag(help: "Measure each autocorrect level instead of the methods: the held-out misspellings (or, without a list, the text's words with their marks left off), and the text typed by a typist who reverts a wrong replacement with --undo-rate's chance, then again with --space-omit-rate (default 0.01) spaces left out; the history row with the previous word, keys with their real effects, the space bar tapped, uncorrected.")
    var levels = false

    @Option(name: .customLong("decoder-margin"), help: "The decoded rows' margin, in nats (default: the decoder's).")
    var decoderMargin: Float?

    @OptionGroup(title: "The decoder's edit costs (--decode, --misspellings)") var costs: DecoderCostOptions

    @Option(help: ArgumentHelp("Type the misspellings of this file (intended<TAB>misspelling lines, gzip or plain) instead of a text, at the keys' centres and with --sigma touch noise, and report how many the decoder corrects at space.",
                               valueName: "file"))
    var misspellings: String?

    @Option(name: .customLong("write-touches"),
            help: "Write each word's intended letters, what static resolution typed and its touches to this file (tab-separated), for an outside corrector.")
    var writeTouches: String?

    @Option(name: .customLong("write-decisions"),
            help: "With --decode: write the history row's decision at each word's end (previous word, intended word, typed letters and the alternatives, with scores in nats) to this file (tab-separated); with --misspellings, each misspelling's decision at the keys' centres (previous word \"-\").")
    var writeDecisions: String?

    @Flag(name: .customLong("special-keys-type-letters"),
          help: "With --decode: a touch on a key without a letter (shift, backspace, space …) inside a word types the nearest letter and is decoded with the word.")
    var specialKeysTypeLetters = false

    @Option(name: .customLong("key-effects"),
            help: "What a touch on a key without a letter does inside a word: end-word (ends the word there, as a space does) or real (shift types nothing and capitalises the next letter, backspace deletes the character before, \"123\" switches to the number layer, space and return end the word).")
    var keyEffects = TypingSimulator.KeyEffects.endWord

    @Flag(name: .customLong("space-taps"),
          help: "The typist taps the space bar between words (aimed at its centre, with the same σ); a tap that lands on a letter types it and joins the two words.")
    var spaceTaps = false

    @Option(name: .customLong("space-omit-rate"), help: "The chance that the typist leaves out the space between two words.")
    var spaceOmitRate: Double = 0

    @Option(name: .customLong("notice-rate"),
            help: "The chance that the typist notices a touch that typed a wrong letter at once, taps backspace (aimed at its centre) and types the letter again; such a word counts as typed right.")
    var noticeRate: Double = 0

    @OptionGroup var typistOptions: TypistOptions

    @Option(name: .customLong("fixed-sigma"), parsing: .upToNextOption, help: "With --timed: the fixed-σ rows' spreads, in points.")
    var fixedSigmas: [Float] = [8]

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @OptionGroup var folders: CorporaOption

    func validate() throws {
      guard sigma.isFinite && sigma > 0 else { throw ValidationError("--sigma must be a positive number of points, not \(sigma).") }
      if let sigmaY, !(sigmaY.isFinite && sigmaY > 0) { throw ValidationError("--sigma-y must be a positive number of points, not \(sigmaY).") }
      if let limit, limit <= 0 { throw ValidationError("--limit must be positive.") }
      guard lexiconBalance.isFinite && lexiconBalance > 0 else { throw ValidationError("--lexicon-balance must be a positive number, not \(lexiconBalance).") }
      guard keyOffsetSpread.isFinite && keyOffsetSpread >= 0 else { throw ValidationError("--key-offset-spread must be 0 or more points, not \(keyOffsetSpread).") }
      for factor in rowSpread where !(factor.isFinite && factor > 0) { throw ValidationError("--row-spread factors must be positive, not \(factor).") }
      guard omitRate.isFinite && (0...0.5).contains(omitRate) else { throw ValidationError("--omit-rate must be a probability from 0 to 0.5, not \(omitRate).") }
      guard extraRate.isFinite && (0...0.5).contains(extraRate) else { throw ValidationError("--extra-rate must be a probability from 0 to 0.5, not \(extraRate).") }
      guard spaceOmitRate.isFinite && (0...0.5).contains(spaceOmitRate) else {
        throw ValidationError("--space-omit-rate must be a probability from 0 to 0.5, not \(spaceOmitRate).")
      }
      for (name, rate) in [("--misspell-rate", misspellRate), ("--undo-rate", undoRate), ("--notice-rate", noticeRate)] where !(rate.isFinite && (0...1).contains(rate)) {
        throw ValidationError("\(name) must be a probability from 0 to 1, not \(rate).")
      }
      if let decoderMargin, !(decoderMargin.isFinite && decoderMargin >= 0) { throw ValidationError("--decoder-margin must be 0 or more nats, not \(decoderMargin).") }
      for sigma in fixedSigmas where !(sigma.isFinite && sigma > 0) { throw ValidationError("--fixed-sigma must be positive points, not \(sigma).") }
      if typistOptions.timed && fixedSigmas.isEmpty { throw ValidationError("--fixed-sigma needs at least one σ.") }
      if levels && (json || misspellings != nil || typistOptions.timed) { throw ValidationError("--levels takes neither --json, --misspellings nor a timed typist.") }
    }

    /// The suffixes of the rows that turn one of the decoder's moves off, to show what it wins.
    static let ablations = [", no edits", ", corrections offered only", ", no key taps", ", no splits"]

    func run() throws {
      let setup = try SimulationSetup(lang: lang, tablePath: table, keyboard: layout)
      if let misspellings { return try runMisspellings(misspellings, setup) }
      if levels { return try runLevels(setup) }
      let textPath = try text ?? SimulationSetup.heldOutText(lang: lang, corpora: folders.corpora, purpose: "evaluation")
      let typing = try setup.typing(of: textPath, limit: limit)
      let touches = TypingSimulator.Touches(sigmaX: sigma, sigmaY: sigmaY ?? sigma, offsetX: offsetX, offsetY: offsetY,
                                            keyOffsetSpread: keyOffsetSpread, rowSpread: rowSpread, seed: seed,
                                            omitRate: omitRate, extraRate: extraRate, misspellRate: misspellRate, undoRate: undoRate,
                                            spaceTaps: spaceTaps, spaceOmitRate: spaceOmitRate, noticeRate: noticeRate, timing: typistOptions.typist.timing, dualGaussian: typistOptions.typist.dualGaussian)
      let started = ContinuousClock.now
      var methods = typistOptions.timed ? TypingSimulator.Method.spreadComparison(fixedSigmas: fixedSigmas, context: setup.simulator.table.lexicon != nil ? .lexicon : .fourgram)
        : TypingSimulator.Method.standard(lexicon: setup.simulator.table.lexicon != nil)
      if adapt { methods += TypingSimulator.Method.adaptiveVariants(of: methods) }
      if decode {
        var parameters = costs.parameters(for: setup.simulator.table)
        if let decoderMargin { parameters.margin = decoderMargin }
        var decoded = TypingSimulator.Method.decodedVariants(of: methods, parameters: parameters, wordContext: setup.simulator.table.wordPairs != nil)
        if omitRate > 0 || extraRate > 0 {
          // The same decoder without its edit costs: what skipped and doubled touches cost it.
          var substitutions = parameters
          substitutions.omissionCost = .infinity
          substitutions.extraTouchCost = .infinity
          decoded += TypingSimulator.Method.decodedVariants(of: methods, parameters: substitutions).map {
            var method = $0
            method.name += Self.ablations[0]
            return method
          }
        }
        if misspellRate > 0 {
          // The same decoder never applying a spelling correction at space: what the corrections win and break.
          var offered = parameters
          (offered.spellingMargin, offered.omissionSpellingMargin, offered.commonWordSpellingMargin) = (.infinity, .infinity, .infinity)
          decoded += TypingSimulator.Method.decodedVariants(of: methods, parameters: offered).map {
            var method = $0
            method.name += Self.ablations[1]
            return method
          }
        }
        if keyEffects == .real && !specialKeysTypeLetters {
          // The same decoder never taking a tap on shift or backspace for a letter.
          var noKeyTaps = parameters
          noKeyTaps.keyTapLetterCost = .infinity
          decoded += TypingSimulator.Method.decodedVariants(of: methods, parameters: noKeyTaps).map {
            var method = $0
            method.name += Self.ablations[2]
            return method
          }
        }
        if (spaceTaps || spaceOmitRate > 0) && !specialKeysTypeLetters {
          // The same decoder never reading the typed letters as two words.
          var noSplits = parameters
          (noSplits.spaceOmissionCost, noSplits.spaceSubstitutionCost) = (.infinity, .infinity)
          decoded += TypingSimulator.Method.decodedVariants(of: methods, parameters: noSplits).map {
            var method = $0
            method.name += Self.ablations[3]
            return method
          }
        }
        if specialKeysTypeLetters { decoded = decoded.map { var method = $0; method.specialKeysTypeLetters = true; return method } }
        methods += decoded
      }
      let log = try writeTouches.map { try TouchLog(path: $0, table: setup.simulator.table, layout: setup.simulator.layout) }
      let decisions = try writeDecisions.map { path -> DecisionLog in
        guard decode else { throw ValidationError("--write-decisions needs --decode.") }
        return DecisionLog(path: path, table: setup.simulator.table,
                           method: methods.lastIndex { method in
                             method.decoder != nil && method.context == .history && !Self.ablations.contains { method.name.hasSuffix($0) }
                           } ?? 0)
      }
      let misspellings = misspellRate > 0 ? try misspellingMap(setup) : [:]
      let result = setup.simulator.run(typing.keystrokes, written: decode ? typing.words : nil, touches: touches, methods: methods, errors: errors, keyEffects: keyEffects,
                                       lexiconBalance: lexiconBalance, misspellings: misspellings,
                                       wordLog: log.map { log in { log.append($0) } }, decisionLog: decisions.map { log in { log.append($0) } })
      try log?.commit()
      try decisions?.commit()
      let seconds = (ContinuousClock.now - started) / .seconds(1)
      if json {
        print(try SimulationReport.json(result, lang: lang, text: textPath))
      } else {
        let lexicon = setup.simulator.table.lexicon != nil ? ", lexicon balance \(lexiconBalance)" : ""
        var slips = omitRate > 0 || extraRate > 0 ? ", omit rate \(omitRate), extra rate \(extraRate)" : ""
        if misspellRate > 0 { slips += ", misspell rate \(misspellRate)" }
        if undoRate > 0 { slips += ", undo rate \(undoRate)" }
        if keyEffects == .real { slips += ", keys with their real effects" }
        if spaceTaps { slips += ", space taps" }
        if spaceOmitRate > 0 { slips += ", space omit rate \(spaceOmitRate)" }
        if noticeRate > 0 { slips += ", notice rate \(noticeRate)" }
        if let timing = typistOptions.typist.timing {
          let spread = typistOptions.typist.dualGaussian.map { "dual-Gaussian spread: σa \($0.absoluteSigma) pt, elongation \($0.elongation)" }
            ?? "spread σ = \(sigma) pt whatever the speed"
          print("Timed typist: Fitts a \(timing.fittsIntercept) s, b \(timing.fittsSlope) s/bit, tempo spread \(timing.tempoSpread), "
                + "taps \(timing.tapRange.lowerBound)–\(timing.tapRange.upperBound) s, \(spread).")
        }
        print("\(lang), \(textPath): \(result.keystrokes) keystrokes, σ = \(sigma) × \(sigmaY ?? sigma) pt, offset (\(offsetX), \(offsetY)) pt, seed \(seed), "
              + "\(errors.rawValue) errors\(lexicon)\(slips), " + String(format: "%.2f s", seconds))
        print(SimulationReport.table(result))
        if learningCurve { print("\n" + SimulationReport.learningCurve(result)) }
      }
      if let warning = SimulationReport.smallSampleWarning(result) {
        FileHandle.standardError.write(Data(("warning: " + warning + "\n").utf8))
      }
    }
  }
}

extension TypingSimulator.Errors: ExpressibleByArgument {}
extension TypingSimulator.KeyEffects: ExpressibleByArgument {}

/// `simulate --write-touches`: one line per word, tab-separated: the intended word, what
/// static (nearest-key) resolution typed (a key without a letter is a space), and the touches
/// as x,y in points, space-separated. Written to a temporary file and renamed when complete.
final class TouchLog {
  let path: String
  let table: KeyGramTable
  let layout: KeyboardLayout
  private var bytes: [UInt8] = Array("# keygram simulate --write-touches: intended<TAB>static<TAB>touches (x,y in points)\n".utf8)

  init(path: String, table: KeyGramTable, layout: KeyboardLayout) throws {
    self.path = path
    self.table = table
    self.layout = layout
  }

  func append(_ word: TypingSimulator.TypedWord) {
    var line = String(String.UnicodeScalarView(word.intended.map { table.letter(at: $0) })) + "\t"
    for key in word.staticKeys {
      line.unicodeScalars.append(key.rawValue >= 0 && key.rawValue < layout.keys.count ? layout[key].letter ?? " " : " ")
    }
    line += "\t" + word.touches.map { String(format: "%.2f,%.2f", $0.x, $0.y) }.joined(separator: " ") + "\n"
    bytes += line.utf8
  }

  func commit() throws {
    do { try AtomicFile.write(bytes, to: path) } catch { throw CLIError("\(error)") }
  }
}

/// `simulate --write-decisions`: one line per decoded word of one row, tab-separated: the
/// previous word it committed, the intended word (words, where the typist's space was lost), the typed letters, their score, whether the
/// best alternative replaced them ("replaced" or "kept"; "split" for two words, "joined" for one
/// word with the previous word across a space tap), the two-word or joined reading with its
/// margin (or "-"), then each alternative as "word score" (scores in nats). Written to a
/// temporary file and renamed.
final class DecisionLog {
  let path: String
  let table: KeyGramTable
  let method: Int
  private var bytes: [UInt8] = Array("# keygram simulate --write-decisions: previous<TAB>intended<TAB>typed<TAB>typed score<TAB>replaced|kept|split|joined<TAB>two words margin, joined word margin, or -<TAB>alternative score ...\n".utf8)

  init(path: String, table: KeyGramTable, method: Int) {
    self.path = path
    self.table = table
    self.method = method
  }

  func text(_ letters: [Int]) -> String { String(String.UnicodeScalarView(letters.map { table.letter(at: $0) })) }

  func append(_ logged: TypingSimulator.LoggedDecision) {
    guard logged.method == method else { return }
    append(previous: text(logged.previous), intended: (logged.spanned + [logged.intended]).map(text).joined(separator: " "), decision: logged.decision)
  }

  /// A misspelling bench's decision: no previous word.
  func append(intended: [Int], decision: WordDecision) {
    append(previous: "-", intended: text(intended), decision: decision)
  }

  private func append(previous: String, intended: String, decision: WordDecision) {
    var line = previous + "\t" + intended + "\t" + decision.typed.text + "\t" + String(format: "%.3f", decision.typed.score)
      + (decision.join?.replaces == true ? "\tjoined" : decision.split?.replaces == true ? "\tsplit" : decision.replaces ? "\treplaced" : "\tkept")
    // The reading across the previous space tap, else the two-word reading, else none.
    if let join = decision.join {
      line += "\t" + join.word.text + " " + String(format: "%.3f", join.margin)
    } else {
      line += "\t" + (decision.split.map { $0.text + " " + String(format: "%.3f", $0.margin) } ?? "-")
    }
    for index in 0..<decision.alternativeCount {
      let alternative = decision.alternative(at: index)
      line += "\t" + alternative.text + " " + String(format: "%.3f", alternative.score)
    }
    bytes += (line + "\n").utf8
  }

  func commit() throws {
    do { try AtomicFile.write(bytes, to: path) } catch { throw CLIError("\(error)") }
  }
}
