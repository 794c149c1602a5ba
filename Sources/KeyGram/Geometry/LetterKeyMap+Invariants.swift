extension LetterKeyMap {
  /// Traps if a letter maps to a key outside the layout; for tests.
  public func _checkInvariants() {
    precondition(keyCount >= 0, "negative key count")
    for case let keyIndex? in keyIndexOfLetter {
      precondition(keyIndex >= 0 && keyIndex < keyCount, "letter mapped to key \(keyIndex) of \(keyCount)")
    }
  }
}
