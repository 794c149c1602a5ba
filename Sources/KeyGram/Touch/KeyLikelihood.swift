/// How likely a touch is on each key: a Gaussian around the key's aim point (the cap centre
/// plus an offset, or a `TouchModel`'s learned one) with its row's spread, or, for a timed
/// touch, the spread `TouchMotion` gives it. `GaussianKeyResolver` and `WordDecoder` each hold
/// one, built from the same parameters, so both score a touch alike.
///
/// Fixed memory: every buffer is allocated at init; `adapt(to:)` and `setSpread` allocate
/// nothing.
final class KeyLikelihood {
  /// The spread of touches around a key's aim point, in points, before anything is learned:
  /// the common modelling choice for an iPhone keyboard, and every σ's default.
  static let defaultSigma: Float = 8

  let keyCount: Int
  /// The layout's rows; the row buffers hold at least one, so a layout without rows still has a spread.
  let rowCount: Int
  /// The spread the parameters gave: the reference of every normaliser, so scores compare
  /// across spreads.
  let baseSigmaX: Float
  let baseSigmaY: Float
  let capCenterX: FloatBuffer
  let capCenterY: FloatBuffer
  let aimX: FloatBuffer
  let aimY: FloatBuffer
  let rowOfKey: IntBuffer
  /// Per row: 1 / 2σx², 1 / 2σy² and log(σ0x σ0y / σx σy), the Gaussian's normaliser relative
  /// to the base spread.
  let rowXScale: FloatBuffer
  let rowYScale: FloatBuffer
  let rowLogNorm: FloatBuffer
  /// A `TouchModel`'s learned offsets, once adopted.
  let correction: TouchCorrection
  /// The previous timed touch and the constants of the next one's spread.
  var motion: TouchMotion

  init(layout: KeyboardLayout, sigmaX: Float, sigmaY: Float, offsetX: Float, offsetY: Float, motion: TouchMotion.Parameters) {
    keyCount = layout.keys.count
    rowCount = layout.rows.count
    baseSigmaX = sigmaX
    baseSigmaY = sigmaY
    capCenterX = FloatBuffer(layout.keys.map(\.frame.midX))
    capCenterY = FloatBuffer(layout.keys.map(\.frame.midY))
    aimX = FloatBuffer(layout.keys.map { $0.frame.midX + offsetX })
    aimY = FloatBuffer(layout.keys.map { $0.frame.midY + offsetY })
    var rows = [Int](repeating: 0, count: layout.keys.count)
    for (row, keys) in layout.rows.map(\.keyRange).enumerated() { for key in keys { rows[key] = row } }
    rowOfKey = IntBuffer(rows)
    let rowSlots = Swift.max(layout.rows.count, 1)
    rowXScale = FloatBuffer(repeating: 1 / (2 * sigmaX * sigmaX), count: rowSlots)
    rowYScale = FloatBuffer(repeating: 1 / (2 * sigmaY * sigmaY), count: rowSlots)
    rowLogNorm = FloatBuffer(repeating: 0, count: rowSlots)
    correction = TouchCorrection(keyCount: layout.keys.count)
    self.motion = TouchMotion(parameters: motion)
  }

  /// The bytes of the buffers it allocated.
  var bytes: Int {
    4 * (capCenterX.count + capCenterY.count + aimX.count + aimY.count + rowXScale.count + rowYScale.count + rowLogNorm.count)
      + 8 * rowOfKey.count + 4 * (correction.offsetX.count + correction.offsetY.count)
  }

  /// Takes `model`'s learned aim points, row spreads, σa and speed term. False (and nothing
  /// changes) unless the model learned since the last call; a model for another layout is ignored.
  /// O(keys × rows).
  func adapt(to model: TouchModel) -> Bool {
    guard correction.adopt(model) else { return false }
    for key in 0..<keyCount {
      aimX[key] = capCenterX[key] + correction.offsetX[key]
      aimY[key] = capCenterY[key] + correction.offsetY[key]
    }
    for row in 0..<rowCount {
      let spread = model.spread(ofRow: row)
      setSpread(x: spread.x, y: spread.y, ofRow: row)
    }
    motion.adopt(model.learnedMotion)
    return true
  }

  /// Scores row `row` with spread (`x`, `y`) in points.
  func setSpread(x: Float, y: Float, ofRow row: Int) {
    rowXScale[row] = 1 / (2 * x * x)
    rowYScale[row] = 1 / (2 * y * y)
    rowLogNorm[row] = system_logf(baseSigmaX * baseSigmaY / (x * y))
  }

  /// Scores every row with spread (`x`, `y`) in points.
  func setSpread(x: Float, y: Float) {
    for row in 0..<rowXScale.count { setSpread(x: x, y: y, ofRow: row) }
  }

  /// Takes `other`'s spread of every row, bit for bit (no round trip through σ); whether any row changed. O(rows).
  func takeSpreads(of other: KeyLikelihood) -> Bool {
    var changed = false
    for row in 0..<Swift.min(rowXScale.count, other.rowXScale.count)
    where rowXScale[row] != other.rowXScale[row] || rowYScale[row] != other.rowYScale[row] || rowLogNorm[row] != other.rowLogNorm[row] {
      (rowXScale[row], rowYScale[row], rowLogNorm[row]) = (other.rowXScale[row], other.rowYScale[row], other.rowLogNorm[row])
      changed = true
    }
    return changed
  }

  /// The spread (σx, σy) of the first row, in points.
  var spread: (x: Float, y: Float) {
    ((1 / (2 * rowXScale[0])).squareRoot(), (1 / (2 * rowYScale[0])).squareRoot())
  }

  /// Each key's log-likelihood for a touch at (`x`, `y`), relative to a centred touch of the
  /// base spread, into `output` from `base`: −dx²/2σx² − dy²/2σy² + the normaliser, with the
  /// touch's own `variance` (σx², σy²) when `TouchMotion` gave one, else its row's spread.
  @inline(__always)
  func logLikelihoods(x: Float, y: Float, variance: (x: Float, y: Float)?, into output: FloatBuffer, at base: Int) {
    if let variance {
      let xScale = 1 / (2 * variance.x), yScale = 1 / (2 * variance.y)
      let norm = 0.5 * system_logf(baseSigmaX * baseSigmaX * baseSigmaY * baseSigmaY / (variance.x * variance.y))
      for key in 0..<keyCount {
        let dx = x - aimX[key], dy = y - aimY[key]
        output[base + key] = norm - xScale * dx * dx - yScale * dy * dy
      }
      return
    }
    for key in 0..<keyCount {
      let row = rowOfKey[key]
      let dx = x - aimX[key], dy = y - aimY[key]
      output[base + key] = rowLogNorm[row] - rowXScale[row] * dx * dx - rowYScale[row] * dy * dy
    }
  }
}
