/// Why saved touch-model bytes were refused. The keyboard then carries on with a new model.
public enum TouchModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Fewer bytes than the format's fixed part, or than `keyCount` keys need.
  case truncated(count: Int, needed: Int)
  /// More bytes than the model's version and key count give: bytes after its CRC-32.
  case trailingBytes(count: Int, expected: Int)
  /// Not a touch model: the first 4 bytes are not "KGTM".
  case notATouchModel
  /// A format version this runtime cannot read.
  case unsupportedVersion(major: UInt16, minor: UInt16)
  /// Saved for a layout with another number of keys, or other key frames.
  case otherLayout(savedKeys: Int, keys: Int)
  /// The bytes were damaged: the stored CRC-32 does not match.
  case checksumMismatch(stored: UInt32, computed: UInt32)
  /// A stored figure no keyboard can produce (not finite, a negative weight or spread, a weight
  /// above `TouchModel.maximumWeight`, a mean beyond the layout's `offsetLimit`): `field` names
  /// it ("key 3 mean x"), `offset` is its byte.
  case badValue(field: String, offset: Int)

  /// What is wrong with the bytes, naming the field and byte where there is one.
  public var description: String {
    switch self {
    case .truncated(let count, let needed): "touch model: \(count) bytes, at least \(needed) needed"
    case .trailingBytes(let count, let expected): "touch model: \(count) bytes, \(expected) expected: \(count - expected) after the CRC-32 at byte \(expected - 4)"
    case .notATouchModel: "touch model: not a touch model (no \"KGTM\" at byte 0)"
    case .unsupportedVersion(let major, let minor): "touch model: version \(major).\(minor) is not supported (this runtime reads 1.0 and 1.1)"
    case .otherLayout(let saved, let keys): "touch model: saved for another layout (\(saved) keys; this one has \(keys), or other key frames)"
    case .checksumMismatch(let stored, let computed): "touch model: damaged (stored CRC-32 \(stored), computed \(computed))"
    case .badValue(let field, let offset): "touch model: impossible \(field) at byte \(offset)"
    }
  }
}

/// The saved form, little-endian (docs/Runtime.md): "KGTM", UInt16 major 1, UInt16 minor 1,
/// UInt32 key count, UInt32 layout fingerprint, Float32 layout weight, mean x, mean y; then per
/// key Float32 weight, mean x, mean y, squares x, squares y; then (minor ≥ 1) per interval
/// bucket the speed term's Float32 weight, Σx, Σx², Σy, Σxy; then the CRC-32 of all before it.
/// 112 + 20 bytes a key: 912 bytes for 40 keys. Minor 0 (no speed term) still loads, with the
/// prior's speed term; a newer minor, and bytes after the CRC-32, are refused (their meaning is
/// unknown here). Pending (uncommitted) touches are not saved.
extension TouchModel {
  static let magic: [UInt8] = Array("KGTM".utf8)
  static let headerLength = 28
  static let bytesPerKey = 20
  /// The speed term's bytes (minor version 1): five Float32 per interval bucket.
  static let speedBytes = 20 * TouchMotion.speedBucketCount
  /// The newest minor version this runtime writes and reads.
  static let minorVersion: UInt16 = 1

  /// The model as bytes to keep between launches (an app-group file, say).
  public var bytes: [UInt8] {
    var out: [UInt8] = Self.magic
    out.reserveCapacity(Self.headerLength + Self.bytesPerKey * keyCount + Self.speedBytes + 4)
    func append(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
    append(1 | 1 << 16)  // major 1, minor 1
    append(UInt32(keyCount))
    append(layoutFingerprint)
    for value in [layoutWeight, layoutMeanX, layoutMeanY] { append(value.bitPattern) }
    for key in 0..<keyCount {
      for value in [sampleWeight[key], meanX[key], meanY[key], squaresX[key], squaresY[key]] { append(value.bitPattern) }
    }
    for bucket in 0..<TouchMotion.speedBucketCount {
      for value in [speedWeight[bucket], speedSumX[bucket], speedSumXX[bucket], speedSumY[bucket], speedSumXY[bucket]] { append(value.bitPattern) }
    }
    append(Self.crc32(out))
    return out
  }

  /// A model for `layout` restored from `bytes`; a typed error if they are not a model saved
  /// for this layout by a compatible version, or are damaged.
  public convenience init(bytes: [UInt8], layout: KeyboardLayout, parameters: Parameters = Parameters()) throws(TouchModelError) {
    self.init(layout: layout, parameters: parameters)
    guard bytes.count >= Self.headerLength + 4 else { throw .truncated(count: bytes.count, needed: Self.headerLength + 4) }
    guard Array(bytes[0..<4]) == Self.magic else { throw .notATouchModel }
    func word(_ offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) } }
    let major = UInt16(truncatingIfNeeded: word(4)), minor = UInt16(truncatingIfNeeded: word(4) >> 16)
    // A newer minor's added fields would sit before the CRC: this runtime cannot place them.
    guard major == 1, minor <= Self.minorVersion else { throw .unsupportedVersion(major: major, minor: minor) }
    let savedKeys = Int(word(8))
    guard savedKeys == keyCount, word(12) == layoutFingerprint else { throw .otherLayout(savedKeys: savedKeys, keys: keyCount) }
    let speedStart = Self.headerLength + Self.bytesPerKey * keyCount
    let needed = speedStart + (minor >= 1 ? Self.speedBytes : 0) + 4
    guard bytes.count >= needed else { throw .truncated(count: bytes.count, needed: needed) }
    guard bytes.count == needed else { throw .trailingBytes(count: bytes.count, expected: needed) }
    let stored = word(needed - 4), computed = Self.crc32(bytes[0..<(needed - 4)])
    guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
    // What a model can hold: weights in 0...2²⁴, means within ±offsetLimit, and sums of squared
    // deviations of at most 2²⁴ samples (twice, for rounding) of at most 2 × offsetLimit each.
    let limit = offsetLimit, squaresLimit = self.squaresLimit
    let speedLimits = self.speedSumLimits
    enum Kind { case weight, mean, squares, sum(Float) }
    func float(_ offset: Int, _ kind: Kind, _ field: @autoclosure () -> String) throws(TouchModelError) -> Float {
      let value = Float(bitPattern: word(offset))
      let valid = switch kind {
      case .weight: value >= 0 && value <= Self.maximumWeight
      case .mean: value >= -limit && value <= limit
      case .squares: value >= 0 && value <= squaresLimit && value.isFinite
      case .sum(let most): value >= 0 && value <= most && value.isFinite
      }
      guard valid else { throw .badValue(field: field(), offset: offset) }
      return value
    }
    layoutWeight = try float(16, .weight, "layout weight")
    layoutMeanX = try float(20, .mean, "layout mean x")
    layoutMeanY = try float(24, .mean, "layout mean y")
    for key in 0..<keyCount {
      let base = Self.headerLength + Self.bytesPerKey * key
      sampleWeight[key] = try float(base, .weight, "key \(key) weight")
      meanX[key] = try float(base + 4, .mean, "key \(key) mean x")
      meanY[key] = try float(base + 8, .mean, "key \(key) mean y")
      squaresX[key] = try float(base + 12, .squares, "key \(key) squares x")
      squaresY[key] = try float(base + 16, .squares, "key \(key) squares y")
    }
    guard minor >= 1 else { return }
    for bucket in 0..<TouchMotion.speedBucketCount {
      let base = speedStart + 20 * bucket
      speedWeight[bucket] = try float(base, .weight, "speed bucket \(bucket) weight")
      speedSumX[bucket] = try float(base + 4, .sum(speedLimits.x), "speed bucket \(bucket) sum x")
      speedSumXX[bucket] = try float(base + 8, .sum(speedLimits.xx), "speed bucket \(bucket) sum x²")
      speedSumY[bucket] = try float(base + 12, .sum(speedLimits.y), "speed bucket \(bucket) sum y")
      speedSumXY[bucket] = try float(base + 16, .sum(speedLimits.xy), "speed bucket \(bucket) sum xy")
    }
  }

  /// The CRC-32 (zlib's) of `bytes`, bytewise: the blob is small.
  @_spi(Testing) public static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 { CRC32Tables.checksum(bytes) }
}
