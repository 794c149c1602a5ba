/// The most recent recorded symbols, newest first, packed one byte each into two words so a
/// typing context stays a plain value that never allocates, however long the user types.
struct SymbolHistory: Hashable, Sendable {
  /// How many symbols are remembered; older ones are forgotten.
  static let capacity = 16
  /// Marks an apostrophe: kept so a backspace over it deletes the right thing, skipped when
  /// deriving the context (0xFF is neither a letter index nor a `LetterSymbol` constant).
  static let transparent: UInt8 = 0xFF

  /// Entries 0 ..< 8 (entry 0 newest) in `newer`, entries 8 ..< 16 in `older`, a byte each.
  private var newer: UInt64 = 0
  private var older: UInt64 = 0
  /// How many entries are remembered, 0 ... `capacity`.
  private(set) var count = 0
  /// What precedes the oldest remembered entry: a boundary at the start of the text, an
  /// unknown letter once an entry has been forgotten.
  private(set) var floor: LetterSymbol = .boundary

  /// The raw byte of entry `index`, 0 being the newest.
  func entry(_ index: Int) -> UInt8 {
    index < 8 ? UInt8(truncatingIfNeeded: newer &>> UInt64(8 * index))
              : UInt8(truncatingIfNeeded: older &>> UInt64(8 * (index - 8)))
  }

  /// Remembers `raw` as the newest entry, forgetting the oldest when full.
  mutating func push(_ raw: UInt8) {
    if count == Self.capacity { floor = .unknownLetter } else { count += 1 }
    older = (older &<< 8) | (newer &>> 56)
    newer = (newer &<< 8) | UInt64(raw)
  }

  /// The newest entry other than an apostrophe, or `floor` when there is none.
  var newestSymbol: LetterSymbol {
    var index = 0
    while index < count {
      let raw = entry(index)
      if raw != Self.transparent { return LetterSymbol(rawValue: raw) }
      index += 1
    }
    return floor
  }

  /// Rewrites the newest entry other than an apostrophe as `raw`; false when there is none.
  @discardableResult
  mutating func replaceNewestSymbol(with raw: UInt8) -> Bool {
    var index = 0
    while index < count && entry(index) == Self.transparent { index += 1 }
    guard index < count else { return false }
    let shift = UInt64(8 * (index % 8)), mask: UInt64 = ~(0xFF &<< shift)
    if index < 8 {
      newer = (newer & mask) | (UInt64(raw) &<< shift)
    } else {
      older = (older & mask) | (UInt64(raw) &<< shift)
    }
    return true
  }

  /// Forgets the newest entry; false when there was none to forget.
  @discardableResult
  mutating func pop() -> Bool {
    guard count > 0 else { return false }
    newer = (newer &>> 8) | (older &<< 56)
    older = older &>> 8
    count -= 1
    return true
  }

  /// The context the remembered entries end in, apostrophes skipped, normalised so that
  /// contexts with the same distribution compare equal (after a boundary or an unknown
  /// letter, what came before does not matter).
  var context: LetterContext {
    var symbols: (LetterSymbol?, LetterSymbol?, LetterSymbol?) = (nil, nil, nil)  // last, previous, earlier
    var found = 0
    var index = 0
    while index < count && found < 3 {
      let raw = entry(index)
      index += 1
      if raw == Self.transparent { continue }
      switch found {
      case 0: symbols.0 = LetterSymbol(rawValue: raw)
      case 1: symbols.1 = LetterSymbol(rawValue: raw)
      default: symbols.2 = LetterSymbol(rawValue: raw)
      }
      found += 1
    }
    return .canonical(earlier: symbols.2 ?? floor, previous: symbols.1 ?? floor, last: symbols.0 ?? floor)
  }

  /// Forgets everything; `floor` says what precedes: `.boundary` at the start of a text.
  mutating func removeAll(floor: LetterSymbol) {
    self = SymbolHistory()
    self.floor = floor
  }
}
