/// Picks the letter key that maximises P(key | context)^α · N(touch; aim point, σx, σy), in
/// log space: α · ln P(key) − (dx² / 2σx² + dy² / 2σy²), where the aim point is the cap
/// centre plus the parameters' offset.
///
/// Order of decisions for a finite touch:
/// 1. the static slot that holds the touch (rows by their bands, keys by their slots);
///    a special key's slot yields that special key (special keys are never stolen from, and
///    never steal);
/// 2. a touch inside the anchor (the central `anchorFraction` of the slot key's cap) yields
///    that key;
/// 3. otherwise the best-scoring letter key. The touch's row is scored first; another row is
///    scored only if its best prior minus its nearest vertical distance term could still win,
///    so the answer is exact and usually costs one row. Ties go to the key scored first (the
///    slot key, then outwards in its row, then other rows); if no
///    score is finite (a touch astronomically far away) the slot's key is kept.
///
/// α · ln P per key is computed once per context change (`update(for:)`), so a resolve is
/// adds and multiplies only.
///
/// A timed touch (`TouchPoint.timestamp`) is scored with the spread `TouchMotion` gives it from
/// the movement since the previous touch, in place of the rows' spread (after `adapt(to:)`,
/// with the `TouchModel`'s learned σa and speed term). An untimed touch, the first touch of a
/// word and every fallback `TouchMotion` lists are scored exactly as with no timestamp.
public final class GaussianKeyResolver: WeightedKeyResolver {
  /// The keyboard whose letter keys it resolves.
  public let layout: KeyboardLayout
  /// The parameters in use, after `Parameters.sanitized`.
  public let parameters: Parameters
  /// How many times the cached per-context values have been recomputed.
  @_spi(Testing) public private(set) var recomputeCount = 0

  let grid: KeyHitGrid
  let weights: KeyWeights
  /// Aim points, row spreads, a `TouchModel`'s learned offsets and the timed spread: the touch
  /// likelihood the word decoder scores with too.
  let likelihood: KeyLikelihood
  let anchorHalfWidth: FloatBuffer
  let anchorHalfHeight: FloatBuffer
  /// α · ln P(key), −∞ for special keys.
  let logPrior: FloatBuffer
  /// The largest `logPrior` of each row (−∞ for a row of special keys).
  let rowBestLogPrior: FloatBuffer
  /// Whether each row's aim points run left to right, which lets `scan` stop early.
  let rowAimsAscending: BoolBuffer
  /// The vertical extent of each row's letter-key aim points.
  let rowMinAimY: FloatBuffer
  let rowMaxAimY: FloatBuffer
  /// The previous timed touch and the constants of the spread of the next one.
  public var motion: TouchMotion { likelihood.motion }

  /// A resolver over `layout`, with `letterKeys` saying which key types which letter.
  public init(layout: KeyboardLayout, letterKeys: LetterKeyMap, parameters: Parameters = Parameters()) {
    let parameters = parameters.sanitized
    self.layout = layout
    self.parameters = parameters
    grid = KeyHitGrid(layout: layout)
    weights = KeyWeights(layout: layout, letterKeys: letterKeys)
    likelihood = KeyLikelihood(layout: layout, sigmaX: parameters.sigmaX, sigmaY: parameters.sigmaY,
                               offsetX: parameters.offsetX, offsetY: parameters.offsetY, motion: parameters.motion)
    anchorHalfWidth = FloatBuffer(layout.keys.map { $0.frame.width * parameters.anchorFraction / 2 })
    anchorHalfHeight = FloatBuffer(layout.keys.map { $0.frame.height * parameters.anchorFraction / 2 })
    logPrior = FloatBuffer(repeating: -.infinity, count: layout.keys.count)
    rowBestLogPrior = FloatBuffer(repeating: -.infinity, count: layout.rows.count)
    rowMinAimY = FloatBuffer(repeating: 0, count: layout.rows.count)
    rowMaxAimY = FloatBuffer(repeating: 0, count: layout.rows.count)
    rowAimsAscending = BoolBuffer(repeating: true, count: layout.rows.count)
    recomputeRowAims()
    recomputeLogPriors()
    recomputeCount = 0
  }

  /// A resolver whose letters map to keys by `LetterKeyMap(layout:table:)`: the table's
  /// `LAYT` section where it has one, else the key caps.
  public convenience init(layout: KeyboardLayout, table: KeyGramTable, parameters: Parameters = Parameters()) {
    self.init(layout: layout, letterKeys: LetterKeyMap(layout: layout, table: table), parameters: parameters)
  }

  /// Recomputes α · ln P per key for `context`; no work unless its distribution changed.
  public func update(for context: TypingContext) {
    if context.letterContext.last == .boundary { likelihood.motion.startWord() }
    if weights.refresh(for: context) { recomputeLogPriors() }
  }

  /// Recomputes α · ln P per key for `distribution`.
  public func update(with distribution: LetterDistribution) {
    weights.refresh(with: distribution)
    recomputeLogPriors()
  }

  /// Sets per-key weights directly (one per key of `layout`), bypassing the table.
  public func update(keyWeights: some Sequence<Float>) {
    weights.refresh(explicit: keyWeights)
    recomputeLogPriors()
  }

  /// Moves each key's aim point to where `model` has learned this user touches it, and scores
  /// each row with its learned spread, instead of the parameters' offset and σ, and each timed
  /// touch with the model's learned σa and speed term; the anchor is then measured from the
  /// learned centre. O(keys × rows), no allocation; nothing to do unless
  /// the model learned since the last call. A model made for another layout is ignored.
  public func adapt(to model: TouchModel) {
    guard likelihood.adapt(to: model) else { return }
    recomputeRowAims()
  }

  /// Forgets the previous touch, so the next timed one is scored with the static spread (as the
  /// first touch of a word is: `update(for:)` does this at a word's start).
  public func forgetPreviousTouch() { likelihood.motion.startWord() }

  /// Each row's vertical extent of letter-key aim points, and whether they run left to right.
  private func recomputeRowAims() {
    let aimX = likelihood.aimX, aimY = likelihood.aimY
    for row in 0..<grid.rowCount {
      var minY = Float.infinity, maxY = -Float.infinity, ascending = true, previousX = -Float.infinity
      for key in grid.rowKeyStart[row]..<grid.rowKeyEnd[row] {
        ascending = ascending && aimX[key] >= previousX
        previousX = aimX[key]
        guard !grid.isSpecial[key] else { continue }
        minY = Swift.min(minY, aimY[key])
        maxY = Swift.max(maxY, aimY[key])
      }
      rowMinAimY[row] = minY.isFinite ? minY : 0
      rowMaxAimY[row] = maxY.isFinite ? maxY : 0
      rowAimsAscending[row] = ascending
    }
  }

  private func recomputeLogPriors() {
    recomputeCount += 1
    let alpha = parameters.priorWeight
    let probability = weights.probability, logPrior = self.logPrior, isSpecial = grid.isSpecial
    for key in 0..<grid.keyCount {
      logPrior[key] = isSpecial[key] ? -.infinity : alpha * system_logf(probability[key])
    }
    for row in 0..<grid.rowCount {
      var best = -Float.infinity
      for key in grid.rowKeyStart[row]..<grid.rowKeyEnd[row] { best = Swift.max(best, logPrior[key]) }
      rowBestLogPrior[row] = best
    }
  }

  /// The key with the highest prior × Gaussian score for `touch`; nil for a touch that is not finite.
  public func resolve(_ touch: TouchPoint) -> KeyIndex? {
    resolvedKey(touch).map { KeyIndex($0) }
  }

  private func resolvedKey(_ touch: TouchPoint) -> Int? {
    // 1/2σ² of a timed touch's own spread; 0 (untimed or a fallback): the rows' scales, as they are.
    var timedXScale: Float = 0, timedYScale: Float = 0
    if touch.timestamp == nil {
      likelihood.motion.startWord()
    } else if let variance = likelihood.motion.variance(of: touch) {
      timedXScale = 1 / (2 * variance.x)
      timedYScale = 1 / (2 * variance.y)
    }
    guard touch.isFinite, grid.rowCount > 0 else { return nil }
    let x = touch.x, y = touch.y
    let placed = likelihood.correction.corrected(touch, in: grid)
    let touchRow = grid.row(at: placed.y)
    let slotKey = grid.staticKey(at: placed.x, inRow: touchRow)
    // A special key, letterless ones (the Greek `;`) included, has no letter weight to compare: it keeps its slot.
    if grid.isSpecial[slotKey] { return slotKey }
    if Swift.abs(placed.x - grid.capCenterX[slotKey]) < anchorHalfWidth[slotKey]
        && Swift.abs(placed.y - grid.capCenterY[slotKey]) < anchorHalfHeight[slotKey] {
      return slotKey
    }
    var bestScore = -Float.infinity
    var bestKey = slotKey
    scan(row: touchRow, from: slotKey, x: x, y: y, timedXScale: timedXScale, timedYScale: timedYScale, bestScore: &bestScore, bestKey: &bestKey)
    for row in 0..<grid.rowCount where row != touchRow {
      let dy = y < rowMinAimY[row] ? rowMinAimY[row] - y : (y > rowMaxAimY[row] ? y - rowMaxAimY[row] : 0)
      let yScale = timedYScale > 0 ? timedYScale : likelihood.rowYScale[row]
      if rowBestLogPrior[row] - yScale * dy * dy > bestScore {
        let start = grid.staticKey(at: x, inRow: row)
        scan(row: row, from: start, x: x, y: y, timedXScale: timedXScale, timedYScale: timedYScale, bestScore: &bestScore, bestKey: &bestKey)
      }
    }
    return bestKey
  }

  /// Scores the keys of `row` outwards from `start`, stopping on each side at the first key
  /// that is at least as far from the touch as its predecessor and whose best possible score
  /// (the row's best prior minus its horizontal term) cannot beat `bestScore`; every key
  /// beyond it is farther still, so nothing that could win is skipped. Rows whose aim points
  /// are not in left-to-right order are scored whole.
  @inline(__always)
  private func scan(row: Int, from start: Int, x: Float, y: Float, timedXScale: Float, timedYScale: Float,
                    bestScore: inout Float, bestKey: inout Int) {
    let logPrior = self.logPrior, aimX = likelihood.aimX, aimY = likelihood.aimY
    let xScale = timedXScale > 0 ? timedXScale : likelihood.rowXScale[row], yScale = timedYScale > 0 ? timedYScale : likelihood.rowYScale[row]
    let rowStart = grid.rowKeyStart[row], rowEnd = grid.rowKeyEnd[row]
    let ceiling = rowBestLogPrior[row]
    let ordered = rowAimsAscending[row]
    @inline(__always) func consider(_ key: Int) {
      let dx = x - aimX[key], dy = y - aimY[key]
      let score = logPrior[key] - xScale * dx * dx - yScale * dy * dy
      let better = score > bestScore
      bestScore = better ? score : bestScore
      bestKey = better ? key : bestKey
    }
    consider(start)
    var key = start - 1
    while key >= rowStart {
      let dx = x - aimX[key]
      if ordered && dx >= 0 && ceiling - xScale * dx * dx <= bestScore { break }
      consider(key)
      key -= 1
    }
    key = start + 1
    while key < rowEnd {
      let dx = aimX[key] - x
      if ordered && dx >= 0 && ceiling - xScale * dx * dx <= bestScore { break }
      consider(key)
      key += 1
    }
  }

  /// P(key) in the current context (0 for special keys).
  public func probability(ofKey key: KeyIndex) -> Float {
    let index = key.rawValue
    guard index >= 0 && index < grid.keyCount else { return 0 }
    return weights.probability[index]
  }

  /// The log-space score of key `index` for `touch`, as `resolve` compares them for an untimed
  /// touch (−∞ for special keys): the static spread, whatever `touch.timestamp`; for tests and
  /// tuning tools.
  public func score(ofKey key: KeyIndex, for touch: TouchPoint) -> Float {
    let index = key.rawValue
    guard index >= 0 && index < grid.keyCount else { return -.infinity }
    let dx = touch.x - likelihood.aimX[index], dy = touch.y - likelihood.aimY[index]
    let row = layout.rowIndex(ofKey: key) ?? 0
    return logPrior[index] - likelihood.rowXScale[row] * dx * dx - likelihood.rowYScale[row] * dy * dy
  }
}
