extension TypingEngine {
  /// Traps unless the engine's own state is consistent: its text view within its buffer and
  /// starting at a character, no edit open between events, the bar within its slots, the revert
  /// pointing into the text, and the decoder's and the context's own invariants.
  @_spi(Testing) public func _checkInvariants() {
    precondition(mirror.count >= 0 && mirror.count <= TextMirror.capacity, "text view past its buffer")
    precondition(mirror.editStart == mirror.count && mirror.deletedCharacters == 0, "an edit is open between events")
    precondition(mirror.count == 0 || mirror.flags[0] & TextMirror.startsCharacter != 0, "text view starts inside a character")
    precondition(bar.count <= BarStorage.slotLimit, "suggestion bar past its slots")
    for slot in 0..<bar.count { precondition(bar.lengths[slot] > 0 && bar.lengths[slot] <= BarStorage.slotCapacity, "bar slot length out of range") }
    precondition(revertCount >= 0 && revertCount <= BarStorage.slotCapacity, "revert text past its buffer")
    if revertArmed {
      precondition(correctionStart <= mirror.absoluteCount && correctionStart >= mirror.droppedCount, "the revert points outside the text view")
    }
    precondition(!(shift == .locked && shiftIsAutomatic), "caps lock set by a sentence start")
    precondition(shift == .once || !shiftIsAutomatic, "an automatic shift that is not on")
    decoder._checkInvariants()
    typingContext._checkInvariants()
  }
}
