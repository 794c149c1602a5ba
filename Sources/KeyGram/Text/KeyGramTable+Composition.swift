/// Composition: a typed combining mark and the letter before it, as the builder composes NFD
/// text, from a fixed list of Unicode's canonical decompositions (generated/CanonicalPairs.swift),
/// with no Unicode data of the runtime's own and no allocation.
extension KeyGramTable {
  /// The index of the alphabet letter canonically equal to letter `index` followed by `mark`,
  /// or nil: the builder's composition. A mark that is canonically other marks composes as they
  /// do, one at a time, each step an alphabet letter. Binary searches of a fixed table of
  /// canonical decompositions (`CanonicalPairs`), no allocation.
  public func composedLetter(_ index: Int, with mark: Unicode.Scalar) -> Int? {
    composedLetter(index, with: mark.value, depth: 0)
  }

  private func composedLetter(_ index: Int, with mark: UInt32, depth: Int) -> Int? {
    guard index >= 0, index < letterCount, depth < 4 else { return nil }
    // The letter, then its capital as the table stores it: Turkish I + U+0307 is İ, the capital of i.
    if let found = alphabetLetter(composing: letter(at: index), with: mark) { return found }
    if let found = alphabetLetter(composing: uppercaseLetter(at: index), with: mark) { return found }
    guard let entry = Self.first(in: CanonicalPairs.markDecompositions, withPrefix: UInt64(mark), shift: 42) else { return nil }
    let first = UInt32(truncatingIfNeeded: entry >> 21 & 0x1F_FFFF), second = UInt32(truncatingIfNeeded: entry & 0x1F_FFFF)
    guard let step = composedLetter(index, with: first, depth: depth + 1) else { return nil }
    return second == 0 ? step : composedLetter(step, with: second, depth: depth + 1)
  }

  /// The alphabet letter that `base` + `mark` compose to canonically, or nil.
  private func alphabetLetter(composing base: Unicode.Scalar, with mark: UInt32) -> Int? {
    let key = UInt64(base.value) << 21 | UInt64(mark)
    guard let entry = Self.first(in: CanonicalPairs.compositions, withPrefix: key, shift: 21),
          let composed = Unicode.Scalar(UInt32(truncatingIfNeeded: entry & 0x1F_FFFF)) else { return nil }
    // The alphabet's own letters and capitals only, as the builder composes.
    return composed.isASCII ? letterIndex(of: composed) : alphabetIndex(of: composed)
  }

  /// The first of the sorted `entries` whose bits above `shift` are `prefix`.
  private static func first(in entries: [UInt64], withPrefix prefix: UInt64, shift: UInt64) -> UInt64? {
    var low = 0, high = entries.count
    while low < high {
      let middle = (low + high) / 2
      if entries[middle] >> shift < prefix { low = middle + 1 } else { high = middle }
    }
    return low < entries.count && entries[low] >> shift == prefix ? entries[low] : nil
  }
}
