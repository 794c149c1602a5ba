/// The touches of the word being typed, as the decoder keeps them: per touch the point, the key
/// the resolver chose, the letter shown, whether it typed a capital, its timed move from the
/// touch before, and whether it can be decoded at all. The first `capacity` touches are stored;
/// the letters typed beyond them are only counted. Fixed memory; appending is O(1).
final class TouchSequence {
  let capacity: Int
  let x: FloatBuffer
  let y: FloatBuffer
  let key: IntBuffer
  let letter: Int32Buffer
  /// Per stored touch: 1 when it cannot be decoded (not finite, off the keyboard, no such key or letter).
  let invalid: IntBuffer
  /// Per stored touch: its move from the word's previous touch (`TouchMotion.move(to:)`), with
  /// an interval of −1 where the row's spread stands (untimed, first of the word, after a pause
  /// or a bad timestamp). Its variance is computed when the touch is scored, not when it is added.
  let moveX: FloatBuffer
  let moveY: FloatBuffer
  let moveInterval: FloatBuffer
  /// Per stored touch: its timestamp, or NaN for an untimed one (for the touch model's speed term).
  let time: DoubleBuffer
  /// Bit i: touch i typed a capital (shift or caps lock).
  private(set) var capitals: UInt64 = 0
  /// Touches stored (≤ `capacity`).
  private(set) var storedCount = 0
  /// Letters typed in the word, including those beyond the buffer.
  private(set) var lettersTyped = 0
  /// Stored touches that cannot be decoded.
  private(set) var invalidCount = 0

  init(capacity: Int) {
    self.capacity = capacity
    x = FloatBuffer(repeating: 0, count: capacity)
    y = FloatBuffer(repeating: 0, count: capacity)
    key = IntBuffer(repeating: 0, count: capacity)
    letter = Int32Buffer(repeating: 0, count: capacity)
    invalid = IntBuffer(repeating: 0, count: capacity)
    moveX = FloatBuffer(repeating: 0, count: capacity)
    moveY = FloatBuffer(repeating: 0, count: capacity)
    moveInterval = FloatBuffer(repeating: -1, count: capacity)
    time = DoubleBuffer(repeating: .nan, count: capacity)
  }

  /// The bytes of the buffers it allocated.
  var bytes: Int { 4 * (x.count + y.count + moveX.count + moveY.count + moveInterval.count + letter.count) + 8 * (key.count + invalid.count + time.count) }

  /// Whether every letter typed is stored and each can be decoded.
  var isWhole: Bool { invalidCount == 0 && lettersTyped == storedCount }

  /// Counts a letter typed and stores its touch if there is room; returns the index it was
  /// stored at, or nil past `capacity`. `letter` outside 0 ..< `letterCount` is kept as −1.
  func append(_ touch: TouchPoint, move: TouchMotion.Move?, key: Int, letter: Int, letterCount: Int, isCapital: Bool, isValid: Bool) -> Int? {
    lettersTyped += 1
    guard storedCount < capacity else { return nil }
    let index = storedCount
    storedCount += 1
    x[index] = touch.x
    y[index] = touch.y
    moveX[index] = move?.dx ?? 0
    moveY[index] = move?.dy ?? 0
    moveInterval[index] = move?.interval ?? -1
    time[index] = touch.timestamp ?? .nan
    self.key[index] = key
    let bit: UInt64 = 1 << UInt64(index)
    capitals = isCapital ? capitals | bit : capitals & ~bit
    // An index outside the alphabet is kept as -1 (shown as U+FFFD), not truncated to a letter.
    self.letter[index] = letter >= 0 && letter < letterCount ? Int32(letter) : -1
    invalid[index] = isValid ? 0 : 1
    if !isValid { invalidCount += 1 }
    return index
  }

  /// Forgets the newest letter typed; false when there is none. Its touch goes too, unless it
  /// was beyond the buffer.
  func removeLast() -> Bool {
    guard lettersTyped > 0 else { return false }
    lettersTyped -= 1
    guard lettersTyped < storedCount else { return true }
    storedCount -= 1
    capitals &= ~(1 << UInt64(storedCount))
    if invalid[storedCount] != 0 { invalidCount -= 1 }
    return true
  }

  func removeAll() {
    storedCount = 0
    capitals = 0
    lettersTyped = 0
    invalidCount = 0
  }

  /// Whether stored touch `index` is `other`'s stored touch `otherIndex`: the same place, key, letter and case.
  func holdsTouch(_ index: Int, of other: TouchSequence, at otherIndex: Int) -> Bool {
    x[index] == other.x[otherIndex] && y[index] == other.y[otherIndex] && key[index] == other.key[otherIndex]
      && letter[index] == other.letter[otherIndex] && (capitals >> UInt64(index) ^ other.capitals >> UInt64(otherIndex)) & 1 == 0
  }

  /// The timed move of stored touch `index`, or nil where the row's spread stands.
  @inline(__always)
  func move(_ index: Int) -> TouchMotion.Move? {
    let interval = moveInterval[index]
    return interval >= 0 ? TouchMotion.Move(dx: moveX[index], dy: moveY[index], interval: interval) : nil
  }

  /// Stored touch `index` as it came, its timestamp included.
  func point(_ index: Int) -> TouchPoint {
    let stamp = time[index]
    return TouchPoint(x: x[index], y: y[index], timestamp: stamp.isNaN ? nil : stamp)
  }

  #if KEYGRAM_INTERNAL_CHECKS
  /// Breaks one promise on purpose (a stored touch more than the letters typed), for a test of the checks.
  func breakCountsForTesting() { storedCount = lettersTyped + 1 }
  #endif
}
