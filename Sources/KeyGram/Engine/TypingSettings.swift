/// What the keyboard's user chose, in one value the host may change between any two events
/// (`TypingEngine.settings`): it takes effect at the next event.
public struct TypingSettings: Hashable, Sendable {
  /// How readily a word is replaced when it ends (`Autocorrection.off`: never); nil: the level
  /// the table's language starts at (`WordDecoder.Parameters(table:)`, English `.standard`).
  public var autocorrection: Autocorrection?
  /// Whether the suggestion bar offers next words after a space.
  public var predictsNextWords: Bool
  /// Whether the engine learns the user's words and touches. Turn it off in secure fields.
  public var learns: Bool
  /// Whether a sentence's first letter is typed as a capital without a shift tap.
  public var capitalizesSentences: Bool
  /// Whether the words the table flags as offensive (`KeyGramTable.offensiveWords`) are kept off
  /// the suggestion bar, out of corrections, splits and joins, and out of the next words. A
  /// flagged word typed exactly stands; one the user kept twice or restored by a revert is the
  /// user's own and is offered again.
  public var blocksOffensiveWords: Bool

  /// The settings a new keyboard starts with: every feature on.
  public init(autocorrection: Autocorrection? = nil, predictsNextWords: Bool = true, learns: Bool = true,
              capitalizesSentences: Bool = true, blocksOffensiveWords: Bool = true) {
    self.autocorrection = autocorrection
    self.blocksOffensiveWords = blocksOffensiveWords
    self.predictsNextWords = predictsNextWords
    self.learns = learns
    self.capitalizesSentences = capitalizesSentences
  }
}

/// The shift key's state, which the keyboard draws on its key caps.
public enum ShiftState: Hashable, Sendable {
  /// Lowercase letters.
  case off
  /// The next letter is a capital (a shift tap, or a sentence start with auto-capitalisation).
  case once
  /// Every letter is a capital until shift is tapped again (a double tap on shift).
  case locked
}
