/// The engine's view of the text before the cursor: its newest scalars, each marked with whether
/// it starts a character and whether the typing context holds a symbol for it, so one deleted
/// character takes back exactly what it recorded. It also collects each event's edit: the
/// characters it deleted that were there before the event, and the scalars it wrote since.
/// It runs on the engine's thread only: its counters skip the run-time exclusivity check.
final class TextMirror {
  /// The most scalars kept; the oldest half goes when it fills.
  static let capacity = 1024
  /// Room kept free at an event's start: more than an event writes (a join, a split and a mark).
  static let eventRoom = 384

  static let startsCharacter: UInt16 = 1
  static let recordsSymbol: UInt16 = 2

  let scalars = UInt32Buffer(repeating: 0, count: TextMirror.capacity)
  let flags = UInt16Buffer(repeating: 0, count: TextMirror.capacity)
  @exclusivity(unchecked) private(set) var count = 0
  /// Whether the text goes on before the kept scalars (a long text, or one the host gave in part).
  @exclusivity(unchecked) private(set) var isTruncated = false
  /// Scalars dropped from the front so far: `droppedCount + index` names a scalar across drops.
  @exclusivity(unchecked) private(set) var droppedCount = 0
  /// The position after the newest scalar, in the units `droppedCount` counts.
  var absoluteCount: Int { droppedCount + count }

  /// The event's edit: where the scalars written during it start, and the characters it
  /// deleted from what was there before it.
  @exclusivity(unchecked) private(set) var editStart = 0
  @exclusivity(unchecked) private(set) var deletedCharacters = 0

  /// Starts an event's edit, first making room for what it may write.
  func beginEdit() {
    if count > Self.capacity - Self.eventRoom { dropOldest(count - (Self.capacity - Self.eventRoom) / 2) }
    editStart = count
    deletedCharacters = 0
  }

  /// The event's edit is applied: the next one starts from here.
  func endEdit() {
    editStart = count
    deletedCharacters = 0
  }

  /// Appends `scalar`; `flags` from `startsCharacter` and `recordsSymbol`.
  func append(_ scalar: Unicode.Scalar, flags: UInt16) {
    if count == Self.capacity { dropOldest(Self.capacity / 2) }
    scalars[count] = scalar.value
    self.flags[count] = flags
    count += 1
  }

  /// Removes the newest character and returns how many context symbols it recorded, or nil
  /// when nothing is known of it (the start of the text, or text before the kept scalars:
  /// `isTruncated` tells which).
  func removeLastCharacter() -> Int? {
    guard count > 0 else {
      if isTruncated { deletedCharacters += 1 }
      return nil
    }
    var symbols = 0
    repeat {
      count -= 1
      if flags[count] & Self.recordsSymbol != 0 { symbols += 1 }
    } while count > 0 && flags[count] & Self.startsCharacter == 0
    if count < editStart {
      deletedCharacters += 1
      editStart = count
    }
    return symbols
  }

  /// Forgets everything: the text is `isTruncated` when it goes on before what is appended next.
  func removeAll(isTruncated: Bool) {
    count = 0
    editStart = 0
    deletedCharacters = 0
    self.isTruncated = isTruncated
  }

  /// Marks the kept scalars from `start` on as characters start them, from the host's own
  /// segmentation (`String`'s, which the text field uses too).
  func setCharacterStart(at index: Int, _ starts: Bool) {
    flags[index] = starts ? flags[index] | Self.startsCharacter : flags[index] & ~Self.startsCharacter
  }

  /// The scalar at `index` (0 ..< count).
  func scalar(at index: Int) -> Unicode.Scalar { Unicode.Scalar(scalars[index]) ?? "\u{FFFD}" }

  /// The number of characters from scalar `index` to the end.
  func characterCount(from index: Int) -> Int {
    var characters = 0
    for position in Swift.max(index, 0)..<count where flags[position] & Self.startsCharacter != 0 { characters += 1 }
    return characters
  }

  /// Drops scalars at the front up to the first that starts a character: a long text cut to
  /// fit may have lost the start of its first kept character.
  func dropLeadingPartialCharacter() {
    guard count > 0, flags[0] & Self.startsCharacter == 0 else { return }
    dropOldest(1)
  }

  private func dropOldest(_ dropped: Int) {
    var dropped = Swift.min(Swift.max(dropped, 0), count)
    // Never split a character: the kept text starts at a character's first scalar.
    while dropped < count && flags[dropped] & Self.startsCharacter == 0 { dropped += 1 }
    for index in dropped..<count {
      scalars[index - dropped] = scalars[index]
      flags[index - dropped] = flags[index]
    }
    count -= dropped
    droppedCount += dropped
    editStart = Swift.max(editStart - dropped, 0)
    isTruncated = isTruncated || dropped > 0
  }
}
