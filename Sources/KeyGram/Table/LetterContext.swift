/// One typed symbol as the letter model sees it: a letter index, a boundary (space,
/// punctuation, digit, start of text) or a letter the alphabet lacks.
@frozen
public struct LetterSymbol: Hashable, Sendable {
  public var rawValue: UInt8

  @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
  @inlinable public init(letterIndex: Int) {
    precondition(letterIndex >= 0 && letterIndex < Int(LetterSymbol.unknownLetter.rawValue))
    rawValue = UInt8(letterIndex)
  }

  /// Space, punctuation, a digit, an emoji, the start of the text.
  public static let boundary = LetterSymbol(rawValue: 0xFE)
  /// A letter that is not in the table's alphabet (é in an English table).
  public static let unknownLetter = LetterSymbol(rawValue: 0xFD)

  @inlinable public var isLetter: Bool { rawValue < LetterSymbol.unknownLetter.rawValue }
  @inlinable public var letterIndex: Int? { isLetter ? Int(rawValue) : nil }
}

/// The two most recent symbols: all a trigram model needs to predict the next letter.
@frozen
public struct LetterContext: Hashable, Sendable {
  public var previous: LetterSymbol
  public var last: LetterSymbol

  @inlinable public init(previous: LetterSymbol, last: LetterSymbol) {
    self.previous = previous
    self.last = last
  }

  /// Nothing typed yet in this word.
  public static let wordStart = LetterContext(previous: .boundary, last: .boundary)

  /// Shifts `symbol` in; a boundary after a boundary changes nothing, as in the counts.
  @inlinable
  public mutating func append(_ symbol: LetterSymbol) {
    if symbol == .boundary && last == .boundary { return }
    previous = last
    last = symbol
  }
}
