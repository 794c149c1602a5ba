/// Whether the `_checkInvariants()` methods check anything in this build.
@_spi(Testing) public var _internalChecksEnabled: Bool {
  #if KEYGRAM_INTERNAL_CHECKS
  return true
  #else
  return false
  #endif
}

extension KeyboardLayout {
  /// Traps if the layout breaks the promises of its initializer; for tests. Compiled in only with
  /// `KEYGRAM_INTERNAL_CHECKS` (debug builds of this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    var expectedStart = 0
    var previousTop = -Float.infinity
    for row in rows {
      precondition(!row.keyRange.isEmpty, "empty row")
      precondition(row.keyRange.lowerBound == expectedStart, "rows do not cover the keys contiguously")
      precondition(row.minY >= previousTop, "rows are not sorted top to bottom")
      previousTop = row.minY
      expectedStart = row.keyRange.upperBound
      var previousLeft = -Float.infinity
      for index in row.keyRange {
        let key = keys[index]
        precondition(key.frame.isValid && key.slot.isValid, "key \(index) has an invalid frame")
        precondition(key.slot.minX >= previousLeft, "keys of a row are not sorted left to right")
        precondition(key.slot.minY >= row.minY && key.slot.maxY <= row.maxY, "key \(index) lies outside its row")
        previousLeft = key.slot.minX
      }
    }
    precondition(expectedStart == keys.count, "keys outside every row")
    #endif
  }
}
