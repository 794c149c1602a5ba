/// What the user has typed, as the letter model sees it, and the distribution of the next
/// letter that follows from it.
///
/// A keyboard keeps one per text field and records every keystroke into it; a resolver then
/// reads `distribution` (through `KeyResolver.update(for:)`) before the next touch.
///
/// It is a plain value that nothing observes (no SwiftUI `Observable`, no `ObservableObject`):
/// keep it in a stored property of the keyboard's view controller and use it from the main
/// thread, where UIKit delivers both keystrokes and touches. Recording never allocates.
///
/// - After a boundary (space, punctuation, return, a digit, an emoji) the next letter is
///   word-initial; after a letter the alphabet lacks, nothing is known and the distribution
///   is uniform (see `KeyGramTable.distribution(after:)`).
/// - Apostrophes (U+0027, U+2019, U+02BC) are transparent ("don't" as "dont") or end the word,
///   as the table's language counts them (`KeyGramTable.apostrophesEndWords`).
/// - Text is read by the builder's rule whatever the entry point (`KeyGramTable.step(for:after:)`):
///   a combining mark composes with the letter before it, so NFD text gives the NFC context.
/// - A deletion goes back to the symbols before the deleted one, from a history of the last
///   `historyCapacity` recorded symbols.
public struct TypingContext {
  /// The table the distributions come from.
  public let table: KeyGramTable
  var history = SymbolHistory()
  /// The last three symbols that matter, normalised: `.wordStart` after any boundary.
  public private(set) var letterContext: LetterContext
  /// Where the distribution after `letterContext` lies, cached: recording something that
  /// leaves `letterContext` unchanged does not look it up again.
  private(set) var row: DistributionRow
  /// The distribution of the next symbol after `letterContext`.
  public var distribution: LetterDistribution { LetterDistribution(table, row) }
  /// How many times `distribution` has been looked up since init (for tests of the cache).
  @_spi(Testing) public private(set) var recomputeCount = 0
  /// Where the current word's letters lead in the table's lexicon; parked when the table has
  /// none, after a letter the alphabet lacks, or once the prefix is no lexicon word's.
  public private(set) var lexiconCursor: LexiconCursor
  /// P(the current word's letters so far) under the n-gram rows, from its start: the other
  /// half of the evidence the blend weighs.
  public private(set) var wordPrefixNgramProbability: Double = 1
  /// The prior odds against the word being a lexicon word: the blend is the mixture
  /// λ = e / (e + `lexiconBalance` × g), with e the share of the lexicon's word mass through
  /// the typed prefix and g the prefix's probability under the n-gram rows, so λ starts at
  /// 1 / (1 + balance) at word start and follows the evidence letter by letter. `.infinity`
  /// leaves the lexicon out.
  public let lexiconBalance: Float
  /// The user's word history, which this context teaches every word it sees completed and
  /// blends into `distribution`'s letters (see `WordHistory`); nil for none.
  public let wordHistory: WordHistory?
  /// Where the current word's letters lead in `wordHistory`; parked when there is none, after
  /// a letter the alphabet lacks, or once the prefix is no learned word's.
  public private(set) var historyCursor: WordHistory.Cursor
  /// The words before the one being typed, for a word decoder (`WordContext`).
  public internal(set) var wordContext = WordContext.textStart

  /// How many recorded symbols a context remembers for deletions.
  public static var historyCapacity: Int { SymbolHistory.capacity }

  /// The `lexiconBalance` chosen by `keygram tune` on the tuning text (docs/Simulator.md).
  public static let defaultLexiconBalance: Float = 0.01

  /// A context at the start of a text (word start) over `table`, blending the table's lexicon
  /// (if it has one) into the next-letter probabilities by `lexiconBalance`.
  public init(table: KeyGramTable, lexiconBalance: Float = TypingContext.defaultLexiconBalance,
              wordHistory: WordHistory? = nil) {
    self.table = table
    self.wordHistory = wordHistory
    historyCursor = wordHistory.map { WordHistory.Cursor(history: $0) } ?? WordHistory.Cursor()
    letterContext = .wordStart
    row = table.row(after: .wordStart)
    self.lexiconBalance = lexiconBalance.isNaN || lexiconBalance < 0 ? .infinity : lexiconBalance
    if let lexicon = table.sections.lexicon, self.lexiconBalance.isFinite {
      lexiconCursor = LexiconCursor(lexicon: lexicon)
    } else {
      lexiconCursor = LexiconCursor()
    }
  }

  /// μ, the word history's weight against the tables' blend: c / (c + balance), with c the
  /// count of learned words through the typed prefix (0 without a history, or off its words).
  public var historyWeight: Float {
    guard let wordHistory, historyCursor.isValid(in: wordHistory),
          wordHistory.continuingCount(of: historyCursor.node) > 0 else { return 0 }
    let count = wordHistory.count(of: historyCursor.node)
    return count / (count + wordHistory.balance)
  }

  /// λ, the lexicon row's weight in the blend (0 when the cursor is parked or there is none).
  @inlinable public var lexiconWeight: Float {
    let evidence = Double(lexiconCursor.relativeEvidence)
    guard evidence > 0 else { return 0 }
    return Float(evidence / (evidence + Double(lexiconBalance) * wordPrefixNgramProbability))
  }

  /// The lexicon's row at the typed prefix, or nil when it has no say (λ = 0).
  public var lexiconRow: LexiconRow? {
    guard lexiconWeight > 0, let lexicon = table.lexicon else { return nil }
    return lexiconCursor.row(in: lexicon)
  }

  /// P(next letter is `letterIndex`) from the tables: (1 − λ) × the n-gram row + λ × the
  /// lexicon row. For tools; the resolvers compute the same per key, then blend in the word
  /// history (`historyProbability(ofLetter:)`) by μ = `historyWeight`.
  public func blendedProbability(ofLetter letterIndex: Int) -> Double {
    let lambda = Double(lexiconWeight)
    let ngram = distribution.probability(ofLetter: letterIndex)
    guard lambda > 0, let row = lexiconRow else { return ngram }
    return (1 - lambda) * ngram + lambda * Double(row.weight(ofLetter: letterIndex)) / Double(TableFormat.Lexicon.shareTotal)
  }

  /// P(next letter is `letterIndex` | a letter comes next) among the learned words through the
  /// typed prefix; 0 when `historyWeight` is 0.
  public func historyProbability(ofLetter letterIndex: Int) -> Double {
    guard historyWeight > 0, let wordHistory else { return 0 }
    var letters: Float = 0, this: Float = 0
    wordHistory.forEachChild(of: historyCursor.node) { letter, count in
      letters += count
      if letter == letterIndex { this = count }
    }
    return letters > 0 ? Double(this / letters) : 0
  }

  /// P(the word ends here), blended as `blendedProbability(ofLetter:)`.
  public var blendedEndOfWordProbability: Double {
    let lambda = Double(lexiconWeight)
    let ngram = distribution.endOfWordProbability
    guard lambda > 0, let row = lexiconRow else { return ngram }
    return (1 - lambda) * ngram + lambda * Double(row.endWeight) / Double(TableFormat.Lexicon.shareTotal)
  }

  /// How many recorded symbols (apostrophes included) are remembered for deletions.
  public var rememberedCount: Int { history.count }

  /// Remembers a recorded symbol and moves the lexicon cursor with it: one node for a letter,
  /// back to the root after a boundary, parked after a letter the alphabet lacks.
  mutating func push(_ raw: UInt8, awaitingFinalForm: Bool = false, endsSentence: Bool = false) {
    let symbol = LetterSymbol(rawValue: raw)
    // The word ends: its last letter, typed as Σ, takes its final form before it is learned.
    if raw != SymbolHistory.transparent && !symbol.isLetter { history.takeFinalForm(in: table) }
    // The words before the one ending here: the pair it completes starts with their last.
    let wordsBefore = wordContext
    if symbol == .boundary { recordWordEnd(endsSentence: endsSentence) }
    if let wordHistory, raw != SymbolHistory.transparent {
      if let letter = symbol.letterIndex {
        historyCursor.step(letter: letter, in: wordHistory)
      } else if symbol == .boundary {
        learnCurrentWord(into: wordHistory, after: wordsBefore)
        historyCursor = WordHistory.Cursor(history: wordHistory)
      } else {
        historyCursor.park()
      }
    }
    history.push(raw, awaitingFinalForm: awaitingFinalForm)
    guard lexiconBalance.isFinite, let lexicon = table.sections.lexicon else { return }
    if raw == SymbolHistory.transparent { return }
    if let letter = symbol.letterIndex {
      // `row` is still the distribution before this letter: its probability extends g.
      wordPrefixNgramProbability *= probability(ofLetter: letter, in: row)
      lexiconCursor.step(letter: letter, in: lexicon)
    } else if symbol == .boundary {
      wordPrefixNgramProbability = 1
      lexiconCursor.reset()
    } else {
      lexiconCursor.park()
    }
  }

  /// Teaches `wordHistory` the word the remembered history ends in, before its boundary is
  /// pushed: nothing when it is empty, holds a letter the alphabet lacks, or began before the
  /// oldest remembered symbol. Then the pair it completes after `wordsBefore` (the context it
  /// was typed in): after the sentence start at one, else after the previous word when that
  /// word's letters are known and the history holds it; none otherwise (a deletion back past
  /// the boundary rebuilt the context from what is remembered).
  func learnCurrentWord(into wordHistory: WordHistory, after wordsBefore: WordContext) {
    guard let (entries, letters) = currentWordExtent(), letters > 0 else { return }
    let learned = wordHistory.learn(length: letters) { position in
      // The `position`-th letter from the word's start: entries run newest first.
      var index = entries, seen = -1
      while true {
        index -= 1
        if history.entry(index) != SymbolHistory.transparent { seen += 1 }
        if seen == position { return Int(history.entry(index)) }
      }
    }
    // Looked up after learning: a compaction while learning moves the nodes.
    guard let second = learned, let first = wordsBefore.previousNode(in: wordHistory) else { return }
    wordHistory.learnPair(first: first, second: second)
  }

  /// How many remembered entries (apostrophes included) and letters the current word has, or
  /// nil when it holds a letter the alphabet lacks or began before the oldest remembered entry.
  func currentWordExtent() -> (entries: Int, letters: Int)? {
    var entries = 0, letters = 0
    while entries < history.count {
      let raw = history.entry(entries)
      if raw == SymbolHistory.transparent { entries += 1; continue }
      let symbol = LetterSymbol(rawValue: raw)
      if symbol == .boundary { return (entries, letters) }
      guard symbol.isLetter else { return nil }
      entries += 1
      letters += 1
    }
    return history.floor == .boundary ? (entries, letters) : nil
  }

  /// P(`letter`) in the n-gram row at `location`.
  func probability(ofLetter letter: Int, in location: DistributionRow) -> Double {
    guard letter < table.letterCount, let weight = location.weight(of: letter, in: table) else { return 1 / Double(table.letterCount + 1) }
    return Double(weight) / Double(LetterDistribution.weightTotal)
  }

  /// Puts the lexicon and word-history cursors where the remembered history leaves them, after
  /// a deletion or a reset: the current word's letters walked again from the root, or parked
  /// when the word starts before the oldest remembered symbol or holds a letter the alphabet lacks.
  mutating func rewalkWord() {
    let extent = currentWordExtent()
    if let wordHistory {
      historyCursor = WordHistory.Cursor(history: wordHistory)
      if extent == nil { historyCursor.park() }
    }
    let lexicon = lexiconBalance.isFinite ? table.sections.lexicon : nil
    if lexicon != nil {
      lexiconCursor.reset()
      wordPrefixNgramProbability = 1
      if extent == nil { lexiconCursor.park() }
    }
    guard let (entries, _) = extent else { return }
    var context = LetterContext.wordStart
    var index = entries
    while index > 0 {
      index -= 1
      let raw = history.entry(index)
      guard raw != SymbolHistory.transparent else { continue }
      if let wordHistory { historyCursor.step(letter: Int(raw), in: wordHistory) }
      if let lexicon {
        wordPrefixNgramProbability *= probability(ofLetter: Int(raw), in: table.row(after: context))
        context.append(LetterSymbol(rawValue: raw))
        lexiconCursor.step(letter: Int(raw), in: lexicon)
      }
    }
  }

  /// Re-derives the context after the history changed, looking the distribution up only if
  /// the context is different.
  mutating func refresh() {
    let context = history.context
    guard context != letterContext else { return }
    letterContext = context
    row = table.row(after: context)
    recomputeCount += 1
  }
}
