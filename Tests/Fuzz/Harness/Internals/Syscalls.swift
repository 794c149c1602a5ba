// Every C call of the fuzzing harness, each named after the function it wraps.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib

/// `getenv(name)`, as a string.
func system_environment(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

/// `getpid()`, to give each fuzzing process a scratch folder of its own.
func system_processID() -> Int32 { getpid() }

/// `mkdir(path, 0755)`; true when the folder exists afterwards.
func system_makeFolder(_ path: String) -> Bool {
  mkdir(path, 0o755) == 0 || errno == EEXIST
}

/// `opendir`, `unlink` of every entry, `rmdir`: removes a folder of files (no subfolders).
func system_removeFolderOfFiles(_ path: String) {
  if let folder = opendir(path) {
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      if name != "." && name != ".." { unlink(path + "/" + name) }
    }
    closedir(folder)
  }
  rmdir(path)
}

/// `atexit(body)`.
func system_atExit(_ body: @convention(c) () -> Void) { atexit(body) }

/// `open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)`, `write` until every byte is
/// written (retried on `EINTR`), `close`: a scratch file's new contents. False on any failure.
func system_replaceFile(_ path: String, with bytes: UnsafeRawBufferPointer) -> Bool {
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
  guard fd >= 0 else { return false }
  defer { close(fd) }
  var written = 0
  while written < bytes.count {
    let result = write(fd, bytes.baseAddress! + written, bytes.count - written)
    if result < 0 && errno == EINTR { continue }
    guard result > 0 else { return false }
    written += result
  }
  return true
}

/// `memcmp` of two arrays' bytes: whether they are the same size and equal.
func system_sameBytes<Element: BitwiseCopyable>(_ a: [Element], _ b: [Element]) -> Bool {
  a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
}

/// zlib's `crc32(0, bytes, count)`: the CRC-32 tables and count files store.
func zlib_crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
  guard let base = bytes.baseAddress else { return 0 }
  return UInt32(crc32(0, base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
}

/// `fflush(NULL)` (every output stream, stdout with them): a trace printed before a trap is not lost in the buffer.
func system_flushOutput() { fflush(nil) }
