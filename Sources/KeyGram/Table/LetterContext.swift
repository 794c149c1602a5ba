/// One typed symbol as the letter model sees it: a letter index, a boundary (space,
/// punctuation, digit, start of text) or a letter the alphabet lacks.
@frozen
public struct LetterSymbol: Hashable, Sendable {
  /// A letter index below 0xFD, `unknownLetter` (0xFD) or `boundary` (0xFE).
  public var rawValue: UInt8

  /// The symbol with the raw value `rawValue`.
  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// The letter at `letterIndex` of the table's alphabet.
  @inlinable public init(letterIndex: Int) {
    precondition(letterIndex >= 0 && letterIndex < Int(LetterSymbol.unknownLetter.rawValue))
    rawValue = UInt8(letterIndex)
  }

  /// Space, punctuation, a digit, an emoji, the start of the text.
  public static let boundary = LetterSymbol(rawValue: 0xFE)
  /// A letter that is not in the table's alphabet (é in an English table).
  public static let unknownLetter = LetterSymbol(rawValue: 0xFD)

  /// True for a letter of the alphabet (not a boundary or an unknown letter).
  @inlinable public var isLetter: Bool { rawValue < LetterSymbol.unknownLetter.rawValue }
  /// The letter's index in the alphabet, or nil for a boundary or an unknown letter.
  @inlinable public var letterIndex: Int? { isLetter ? Int(rawValue) : nil }
}

/// The three most recent symbols: all a 4-gram model needs to predict the next letter.
///
/// `earlier` only counts when `previous` and `last` are both letters; otherwise it is
/// `.unknownLetter`, so contexts with the same distribution compare equal. An `earlier` of
/// `.unknownLetter` asks for the trigram row: that is what `init(previous:last:)` makes.
@frozen
public struct LetterContext: Hashable, Sendable {
  /// The symbol before `previous` (the 4-gram row's first).
  public var earlier: LetterSymbol
  /// The symbol before `last`.
  public var previous: LetterSymbol
  /// The most recent symbol.
  public var last: LetterSymbol

  /// A trigram context: two symbols, nothing known before them.
  @inlinable public init(previous: LetterSymbol, last: LetterSymbol) {
    self.init(earlier: .unknownLetter, previous: previous, last: last)
  }

  /// A 4-gram context; `earlier` is `.boundary` for a word that starts at `previous`.
  @inlinable public init(earlier: LetterSymbol, previous: LetterSymbol, last: LetterSymbol) {
    self.earlier = previous.isLetter && last.isLetter && (earlier.isLetter || earlier == .boundary) ? earlier : .unknownLetter
    self.previous = previous
    self.last = last
  }

  /// Nothing typed yet in this word.
  public static let wordStart = LetterContext(previous: .boundary, last: .boundary)

  /// A bigram context: `last`, with nothing known before it (the bigram row).
  @inlinable public static func bigram(_ last: LetterSymbol) -> LetterContext {
    LetterContext(previous: .unknownLetter, last: last)
  }

  /// The canonical context of three symbols, so contexts with the same distribution compare
  /// equal: `.wordStart` after a boundary, unknown-unknown after an unknown letter.
  @inlinable
  public static func canonical(earlier: LetterSymbol, previous: LetterSymbol, last: LetterSymbol) -> LetterContext {
    if last == .boundary { return .wordStart }
    if !last.isLetter { return .bigram(.unknownLetter) }
    return LetterContext(earlier: earlier, previous: previous.isLetter || previous == .boundary ? previous : .unknownLetter,
                         last: last)
  }

  /// Shifts `symbol` in, keeping the context canonical; a boundary after a boundary changes
  /// nothing, as in the counts.
  @inlinable
  public mutating func append(_ symbol: LetterSymbol) {
    self = .canonical(earlier: previous, previous: last, last: symbol)
  }
}
