/// Why saved learned bytes (`TypingEngine.learnedBytes`) were refused. The engine then starts
/// fresh: nothing of them is used.
public enum LearnedStateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Fewer bytes than the format's fixed part, or than its lengths say.
  case truncated(count: Int, needed: Int)
  /// More bytes than its lengths say: bytes after its CRC-32.
  case trailingBytes(count: Int, expected: Int)
  /// Not learned state: the first 4 bytes are not "KGLS".
  case notLearnedState
  /// A format version this runtime cannot read (a newer one).
  case unsupportedVersion(major: UInt16, minor: UInt16)
  /// The bytes were damaged: the stored CRC-32 does not match.
  case checksumMismatch(stored: UInt32, computed: UInt32)
  /// The touch model inside was refused (saved for another layout, say).
  case touchModel(TouchModelError)
  /// The word history inside was refused.
  case wordHistory(WordHistoryError)

  /// What is wrong with the bytes.
  public var description: String {
    switch self {
    case .truncated(let count, let needed): "learned state: \(count) bytes, at least \(needed) needed"
    case .trailingBytes(let count, let expected): "learned state: \(count) bytes, \(expected) expected: \(count - expected) after the CRC-32 at byte \(expected - 4)"
    case .notLearnedState: "learned state: not learned state (no \"KGLS\" at byte 0)"
    case .unsupportedVersion(let major, let minor): "learned state: version \(major).\(minor) is not supported (this runtime reads 1.0)"
    case .checksumMismatch(let stored, let computed): "learned state: damaged (stored CRC-32 \(stored), computed \(computed))"
    case .touchModel(let error): "learned state: \(error)"
    case .wordHistory(let error): "learned state: \(error)"
    }
  }
}

/// The saved form, little-endian: "KGLS", UInt16 major 1, UInt16 minor 0, UInt32 the touch
/// model's byte count, UInt32 the word history's, the touch model's bytes (`TouchModel.bytes`),
/// the word history's (`WordHistory.bytes`, with its pairs), then the CRC-32 of all before it.
enum LearnedState {
  static let magic: [UInt8] = Array("KGLS".utf8)
  static let headerLength = 16

  static func bytes(touchModel: TouchModel, wordHistory: WordHistory) -> [UInt8] {
    let model = touchModel.bytes, history = wordHistory.bytes
    var out = magic
    out.reserveCapacity(headerLength + model.count + history.count + 4)
    func append(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
    append(1)  // major 1, minor 0
    append(UInt32(model.count))
    append(UInt32(history.count))
    out += model
    out += history
    append(CRC32Tables.checksum(out))
    return out
  }

  /// The touch model and word history saved in `bytes`, for `layout` and `parameters`.
  static func read(_ bytes: [UInt8], layout: KeyboardLayout, parameters: TypingEngine.Parameters) throws(LearnedStateError) -> (TouchModel, WordHistory) {
    guard bytes.count >= headerLength + 4 else { throw .truncated(count: bytes.count, needed: headerLength + 4) }
    guard Array(bytes[0..<4]) == magic else { throw .notLearnedState }
    func word(_ offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) } }
    let major = UInt16(truncatingIfNeeded: word(4)), minor = UInt16(truncatingIfNeeded: word(4) >> 16)
    guard major == 1, minor == 0 else { throw .unsupportedVersion(major: major, minor: minor) }
    let modelCount = Int(word(8)), historyCount = Int(word(12))
    let needed = headerLength + modelCount + historyCount + 4
    guard bytes.count >= needed else { throw .truncated(count: bytes.count, needed: needed) }
    guard bytes.count == needed else { throw .trailingBytes(count: bytes.count, expected: needed) }
    let stored = word(needed - 4), computed = CRC32Tables.checksum(bytes[0..<(needed - 4)])
    guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
    let model: TouchModel, history: WordHistory
    do throws(TouchModelError) {
      model = try TouchModel(bytes: Array(bytes[headerLength..<(headerLength + modelCount)]), layout: layout, parameters: parameters.touchModel)
    } catch {
      throw .touchModel(error)
    }
    do throws(WordHistoryError) {
      history = try WordHistory(bytes: Array(bytes[(headerLength + modelCount)..<(needed - 4)]), capacity: parameters.historyCapacity,
                                pairCapacity: parameters.historyPairCapacity, balance: parameters.historyBalance)
    } catch {
      throw .wordHistory(error)
    }
    return (model, history)
  }
}

extension TypingEngine {
  /// What the engine learned (the touch model, the word history and its pairs), versioned and
  /// checksummed, to save when the keyboard goes away and give to the next engine's `learned`.
  /// It holds the user's words: keep it in the app group's container. Makes an array.
  public var learnedBytes: [UInt8] { LearnedState.bytes(touchModel: touchModel, wordHistory: wordHistory) }

  /// Forgets everything learned: the touch model and the word history.
  public func forgetLearned() {
    touchModel.reset()
    wordHistory.removeAll()
    resolver.adapt(to: touchModel)
    decoder.adapt(to: touchModel)
  }
}
