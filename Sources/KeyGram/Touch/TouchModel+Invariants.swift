extension TouchModel {
  /// Traps if the model holds what it could not have learned or loaded: its pending ring, and
  /// per key, layout-wide and per speed bucket, weights, means and sums outside the limits
  /// `init(bytes:layout:)` accepts; for tests and the fuzzer. Compiled in only with
  /// `KEYGRAM_INTERNAL_CHECKS` (debug builds of this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    precondition(offsetLimit > 0 && offsetLimit.isFinite, "offset limit \(offsetLimit) out of range")
    precondition(rowOfKey.count == keyCount, "\(rowOfKey.count) rows of keys for \(keyCount) keys")
    for key in 0..<keyCount {
      precondition(rowOfKey[key] >= 0 && rowOfKey[key] < Swift.max(rowCount, 1), "key \(key) is in no row")
      precondition(sampleWeight[key] >= 0 && sampleWeight[key] <= Self.maximumWeight, "key \(key) weighs \(sampleWeight[key])")
      precondition(meanX[key] >= -offsetLimit && meanX[key] <= offsetLimit
                   && meanY[key] >= -offsetLimit && meanY[key] <= offsetLimit, "key \(key) mean beyond the offset limit")
      precondition(squaresX[key] >= 0 && squaresX[key] <= squaresLimit && squaresY[key] >= 0 && squaresY[key] <= squaresLimit,
                   "key \(key) sums of squares out of range")
    }
    precondition(layoutWeight >= 0 && layoutWeight <= Self.maximumWeight, "layout weight \(layoutWeight) out of range")
    precondition(layoutMeanX >= -offsetLimit && layoutMeanX <= offsetLimit
                 && layoutMeanY >= -offsetLimit && layoutMeanY <= offsetLimit, "layout mean beyond the offset limit")
    let limits = speedSumLimits
    for bucket in 0..<TouchMotion.speedBucketCount {
      precondition(speedWeight[bucket] >= 0 && speedWeight[bucket] <= Self.maximumWeight, "speed bucket \(bucket) weight out of range")
      precondition(speedSumX[bucket] >= 0 && speedSumX[bucket] <= limits.x && speedSumXX[bucket] >= 0 && speedSumXX[bucket] <= limits.xx
                   && speedSumY[bucket] >= 0 && speedSumY[bucket] <= limits.y && speedSumXY[bucket] >= 0 && speedSumXY[bucket] <= limits.xy,
                   "speed bucket \(bucket) sums out of range")
    }
    // The pending ring: at most `pendingCapacity` touches from `pendingStart`, each a key of the
    // layout with a clamped offset and, when timed, a speed sample within its limits.
    precondition(pendingStart >= 0 && pendingStart < Self.pendingCapacity, "pending start \(pendingStart) out of range")
    precondition(pendingCount >= 0 && pendingCount <= Self.pendingCapacity, "pending count \(pendingCount) out of range")
    for offset in 0..<pendingCount {
      let slot = (pendingStart + offset) % Self.pendingCapacity
      precondition(pendingKey[slot] >= 0 && pendingKey[slot] < keyCount, "pending touch \(offset) has no key")
      precondition(pendingX[slot] >= -offsetLimit && pendingX[slot] <= offsetLimit
                   && pendingY[slot] >= -offsetLimit && pendingY[slot] <= offsetLimit, "pending touch \(offset) beyond the offset limit")
      let relative = pendingRelative[slot]
      precondition(relative == -1 || (relative >= 0 && relative <= Self.relativeVarianceLimit), "pending touch \(offset) has speed \(relative)")
      if relative >= 0 {
        precondition(pendingBucket[slot] >= 0 && pendingBucket[slot] < TouchMotion.speedBucketCount, "pending touch \(offset) in no speed bucket")
      }
    }
    #endif
  }

  #if KEYGRAM_INTERNAL_CHECKS
  /// Breaks one promise on purpose (a mean beyond the offset limit), so a test can see
  /// `_checkInvariants()` catch it. Debug builds only.
  @_spi(Testing) public func _breakInvariantForTesting() { layoutMeanX = 2 * offsetLimit }
  #endif
}
