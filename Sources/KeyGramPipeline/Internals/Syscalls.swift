// Every C call the builder makes (libc and zlib), one documented wrapper each, so the rest
// of the pipeline deals in Swift types and typed errors. Modelled on swift-system.

import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value with its message.
struct Errno: Error, Equatable, CustomStringConvertible {
  var rawValue: Int32
  static var current: Errno { Errno(rawValue: errno) }
  var description: String { strerror(rawValue).map { String(cString: $0) } ?? "errno \(rawValue)" }
  /// `ENOENT`.
  var isNoSuchFile: Bool { rawValue == ENOENT }
}

// MARK: - Files

/// `open(path, O_RDONLY | O_CLOEXEC)`.
func system_openForReading(_ path: String) -> Result<Int32, Errno> {
  let fd = open(path, O_RDONLY | O_CLOEXEC)
  return fd >= 0 ? .success(fd) : .failure(.current)
}

/// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)`: a new file that must not exist.
func system_createExclusive(_ path: String) -> Result<Int32, Errno> {
  let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  return fd >= 0 ? .success(fd) : .failure(.current)
}

/// `read(fd, buffer, count)`, retried on `EINTR`; 0 at end of file.
func system_read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, Errno> {
  while true {
    let count = read(fd, buffer.baseAddress, buffer.count)
    if count >= 0 { return .success(count) }
    if errno != EINTR { return .failure(.current) }
  }
}

/// `write(fd, bytes, count)` until all are written, retried on `EINTR`.
func system_writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
  var offset = 0
  while offset < bytes.count {
    let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
    if count < 0 {
      if errno == EINTR { continue }
      return .failure(.current)
    }
    offset += count
  }
  return .success(())
}

/// `pwrite(fd, bytes, count, offset)` of a few bytes (the header's state field).
func system_pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Result<Void, Errno> {
  let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
  return written == bytes.count ? .success(()) : .failure(.current)
}

/// `fsync(fd)`: the bytes are on disk before the rename makes them visible.
func system_fsync(_ fd: Int32) -> Result<Void, Errno> {
  fsync(fd) == 0 ? .success(()) : .failure(.current)
}

/// `close(fd)`.
func system_close(_ fd: Int32) { _ = close(fd) }

/// `fstat(fd)`: size and whether it is a directory.
func system_fileStatus(_ fd: Int32) -> Result<(size: Int, isDirectory: Bool), Errno> {
  var status = stat()
  guard fstat(fd, &status) == 0 else { return .failure(.current) }
  return .success((Int(status.st_size), (status.st_mode & S_IFMT) == S_IFDIR))
}

/// `rename(from, to)`: atomic replacement within one file system.
func system_rename(_ from: String, _ to: String) -> Result<Void, Errno> {
  rename(from, to) == 0 ? .success(()) : .failure(.current)
}

/// `unlink(path)`.
func system_unlink(_ path: String) { _ = unlink(path) }

/// `isatty(STDERR_FILENO)`: draw progress only for a person watching.
func system_stderrIsTerminal() -> Bool { isatty(STDERR_FILENO) == 1 }

/// `write(STDERR_FILENO, text)`, unbuffered, for the progress line.
func system_writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { _ = system_writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
}

/// `getpid()`, to name temporary files uniquely.
func system_processID() -> Int32 { getpid() }

// MARK: - zlib

/// One zlib inflate stream (`z_stream`) at a stable address, as zlib requires.
final class ZlibInflater {
  private let stream: UnsafeMutablePointer<z_stream>

  /// `inflateInit2(&stream, 15 + 32)`: auto-detects a gzip or zlib header.
  init() throws(ZlibError) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = keygram_inflateInit2(stream, 15 + 32)
    guard status == Z_OK else {
      stream.deallocate()
      throw ZlibError(code: status, message: "inflateInit2 failed")
    }
  }

  /// `inflateEnd(&stream)`.
  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// `inflateReset(&stream)`: ready for the next gzip member.
  func reset() { inflateReset(stream) }

  /// `inflate(&stream, Z_NO_FLUSH)` from `input` into `output`.
  /// Returns the bytes consumed and produced, and whether the member ended.
  func inflate(from input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(ZlibError) -> (consumed: Int, produced: Int, memberEnded: Bool)
  {
    stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(input.count)
    stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.pointee.avail_out = uInt(output.count)
    let status = CZlib.inflate(stream, Z_NO_FLUSH)
    let consumed = input.count - Int(stream.pointee.avail_in)
    let produced = output.count - Int(stream.pointee.avail_out)
    switch status {
    case Z_OK: return (consumed, produced, false)
    case Z_BUF_ERROR: return (consumed, produced, false)  // no progress possible: needs more input
    case Z_STREAM_END: return (consumed, produced, true)
    default:
      let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
      throw ZlibError(code: status, message: message, consumed: consumed)
    }
  }
}

/// A zlib failure: its return code and `strm.msg`.
struct ZlibError: Error {
  var code: Int32
  var message: String
  var consumed = 0
  var isDataError: Bool { code == Z_DATA_ERROR }
}

/// `crc32(crc, bytes, count)`: zlib's CRC-32, the one the table header stores.
func zlib_crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
  UInt32(CZlib.crc32(uLong(crc), bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
}

/// `crc32_combine(crc1, crc2, len2)`: the CRC-32 of A followed by B from the CRCs of A and of B
/// (`length` bytes), so a count file's header CRC can be filled in after its body was streamed.
func zlib_crc32Combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
  UInt32(CZlib.crc32_combine(uLong(first), uLong(second), off_t(secondLength)))
}

/// `getenv("TMPDIR")`, or /tmp: where word-count spill runs go.
func system_temporaryFolder() -> String {
  guard let value = getenv("TMPDIR") else { return "/tmp" }
  let folder = String(cString: value)
  return folder.isEmpty ? "/tmp" : folder
}
