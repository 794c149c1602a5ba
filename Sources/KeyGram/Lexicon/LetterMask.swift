/// A set of letter indices as one word of bits, for passing over a trie's children without
/// reading them. Letters from 64 on are always in it: a mask only ever narrows a walk whose
/// body still checks each letter it gets.
struct LetterMask: Equatable {
  private var bits: UInt64

  private init(bits: UInt64) { self.bits = bits }

  /// Every letter.
  static var all: LetterMask { LetterMask(bits: ~0) }

  /// No letter below 64.
  static var none: LetterMask { LetterMask(bits: 0) }

  /// The mask of `letter` alone (and every letter from 64 on); of no letter below 64 for −1.
  init(letter: Int) { bits = letter >= 0 && letter < 64 ? 1 << UInt64(letter) : 0 }

  @inline(__always)
  func contains(_ letter: Int) -> Bool { letter >= 64 || bits & (1 &<< UInt64(truncatingIfNeeded: letter)) != 0 }

  mutating func insert(_ letter: Int) {
    guard letter >= 0, letter < 64 else { return }
    bits |= 1 << UInt64(letter)
  }
}
