import ArgumentParser
import KeyGram

/// The word decoder's edit costs, in nats, its context weight, history target count and beam widths, for `simulate --decode`, `simulate --misspellings`
/// and tuning runs: each option left out keeps the decoder's default.
struct DecoderCostOptions: ParsableArguments {
  @Option(name: .customLong("omission-cost"), help: "Any letter left out (inf: off).")
  var omissionCost: Float?

  @Option(name: .customLong("extra-touch-cost"), help: "Any touch that types no letter (inf: off).")
  var extraTouchCost: Float?

  @Option(name: .customLong("doubled-letter-cost"), help: "One of a doubled letter left out, or a letter typed twice.")
  var doubledLetterCost: Float?

  @Option(name: .customLong("transposition-cost"), help: "Two neighbouring letters typed in the other order.")
  var transpositionCost: Float?

  @Option(name: .customLong("vowel-cost"), help: "A vowel written for another vowel.")
  var vowelCost: Float?

  @Option(name: .customLong("letter-cost"), help: "Any other letter written for the word's, on purpose (inf: off).")
  var letterCost: Float?

  @Option(name: .customLong("consonant-cost"), help: "A consonant written for one that sounds alike, offered, never applied (inf: off).")
  var consonantCost: Float?

  @Option(name: .customLong("marked-letter-cost"), help: "A touch on a letter's key read as that letter with marks that has a key of its own: u as ü (inf: never).")
  var markedLetterCost: Float?

  @Option(name: .customLong("second-edit-cost"), help: "Added to a word's second letter left out or second extra touch (inf: one of each).")
  var secondEditCost: Float?

  @Option(name: .customLong("key-tap-cost"), help: "A tap on shift or backspace inside a word taken for the letter aimed at (inf: off).")
  var keyTapCost: Float?

  @Option(name: .customLong("space-omission-cost"), help: "The typed letters read as two words with the space left out (inf: never).")
  var spaceOmissionCost: Float?

  @Option(name: .customLong("space-substitution-cost"), help: "A touch inside the typed letters taken for the space bar between two words (inf: never).")
  var spaceSubstitutionCost: Float?

  @Option(name: .customLong("split-margin"), help: "How far two words must beat the typed letters and the best single word to replace them (inf: offered only).")
  var splitMargin: Float?

  @Option(name: .customLong("join-margin"), help: "How far one word must beat the word before a space-bar tap and the word after it to replace both and the space (inf: never looked for).")
  var joinMargin: Float?

  @Option(name: .customLong("omitted-space-margin"), help: "How far two words the table keeps as a pair must beat the typed letters when no touch was the space (inf: offered only).")
  var omittedSpaceMargin: Float?

  @Option(name: .customLong("unpaired-split-margin"), help: "How far two words the table keeps no pair of must beat the typed letters, one of them common and neither rare (inf: offered only).")
  var unpairedSplitMargin: Float?

  @Option(name: .customLong("split-common-word"), help: "The lexicon log-probability one of two unpaired words must reach to replace the typed letters.")
  var splitCommonWord: Float?

  @Option(name: .customLong("split-word-floor"), help: "The lexicon log-probability both unpaired words must reach to replace the typed letters.")
  var splitWordFloor: Float?

  @Option(name: .customLong("word-edge-cost"), help: "Added to a letter left out or an extra touch at the word's first letter or after its last (a doubled letter's excepted).")
  var wordEdgeCost: Float?

  @Option(name: .customLong("spelling-margin"), help: "How far a spelling correction must beat the typed letters to replace them (inf: offered only).")
  var spellingMargin: Float?

  @Option(name: .customLong("omission-spelling-margin"), help: "The spelling margin of a correction that only leaves a letter out or swaps two neighbours (inf: offered only).")
  var omissionSpellingMargin: Float?

  @Option(name: .customLong("common-word-spelling-margin"), help: "The spelling margin of a correction into a common word (inf: as other words).")
  var commonWordSpellingMargin: Float?

  @Option(name: .customLong("common-word-log-probability"), help: "The lexicon log-probability from which a correction's word is common.")
  var commonWordLogProbability: Float?

  @Option(name: .customLong("omission-spelling-margin-limit"), help: "The most the omission spelling margin grows to, however short the word.")
  var omissionSpellingMarginLimit: Float?

  @Option(name: .customLong("spelling-margin-limit"), help: "The most the spelling margin grows to, however short the word.")
  var spellingMarginLimit: Float?

  @Option(name: .customLong("spelling-margin-per-letter"), help: "How much nearer both spelling margins come per typed letter beyond --spelling-margin-length (farther per letter short of it).")
  var spellingMarginPerLetter: Float?

  @Option(name: .customLong("spelling-margin-length"), help: "The typed length, in letters, at which the spelling margins are as given.")
  var spellingMarginLength: Float?

  @Option(name: .customLong("spelling-margin-floor"), help: "The least both spelling margins come down to, however long the word; below 0, a long correction replaces letters that score better than it.")
  var spellingMarginFloor: Float?

  @Option(name: .customLong("context-weight"), help: "The weight λ of the previous word (word pairs); 0: no word context.")
  var contextWeight: Float?

  @Option(name: .customLong("decoder-lexicon-balance"), help: "The decoder's prior odds against a word being a lexicon word: typed letters that are no word score b / (1 + b) × their n-gram probability.")
  var decoderLexiconBalance: Float?

  @Option(name: .customLong("history-target-count"), help: "How often a word outside the lexicon must be kept before the decoder offers it.")
  var historyTargetCount: Float?

  @Option(name: .customLong("protected-history-count"), help: "How often the history must hold typed letters before they are never replaced.")
  var protectedHistoryCount: Float?

  @Option(name: .customLong("protected-lexicon-word-count"), help: "How often the history must hold typed letters that are a lexicon word before they are never replaced.")
  var protectedLexiconWordCount: Float?

  @Option(name: .customLong("beam-width"), help: "How many partial words the decoder's beam keeps after each touch (1–256).")
  var beamWidth: Int?

  @Option(name: .customLong("omission-beam-width"), help: "How many more partial words it keeps that skipped a letter (0–256).")
  var omissionBeamWidth: Int?

  func validate() throws {
    for (name, width, range) in [("beam-width", beamWidth, WordDecoder.Parameters.beamWidthRange),
                                 ("omission-beam-width", omissionBeamWidth, WordDecoder.Parameters.omissionBeamWidthRange)] {
      if let width, !range.contains(width) { throw ValidationError("--\(name) must be from \(range.lowerBound) to \(range.upperBound), not \(width).") }
    }
    if let contextWeight, !(contextWeight.isFinite && contextWeight >= 0) { throw ValidationError("--context-weight must be 0 or more, not \(contextWeight).") }
    if let decoderLexiconBalance, !(decoderLexiconBalance.isFinite && decoderLexiconBalance >= 0) {
      throw ValidationError("--decoder-lexicon-balance must be 0 or more, not \(decoderLexiconBalance).")
    }
    if let spellingMarginFloor, !spellingMarginFloor.isFinite { throw ValidationError("--spelling-margin-floor must be a finite number, not \(spellingMarginFloor).") }
    if let historyTargetCount, !(historyTargetCount.isFinite && historyTargetCount > 0) { throw ValidationError("--history-target-count must be positive, not \(historyTargetCount).") }
    for (name, count) in [("protected-history-count", protectedHistoryCount), ("protected-lexicon-word-count", protectedLexiconWordCount)] {
      if let count, !(count > 0) { throw ValidationError("--\(name) must be positive (inf: never protected), not \(count).") }
    }
    for (name, cost) in [("omission-cost", omissionCost), ("extra-touch-cost", extraTouchCost), ("doubled-letter-cost", doubledLetterCost),
                         ("transposition-cost", transpositionCost), ("vowel-cost", vowelCost), ("letter-cost", letterCost), ("consonant-cost", consonantCost), ("marked-letter-cost", markedLetterCost), ("second-edit-cost", secondEditCost), ("word-edge-cost", wordEdgeCost),
                         ("key-tap-cost", keyTapCost), ("space-omission-cost", spaceOmissionCost),
                         ("space-substitution-cost", spaceSubstitutionCost), ("split-margin", splitMargin), ("join-margin", joinMargin), ("omitted-space-margin", omittedSpaceMargin), ("unpaired-split-margin", unpairedSplitMargin),
                         ("spelling-margin", spellingMargin), ("omission-spelling-margin", omissionSpellingMargin), ("common-word-spelling-margin", commonWordSpellingMargin),
                         ("omission-spelling-margin-limit", omissionSpellingMarginLimit), ("spelling-margin-limit", spellingMarginLimit)] {
      if let cost, !(cost >= 0) { throw ValidationError("--\(name) must be 0 or more nats (inf turns it off), not \(cost).") }
    }
    for (name, value) in [("split-common-word", splitCommonWord), ("split-word-floor", splitWordFloor), ("common-word-log-probability", commonWordLogProbability)] {
      if let value, !(value.isFinite && value <= 0) { throw ValidationError("--\(name) must be a log-probability, 0 or less, not \(value).") }
    }
    for (name, value) in [("spelling-margin-per-letter", spellingMarginPerLetter), ("spelling-margin-length", spellingMarginLength)] {
      if let value, !(value.isFinite && value >= 0) { throw ValidationError("--\(name) must be a finite number, 0 or more, not \(value).") }
    }
  }

  /// `parameters` with the costs given.
  @OptionGroup var autocorrect: AutocorrectOption

  @Flag(name: .customLong("no-known-words"),
        help: "Typed letters that are a known word past the lexicon (the table's KNOW) get no protection: spelling corrections may replace them.")
  var noKnownWords = false

  @Flag(name: .customLong("generic-decoder"),
        help: "Start from the decoder's own defaults, not the settings the table's language was tuned with (TUNE).")
  var genericDecoder = false

  /// The decoder's parameters for `table`: its language's settings (unless --generic-decoder),
  /// then the costs given.
  func parameters(for table: KeyGramTable) -> WordDecoder.Parameters {
    applied(to: genericDecoder ? WordDecoder.Parameters() : WordDecoder.Parameters(table: table))
  }

  func applied(to parameters: WordDecoder.Parameters) -> WordDecoder.Parameters {
    var result = autocorrect.applied(to: parameters)
    if noKnownWords { result.knownWordsStand = false }
    if let omissionCost { result.omissionCost = omissionCost }
    if let extraTouchCost { result.extraTouchCost = extraTouchCost }
    if let doubledLetterCost { result.doubledLetterCost = doubledLetterCost }
    if let transpositionCost { result.transpositionCost = transpositionCost }
    if let vowelCost { result.vowelSubstitutionCost = vowelCost }
    if let letterCost { result.letterSubstitutionCost = letterCost }
    if let consonantCost { result.consonantSubstitutionCost = consonantCost }
    if let markedLetterCost { result.markedLetterCost = markedLetterCost }
    if let secondEditCost { result.secondEditCost = secondEditCost }
    if let wordEdgeCost { result.wordEdgeEditCost = wordEdgeCost }
    if let keyTapCost { result.keyTapLetterCost = keyTapCost }
    if let spaceOmissionCost { result.spaceOmissionCost = spaceOmissionCost }
    if let spaceSubstitutionCost { result.spaceSubstitutionCost = spaceSubstitutionCost }
    if let splitMargin { result.splitMargin = splitMargin }
    if let joinMargin { result.joinMargin = joinMargin }
    if let omittedSpaceMargin { result.omittedSpaceMargin = omittedSpaceMargin }
    if let unpairedSplitMargin { result.unpairedSplitMargin = unpairedSplitMargin }
    if let splitCommonWord { result.splitCommonWordLogProbability = splitCommonWord }
    if let splitWordFloor { result.splitWordLogProbabilityFloor = splitWordFloor }
    if let spellingMargin { result.spellingMargin = spellingMargin }
    if let omissionSpellingMargin { result.omissionSpellingMargin = omissionSpellingMargin }
    if let commonWordSpellingMargin { result.commonWordSpellingMargin = commonWordSpellingMargin }
    if let commonWordLogProbability { result.commonWordLogProbability = commonWordLogProbability }
    if let omissionSpellingMarginLimit { result.omissionSpellingMarginLimit = omissionSpellingMarginLimit }
    if let spellingMarginLimit { result.spellingMarginLimit = spellingMarginLimit }
    if let spellingMarginPerLetter { result.spellingMarginPerLetter = spellingMarginPerLetter }
    if let spellingMarginLength { result.spellingMarginLength = spellingMarginLength }
    if let spellingMarginFloor { result.spellingMarginFloor = spellingMarginFloor }
    if let contextWeight { result.contextWeight = contextWeight }
    if let decoderLexiconBalance { result.lexiconBalance = decoderLexiconBalance }
    if let historyTargetCount { result.historyTargetCount = historyTargetCount }
    if let protectedHistoryCount { result.protectedHistoryCount = protectedHistoryCount }
    if let protectedLexiconWordCount { result.protectedLexiconWordCount = protectedLexiconWordCount }
    if let beamWidth { result.beamWidth = beamWidth }
    if let omissionBeamWidth { result.omissionBeamWidth = omissionBeamWidth }
    return result
  }
}
