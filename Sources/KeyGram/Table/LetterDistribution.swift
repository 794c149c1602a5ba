/// A read-only view of one quantised row: the probability of each letter (and, for
/// in-word contexts, of the word ending) after some context. It holds a reference to the
/// table's memory, so it stays valid after the `KeyGramTable` it came from is gone; copying
/// it is a retain, never an allocation.
@frozen
public struct LetterDistribution: RandomAccessCollection, Sendable {
  /// The table the row lies in, kept alive (its memory mapped) while the distribution is.
  @usableFromInline let table: KeyGramTable
  /// The row's UInt16 weights, or nil for the uniform distribution.
  @usableFromInline let row: TableBytes?
  /// The size of the alphabet: elements 0 ..< letterCount are letters.
  public let letterCount: Int
  /// True when the last element is P(end of word).
  public let includesEndOfWord: Bool

  /// Every row's weights sum to exactly this.
  public static var weightTotal: UInt32 { 65_536 }

  /// The row of `table` at `location`, which validation found in bounds.
  @inlinable
  init(_ table: KeyGramTable, _ location: DistributionRow) {
    self.table = table
    self.row = location.weights(in: table)
    self.letterCount = table.letterCount
    self.includesEndOfWord = location.includesEndOfWord
  }

  /// The first letter's index, 0.
  public var startIndex: Int { 0 }
  /// Past the last element: the end-of-word element, when there is one, is last.
  @inlinable public var endIndex: Int { includesEndOfWord ? letterCount + 1 : letterCount }

  /// The index of P(end of word), when the distribution has one.
  @inlinable public var endOfWordIndex: Int? { includesEndOfWord ? letterCount : nil }

  /// True for the uniform fallback (no usable context).
  @inlinable public var isUniform: Bool { row == nil }

  /// The quantised weight at `index` (0 ..< `endIndex`), out of `weightTotal` (65,536).
  /// The uniform distribution reports the nearest integer share.
  @inlinable @inline(__always)
  public func weight(at index: Int) -> UInt32 {
    precondition(index >= 0 && index < endIndex, "LetterDistribution index out of range")
    guard let row else { return Self.weightTotal / UInt32(endIndex) }
    return UInt32(row.uint16(at: 2 * index))
  }

  /// P(element at `index`), for `index` in 0 ..< `endIndex`; the elements sum to 1 up to
  /// Double rounding.
  @inlinable @inline(__always)
  public subscript(index: Int) -> Double {
    precondition(index >= 0 && index < endIndex, "LetterDistribution index out of range")
    guard let row else { return 1 / Double(endIndex) }
    return Double(row.uint16(at: 2 * index)) * (1.0 / Double(Self.weightTotal))
  }

  /// P(letter at `letterIndex`).
  @inlinable public func probability(ofLetter letterIndex: Int) -> Double {
    precondition(letterIndex >= 0 && letterIndex < letterCount, "letter index out of range")
    return self[letterIndex]
  }

  /// P(the word ends here); 0 for the unigram and word-initial rows.
  @inlinable public var endOfWordProbability: Double { includesEndOfWord ? self[letterCount] : 0 }

  /// Writes the indices of the most likely letters, best first, into `buffer` (as many as
  /// it holds, at most `letterCount`) and returns how many it wrote. End of word is not a
  /// candidate. Ties keep alphabet order. Allocates nothing, in debug builds too.
  @inlinable
  public func topLetters(into buffer: inout [Int]) -> Int {
    buffer.withUnsafeMutableBufferPointer { topLetters(into: $0) }
  }

  /// `topLetters(into:)` for memory the caller manages.
  @inlinable
  public func topLetters(into buffer: UnsafeMutableBufferPointer<Int>) -> Int {
    let k = Swift.min(buffer.count, letterCount)
    var filled = 0
    // Insertion into a sorted prefix: k and N are small (≤ 250), and no storage is needed.
    for letter in 0..<letterCount {
      let w = weight(at: letter)
      var position = filled
      while position > 0 && weight(at: buffer[position - 1]) < w { position -= 1 }
      guard position < k else { continue }
      var move = Swift.min(filled, k - 1)
      while move > position {
        buffer[move] = buffer[move - 1]
        move -= 1
      }
      buffer[position] = letter
      filled = Swift.min(filled + 1, k)
    }
    return filled
  }
}

/// Where a row lies in a table, without the reference that keeps the table alive: for code
/// that holds the table itself (`TypingContext`, the resolvers), so a keystroke costs no
/// reference counting. `LetterDistribution` is the public view of one.
@usableFromInline
struct DistributionRow: Equatable, Sendable {
  /// The row's byte offset in the table, or -1 for the uniform distribution.
  @usableFromInline var offset: Int
  /// True when the row ends with P(end of word).
  @usableFromInline var includesEndOfWord: Bool

  @inlinable init(offset: Int, includesEndOfWord: Bool) {
    self.offset = offset
    self.includesEndOfWord = includesEndOfWord
  }

  /// Uniform over the letters and end of word (no usable context).
  @inlinable static var uniform: DistributionRow { DistributionRow(offset: -1, includesEndOfWord: true) }

  /// The row's UInt16 weights in `table`, or nil for the uniform distribution.
  @inlinable func weights(in table: KeyGramTable) -> TableBytes? {
    guard offset >= 0 else { return nil }
    let count = includesEndOfWord ? table.letterCount + 1 : table.letterCount
    return table.bytes.slice(from: offset, length: 2 * count)
  }

  /// The weight of `symbol` (a letter, or `letterCount` for the end of the word) out of
  /// `LetterDistribution.weightTotal`; nil for the uniform distribution, or the end of the word
  /// in a row without it.
  @inlinable func weight(of symbol: Int, in table: KeyGramTable) -> UInt16? {
    guard let weights = weights(in: table), symbol < table.letterCount || includesEndOfWord else { return nil }
    return weights.uint16(at: 2 * symbol)
  }
}
