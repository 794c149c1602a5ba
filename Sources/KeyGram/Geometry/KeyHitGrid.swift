/// A layout's static geometry copied into flat fixed buffers at init, so a resolve reads a few
/// cache lines and never touches an array's reference count.
///
/// Finding the static key in a row is O(1): each row is cut into buckets no wider than its
/// narrowest slot, and each bucket remembers the key at its left edge, so the key under a
/// touch is that key or the next one. Rows whose slots are degenerate (zero width, or so many
/// buckets it would waste memory) fall back to counting the dividers left of the touch.
final class KeyHitGrid {
  /// Rows needing more buckets than this are scanned instead.
  static let maximumBucketsPerRow = 1024

  let keyCount: Int
  let rowCount: Int
  /// `rowDividers[r]` separates row r from row r + 1.
  let rowDividers: FloatBuffer
  let rowKeyStart: IntBuffer
  let rowKeyEnd: IntBuffer
  /// `keyDividers[k]` separates key k from key k + 1 of the same row (+∞ after a row's last key).
  let keyDividers: FloatBuffer
  /// `keyDividersBefore[k]` separates key k − 1 from key k (−∞ before a row's first key).
  let keyDividersBefore: FloatBuffer
  let isSpecial: BoolBuffer
  let capCenterX: FloatBuffer
  let capCenterY: FloatBuffer
  /// Per row: where its buckets start, 1 / bucket width, the first bucket's index in
  /// `bucketKey`, and the bucket count (0 for a row that is scanned).
  let rowBucketOrigin: FloatBuffer
  let rowBucketScale: FloatBuffer
  let rowFirstBucket: IntBuffer
  let rowBucketCount: IntBuffer
  /// Per bucket: the static key at its left edge.
  let bucketKey: IntBuffer

  init(layout: KeyboardLayout) {
    keyCount = layout.keys.count
    rowCount = layout.rows.count
    rowDividers = FloatBuffer((0..<Swift.max(rowCount - 1, 0)).map { layout.rowDivider(afterRow: $0) })
    rowKeyStart = IntBuffer(layout.rows.map(\.keyRange.lowerBound))
    rowKeyEnd = IntBuffer(layout.rows.map(\.keyRange.upperBound))
    var dividers = [Float](repeating: .infinity, count: keyCount)
    for row in layout.rows {
      for key in row.keyRange.dropLast() { dividers[key] = layout.staticDivider(afterKey: KeyIndex(key)) }
    }
    keyDividers = FloatBuffer(dividers)
    keyDividersBefore = FloatBuffer(Self.dividersBefore(dividers, layout: layout))
    isSpecial = BoolBuffer(layout.keys.map(\.isSpecial))
    capCenterX = FloatBuffer(layout.keys.map(\.frame.midX))
    capCenterY = FloatBuffer(layout.keys.map(\.frame.midY))

    var origins: [Float] = [], scales: [Float] = [], firsts: [Int] = [], counts: [Int] = [], buckets: [Int] = []
    for row in layout.rows {
      let keys = row.keyRange
      let origin = layout.keys[keys.lowerBound].slot.minX
      let end = layout.keys[keys.upperBound - 1].slot.maxX
      // The row's edges, left to right: its outer edges and the dividers between its keys.
      let edges = [origin] + keys.dropLast().map { dividers[$0] } + [end]
      let narrowest = zip(edges.dropLast(), edges.dropFirst()).map { $1 - $0 }.min() ?? 0
      let monotone = narrowest >= 0
      // Compared as a Float first: a near-zero width or a huge frame would overflow Int.
      let ratio = narrowest > 0 ? ((end - origin) / narrowest).rounded(.up) : .infinity
      let count = ratio.isFinite && ratio < Float(Self.maximumBucketsPerRow) ? Int(ratio) + 1 : Int.max
      origins.append(origin)
      firsts.append(buckets.count)
      guard monotone, count <= Self.maximumBucketsPerRow, narrowest > 0 else {
        scales.append(0)
        counts.append(0)
        continue
      }
      scales.append(1 / narrowest)
      counts.append(count)
      for bucket in 0..<count {
        let left = origin + Float(bucket) * narrowest
        var key = keys.lowerBound
        while key < keys.upperBound - 1 && left >= dividers[key] { key += 1 }
        buckets.append(key)
      }
    }
    rowBucketOrigin = FloatBuffer(origins)
    rowBucketScale = FloatBuffer(scales)
    rowFirstBucket = IntBuffer(firsts)
    rowBucketCount = IntBuffer(counts)
    bucketKey = IntBuffer(buckets)
  }

  /// For each key, the divider on its left, from the dividers on each key's right.
  static func dividersBefore(_ after: [Float], layout: KeyboardLayout) -> [Float] {
    var before = [Float](repeating: -.infinity, count: after.count)
    for row in layout.rows {
      for key in row.keyRange.dropFirst() { before[key] = after[key - 1] }
    }
    return before
  }

  /// The row whose band holds `y`; touches above the top row or below the bottom row belong
  /// to that row. Requires a finite `y` and at least one row.
  @inline(__always)
  func row(at y: Float) -> Int {
    // Counting instead of branching: touches land anywhere, so a branch would mispredict.
    let rowDividers = self.rowDividers
    var row = 0
    for index in 0..<(rowCount - 1) { row &+= y >= rowDividers[index] ? 1 : 0 }
    return row
  }

  /// The key of `row` whose slot holds `x`; touches beyond the row's ends go to its edge keys
  /// and a touch exactly on a divider goes right. Requires a finite `x`.
  @inline(__always)
  func staticKey(at x: Float, inRow row: Int) -> Int {
    let count = rowBucketCount[row]
    guard count > 0 else { return key(at: x, inRow: row, dividers: keyDividers) }
    // Clamped as a Float first, so no touch, however far away, overflows the conversion; a NaN
    // fails `> 0` and takes bucket 0, so the conversion never traps.
    let scaled = (x - rowBucketOrigin[row]) * rowBucketScale[row]
    let position = scaled > 0 ? Swift.min(scaled, Float(count - 1)) : 0
    let key = bucketKey[rowFirstBucket[row] + Int(position)]
    // Rounding in `position` may pick the bucket next to the right one: check both neighbours.
    return neighbour(of: key, at: x, before: keyDividersBefore, after: keyDividers)
  }

  /// `key`, or the neighbour whose side of `key`'s dividers `x` lies on, without branching:
  /// touches land anywhere, so a branch here would mispredict often.
  @inline(__always)
  func neighbour(of key: Int, at x: Float, before: FloatBuffer, after: FloatBuffer) -> Int {
    key &- (x < before[key] ? 1 : 0) &+ (x >= after[key] ? 1 : 0)
  }

  /// The key of `row` whose slot (or, given other `dividers`, whose target) holds `x`, by
  /// counting the dividers at or left of `x`: the fallback for rows without buckets.
  func key(at x: Float, inRow row: Int, dividers: FloatBuffer) -> Int {
    let start = rowKeyStart[row]
    var key = start
    for index in start..<(rowKeyEnd[row] - 1) { key &+= x >= dividers[index] ? 1 : 0 }
    return key
  }

  /// The key whose slot holds `touch`, with no context; nil for a non-finite touch or an
  /// empty layout.
  @inline(__always)
  func staticKey(at touch: TouchPoint) -> Int? {
    guard touch.isFinite, rowCount > 0 else { return nil }
    return staticKey(at: touch.x, inRow: row(at: touch.y))
  }
}
