/// What the keyboard's user chose, in one value the host may change between any two events
/// (`TypingEngine.settings`): it takes effect at the next event.
public struct TypingSettings: Hashable, Sendable {
  /// How readily a word is replaced when it ends (`Autocorrection.off`: never).
  public var autocorrection: Autocorrection
  /// Whether the suggestion bar offers next words after a space.
  public var predictsNextWords: Bool
  /// Whether the engine learns the user's words and touches. Turn it off in secure fields.
  public var learns: Bool
  /// Whether a sentence's first letter is typed as a capital without a shift tap.
  public var capitalizesSentences: Bool

  /// The settings a new keyboard starts with: every feature on.
  public init(autocorrection: Autocorrection = .standard, predictsNextWords: Bool = true, learns: Bool = true,
              capitalizesSentences: Bool = true) {
    self.autocorrection = autocorrection
    self.predictsNextWords = predictsNextWords
    self.learns = learns
    self.capitalizesSentences = capitalizesSentences
  }
}

/// How strongly the word decoder replaces what was typed when a word ends. A struct, not an
/// enum, so that stronger and gentler levels can be added without breaking a host's `switch`.
public struct Autocorrection: Hashable, Sendable, CustomStringConvertible {
  /// 0: never replace; higher replaces more readily.
  let strength: UInt8

  /// Nothing is replaced: the typed letters always stand. Suggestions still come.
  public static let off = Autocorrection(strength: 0)
  /// The decoder's own margins (the table's tuned defaults).
  public static let standard = Autocorrection(strength: 2)

  /// Whether a word may be replaced at all.
  public var isOn: Bool { strength > 0 }

  /// The level's name.
  public var description: String { strength == 0 ? "off" : "standard" }
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
