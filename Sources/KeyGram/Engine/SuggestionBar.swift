/// The suggestion bar after the last event (`TypingEngine.suggestions`): up to three slots, best
/// first. A view of the engine's storage, valid until its next event.
public struct SuggestionBar: RandomAccessCollection {
  /// What picking a slot does (`TypingEngine.pick(_:)`).
  public enum Kind: Int, Hashable, Sendable {
    /// A word for the one being typed: it replaces the typed letters, and a space follows.
    case word
    /// Two words for the letters typed ("thisis": "this is").
    case twoWords
    /// One word for the previous word, the space after it and the letters typed since ("num ers": "numbers").
    case joined
    /// The next word, after a space.
    case nextWord
    /// The text as typed, right after the engine corrected it: picking it reverts the correction.
    case revert
  }

  /// One slot of the bar.
  public struct Slot {
    /// What picking it does.
    public let kind: Kind
    let storage: BarStorage
    let index: Int

    /// The number of scalars it shows.
    public var count: Int { storage.lengths[index] }

    /// The scalar at `position`, read without an allocation.
    public func scalar(at position: Int) -> Unicode.Scalar {
      precondition(position >= 0 && position < count, "SuggestionBar slot position out of range")
      return Unicode.Scalar(storage.scalars[index * BarStorage.slotCapacity + position]) ?? "\u{FFFD}"
    }

    /// The text it shows. Makes a `String`: for the bar's label.
    public var text: String {
      var scalars = String.UnicodeScalarView()
      for position in 0..<count { scalars.append(scalar(at: position)) }
      return String(scalars)
    }
  }

  let storage: BarStorage

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of slots filled (at most three).
  public var endIndex: Int { storage.count }
  /// The slot at `position`, best first.
  public subscript(position: Int) -> Slot {
    precondition(position >= 0 && position < storage.count, "SuggestionBar index out of range")
    return Slot(kind: Kind(rawValue: storage.kinds[position]) ?? .word, storage: storage, index: position)
  }
}

/// What the bar shows once read: the current word's suggestions, the next words, or what an
/// event put in it already (a revert, or a reverted correction to pick again).
enum BarMode {
  case empty, word, nextWords, revert, afterRevert
}

/// The bar's fixed storage: per slot its kind, its scalars and, for a join, the characters it replaces.
final class BarStorage {
  static let slotLimit = 3
  /// The most scalars a slot holds: two words of `WordDecoder.capacity` letters and their apostrophes.
  static let slotCapacity = 128

  let scalars = UInt32Buffer(repeating: 0, count: BarStorage.slotLimit * BarStorage.slotCapacity)
  let lengths = IntBuffer(repeating: 0, count: BarStorage.slotLimit)
  let kinds = IntBuffer(repeating: 0, count: BarStorage.slotLimit)
  let replacedCounts = IntBuffer(repeating: 0, count: BarStorage.slotLimit)
  @exclusivity(unchecked) private(set) var count = 0
  /// An event happened since the bar was made.
  @exclusivity(unchecked) var isStale = true

  var bytes: Int { 4 * scalars.count + 24 * BarStorage.slotLimit }
  var isFull: Bool { count == Self.slotLimit }

  func removeAll() { count = 0 }

  /// Adds a slot showing `word`; false (nothing added) when the bar is full or the word too long.
  @discardableResult
  func add(_ kind: SuggestionBar.Kind, word: DecodedWord, replacing replaced: Int = 0) -> Bool {
    guard count < Self.slotLimit, word.writtenCount <= Self.slotCapacity, word.writtenCount > 0 else { return false }
    for slot in 0..<count where hasText(of: word, at: slot) { return false }
    let base = count * Self.slotCapacity
    for position in 0..<word.writtenCount { scalars[base + position] = word.writtenScalar(at: position).value }
    finish(kind, length: word.writtenCount, replacing: replaced)
    return true
  }

  /// Adds a slot showing two words with a space between.
  @discardableResult
  func add(_ kind: SuggestionBar.Kind, first: DecodedWord, second: DecodedWord) -> Bool {
    let length = first.writtenCount + 1 + second.writtenCount
    guard count < Self.slotLimit, length <= Self.slotCapacity else { return false }
    let base = count * Self.slotCapacity
    for position in 0..<first.writtenCount { scalars[base + position] = first.writtenScalar(at: position).value }
    scalars[base + first.writtenCount] = 0x20
    for position in 0..<second.writtenCount { scalars[base + first.writtenCount + 1 + position] = second.writtenScalar(at: position).value }
    finish(kind, length: length, replacing: 0)
    return true
  }

  /// Adds a slot showing `length` scalars of `buffer`.
  @discardableResult
  func add(_ kind: SuggestionBar.Kind, scalars buffer: UInt32Buffer, length: Int) -> Bool {
    guard count < Self.slotLimit, length > 0, length <= Self.slotCapacity else { return false }
    let base = count * Self.slotCapacity
    for position in 0..<length { scalars[base + position] = buffer[position] }
    finish(kind, length: length, replacing: 0)
    return true
  }

  private func finish(_ kind: SuggestionBar.Kind, length: Int, replacing replaced: Int) {
    lengths[count] = length
    kinds[count] = kind.rawValue
    replacedCounts[count] = replaced
    count += 1
  }

  /// Whether slot `slot` already shows `word`'s text.
  private func hasText(of word: DecodedWord, at slot: Int) -> Bool {
    guard lengths[slot] == word.writtenCount else { return false }
    let base = slot * Self.slotCapacity
    for position in 0..<word.writtenCount where scalars[base + position] != word.writtenScalar(at: position).value { return false }
    return true
  }
}
