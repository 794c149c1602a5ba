/// The decoder's language score (LatinIME's weighting and scoring of language costs, apart
/// from the search): P(word) = (κ · P_lexicon(word) / (1 + b) + c(word)) / (N + κ), mixing the
/// table's lexicon with the user's word history (c a word's count there, N all of them). It
/// gives the bound of a partial word (no word through a prefix is likelier than the prefix,
/// which makes the beam's pruning exact) and the score of a whole word. Every site that scores
/// language reads it here: a new term is added to `wordLogMass` and to its bound,
/// `prefixLogProbability`, and nowhere else.
final class WordPrior {
  let table: KeyGramTable
  let lexicon: Lexicon?
  let history: WordHistory?
  /// β, the exponent on P(word) in P(word)^β · Π N(touch).
  let languageWeight: Float
  let historyConcentration: Float
  let lexiconBalance: Float
  /// The words before the one decoded (`decide(after:limit:)`). No score reads it yet: a
  /// word-pair term will, here and in its bound.
  var context = WordContext.unknown
  /// log(s / shareTotal) for s = 0 ... `exactShares`.
  private let logShare: FloatBuffer

  /// Shares up to this have their exact log in `logShare`.
  static let exactShares = 512
  /// A lexicon share as a probability (a constant, not a lazily initialised global).
  @inline(__always) static var shareScale: Float { 1 / Float(Lexicon.shareTotal) }

  init(table: KeyGramTable, history: WordHistory?, parameters: WordDecoder.Parameters) {
    self.table = table
    lexicon = table.sections.lexicon
    self.history = history
    languageWeight = parameters.languageWeight
    historyConcentration = parameters.historyConcentration
    lexiconBalance = parameters.lexiconBalance
    logShare = FloatBuffer((0...Self.exactShares).map { share in
      share == 0 ? -Float.infinity : system_logf(Float(share)) - system_logf(Float(Lexicon.shareTotal))
    })
  }

  /// The bytes of its buffer.
  var bytes: Int { 4 * logShare.count }

  /// log(share / shareTotal), −∞ for 0: a table read, not a logf per child. A share above 512 is
  /// rounded to 9 significant bits, within 0.1% (0.001 nats), far below the touch scores' noise.
  @inline(__always)
  func logOfShare(_ share: Int) -> Float {
    guard share > Self.exactShares else { return logShare[share] }
    let shift = Int.bitWidth - share.leadingZeroBitCount - 9
    return logShare[(share + (1 << (shift - 1))) >> shift] + Float(shift) * 0.693_147_2
  }

  /// κ / (1 + b), log of it, and log(N + κ): the mixture's constants while the history holds N words.
  struct Mixture {
    var lexiconScale: Float
    var logLexiconScale: Float
    var logNormaliser: Float
  }

  /// The mixture's constants now.
  var mixture: Mixture {
    let words = history?.wordCount ?? 0
    let scale = historyConcentration / (1 + lexiconBalance)
    return Mixture(lexiconScale: scale, logLexiconScale: system_logf(scale), logNormaliser: system_logf(words + historyConcentration))
  }

  /// log(eᵃ + eᵇ) without leaving log space: exact when either is −∞, and no underflow.
  @inline(__always)
  static func logSumExp(_ a: Float, _ b: Float) -> Float {
    let high = Swift.max(a, b), low = Swift.min(a, b)
    guard high > -.infinity else { return -.infinity }
    return high + system_logf(1 + system_expf(low - high))
  }

  // MARK: Partial words

  /// log P(prefix) under the mixture, from the lexicon evidence (log Π share / shareTotal) and
  /// the history count through the prefix: the bound of every word through it.
  @inline(__always)
  func prefixLogProbability(_ logEvidence: Float, _ count: Float, _ mixture: Mixture) -> Float {
    count > 0 ? system_logf(mixture.lexiconScale * system_expf(logEvidence) + count) - mixture.logNormaliser
              : mixture.logLexiconScale + logEvidence - mixture.logNormaliser
  }

  /// β · log P(prefix): what a partial word adds to its touches' score in the beam.
  @inline(__always)
  func prefixScore(_ logEvidence: Float, _ count: Float, _ mixture: Mixture) -> Float {
    languageWeight * prefixLogProbability(logEvidence, count, mixture)
  }

  /// The mass of a prefix in linear space, κ/(1+b) · evidence · share / shareTotal + count, for
  /// following the likeliest continuation of a partial word.
  @inline(__always)
  func linearMass(evidence: Float, share: Float, count: Float, _ mixture: Mixture) -> Float {
    mixture.lexiconScale * evidence * share * Self.shareScale + count
  }

  // MARK: Whole words

  /// P(end of word) at a lexicon node, out of the share total, and the count of history words
  /// ending at a history node (−1: not in that trie).
  func endShares(lexicon lexiconNode: Int32, history historyNode: Int32) -> (lexicon: Float, history: Float) {
    var lexiconEnd: Float = 0, historyEnd: Float = 0
    if lexiconNode >= 0, let lexicon { lexiconEnd = Float(lexicon.endShare(of: LexiconNode(index: UInt32(lexiconNode)))) }
    if historyNode >= 0, let history {
      historyEnd = Swift.max(history.count(of: Int(historyNode)) - history.continuingCount(of: Int(historyNode)), 0)
    }
    return (lexiconEnd, historyEnd)
  }

  /// log of a whole word's unnormalised mass: κ/(1+b) · P_lexicon(word) (from its prefix's
  /// evidence and end share) + its history count, and `backoff` (a log mass for letters that
  /// are no lexicon word, −∞ for none), summed in log space: a product over rare letters
  /// underflows a Float long before its log does.
  func wordLogMass(logEvidence: Float, ends: (lexicon: Float, history: Float), backoff: Float = -.infinity, _ mixture: Mixture) -> Float {
    var logMass = -Float.infinity
    if ends.lexicon > 0 { logMass = mixture.logLexiconScale + logEvidence + system_logf(ends.lexicon * Self.shareScale) }
    if backoff > -.infinity { logMass = Self.logSumExp(logMass, backoff) }
    if ends.history > 0 { logMass = Self.logSumExp(logMass, system_logf(ends.history)) }
    return logMass
  }

  /// The backoff mass of letters with n-gram log-probability `ngram`: κ/(1+b) · b · P_ngram,
  /// in log space; −∞ when b is 0.
  func backoffLogMass(ngram: Float, _ mixture: Mixture) -> Float {
    lexiconBalance > 0 ? mixture.logLexiconScale + system_logf(lexiconBalance) + ngram : -.infinity
  }

  /// β · log P(word) from its log mass: what a whole word adds to its touches' score.
  @inline(__always)
  func wordScore(logMass: Float, _ mixture: Mixture) -> Float {
    languageWeight == 0 ? 0 : languageWeight * (logMass - mixture.logNormaliser)
  }

  /// Where a whole word comes from (`DecodedWord.Source` bits).
  static func source(of ends: (lexicon: Float, history: Float)) -> Int {
    (ends.lexicon > 0 ? DecodedWord.Source.lexicon.rawValue : 0) | (ends.history > 0 ? DecodedWord.Source.history.rawValue : 0)
  }

  /// P(`letter`, or the end of the word for `letterCount`) after `context` in the table's
  /// n-gram rows, at least one weight unit.
  func ngramProbability(ofLetter letter: Int, after context: LetterContext) -> Float {
    guard let weight = table.row(after: context).weight(of: letter, in: table) else { return 1 / Float(table.letterCount + 1) }
    return Swift.max(Float(weight), 1) / Float(LetterDistribution.weightTotal)
  }
}
