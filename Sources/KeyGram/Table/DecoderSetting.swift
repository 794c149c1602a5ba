/// A word-decoder setting a table may carry for its language (format 2.5 `TUNE`), by its id in
/// the file: each is the `WordDecoder.Parameters` property of the same name, which a language
/// manifest's `decoder` object names. A reader ignores ids it does not know, so later versions
/// may add settings.
public enum DecoderSetting: UInt32, CaseIterable, Sendable {
  case margin = 1
  case omissionCost = 2
  case extraTouchCost = 3
  case spellingMargin = 4
  case omissionSpellingMargin = 5
  case commonWordSpellingMargin = 6
  case commonWordLogProbability = 7
  case omissionSpellingMarginLimit = 8
  case spellingMarginLimit = 9
  case spellingMarginPerLetter = 10
  case spellingMarginLength = 11
  case doubledLetterCost = 12
  case transpositionCost = 13
  case vowelSubstitutionCost = 14
  case letterSubstitutionCost = 15
  case wordEdgeEditCost = 16
  case omittedSpaceMargin = 17
  case unpairedSplitMargin = 18
  case contextWeight = 19
  case lexiconBalance = 20

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
