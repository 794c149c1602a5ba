/// A word-decoder setting a table may carry for its language (format 2.5 `TUNE`), by its id in
/// the file: each is the `WordDecoder.Parameters` property of the same name, which a language
/// manifest's `decoder` object names. A reader ignores ids it does not know, so later versions
/// may add settings.
public enum DecoderSetting: UInt32, CaseIterable, Sendable {
  /// `WordDecoder.Parameters.margin`: how far a word must beat the typed letters.
  case margin = 1
  /// `WordDecoder.Parameters.omissionCost`: a letter the typist skipped.
  case omissionCost = 2
  /// `WordDecoder.Parameters.extraTouchCost`: a touch that belongs to no letter.
  case extraTouchCost = 3
  /// `WordDecoder.Parameters.spellingMargin`: how far a spelling correction must beat the typed letters.
  case spellingMargin = 4
  /// `WordDecoder.Parameters.omissionSpellingMargin`: the same, for a letter left out or a swap.
  case omissionSpellingMargin = 5
  /// `WordDecoder.Parameters.commonWordSpellingMargin`: the same, for a correction into a common word.
  case commonWordSpellingMargin = 6
  /// `WordDecoder.Parameters.commonWordLogProbability`: the lexicon log P from which a word is common.
  case commonWordLogProbability = 7
  /// `WordDecoder.Parameters.omissionSpellingMarginLimit`: the most the omission spelling margin grows to.
  case omissionSpellingMarginLimit = 8
  /// `WordDecoder.Parameters.spellingMarginLimit`: the most the spelling margin grows to.
  case spellingMarginLimit = 9
  /// `WordDecoder.Parameters.spellingMarginPerLetter`: how much nearer the spelling margins come per letter.
  case spellingMarginPerLetter = 10
  /// `WordDecoder.Parameters.spellingMarginLength`: the typed length at which the spelling margins are as set.
  case spellingMarginLength = 11
  /// `WordDecoder.Parameters.doubledLetterCost`: one of a doubled letter left out, or a letter typed twice.
  case doubledLetterCost = 12
  /// `WordDecoder.Parameters.transpositionCost`: two neighbouring letters typed in the other order.
  case transpositionCost = 13
  /// `WordDecoder.Parameters.vowelSubstitutionCost`: a vowel written for another vowel.
  case vowelSubstitutionCost = 14
  /// `WordDecoder.Parameters.letterSubstitutionCost`: any other letter written for the word's.
  case letterSubstitutionCost = 15
  /// `WordDecoder.Parameters.wordEdgeEditCost`: added to an edit at the word's edge.
  case wordEdgeEditCost = 16
  /// `WordDecoder.Parameters.omittedSpaceMargin`: how far two paired words must beat letters typed without a space.
  case omittedSpaceMargin = 17
  /// `WordDecoder.Parameters.unpairedSplitMargin`: the same for two words the table keeps no pair of.
  case unpairedSplitMargin = 18
  /// `WordDecoder.Parameters.contextWeight`: the weight of the previous word.
  case contextWeight = 19
  /// `WordDecoder.Parameters.lexiconBalance`: the prior odds against a word being a lexicon word.
  case lexiconBalance = 20
  /// `WordDecoder.Parameters.spellingMarginFloor`: the least the spelling margins come down to.
  case spellingMarginFloor = 21
  /// `WordDecoder.Parameters.secondEditCost`: added to a second letter left out or extra touch.
  case secondEditCost = 22
  /// `WordDecoder.Parameters.consonantSubstitutionCost`: a consonant written for one that sounds alike.
  case consonantSubstitutionCost = 23
  /// `WordDecoder.Parameters.markedLetterCost`: a touch on a letter's key read as that letter with marks.
  case markedLetterCost = 24
  /// `WordDecoder.Parameters.autocorrection`: the level a keyboard starts at (0 off, 1 modest,
  /// 2 standard, 3 aggressive), chosen on the language's tuning text.
  case autocorrection = 25

  /// The name a manifest and `keygram inspect` give it: the parameter's.
  public var name: String {
    switch self {
    case .margin: "margin"
    case .omissionCost: "omissionCost"
    case .extraTouchCost: "extraTouchCost"
    case .spellingMargin: "spellingMargin"
    case .omissionSpellingMargin: "omissionSpellingMargin"
    case .commonWordSpellingMargin: "commonWordSpellingMargin"
    case .commonWordLogProbability: "commonWordLogProbability"
    case .omissionSpellingMarginLimit: "omissionSpellingMarginLimit"
    case .spellingMarginLimit: "spellingMarginLimit"
    case .spellingMarginPerLetter: "spellingMarginPerLetter"
    case .spellingMarginLength: "spellingMarginLength"
    case .doubledLetterCost: "doubledLetterCost"
    case .transpositionCost: "transpositionCost"
    case .vowelSubstitutionCost: "vowelSubstitutionCost"
    case .letterSubstitutionCost: "letterSubstitutionCost"
    case .wordEdgeEditCost: "wordEdgeEditCost"
    case .omittedSpaceMargin: "omittedSpaceMargin"
    case .unpairedSplitMargin: "unpairedSplitMargin"
    case .contextWeight: "contextWeight"
    case .lexiconBalance: "lexiconBalance"
    case .spellingMarginFloor: "spellingMarginFloor"
    case .secondEditCost: "secondEditCost"
    case .consonantSubstitutionCost: "consonantSubstitutionCost"
    case .markedLetterCost: "markedLetterCost"
    case .autocorrection: "autocorrection"
    }
  }
}


extension DecoderSetting {
  /// The setting a manifest or a person names `name`, or nil.
  public init?(name: String) {
    guard let setting = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = setting
  }
}

extension KeyGramTable {
  /// The decoder settings the table's language was tuned with (format 2.5 `TUNE`), in id order;
  /// empty for a table without them. `WordDecoder.Parameters(table:)` starts from these.
  public var decoderSettings: [(setting: DecoderSetting, value: Float)] {
    guard let layout = sections.decoderSettings else { return [] }
    typealias D = TableFormat.DecoderSettings
    return (0..<layout.entryCount).compactMap { index in
      let offset = sections.decoderSettingsOffset + D.headSize + D.entrySize * index
      guard let setting = DecoderSetting(rawValue: bytes.uint32(at: offset)) else { return nil }
      return (setting, Float(bitPattern: bytes.uint32(at: offset + 4)))
    }
  }
}
