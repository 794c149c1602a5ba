/// How strongly the word decoder replaces what was typed when a word ends: the keyboard's
/// "Auto-correction" setting. A struct, not an enum, so that levels can be added without
/// breaking a host's `switch`.
///
/// Every level keeps a typed lexicon word, a word the user kept twice or restored with
/// backspace, and a known word from spelling corrections; the levels differ in how far a
/// correction, a split or a join must beat the typed letters (`WordDecoder.Parameters`' margins
/// are the modest level's, and stronger levels come nearer from them).
public struct Autocorrection: Hashable, Sendable, CustomStringConvertible {
  /// 0: never replace; higher replaces more readily.
  let strength: UInt8

  /// Nothing is replaced: the typed letters always stand. Suggestions still come.
  public static let off = Autocorrection(strength: 0)
  /// The decoder's own margins, as the table's language was tuned: a misspelling is corrected
  /// when the typed letters are plainly no word, and a missing space is only offered.
  public static let modest = Autocorrection(strength: 1)
  /// The default: common misspellings (`thier`, `definately`) corrected and a space left out
  /// between two common words (`thisis`) put in.
  public static let standard = Autocorrection(strength: 2)
  /// Every correction the decoder ranks first, unless the typed letters are a word.
  public static let aggressive = Autocorrection(strength: 3)

  /// Every level, gentlest first.
  public static let allLevels: [Autocorrection] = [.off, .modest, .standard, .aggressive]

  /// The level named `name` (`description`), or nil.
  public init?(name: String) {
    guard let level = Self.allLevels.first(where: { $0.description == name }) else { return nil }
    self = level
  }

  init(strength: UInt8) { self.strength = strength }

  /// Whether a word may be replaced at all.
  public var isOn: Bool { strength > 0 }

  /// The level's name: "off", "modest", "standard" or "aggressive".
  public var description: String {
    switch strength {
    case 0: "off"
    case 1: "modest"
    case 2: "standard"
    default: "aggressive"
    }
  }
}

/// The margins a level decides with, from the decoder's parameters (the modest level's).
/// Each is in nats: how far the best reading must beat the typed letters to replace them.
struct CorrectionMargins: Equatable {
  /// A word reached by touch noise alone (`Parameters.margin`).
  var touch: Float
  /// Taken off every spelling margin, after it follows the word's length.
  var spellingShift: Float
  /// A correction into a common word, and the log P from which a word is common.
  var commonWordSpelling: Float
  var commonWordLogProbability: Float
  /// Two words where a touch was taken for the space bar; two words of a pair the table keeps,
  /// with no touch for the space; two unpaired words; one word across a tapped space.
  var split: Float
  var omittedSpace: Float
  var unpairedSplit: Float
  var join: Float
  /// The log P one of two unpaired words must reach, and both must.
  var splitCommonWordLogProbability: Float
  var splitWordLogProbabilityFloor: Float

  init(_ parameters: WordDecoder.Parameters, level: Autocorrection) {
    touch = parameters.margin
    spellingShift = 0
    commonWordSpelling = parameters.commonWordSpellingMargin
    commonWordLogProbability = parameters.commonWordLogProbability
    split = parameters.splitMargin
    omittedSpace = parameters.omittedSpaceMargin
    unpairedSplit = parameters.unpairedSplitMargin
    join = parameters.joinMargin
    splitCommonWordLogProbability = parameters.splitCommonWordLogProbability
    splitWordLogProbabilityFloor = parameters.splitWordLogProbabilityFloor
    switch level.strength {
    case 0:
      (touch, spellingShift, commonWordSpelling) = (.infinity, -.infinity, .infinity)
      (split, omittedSpace, unpairedSplit, join) = (.infinity, .infinity, .infinity, .infinity)
    case 1:
      break
    case 2:
      // Chosen on the tuning texts with a typist who reverts half the wrong corrections (docs/Runtime.md).
      spellingShift = 6
      commonWordSpelling = Swift.min(commonWordSpelling, 2)
      omittedSpace = Swift.min(omittedSpace, 8)
      unpairedSplit = Swift.min(unpairedSplit, 10)
    default:
      spellingShift = 20
      commonWordSpelling = Swift.min(commonWordSpelling, 0)
      commonWordLogProbability = Swift.min(commonWordLogProbability, -10)
      omittedSpace = Swift.min(omittedSpace, 4)
      unpairedSplit = Swift.min(unpairedSplit, 6)
      splitCommonWordLogProbability = Swift.min(splitCommonWordLogProbability, -7)
      splitWordLogProbabilityFloor = Swift.min(splitWordLogProbabilityFloor, -13)
      split = Swift.max(0, split - 1.5)
      join = Swift.max(0, join - 1.5)
      touch = Swift.max(0, touch - 1)
    }
  }
}
