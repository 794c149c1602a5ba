/// The position of a key in `KeyboardLayout.keys`: what resolvers return and what the
/// per-key queries take, kept apart from letter indices, row indices and counts.
@frozen
public struct KeyIndex: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// The index into `KeyboardLayout.keys`.
  public var rawValue: Int

  /// The key at position `rawValue` of `KeyboardLayout.keys`.
  @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// `KeyIndex(3)` written `3`, for fixed layouts in examples and tests.
  @inlinable public init(integerLiteral value: Int) { self.rawValue = value }

  /// Orders keys as `KeyboardLayout.keys` does.
  @inlinable public static func < (lhs: KeyIndex, rhs: KeyIndex) -> Bool { lhs.rawValue < rhs.rawValue }

  /// "key 3", for messages.
  public var description: String { "key \(rawValue)" }
}

extension KeyboardLayout {
  /// The key at `index`.
  @inlinable public subscript(index: KeyIndex) -> Key {
    precondition(index.rawValue >= 0 && index.rawValue < keys.count, "key index out of range")
    return keys[index.rawValue]
  }

  /// Every key's index, in `keys` order.
  public var keyIndices: [KeyIndex] { keys.indices.map { KeyIndex($0) } }
}

extension KeyboardLayout.Row {
  /// The indices of the row's keys, left to right.
  public var keyIndices: [KeyIndex] { keyRange.map { KeyIndex($0) } }
}
