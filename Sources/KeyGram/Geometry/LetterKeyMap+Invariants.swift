extension LetterKeyMap {
  /// Traps if a letter maps to a key outside the layout; for tests. Compiled in only with
  /// `KEYGRAM_INTERNAL_CHECKS` (debug builds of this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    precondition(keyCount >= 0, "negative key count")
    for case let keyIndex? in keyIndexOfLetter {
      precondition(keyIndex.rawValue >= 0 && keyIndex.rawValue < keyCount, "letter mapped to key \(keyIndex) of \(keyCount)")
    }
    #endif
  }
}
