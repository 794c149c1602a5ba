/// SHA-256 (FIPS 180-4) of a byte stream, for corpus provenance: the read stage hashes every
/// stored byte. Small and dependency-free; checked against the NIST test vectors in the tests.
public struct SHA256 {
  /// A 32-byte digest.
  public struct Digest: Equatable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]
    public init(bytes: [UInt8]) { self.bytes = bytes }
    /// Lowercase hexadecimal, 64 digits.
    public var hex: String { Hex.string(bytes) }
    public var description: String { hex }
  }

  private var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
  private var block: [UInt8] = []
  private var length: UInt64 = 0
  /// The message schedule, kept between blocks so compressing allocates nothing.
  private var schedule = [UInt32](repeating: 0, count: 64)

  public init() { block.reserveCapacity(64) }

  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length += UInt64(bytes.count)
    var index = 0
    if !block.isEmpty {
      let take = min(64 - block.count, bytes.count)
      block.append(contentsOf: bytes[0..<take])
      index = take
      if block.count == 64 {
        block.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
        block.removeAll(keepingCapacity: true)
      }
    }
    let whole = (bytes.count - index) / 64
    if whole > 0, let base = bytes.baseAddress {
      compress(base + index, blocks: whole)
      index += whole * 64
    }
    block.append(contentsOf: bytes[index...])
  }

  public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  public mutating func finalize() -> Digest {
    let bitLength = length * 8
    var tail: [UInt8] = [0x80]
    while (block.count + tail.count) % 64 != 56 { tail.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
    let savedLength = length
    update(tail)
    length = savedLength
    return Digest(bytes: state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } })
  }

  public static func hash(_ bytes: [UInt8]) -> Digest {
    var hasher = SHA256()
    hasher.update(bytes)
    return hasher.finalize()
  }

  private static let k: [UInt32] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]

  /// Compresses `blocks` consecutive 64-byte blocks starting at `base`: words loaded straight
  /// from memory, state in locals, no bounds checks, so hashing keeps pace with counting.
  private mutating func compress(_ base: UnsafeRawPointer, blocks: Int) {
    var (h0, h1, h2, h3, h4, h5, h6, h7) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
    schedule.withUnsafeMutableBufferPointer { w in
      Self.k.withUnsafeBufferPointer { k in
        for block in 0..<blocks {
          let start = base + 64 * block
          for t in 0..<16 {
            w[t] = UInt32(bigEndian: start.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
          }
          for t in 16..<64 {
            let s0 = w[t - 15].rotated(7) ^ w[t - 15].rotated(18) ^ (w[t - 15] >> 3)
            let s1 = w[t - 2].rotated(17) ^ w[t - 2].rotated(19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
          }
          var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
          for t in 0..<64 {
            let t1 = h &+ (e.rotated(6) ^ e.rotated(11) ^ e.rotated(25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
            let t2 = (a.rotated(2) ^ a.rotated(13) ^ a.rotated(22)) &+ ((a & b) ^ (a & c) ^ (b & c))
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
          }
          h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
          h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
        }
      }
    }
    state[0] = h0; state[1] = h1; state[2] = h2; state[3] = h3
    state[4] = h4; state[5] = h5; state[6] = h6; state[7] = h7
  }
}

private extension UInt32 {
  @inline(__always) func rotated(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
