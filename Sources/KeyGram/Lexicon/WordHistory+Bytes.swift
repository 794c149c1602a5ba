/// Why saved word-history bytes were refused. The keyboard then carries on with a new history.
public enum WordHistoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Fewer bytes than the format's fixed part, or than the stored node and pair counts need.
  case truncated(count: Int, needed: Int)
  /// More bytes than the stored node and pair counts give: bytes after the CRC-32.
  case trailingBytes(count: Int, expected: Int)
  /// Not a word history: the first 4 bytes are not "KGWH".
  case notAWordHistory
  /// A format version this runtime cannot read.
  case unsupportedVersion(major: UInt16, minor: UInt16)
  /// The bytes were damaged: the stored CRC-32 does not match.
  case checksumMismatch(stored: UInt32, computed: UInt32)
  /// More nodes or pairs than this history's `capacity` and `pairCapacity` hold (it was saved by
  /// a larger one): restore it with at least the capacities named.
  case tooLarge(nodes: Int, pairs: Int, capacity: Int, pairCapacity: Int)
  /// A stored figure or link no history can hold (a parent at or after its node, a letter
  /// 65,535, two siblings with one letter, a word longer than `maximumWordLength`, a count not
  /// finite, negative or below its children's, a pair out of order, between nodes that are not
  /// live, or counted 0 or less): `field` names it ("node 7 parent"), `offset` is its byte.
  case badValue(field: String, offset: Int)

  /// What is wrong with the bytes, naming the field and byte where there is one.
  public var description: String {
    switch self {
    case .truncated(let count, let needed): "word history: \(count) bytes, at least \(needed) needed"
    case .trailingBytes(let count, let expected): "word history: \(count) bytes, \(expected) expected: \(count - expected) after the CRC-32 at byte \(expected - 4)"
    case .notAWordHistory: "word history: not a word history (no \"KGWH\" at byte 0)"
    case .unsupportedVersion(let major, let minor): "word history: version \(major).\(minor) is not supported (this runtime reads 1.0)"
    case .checksumMismatch(let stored, let computed): "word history: damaged (stored CRC-32 \(stored), computed \(computed))"
    case .tooLarge(let nodes, let pairs, let capacity, let pairCapacity):
      "word history: \(nodes) nodes and \(pairs) pairs do not fit a capacity of \(capacity) nodes and \(pairCapacity) pairs"
    case .badValue(let field, let offset): "word history: impossible \(field) at byte \(offset)"
    }
  }
}

/// The saved form, little-endian (docs/Runtime.md): "KGWH", UInt16 major 1, UInt16 minor 0,
/// UInt32 node count n (the root included), UInt32 pair count p, Float32 the root's count (the
/// words learned); then per node 1 ..< n UInt16 parent, UInt16 letter, Float32 count; then per
/// pair UInt32 key (first node × 65,536 + second node), Float32 count; then the CRC-32 of all
/// before it. 24 + 8 (n − 1) + 8 p bytes: only live nodes and kept pairs, so a young history is
/// small. A node's siblings are in index order and its parent comes before it (both always hold:
/// nodes are appended, and a compaction numbers them breadth-first), so parent links alone
/// give the trie back, no cycle can be stored, and restoring then saving gives the same bytes.
///
/// The bytes are the user's words and word pairs. KeyGram writes them nowhere itself: a keyboard
/// that keeps them should keep them in its app group's container, never learn from secure
/// fields, and delete them with `removeAll()` when the user clears their keyboard history.
extension WordHistory {
  static let magic: [UInt8] = Array("KGWH".utf8)
  static let bytesHeaderLength = 20
  static let bytesPerNode = 8
  static let bytesPerPair = 8

  /// The history as bytes to keep between launches (an app-group file, say): its live nodes
  /// and kept pairs. They hold the user's words: see the extension's notes.
  public var bytes: [UInt8] {
    var out: [UInt8] = Self.magic
    out.reserveCapacity(Self.bytesHeaderLength + Self.bytesPerNode * (nodeCount - 1) + Self.bytesPerPair * keptPairCount + 4)
    func append(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) } }
    append(1)  // major 1, minor 0
    append(UInt32(nodeCount))
    append(UInt32(keptPairCount))
    append(counts[0].bitPattern)
    for node in 1..<nodeCount {
      append(UInt32(parents[node]) | UInt32(letters[node]) << 16)
      append(counts[node].bitPattern)
    }
    for index in 0..<keptPairCount {
      append(pairKeys[index])
      append(pairCounts[index].bitPattern)
    }
    append(CRC32Tables.checksum(out))
    return out
  }

  /// A history of `capacity` nodes and `pairCapacity` pairs restored from `bytes`; a typed error
  /// if they are not a history saved by a compatible version, are damaged, or do not fit.
  public convenience init(bytes: [UInt8], capacity: Int = WordHistory.defaultCapacity,
                          pairCapacity: Int = WordHistory.defaultPairCapacity,
                          balance: Float = WordHistory.defaultBalance) throws(WordHistoryError) {
    self.init(capacity: capacity, pairCapacity: pairCapacity, balance: balance)
    let fixed = Self.bytesHeaderLength + 4
    guard bytes.count >= fixed else { throw .truncated(count: bytes.count, needed: fixed) }
    guard Array(bytes[0..<4]) == Self.magic else { throw .notAWordHistory }
    func word(_ offset: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) } }
    let major = UInt16(truncatingIfNeeded: word(4)), minor = UInt16(truncatingIfNeeded: word(4) >> 16)
    // A newer minor's added fields would sit before the CRC: this runtime cannot place them.
    guard major == 1, minor == 0 else { throw .unsupportedVersion(major: major, minor: minor) }
    let storedNodes = UInt64(word(8)), storedPairs = UInt64(word(12))
    guard storedNodes >= 1 else { throw .badValue(field: "node count", offset: 8) }
    // In 64 bits: two UInt32 counts of 8 bytes each can pass a 32-bit Int.
    let wanted = UInt64(Self.bytesHeaderLength) + UInt64(Self.bytesPerNode) * (storedNodes - 1) + UInt64(Self.bytesPerPair) * storedPairs + 4
    guard UInt64(bytes.count) >= wanted else { throw .truncated(count: bytes.count, needed: Int(clamping: wanted)) }
    let nodes = Int(storedNodes), pairs = Int(storedPairs)
    let pairStart = Self.bytesHeaderLength + Self.bytesPerNode * (nodes - 1)
    let needed = pairStart + Self.bytesPerPair * pairs + 4
    guard bytes.count == needed else { throw .trailingBytes(count: bytes.count, expected: needed) }
    let stored = word(needed - 4), computed = CRC32Tables.checksum(bytes[0..<(needed - 4)])
    guard stored == computed else { throw .checksumMismatch(stored: stored, computed: computed) }
    guard nodes <= self.capacity, pairs <= self.pairCapacity else {
      throw .tooLarge(nodes: nodes, pairs: pairs, capacity: self.capacity, pairCapacity: self.pairCapacity)
    }
    func count(_ offset: Int, _ field: @autoclosure () -> String) throws(WordHistoryError) -> Float {
      let value = Float(bitPattern: word(offset))
      guard value.isFinite && value >= 0 else { throw .badValue(field: field(), offset: offset) }
      return value
    }
    counts[0] = try count(16, "root count")
    firstChild[0] = 0
    nextSibling[0] = 0
    parents[0] = 0
    letters[0] = 0
    // Depth per node, to refuse a word longer than `maximumWordLength` (init may allocate).
    var depth = [UInt8](repeating: 0, count: nodes)
    // The last child appended to each node, so siblings are linked in index order.
    var lastChild = [UInt16](repeating: 0, count: nodes)
    for node in 1..<nodes {
      let base = Self.bytesHeaderLength + Self.bytesPerNode * (node - 1)
      let link = word(base), parent = Int(link & 0xFFFF), letter = UInt16(truncatingIfNeeded: link >> 16)
      guard parent < node else { throw .badValue(field: "node \(node) parent", offset: base) }
      guard letter < UInt16.max else { throw .badValue(field: "node \(node) letter", offset: base + 2) }
      depth[node] = depth[parent] &+ 1
      guard Int(depth[node]) <= Self.maximumWordLength else { throw .badValue(field: "node \(node) depth", offset: base) }
      var sibling = Int(firstChild[parent])
      while sibling != 0 {
        guard letters[sibling] != letter else { throw .badValue(field: "node \(node) letter", offset: base + 2) }
        sibling = Int(nextSibling[sibling])
      }
      counts[node] = try count(base + 4, "node \(node) count")
      letters[node] = letter
      parents[node] = UInt16(parent)
      firstChild[node] = 0
      nextSibling[node] = 0
      if lastChild[parent] == 0 { firstChild[parent] = UInt16(node) } else { nextSibling[Int(lastChild[parent])] = UInt16(node) }
      lastChild[parent] = UInt16(node)
    }
    nodeCount = nodes
    // Every word through a child passes through its parent: with the rounding
    // `_checkInvariants()` allows for a Float sum, in sibling order as it adds them.
    for node in 0..<nodes {
      let children = continuingCount(of: node)
      guard children <= counts[node] * (1 + 1e-5) + 1e-5 else {
        throw .badValue(field: "node \(node) count", offset: node == 0 ? 16 : Self.bytesHeaderLength + Self.bytesPerNode * (node - 1) + 4)
      }
    }
    var previous: UInt32? = nil
    for index in 0..<pairs {
      let base = pairStart + Self.bytesPerPair * index
      let key = word(base), first = Int(key >> 16), second = Int(key & 0xFFFF)
      guard previous.map({ $0 < key }) ?? true, first < nodes, second > 0, second < nodes else {
        throw .badValue(field: "pair \(index) key", offset: base)
      }
      let value = try count(base + 4, "pair \(index) count")
      guard value > 0 else { throw .badValue(field: "pair \(index) count", offset: base + 4) }
      pairKeys[index] = key
      pairCounts[index] = value
      previous = key
    }
    keptPairCount = pairs
  }
}
