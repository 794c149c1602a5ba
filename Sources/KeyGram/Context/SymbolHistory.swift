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
  /// Bit i: entry i is a letter typed as a capital after a letter (Σ as σ), which takes its
  /// final form (ς) while a word end follows it.
  private var capitals: UInt32 = 0
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

  /// Remembers `raw` as the newest entry, forgetting the oldest when full; `awaitingFinalForm`
  /// marks a letter typed as a capital with a final form.
  mutating func push(_ raw: UInt8, awaitingFinalForm: Bool = false) {
    if count == Self.capacity { floor = .unknownLetter } else { count += 1 }
    older = (older &<< 8) | (newer &>> 56)
    newer = (newer &<< 8) | UInt64(raw)
    capitals = (capitals &<< 1 | (awaitingFinalForm ? 1 : 0)) & (1 &<< UInt32(Self.capacity) &- 1)
  }

  /// The index of the newest entry other than an apostrophe, or nil.
  private var newestSymbolIndex: Int? {
    var index = 0
    while index < count && entry(index) == Self.transparent { index += 1 }
    return index < count ? index : nil
  }

  /// The word ends: a newest letter typed as a capital with a final form becomes that form (ς).
  mutating func takeFinalForm(in table: KeyGramTable) {
    guard capitals != 0, let index = newestSymbolIndex, capitals & (1 &<< UInt32(index)) != 0, let letter = LetterSymbol(rawValue: entry(index)).letterIndex,
          let finalForm = table.finalForm(ofLetter: letter) else { return }
    write(UInt8(finalForm), at: index)
  }

  /// The word's end was deleted: a final form the newest letter took goes back to its letter (σ).
  mutating func giveBackFinalForm(in table: KeyGramTable) {
    guard capitals != 0, let index = newestSymbolIndex, capitals & (1 &<< UInt32(index)) != 0, let letter = LetterSymbol(rawValue: entry(index)).letterIndex,
          let base = table.letter(withFinalForm: letter) else { return }
    write(UInt8(base), at: index)
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
    guard let index = newestSymbolIndex else { return false }
    write(raw, at: index)
    capitals &= ~(1 &<< UInt32(index))  // a mark made it another letter: no capital's final form
    return true
  }

  private mutating func write(_ raw: UInt8, at index: Int) {
    let shift = UInt64(8 * (index % 8)), mask: UInt64 = ~(0xFF &<< shift)
    if index < 8 {
      newer = (newer & mask) | (UInt64(raw) &<< shift)
    } else {
      older = (older & mask) | (UInt64(raw) &<< shift)
    }
  }

  /// Forgets the newest entry; false when there was none to forget.
  @discardableResult
  mutating func pop() -> Bool {
    guard count > 0 else { return false }
    newer = (newer &>> 8) | (older &<< 56)
    older = older &>> 8
    capitals &>>= 1
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
