/// Why saved touch-model bytes were refused. The keyboard then carries on with a new model.
public enum TouchModelError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Fewer bytes than the format's fixed part, or than `keyCount` keys need.
  case truncated(count: Int, needed: Int)
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
    case .notATouchModel: "touch model: not a touch model (no \"KGTM\" at byte 0)"
    case .unsupportedVersion(let major, let minor): "touch model: version \(major).\(minor) is not supported (this runtime reads 1.x)"
    case .otherLayout(let saved, let keys): "touch model: saved for another layout (\(saved) keys; this one has \(keys), or other key frames)"
    case .checksumMismatch(let stored, let computed): "touch model: damaged (stored CRC-32 \(stored), computed \(computed))"
    case .badValue(let field, let offset): "touch model: impossible \(field) at byte \(offset)"
    }
  }
}

/// The saved form, little-endian (docs/Runtime.md): "KGTM", UInt16 major 1, UInt16 minor 0,
/// UInt32 key count, UInt32 layout fingerprint, Float32 layout weight, mean x, mean y; then per
/// key Float32 weight, mean x, mean y, squares x, squares y; then the CRC-32 of all before it.
/// 32 + 20 bytes a key: 832 bytes for 40 keys. Pending (uncommitted) touches are not saved.
extension TouchModel {
  static let magic: [UInt8] = Array("KGTM".utf8)
  static let headerLength = 28
  static let bytesPerKey = 20

  /// The model as bytes to keep between launches (an app-group file, say).
  public var bytes: [UInt8] {
    var out: [UInt8] = Self.magic
    out.reserveCapacity(Self.headerLength + Self.bytesPerKey * keyCount + 4)
    func append(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
    append(1 | 0 << 16)  // major 1, minor 0
    append(UInt32(keyCount))
    append(layoutFingerprint)
    for value in [layoutWeight, layoutMeanX, layoutMeanY] { append(value.bitPattern) }
    for key in 0..<keyCount {
      for value in [sampleWeight[key], meanX[key], meanY[key], squaresX[key], squaresY[key]] { append(value.bitPattern) }
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
    guard major == 1 else { throw .unsupportedVersion(major: major, minor: minor) }
    let savedKeys = Int(word(8))
    guard savedKeys == keyCount, word(12) == layoutFingerprint else { throw .otherLayout(savedKeys: savedKeys, keys: keyCount) }
    let needed = Self.headerLength + Self.bytesPerKey * keyCount + 4
    guard bytes.count >= needed else { throw .truncated(count: bytes.count, needed: needed) }
    let stored = word(needed - 4), computed = Self.crc32(bytes[0..<(needed - 4)])
    guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
    // What a model can hold: weights in 0...2²⁴, means within ±offsetLimit, and sums of squared
    // deviations of at most 2²⁴ samples (twice, for rounding) of at most 2 × offsetLimit each.
    let limit = offsetLimit, squaresLimit = self.squaresLimit
    enum Kind { case weight, mean, squares }
    func float(_ offset: Int, _ kind: Kind, _ field: @autoclosure () -> String) throws(TouchModelError) -> Float {
      let value = Float(bitPattern: word(offset))
      let valid = switch kind {
      case .weight: value >= 0 && value <= Self.maximumWeight
      case .mean: value >= -limit && value <= limit
      case .squares: value >= 0 && value <= squaresLimit && value.isFinite
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
  }

  /// The CRC-32 (zlib's) of `bytes`, bytewise: the blob is small.
  @_spi(Testing) public static func crc32(_ bytes: some Collection<UInt8>) -> UInt32 { CRC32Tables.checksum(bytes) }
}
