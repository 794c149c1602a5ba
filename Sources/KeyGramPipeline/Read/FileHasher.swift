import Crypto

/// SHA-256 of a byte stream, for corpus provenance: the read stage hashes every stored byte.
/// The hashing is swift-crypto's (`Crypto.SHA256`, BoringSSL with SHA-NI where the CPU has
/// it, about 6× the hand-written loop this replaced); this type only keeps the digest as
/// plain bytes, so a `PROV` section or a count file can store it and read it back.
public struct FileHasher {
  private var hasher = Crypto.SHA256()

  public init() {}

  public mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

  public mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  /// The digest of everything given so far; the hasher is spent.
  public func finalize() -> FileDigest { FileDigest(bytes: Array(hasher.finalize())) }

  public static func hash(_ bytes: [UInt8]) -> FileDigest {
    var hasher = FileHasher()
    hasher.update(bytes)
    return hasher.finalize()
  }
}

/// A 32-byte SHA-256 digest.
public struct FileDigest: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var bytes: [UInt8]
  public init(bytes: [UInt8]) { self.bytes = bytes }
  /// Lowercase hexadecimal, 64 digits.
  public var hex: String { Hex.string(bytes) }
  public var description: String { hex }
}
