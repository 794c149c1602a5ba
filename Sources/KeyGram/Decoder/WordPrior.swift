/// The decoder's language score (LatinIME's weighting and scoring of language costs, apart
/// from the search): P(word) = (κ · P_lexicon(word) / (1 + b) + c(word)) / (N + κ), mixing the
/// table's lexicon with the user's word history (c a word's count there, N all of them). It
/// gives the bound of a partial word (no word through a prefix is likelier than the prefix,
/// which makes the beam's pruning exact) and the score of a whole word. Every site that scores
/// language reads it here: a new term is added to `wordLogMass` and to its bound,
/// `prefixLogProbability`, and nowhere else.
final class WordPrior {
  let table: KeyGramTable
  /// The lexicon's trie (nil: a table without a lexicon).
  let trie: LexiconTrieView?
  let history: WordHistory?
  /// β, the exponent on P(word) in P(word)^β · Π N(touch).
  let languageWeight: Float
  let historyConcentration: Float
  let lexiconBalance: Float
  /// A history word outside the lexicon is a correction target from this count on.
  let historyTargetCount: Float
  /// The table's word-pair model, nil without one.
  let pairs: WordPairs?
  /// The table's known words past the lexicon, nil without them or with `Parameters.knownWordsStand` off.
  let knownWords: KnownWords?
  /// The table's offensive words while the decoder blocks them: no targets unless the history
  /// holds them `historyTargetCount` times.
  var blockedWords: OffensiveWords?
  /// λ, the weight of the previous word's pair term.
  let contextWeight: Float
  /// The words before the one decoded (`decide(after:limit:)`): their pair row scores whole
  /// words (`contextLogFactor`). The beam's bound stays the lexicon's prefix mass, so the
  /// beam's steps need not be rebuilt when the context changes; a word the context lifts above
  /// its prefix's bound survives by the beam's width, not by the bound.
  var context = WordContext.unknown {
    didSet {
      contextRow = Self.row(of: context, in: pairs, weight: contextWeight)
      historyFirstGeneration = history.map { $0.generation &- 1 } ?? 0
    }
  }
  /// The context's previous word (or sentence start) as a node of the history's trie, the
  /// first word of its pairs: −1 for none; found again when the history's nodes move.
  private var historyFirst = -1
  private var historyFirstGeneration: UInt32 = 0
  /// The pair row of `context`: the sentence start's at a sentence start, else the previous
  /// word's, `.empty` when neither is known or the table has no pairs.
  private(set) var contextRow = WordPairs.Row.empty
  /// log(s / shareTotal) for s = 0 ... `exactShares`.
  private let logShare: FloatBuffer

  /// Shares up to this have their exact log in `logShare`.
  static let exactShares = 512
  /// A lexicon share as a probability (a constant, not a lazily initialised global).
  @inline(__always) static var shareScale: Float { 1 / Float(Lexicon.shareTotal) }

  /// A word's log P in the lexicon, from its prefix's log evidence and its end share; −∞ for
  /// letters that end no lexicon word.
  @inline(__always)
  static func lexiconLogProbability(logEvidence: Float, endShare: Float) -> Float {
    endShare > 0 ? logEvidence + system_logf(endShare * shareScale) : -.infinity
  }

  init(table: KeyGramTable, history: WordHistory?, parameters: WordDecoder.Parameters) {
    self.table = table
    trie = table.sections.lexicon?.trie
    knownWords = parameters.knownWordsStand ? table.knownWords : nil
    blockedWords = parameters.blocksOffensiveWords ? table.offensiveWords : nil
    self.history = history
    languageWeight = parameters.languageWeight
    historyConcentration = parameters.historyConcentration
    lexiconBalance = parameters.lexiconBalance
    historyTargetCount = parameters.historyTargetCount
    pairs = table.wordPairs
    contextWeight = parameters.contextWeight
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
    if lexiconNode >= 0, let trie { lexiconEnd = Float(trie.endShare(of: Int(lexiconNode))) }
    if historyNode >= 0, let history {
      historyEnd = history.endCount(ofNode: Int(historyNode))
    }
    return (lexiconEnd, historyEnd)
  }

  /// `endShares` of a word the decoder may offer in place of the typed letters: a history word
  /// outside the lexicon counts only once it is a target (`Parameters.historyTargetCount`).
  func targetEndShares(lexicon lexiconNode: Int32, history historyNode: Int32) -> (lexicon: Float, history: Float) {
    let ends = endShares(lexicon: lexiconNode, history: historyNode)
    if ends.lexicon > 0 && isBlocked(node: lexiconNode, historyEnd: ends.history) { return (0, 0) }
    return (ends.lexicon, targetHistoryEnd(ends.history, lexiconEnd: ends.lexicon))
  }

  /// Whether the lexicon word ending at `node` is blocked: flagged offensive while the decoder
  /// blocks them, and held fewer than `historyTargetCount` times by the history (`historyEnd`).
  @inline(__always)
  func isBlocked(node: Int32, historyEnd: Float) -> Bool {
    guard let blockedWords, historyEnd < historyTargetCount, node > 0 else { return false }
    return blockedWords.contains(node: UInt32(node))
  }

  /// A history end count as a target's: 0 for a word outside the lexicon held fewer than
  /// `historyTargetCount` times.
  @inline(__always)
  func targetHistoryEnd(_ history: Float, lexiconEnd: Float) -> Float {
    lexiconEnd > 0 || history >= historyTargetCount ? history : 0
  }

  /// log of a whole word's unnormalised mass: κ/(1+b) · P_lexicon(word) (from its prefix's
  /// evidence and end share) × the context's factor for the word ending at lexicon node `node`,
  /// + its history count, and `backoff` (a log mass for letters that are no lexicon word, −∞
  /// for none), summed in log space: a product over rare letters underflows a Float long before
  /// its log does.
  func wordLogMass(logEvidence: Float, ends: (lexicon: Float, history: Float), node: Int32, historyNode: Int32 = -1,
                   backoff: Float = -.infinity, _ mixture: Mixture) -> Float {
    var logMass = -Float.infinity
    if ends.lexicon > 0 {
      let logLexicon = Self.lexiconLogProbability(logEvidence: logEvidence, endShare: ends.lexicon)
      logMass = mixture.logLexiconScale + logLexicon + contextLogFactor(node: node, logLexiconProbability: logLexicon)
    }
    if backoff > -.infinity { logMass = Self.logSumExp(logMass, backoff) }
    if ends.history > 0 { logMass = Self.logSumExp(logMass, system_logf(ends.history + historyPairCount(historyNode))) }
    return logMass
  }

  // MARK: The previous word

  /// λ · log(1 + q / (γ · P_lexicon(word))) for the word ending at lexicon node `node`: how much
  /// the context row lifts it (0 when the row does not keep the pair). The whole conditional
  /// P(word | v) = (q + γ · P_lexicon(word)) / 65,535 divided by γ / 65,535, which every word
  /// the row does not keep shares, so they keep their unigram score.
  @inline(__always)
  func contextLogFactor(node: Int32, logLexiconProbability: Float) -> Float {
    guard contextRow.count > 0, node > 0, let pairs else { return 0 }
    let weight = pairs.weight(of: WordID(node: LexiconNode(index: UInt32(node))), in: contextRow)
    guard weight > 0 else { return 0 }
    let lexicon = Swift.max(system_expf(logLexiconProbability), .leastNormalMagnitude)
    return contextWeight * system_logf(1 + Float(weight) / (Float(contextRow.backoff) * lexicon))
  }

  /// How often the user typed the word ending at history node `historyNode` after the
  /// context's previous word (its pair count in the history): added to the word's history
  /// count, so the user's own pairs rise as the table's do. 0 without context (λ = 0).
  func historyPairCount(_ historyNode: Int32) -> Float {
    guard historyNode > 0, let history else { return 0 }
    let first = historyFirstNode
    return first >= 0 ? history.pairCount(first: first, second: Int(historyNode)) : 0
  }

  /// The context's previous word as a history node (−1: none), for the history's pairs.
  var historyFirstNode: Int {
    guard let history, contextWeight > 0 else { return -1 }
    if history.generation != historyFirstGeneration {
      historyFirstGeneration = history.generation
      historyFirst = context.previousNode(in: history) ?? -1
    }
    return historyFirst
  }

  /// The row `context` reads: the sentence start's at a sentence start, the previous word's
  /// when it is a lexicon word, else none.
  static func row(of context: WordContext, in pairs: WordPairs?, weight: Float) -> WordPairs.Row {
    guard let pairs, weight > 0 else { return .empty }
    if context.isSentenceStart { return pairs.row(after: nil) }
    guard let previous = context.previousWord else { return .empty }
    return pairs.row(after: previous)
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

  /// Whether the first `count` letters of `touches` are a known word past the lexicon.
  func isKnownWord(_ touches: TouchSequence, count: Int) -> Bool {
    guard let knownWords, count > 0 else { return false }
    for index in 0..<count where touches.letter[index] < 0 { return false }
    return knownWords.contains(count: count) { Int(touches.letter[$0]) }
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
