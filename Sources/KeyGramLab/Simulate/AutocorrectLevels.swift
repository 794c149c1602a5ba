import KeyGram

/// Each autocorrect level as its user meets it: real misspellings typed (`MisspellingBench`),
/// and a text typed by a typist who reverts a wrong replacement of a word they typed right,
/// with chance R, and types on (the engine learns the reverted word), then typed again with
/// spaces left out.
public struct AutocorrectLevels {
  /// One level's figures.
  public struct Row: Sendable {
    public var level: Autocorrection
    /// The misspellings at the keys' centres and with touch noise; nil without a list.
    public var misspellings: MisspellingBench.Result?
    /// The decoded row on the text, and on the text with spaces left out.
    public var text: TypingSimulator.MethodResult
    public var omittedSpaces: TypingSimulator.MethodResult

    /// Correct words the decoder broke per 1,000 words, as the user saw them, and as they stand
    /// after the reverts.
    public func brokenPerThousand(words: Int) -> (seen: Double, standing: Double) {
      let per = 1000 / Double(Swift.max(words, 1))
      return (Double(text.wordsBroken) * per, Double(text.wordsBroken - text.wordsBrokenReverted) * per)
    }

    /// The share of the spaces left out that were put back: stretches run together whose every
    /// word was committed right.
    public var omittedSpacesRestored: Double {
      let errors = omittedSpaces.errorClasses[TypingSimulator.ErrorClass.omittedSpace.rawValue]
      return Double(errors.segmentsRight) / Double(Swift.max(errors.segments, 1))
    }

    /// Keystrokes the typist spent on reverts (a backspace and the space again each).
    public var revertKeystrokes: Int { 2 * text.replacementsUndone }
  }

  /// The figures of every level, and the typing they were measured on.
  public struct Result: Sendable {
    public var rows: [Row]
    /// The text typed: its keystrokes and words; the static resolver's letter errors.
    public var keystrokes: Int
    public var words: Int
    public var staticErrors: Int
    public var touches: TypingSimulator.Touches
  }

  /// The decoded row the levels are measured on: Gaussian × prior with the word history and the
  /// previous word, decoding at `level`.
  public static func method(_ level: Autocorrection, parameters: WordDecoder.Parameters, wordContext: Bool) -> TypingSimulator.Method {
    var decoder = parameters
    decoder.autocorrection = level
    let history = TypingSimulator.Method.standard(lexicon: true).filter { $0.name == "Gaussian × prior, history" }
    var method = TypingSimulator.Method.decodedVariants(of: history, parameters: decoder, wordContext: wordContext).last!
    method.name = "autocorrect \(level)"
    return method
  }

  /// Measures `levels` on `keystrokes` (the words `written`) typed with `touches` (its undo rate
  /// is R; its space-omission rate is used for the second run, 0.01 when it has none), with
  /// the keys' real effects and the space bar tapped, and on `misspellings` when given.
  public static func run(_ levels: [Autocorrection], simulator: TypingSimulator, keystrokes: [TypingSimulator.Keystroke],
                         written: [TypingSimulator.WrittenWord]?, touches: TypingSimulator.Touches, parameters: WordDecoder.Parameters,
                         wordContext: Bool, misspellings: [MisspellingBench.Pair]?, bench: MisspellingBench, sigma: Float,
                         lexiconBalance: Float = TypingContext.defaultLexiconBalance) -> Result {
    let methods = [TypingSimulator.Method(name: "static", kind: .static, context: .none)]
      + levels.map { method($0, parameters: parameters, wordContext: wordContext) }
    var plain = touches
    plain.spaceTaps = true
    plain.spaceOmitRate = 0
    var omitting = plain
    omitting.spaceOmitRate = touches.spaceOmitRate > 0 ? touches.spaceOmitRate : 0.01
    let typed = simulator.run(keystrokes, written: written, touches: plain, methods: methods, errors: .uncorrected, keyEffects: .real,
                              lexiconBalance: lexiconBalance)
    let runTogether = simulator.run(keystrokes, written: written, touches: omitting, methods: methods, errors: .uncorrected, keyEffects: .real,
                                    lexiconBalance: lexiconBalance)
    let rows = levels.enumerated().map { index, level in
      var decoder = parameters
      decoder.autocorrection = level
      return Row(level: level, misspellings: misspellings.map { bench.run($0, parameters: decoder, sigma: sigma, seed: touches.seed) },
                 text: typed.methods[index + 1], omittedSpaces: runTogether.methods[index + 1])
    }
    return Result(rows: rows, keystrokes: typed.keystrokes, words: typed.words, staticErrors: typed.methods[0].errors, touches: plain)
  }
}
