import Crypto

/// SHA-256 of a byte stream, for corpus provenance: the read stage hashes every stored byte.
/// The hashing is swift-crypto's (`Crypto.SHA256`, BoringSSL with SHA-NI where the CPU has
/// it, about 6× the hand-written loop this replaced); this type only keeps the digest as
/// plain bytes, so a `PROV` section or a count file can store it and read it back.
package struct FileHasher {
  private var hasher = Crypto.SHA256()

  package init() {}

  package mutating func update(_ bytes: UnsafeRawBufferPointer) { hasher.update(bufferPointer: bytes) }

  package mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  /// The digest of everything given so far; the hasher is spent.
  package func finalize() -> FileDigest { FileDigest(bytes: Array(hasher.finalize())) }

  package static func hash(_ bytes: [UInt8]) -> FileDigest {
    var hasher = FileHasher()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The size and digest of the regular file at `path`, read in 1 MiB pieces. A FIFO, pipe or
  /// device is refused without a read: it cannot be read a second time, and a FIFO with no
  /// writer would never end.
  package static func hash(fileAt path: String) throws(CorpusError) -> (size: UInt64, digest: FileDigest) {
    let fd: Int32
    switch system_openForReading(path) {
    case .success(let opened): fd = opened
    case .failure(let errno): throw CorpusError(path: path, kind: errno.isNoSuchFile ? .missing : .unreadable(errno.description))
    }
    defer { system_close(fd) }
    switch system_fileStatus(fd) {
    case .success(let status) where status.kind == .regular: break
    case .success(let status) where status.kind == .directory: throw CorpusError(path: path, kind: .isDirectory)
    case .success: throw CorpusError(path: path, kind: .unreadable("a pipe, FIFO or device, which cannot be read again to check it"))
    case .failure(let errno): throw CorpusError(path: path, kind: .unreadable(errno.description))
    }
    var hasher = FileHasher()
    var size: UInt64 = 0
    var piece = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let result = piece.withUnsafeMutableBytes { system_read(fd, into: $0) }
      switch result {
      case .success(0): return (size, hasher.finalize())
      case .success(let count):
        piece.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        size += UInt64(count)
      case .failure(let errno): throw CorpusError(path: path, byteOffset: Int(size), kind: .unreadable(errno.description))
      }
    }
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
