/// The taps inside the current word that the keyboard took for a key without a letter and the
/// decoder may take for letters (`DecoderMove.keyTapLetters`): a shift that typed nothing, or a
/// backspace with the touch of the letter it deleted. Each sits before stored touch `position`
/// (after the letters typed before it). At most `capacity`, the newest kept; fixed memory.
final class KeyTaps {
  static let capacity = 2
  /// What the keyboard did with a tap.
  enum Kind: Int { case typedNothing = 0, deleted = 1 }

  let x = FloatBuffer(repeating: 0, count: capacity)
  let y = FloatBuffer(repeating: 0, count: capacity)
  let key = IntBuffer(repeating: 0, count: capacity)
  let position = IntBuffer(repeating: 0, count: capacity)
  let kind = IntBuffer(repeating: 0, count: capacity)
  /// A backspace's deleted touch: where it landed and the key it typed.
  let deletedX = FloatBuffer(repeating: 0, count: capacity)
  let deletedY = FloatBuffer(repeating: 0, count: capacity)
  let deletedKey = IntBuffer(repeating: 0, count: capacity)
  private(set) var count = 0

  /// The bytes of the buffers it allocated.
  var bytes: Int { 4 * (x.count + y.count + deletedX.count + deletedY.count) + 8 * (key.count + position.count + kind.count + deletedKey.count) }

  /// Notes a tap on `key` at (`x`, `y`) before stored touch `position`; a backspace's `deleted`
  /// touch and key. With no room, the oldest goes: returns its position (the beam's steps from
  /// there hold its letters), nil when none went.
  @discardableResult
  func append(x: Float, y: Float, key: Int, position: Int, deleted: (x: Float, y: Float, key: Int)?) -> Int? {
    var evicted: Int?
    if count == Self.capacity {
      evicted = self.position[0]
      for index in 1..<count { copy(index, to: index - 1) }
      count -= 1
    }
    self.x[count] = x
    self.y[count] = y
    self.key[count] = key
    self.position[count] = position
    kind[count] = deleted == nil ? Kind.typedNothing.rawValue : Kind.deleted.rawValue
    deletedX[count] = deleted?.x ?? 0
    deletedY[count] = deleted?.y ?? 0
    deletedKey[count] = deleted?.key ?? 0
    count += 1
    return evicted
  }

  /// Forgets the taps that sat after a letter now gone: those past `storedCount` touches.
  func keep(upTo storedCount: Int) {
    var kept = 0
    for index in 0..<count where position[index] <= storedCount {
      if kept != index { copy(index, to: kept) }
      kept += 1
    }
    count = kept
  }

  func removeAll() { count = 0 }

  private func copy(_ from: Int, to: Int) {
    x[to] = x[from]
    y[to] = y[from]
    key[to] = key[from]
    position[to] = position[from]
    kind[to] = kind[from]
    deletedX[to] = deletedX[from]
    deletedY[to] = deletedY[from]
    deletedKey[to] = deletedKey[from]
  }
}
