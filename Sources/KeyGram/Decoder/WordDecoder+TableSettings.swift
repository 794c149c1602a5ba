extension WordDecoder.Parameters {
  /// The defaults, with the settings `table`'s language was tuned with in their place
  /// (`KeyGramTable.decoderSettings`): English tables carry spelling margins that follow the
  /// word's length, for example. A table without settings gives `init()`'s defaults.
  public init(table: KeyGramTable) {
    self.init()
    for (setting, value) in table.decoderSettings { self[setting] = value }
  }

  /// `autocorrection` as a setting's number: its strength, 0 … 3; a number outside them, the nearest level.
  var autocorrectionStrength: Float {
    get { Float(autocorrection.strength) }
    set {
      let level = newValue.isNaN ? Autocorrection.modest.strength : UInt8(Swift.min(Swift.max(newValue.rounded(), 0), 3))
      autocorrection = Autocorrection(strength: level)
    }
  }

  /// The parameter `setting` names.
  public subscript(setting: DecoderSetting) -> Float {
    get { self[keyPath: Self.keyPath(of: setting)] }
    set { self[keyPath: Self.keyPath(of: setting)] = newValue }
  }

  static func keyPath(of setting: DecoderSetting) -> WritableKeyPath<Self, Float> {
    switch setting {
    case .margin: \.margin
    case .omissionCost: \.omissionCost
    case .extraTouchCost: \.extraTouchCost
    case .spellingMargin: \.spellingMargin
    case .omissionSpellingMargin: \.omissionSpellingMargin
    case .commonWordSpellingMargin: \.commonWordSpellingMargin
    case .commonWordLogProbability: \.commonWordLogProbability
    case .omissionSpellingMarginLimit: \.omissionSpellingMarginLimit
    case .spellingMarginLimit: \.spellingMarginLimit
    case .spellingMarginPerLetter: \.spellingMarginPerLetter
    case .spellingMarginLength: \.spellingMarginLength
    case .doubledLetterCost: \.doubledLetterCost
    case .transpositionCost: \.transpositionCost
    case .vowelSubstitutionCost: \.vowelSubstitutionCost
    case .letterSubstitutionCost: \.letterSubstitutionCost
    case .wordEdgeEditCost: \.wordEdgeEditCost
    case .omittedSpaceMargin: \.omittedSpaceMargin
    case .unpairedSplitMargin: \.unpairedSplitMargin
    case .contextWeight: \.contextWeight
    case .lexiconBalance: \.lexiconBalance
    case .spellingMarginFloor: \.spellingMarginFloor
    case .secondEditCost: \.secondEditCost
    case .consonantSubstitutionCost: \.consonantSubstitutionCost
    case .markedLetterCost: \.markedLetterCost
    case .autocorrection: \.autocorrectionStrength
    }
  }
}
