/// Moves the dividers between neighbouring keys of a row towards the less likely key, so the
/// likely next letter gets a wider target (each pair of neighbours decides its own divider).
///
/// Per row, the divider between keys A and B (left to right) sits where a touch is equally
/// likely to be either key under the Gaussian × prior model restricted to the two: it moves
/// left by α σ² / d × ln(w_B / w_A), where w are the keys' probabilities in the current
/// context, d is the distance between the two slot centres (the slot pitch), α is
/// `priorWeight` and σ is `sigma`. Each shift is clamped to
/// ±(1 − `minWidthRatio`) / 2 × the slot width of the key it moves into. Rows are chosen by
/// their static bands (shifting is horizontal only); the outer edges of a row's edge keys
/// never move; dividers next to a special key (shift, backspace, space …) never move, so
/// special keys are never stolen from. A touch exactly on a divider goes to the right.
///
/// Because every shift is clamped to at most half of the key it moves into, dividers never
/// cross and a touch can only go to its static key or a neighbour: `resolve` is O(1), the
/// static key (from the row's buckets) then two branch-free compares.
public final class BoundaryShiftResolver: WeightedKeyResolver {
  /// The keyboard whose letter keys it resolves.
  public let layout: KeyboardLayout
  /// The parameters in use, after `Parameters.sanitized`.
  public let parameters: Parameters
  /// How many times the cached per-context values have been recomputed.
  @_spi(Testing) public private(set) var recomputeCount = 0

  let grid: KeyHitGrid
  let weights: KeyWeights
  /// A `TouchModel`'s learned offsets (`adapt(to:)`), taken off each touch before it is placed.
  let correction: TouchCorrection
  /// The current dividers, `shiftedDividers[k]` between key k and key k + 1 (+∞ after a row's last key).
  let shiftedDividers: FloatBuffer
  /// The same dividers seen from the other side: `shiftedDividersBefore[k + 1] == shiftedDividers[k]`
  /// within a row (−∞ before a row's first key).
  let shiftedDividersBefore: FloatBuffer
  /// How far divider k may move left, into key k; 0 where it must not move.
  let maximumLeftShift: FloatBuffer
  /// How far divider k may move right, into key k + 1; 0 where it must not move.
  let maximumRightShift: FloatBuffer
  /// α σ² / (distance between the slot centres of keys k and k + 1): the shift per nat of odds.
  let shiftScale: FloatBuffer
  /// ln P(key), per key, rewritten with the weights.
  let logProbability: FloatBuffer

  /// A resolver over `layout`, with `letterKeys` saying which key types which letter.
  public init(layout: KeyboardLayout, letterKeys: LetterKeyMap, parameters: Parameters = Parameters()) {
    self.layout = layout
    self.parameters = parameters.sanitized
    grid = KeyHitGrid(layout: layout)
    weights = KeyWeights(layout: layout, letterKeys: letterKeys)
    let keyCount = layout.keys.count
    shiftedDividers = FloatBuffer(repeating: .infinity, count: keyCount)
    shiftedDividersBefore = FloatBuffer(KeyHitGrid.dividersBefore([Float](repeating: .infinity, count: keyCount), layout: layout))
    maximumLeftShift = FloatBuffer(repeating: 0, count: keyCount)
    maximumRightShift = FloatBuffer(repeating: 0, count: keyCount)
    shiftScale = FloatBuffer(repeating: 0, count: keyCount)
    logProbability = FloatBuffer(repeating: 0, count: keyCount)
    correction = TouchCorrection(keyCount: keyCount)
    let shrinkable = (1 - self.parameters.minWidthRatio) / 2
    for row in layout.rows {
      for key in row.keyRange.dropLast() {
        let left = layout.keys[key], right = layout.keys[key + 1]
        shiftedDividers[key] = grid.keyDividers[key]
        shiftedDividersBefore[key + 1] = grid.keyDividers[key]
        // A divider beside a special key, letterless ones (the Greek `;`) included, stays where it is.
        guard !left.isSpecial && !right.isSpecial else { continue }
        maximumLeftShift[key] = shrinkable * left.slot.width
        maximumRightShift[key] = shrinkable * right.slot.width
        let pitch = right.slot.midX - left.slot.midX
        let sigma = self.parameters.sigma
        shiftScale[key] = pitch > 0 ? self.parameters.priorWeight * sigma * sigma / pitch : 0
      }
    }
  }

  /// A resolver whose letters map to keys by `LetterKeyMap(layout:table:)`: the table's
  /// `LAYT` section where it has one, else the key caps.
  public convenience init(layout: KeyboardLayout, table: KeyGramTable, parameters: Parameters = Parameters()) {
    self.init(layout: layout, letterKeys: LetterKeyMap(layout: layout, table: table), parameters: parameters)
  }

  /// Moves the dividers for `context`'s next-letter distribution; no work unless it changed.
  public func update(for context: TypingContext) {
    if weights.refresh(for: context) { recomputeDividers() }
  }

  /// Moves the dividers for `distribution`.
  public func update(with distribution: LetterDistribution) {
    weights.refresh(with: distribution)
    recomputeDividers()
  }

  /// Moves the dividers for per-key weights (one per key of `layout`), bypassing the table.
  public func update(keyWeights: some Sequence<Float>) {
    weights.refresh(explicit: keyWeights)
    recomputeDividers()
  }

  private func recomputeDividers() {
    recomputeCount += 1
    let probability = weights.probability, logProbability = self.logProbability, shiftScale = self.shiftScale
    let shifted = shiftedDividers, shiftedBefore = shiftedDividersBefore
    let staticDividers = grid.keyDividers, leftLimit = maximumLeftShift, rightLimit = maximumRightShift
    // Letter keys are at least KeyWeights.minimumProbability, so every logarithm is finite.
    for key in 0..<grid.keyCount { logProbability[key] = grid.isSpecial[key] ? 0 : system_logf(probability[key]) }
    for key in 0..<grid.keyCount where shiftScale[key] != 0 {
      let shift = (logProbability[key + 1] - logProbability[key]) * shiftScale[key]
      let divider = staticDividers[key] - Swift.min(Swift.max(shift, -rightLimit[key]), leftLimit[key])
      shifted[key] = divider
      shiftedBefore[key + 1] = divider
    }
  }

  /// The key `touch` types under the current dividers, in O(1); nil for a touch that is not finite.
  public func resolve(_ touch: TouchPoint) -> KeyIndex? {
    resolvedKey(touch).map { KeyIndex($0) }
  }

  /// Corrects touches by where `model` has learned this user touches each key: a touch is moved
  /// back by the layout-wide offset to find the key it was probably aimed at, then by that key's
  /// own offset, before the shifted dividers place it. Nothing to do unless the model learned
  /// since the last call; a model made for another layout (another key count) is ignored.
  public func adapt(to model: TouchModel) {
    _ = correction.adopt(model)
  }

  private func resolvedKey(_ touch: TouchPoint) -> Int? {
    guard touch.isFinite, grid.rowCount > 0 else { return nil }
    let touch = correction.corrected(touch, in: grid)
    let row = grid.row(at: touch.y)
    // With non-monotone static dividers (overlapping slots) the neighbour rule does not hold: count.
    guard grid.rowBucketCount[row] > 0 else { return grid.key(at: touch.x, inRow: row, dividers: shiftedDividers) }
    // Each divider moved by less than half of the key it moved into: the static key or a neighbour.
    let key = grid.staticKey(at: touch.x, inRow: row)
    return grid.neighbour(of: key, at: touch.x, before: shiftedDividersBefore, after: shiftedDividers)
  }

  /// P(key) in the current context (0 for special keys).
  public func probability(ofKey key: KeyIndex) -> Float {
    let index = key.rawValue
    guard index >= 0 && index < grid.keyCount else { return 0 }
    return weights.probability[index]
  }

  /// The current divider between key `index` and the next key of its row; nil after a row's
  /// last key or for an index out of range.
  public func divider(afterKey key: KeyIndex) -> Float? {
    let index = key.rawValue
    guard index >= 0 && index < grid.keyCount, shiftedDividers[index].isFinite else { return nil }
    return shiftedDividers[index]
  }

  /// The horizontal span of key `index`'s current target: from the divider on its left (or
  /// its slot's left edge) to the divider on its right (or its slot's right edge).
  public func targetSpan(ofKey key: KeyIndex) -> Range<Float>? {
    let index = key.rawValue
    guard index >= 0 && index < grid.keyCount, let row = layout.rowIndex(ofKey: key) else { return nil }
    let range = layout.rows[row].keyRange
    let lower = index > range.lowerBound ? shiftedDividers[index - 1] : layout.keys[index].slot.minX
    let upper = index < range.upperBound - 1 ? shiftedDividers[index] : layout.keys[index].slot.maxX
    // Dividers never cross (see the type's documentation); max() only guards float rounding.
    return lower..<Swift.max(lower, upper)
  }
}
