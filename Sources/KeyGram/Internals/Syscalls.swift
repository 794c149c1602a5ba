// Every C call the runtime makes, one thin wrapper each, so the rest of the module never
// touches errno or C types. Modelled on swift-system's Internals/Syscalls.swift.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("KeyGram needs a POSIX C library for mmap")
#endif

/// An `errno` value from a failed call, kept as a number so errors stay allocation-free.
public struct SystemErrno: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` number (`ENOENT`, `EACCES`, …).
  public var rawValue: Int32
  /// The error with `errno` number `rawValue`.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `strerror`'s text for the number.
  public var description: String {
    guard let message = strerror(rawValue) else { return "errno \(rawValue)" }
    return String(cString: message)
  }
}

/// The C `errno` of the calling thread.
@inline(__always)
internal func system_errno() -> SystemErrno { SystemErrno(rawValue: errno) }

/// `open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)`: a FIFO with no writer opens at once (to be
/// refused) instead of hanging; a regular file reads and maps as without the flag.
internal func system_openReadOnly(_ path: UnsafePointer<CChar>) -> Int32 {
  open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
}

/// `fstat(fd, &st)`, true when `fd` is a regular file or a directory (anything else cannot be mapped).
internal func system_isFileOrDirectory(_ fd: Int32) -> Bool {
  var status = stat()
  guard fstat(fd, &status) == 0 else { return false }
  return (status.st_mode & S_IFMT) == S_IFREG || (status.st_mode & S_IFMT) == S_IFDIR
}

/// `fstat(fd, &st)`, returning `st.st_size` or -1.
internal func system_fileSize(_ fd: Int32) -> Int {
  var status = stat()
  guard fstat(fd, &status) == 0 else { return -1 }
  return Int(status.st_size)
}

/// `fstat(fd, &st)`, true when `fd` is a directory.
internal func system_isDirectory(_ fd: Int32) -> Bool {
  var status = stat()
  guard fstat(fd, &status) == 0 else { return false }
  return (status.st_mode & S_IFMT) == S_IFDIR
}

/// `mmap(NULL, length, PROT_READ, MAP_PRIVATE, fd, 0)`; nil on `MAP_FAILED`.
internal func system_mapReadOnly(_ fd: Int32, length: Int) -> UnsafeRawPointer? {
  let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0)
  guard let address, address != MAP_FAILED else { return nil }
  return UnsafeRawPointer(address)
}

/// `munmap(address, length)`.
internal func system_unmap(_ address: UnsafeRawPointer, length: Int) {
  _ = munmap(UnsafeMutableRawPointer(mutating: address), length)
}

/// `close(fd)`.
internal func system_close(_ fd: Int32) {
  _ = close(fd)
}

/// `logf(x)`: the natural logarithm, for log-space scoring in the resolvers.
@inline(__always)
internal func system_logf(_ x: Float) -> Float { logf(x) }

/// `expf(x)`.
@inline(__always)
internal func system_expf(_ x: Float) -> Float { expf(x) }
