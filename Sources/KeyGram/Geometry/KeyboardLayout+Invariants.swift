extension KeyboardLayout {
  /// Traps if the layout breaks the promises of its initializer; for tests.
  public func _checkInvariants() {
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
  }
}
