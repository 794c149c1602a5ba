/// Which key types each letter of a table's alphabet.
///
/// Usually each letter is typed by the key with that letter on its cap, but several letters
/// may share one key (French é and è on the e key); a key's weight in a context is then the
/// sum of its letters' weights. A table's `LAYT` section (format 1.1) carries exactly this map,
/// and `init(layout:table:)` follows it; `init(keyIndexOfLetter:keyCount:)` takes one by hand.
public struct LetterKeyMap: Hashable, Sendable {
  /// For each letter index, the index of the key that types it, or nil.
  public private(set) var keyIndexOfLetter: [KeyIndex?]
  /// The number of keys of the layout the map was made for.
  public let keyCount: Int

  /// A map in which no letter has a key yet.
  public init(letterCount: Int, keyCount: Int) {
    keyIndexOfLetter = Array(repeating: nil, count: Swift.max(letterCount, 0))
    self.keyCount = Swift.max(keyCount, 0)
  }

  /// A map from explicit key indices, as a `LAYT` section gives them. An index outside
  /// `0 ..< keyCount` leaves its letter without a key.
  public init(keyIndexOfLetter: [KeyIndex?], keyCount: Int) {
    self.keyCount = Swift.max(keyCount, 0)
    self.keyIndexOfLetter = keyIndexOfLetter.map { index in
      index.flatMap { $0.rawValue >= 0 && $0.rawValue < keyCount ? $0 : nil }
    }
  }

  /// Maps each letter of `table`'s alphabet to a letter key of `layout`.
  ///
  /// With a `LAYT` section (format 1.1), a letter goes to the layout's key whose cap shows the
  /// cap of the table key that types it, so French é, è, ê and ë all go to the e key and their
  /// weights add up. Otherwise, or when the layout has no such cap, a letter goes to the key
  /// whose cap shows the letter itself (either case). A cap letter the alphabet lacks types
  /// nothing (its key gets the minimum weight); a letter no cap shows has no key (its weight
  /// is not counted). When two keys show the same letter, the first one types it.
  public init(layout: KeyboardLayout, table: KeyGramTable) {
    self.init(letterCount: table.letterCount, keyCount: layout.keys.count)
    for (keyIndex, key) in layout.keys.enumerated() {
      guard let letter = key.letter, let letterIndex = table.letterIndex(of: letter),
            keyIndexOfLetter[letterIndex] == nil else { continue }
      keyIndexOfLetter[letterIndex] = KeyIndex(keyIndex)
    }
    guard let keyboard = table.keyboardLayout else { return }
    let fromTable = LetterKeyMap(layout: layout, keyboard: keyboard)
    for (letterIndex, keyIndex) in fromTable.keyIndexOfLetter.enumerated() where letterIndex < keyIndexOfLetter.count {
      if let keyIndex { keyIndexOfLetter[letterIndex] = keyIndex }
    }
  }

  /// The number of letters the map covers.
  public var letterCount: Int { keyIndexOfLetter.count }

  /// The key that types letter `letterIndex`, or nil (also for an index out of range).
  public func keyIndex(ofLetter letterIndex: Int) -> KeyIndex? {
    guard letterIndex >= 0 && letterIndex < keyIndexOfLetter.count else { return nil }
    return keyIndexOfLetter[letterIndex]
  }

  /// The letters that key `keyIndex` types, in alphabet order.
  public func letters(onKey keyIndex: KeyIndex) -> [Int] {
    keyIndexOfLetter.indices.filter { keyIndexOfLetter[$0] == keyIndex }
  }

  /// Makes key `keyIndex` type letter `letterIndex` as well as (or instead of) whatever
  /// typed it before. Returns false, changing nothing, when either index is out of range.
  @discardableResult
  public mutating func assign(letter letterIndex: Int, toKey keyIndex: KeyIndex) -> Bool {
    guard letterIndex >= 0 && letterIndex < keyIndexOfLetter.count,
          keyIndex.rawValue >= 0 && keyIndex.rawValue < keyCount else { return false }
    keyIndexOfLetter[letterIndex] = keyIndex
    return true
  }

  /// Leaves letter `letterIndex` without a key (its weight is no longer counted).
  public mutating func removeKey(ofLetter letterIndex: Int) {
    guard letterIndex >= 0 && letterIndex < keyIndexOfLetter.count else { return }
    keyIndexOfLetter[letterIndex] = nil
  }
}
