import KeyGram

/// `keygram tune --spelling`: the spelling margins, chosen on a development list of
/// misspellings and the tuning text, never on an evaluation text or list.
extension Tuning {
  /// One setting of the spelling sweep and what it did: the development list typed at the keys'
  /// centres and with touch noise, the tuning text typed with touch noise, and the same text
  /// typed by a typist who also misspells.
  public struct SpellingRow: Sendable {
    public var name: String
    public var parameters: WordDecoder.Parameters
    public var list: MisspellingBench.Result
    public var clean: TypingSimulator.MethodResult
    public var misspelling: TypingSimulator.MethodResult
  }

  /// The margins tried: each spelling margin with each omission margin (a correction that only
  /// leaves a letter out or swaps two neighbours), then the margins that follow the word's
  /// length (`WordDecoder.Parameters.lengthScaledSpellingMargins`) down to each of `marginFloors`, then `base`'s margins with
  /// each common-word margin and log P of `commonWords`; `base` sets every other parameter, so
  /// one edit cost at a time can be swept by running the sweep per cost.
  public static func spellingGrid(base: WordDecoder.Parameters, spellingMargins: [Float] = [10, 15, 20, .infinity],
                                  omissionMargins: [Float] = [3, 6, 9, .infinity], marginFloors: [Float] = [-10, 0],
                                  commonWords: [(margin: Float, logProbability: Float)] = [(0, -7), (2, -7), (0, -8), (2, -8), (4, -8), (2, -9), (4, -9), (6, -10)])
    -> [(name: String, parameters: WordDecoder.Parameters)] {
    var grid: [(name: String, parameters: WordDecoder.Parameters)] = []
    for spelling in spellingMargins {
      for omission in omissionMargins {
        var parameters = base
        (parameters.spellingMargin, parameters.omissionSpellingMargin) = (spelling, omission)
        (parameters.spellingMarginPerLetter, parameters.spellingMarginLimit, parameters.omissionSpellingMarginLimit) = (0, .infinity, .infinity)
        parameters.spellingMarginFloor = 0
        grid.append(("spelling margin \(spelling), omission margin \(omission)", parameters))
      }
    }
    let scaled = WordDecoder.Parameters.lengthScaledSpellingMargins
    for floor in marginFloors {
      var parameters = base
      (parameters.spellingMargin, parameters.omissionSpellingMargin, parameters.spellingMarginPerLetter) =
        (scaled.spellingMargin, scaled.omissionSpellingMargin, scaled.spellingMarginPerLetter)
      (parameters.spellingMarginLength, parameters.spellingMarginLimit, parameters.omissionSpellingMarginLimit) =
        (scaled.spellingMarginLength, scaled.spellingMarginLimit, scaled.omissionSpellingMarginLimit)
      parameters.spellingMarginFloor = floor
      grid.append(("margins that follow the word's length, floor \(floor)", parameters))
    }
    for common in commonWords {
      var parameters = base
      (parameters.commonWordSpellingMargin, parameters.commonWordLogProbability) = (common.margin, common.logProbability)
      grid.append(("spelling margin \(base.spellingMargin), omission margin \(base.omissionSpellingMargin), common words (log P ≥ \(common.logProbability)) \(common.margin)", parameters))
    }
    return grid
  }

  /// The words and rows of one spelling sweep.
  public struct SpellingSweep: Sendable {
    /// The words of the tuning text.
    public var words: Int
    public var rows: [SpellingRow]
  }

  /// Runs each setting of `grid`: `bench` on `pairs` (at the centres and at σ), and the text
  /// of `typing` decoded by Gaussian × prior with the word history, once typed with touch noise
  /// σ only and once by a typist who also misspells `misspellRate` of the words (from
  /// `misspellings`, else a spelling slip) and undoes `undoRate` of the wrong replacements.
  /// Every setting types the same touches.
  public static func sweepSpelling(_ grid: [(name: String, parameters: WordDecoder.Parameters)], simulator: TypingSimulator,
                                   typing: TypingSimulator.TypedText, bench: MisspellingBench, pairs: [MisspellingBench.Pair],
                                   misspellings: [[Int]: [[Int]]], sigma: Float, seed: UInt64, misspellRate: Double, undoRate: Double,
                                   lexiconBalance: Float) -> SpellingSweep {
    let methods = grid.map { TypingSimulator.Method(name: $0.name, kind: .gaussian(.init()), context: .history, decoder: $0.parameters) }
    func run(misspelling: Bool) -> TypingSimulator.Result {
      let touches = TypingSimulator.Touches(sigmaX: sigma, sigmaY: sigma, seed: seed, misspellRate: misspelling ? misspellRate : 0,
                                            undoRate: misspelling ? undoRate : 0)
      return simulator.run(typing.keystrokes, written: typing.words, touches: touches, methods: methods, errors: .uncorrected,
                           lexiconBalance: lexiconBalance, misspellings: misspelling ? misspellings : [:])
    }
    let clean = run(misspelling: false), misspelling = run(misspelling: true)
    let rows = grid.indices.map { index in
      SpellingRow(name: grid[index].name, parameters: grid[index].parameters,
                  list: bench.run(pairs, parameters: grid[index].parameters, sigma: sigma, seed: seed),
                  clean: clean.methods[index], misspelling: misspelling.methods[index])
    }
    return SpellingSweep(words: clean.words, rows: rows)
  }

  /// The row with the fewest word errors for the typist who misspells, among those that break
  /// at most `brokenPerThousand` correct words in 1,000 of the text typed without misspellings;
  /// ties go to the more misspellings of the list corrected at the centres, then to the first.
  /// nil if no row keeps to the budget.
  public static func bestSpelling(_ sweep: SpellingSweep, brokenPerThousand: Double) -> Int? {
    var best: Int?
    for index in sweep.rows.indices where Double(sweep.rows[index].clean.wordsBroken) * 1000 <= brokenPerThousand * Double(sweep.words) {
      guard let current = best else {
        best = index
        continue
      }
      let (row, leader) = (sweep.rows[index], sweep.rows[current])
      if (row.misspelling.wordErrors, -row.list.atCentres.corrected) < (leader.misspelling.wordErrors, -leader.list.atCentres.corrected) {
        best = index
      }
    }
    return best
  }
}
