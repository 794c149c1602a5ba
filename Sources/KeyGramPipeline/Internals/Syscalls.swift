// Every C call the builder makes (libc, zlib and ISA-L), one documented wrapper each, so the rest
// of the pipeline deals in Swift types and typed errors. Modelled on swift-system.

import CIsal
import CZlib
import Foundation
import KeyGram
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The builder's failed calls give the runtime's `errno` type, with its message.
extension SystemErrno {
  static var current: SystemErrno { SystemErrno(rawValue: errno) }
  /// `ENOENT`.
  var isNoSuchFile: Bool { rawValue == ENOENT }
}

// MARK: - Files

/// `open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)`, then `fcntl(fd, F_SETFL, 0)` to clear
/// `O_NONBLOCK`: a FIFO with no writer opens at once instead of hanging, and reads block as usual.
func system_openForReading(_ path: String) -> Result<Int32, SystemErrno> {
  let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  guard fd >= 0 else { return .failure(.current) }
  guard fcntl(fd, F_SETFL, 0) == 0 else {
    let error = SystemErrno.current
    _ = close(fd)
    return .failure(error)
  }
  return .success(fd)
}

/// `dup(STDIN_FILENO)`: standard input under a descriptor the reader may close.
func system_duplicateStandardInput() -> Int32 { dup(STDIN_FILENO) }

/// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)` and `flock(fd, LOCK_EX)` (retried on
/// `EINTR`): waits until no other keygram holds the folder. Closing the descriptor unlocks it.
func system_lockFolder(_ path: String, shared: Bool = false) -> Result<Int32, SystemErrno> {
  let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  guard fd >= 0 else { return .failure(.current) }
  while flock(fd, shared ? LOCK_SH : LOCK_EX) != 0 {
    if errno == EINTR { continue }
    let error = SystemErrno.current
    _ = close(fd)
    return .failure(error)
  }
  return .success(fd)
}

/// `link(existing, new)`: a second name for a file (the old output kept for a rollback).
func system_link(_ existing: String, _ new: String) -> Result<Void, SystemErrno> {
  link(existing, new) == 0 ? .success(()) : .failure(.current)
}

/// What `lstat(path)` says is at a path.
enum PathKind: Equatable {
  case nothing, file, directory, other
}

/// `lstat(path)`: what is at `path` (a symbolic link counts as `other`, since `rename` replaces
/// the link itself) and its size.
func system_pathStatus(_ path: String) -> Result<(kind: PathKind, size: Int), SystemErrno> {
  var status = stat()
  guard lstat(path, &status) == 0 else { return errno == ENOENT ? .success((.nothing, 0)) : .failure(.current) }
  switch status.st_mode & S_IFMT {
  case S_IFREG: return .success((.file, Int(status.st_size)))
  case S_IFDIR: return .success((.directory, Int(status.st_size)))
  default: return .success((.other, Int(status.st_size)))
  }
}

/// `realpath(path, NULL)`: the absolute path with every symbolic link resolved.
func system_realPath(_ path: String) -> Result<String, SystemErrno> {
  guard let resolved = realpath(path, nil) else { return .failure(.current) }
  defer { free(resolved) }
  return .success(String(cString: resolved))
}

/// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)`: a new file that must not exist.
func system_createExclusive(_ path: String) -> Result<Int32, SystemErrno> {
  let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
  return fd >= 0 ? .success(fd) : .failure(.current)
}

/// `read(fd, buffer, count)`, retried on `EINTR`; 0 at end of file.
func system_read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemErrno> {
  while true {
    let count = read(fd, buffer.baseAddress, buffer.count)
    if count >= 0 { return .success(count) }
    if errno != EINTR { return .failure(.current) }
  }
}

/// `write(fd, bytes, count)` until all are written, retried on `EINTR`.
func system_writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, SystemErrno> {
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
func system_pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int) -> Result<Void, SystemErrno> {
  let written = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
  return written == bytes.count ? .success(()) : .failure(.current)
}

/// `fsync(fd)`: the bytes are on disk before the rename makes them visible.
func system_fsync(_ fd: Int32) -> Result<Void, SystemErrno> {
  fsync(fd) == 0 ? .success(()) : .failure(.current)
}

/// `close(fd)`.
func system_close(_ fd: Int32) { _ = close(fd) }

/// What an open descriptor reads from, by `fstat`'s `st_mode & S_IFMT`.
enum FileKind: Equatable {
  case regular, directory, fifo, socket, characterDevice, blockDevice
}

/// `fstat(fd)`: size and kind.
func system_fileStatus(_ fd: Int32) -> Result<(size: Int, kind: FileKind), SystemErrno> {
  var status = stat()
  guard fstat(fd, &status) == 0 else { return .failure(.current) }
  return .success((Int(status.st_size), fileKind(mode: status.st_mode)))
}

private func fileKind(mode: mode_t) -> FileKind {
  switch mode & S_IFMT {
  case S_IFDIR: .directory
  case S_IFIFO: .fifo
  case S_IFSOCK: .socket
  case S_IFCHR: .characterDevice
  case S_IFBLK: .blockDevice
  default: .regular
  }
}

/// `stat(path)`: the kind of what `path` names, symbolic links followed.
func system_fileKind(atPath path: String) -> Result<FileKind, SystemErrno> {
  var status = stat()
  guard stat(path, &status) == 0 else { return .failure(.current) }
  return .success(fileKind(mode: status.st_mode))
}

/// `rename(from, to)`: atomic replacement within one file system.
func system_rename(_ from: String, _ to: String) -> Result<Void, SystemErrno> {
  rename(from, to) == 0 ? .success(()) : .failure(.current)
}

/// `unlink(path)`.
func system_unlink(_ path: String) { _ = unlink(path) }

/// `rmdir(path)`: removes a folder only if it is empty (a concurrent build's outputs stay).
func system_removeEmptyFolder(_ path: String) { _ = rmdir(path) }

/// `isatty(STDERR_FILENO)`: draw progress only for a person watching.
func system_stderrIsTerminal() -> Bool { isatty(STDERR_FILENO) == 1 }

/// `write(STDERR_FILENO, text)`, unbuffered, for the progress line.
func system_writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { _ = system_writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
}

/// `getpid()`, to name temporary files uniquely.
func system_processID() -> Int32 { getpid() }

/// `kill(getpid(), SIGKILL)`: the tests' stand-in for a build killed outright.
func system_killSelf() { kill(getpid(), SIGKILL) }

/// `kill(pid, 0)`: whether a process `pid` exists (`EPERM` means it does, owned by another user).
func system_processExists(_ pid: Int32) -> Bool {
  kill(pid, 0) == 0 || errno == EPERM
}

// MARK: - Inflating gzip (zlib, ISA-L)

/// One gzip inflate stream, member after member: zlib's or ISA-L's, behind `Inflater`.
protocol GzipInflating: AnyObject {
  /// Ready for the next gzip member.
  func reset()
  /// Inflates from `input` into `output`: the bytes consumed and produced, and whether the
  /// member ended (its trailer read and checked); every consumed byte belongs to the member.
  func inflate(from input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(InflateError) -> (consumed: Int, produced: Int, memberEnded: Bool)
}

/// A failed inflate step: what went wrong, and the input bytes consumed before it was seen.
struct InflateError: Error {
  var message: String
  var consumed = 0
  /// Damaged data (a corrupt gzip file), rather than the library failing (no memory, not loadable).
  var isDataError: Bool
}

/// The CPU time the calling thread has used, in seconds (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`):
/// the count stage's own cost, which another thread's work or a busy machine does not inflate.
func system_threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The index of the first `byte` in `buffer` at or after `start`, or nil (`memchr`: a vector
/// search, several bytes a cycle).
func system_firstIndex(of byte: UInt8, in buffer: UnsafeRawBufferPointer, from start: Int) -> Int? {
  guard start < buffer.count, let base = buffer.baseAddress else { return nil }
  guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
  return UnsafeRawPointer(found) - base
}

/// The calling thread (`pthread_self`).
func system_currentThread() -> pthread_t { pthread_self() }

/// Whether `thread` is the calling thread (`pthread_equal`).
func system_isCurrentThread(_ thread: pthread_t) -> Bool { pthread_equal(thread, pthread_self()) != 0 }

/// Asks the CPU to fetch the cache line at `address` ahead of a read (`__builtin_prefetch`).
@inline(__always)
func system_prefetch(_ address: UnsafeRawPointer) { keygram_prefetch(address) }

/// One zlib inflate stream (`z_stream`) at a stable address, as zlib requires.
final class ZlibInflater: GzipInflating {
  private let stream: UnsafeMutablePointer<z_stream>

  /// `inflateInit2(&stream, 15 + 32)`: auto-detects a gzip or zlib header.
  init() throws(InflateError) {
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = keygram_inflateInit2(stream, 15 + 32)
    guard status == Z_OK else {
      stream.deallocate()
      throw InflateError(message: "inflateInit2 failed (zlib error \(status))", isDataError: false)
    }
  }

  /// `inflateEnd(&stream)`.
  deinit {
    inflateEnd(stream)
    stream.deallocate()
  }

  /// `inflateReset(&stream)`: ready for the next gzip member.
  func reset() { inflateReset(stream) }

  /// `inflate(&stream, Z_NO_FLUSH)` from `input` into `output`; `strm.msg` on failure.
  func inflate(from input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(InflateError) -> (consumed: Int, produced: Int, memberEnded: Bool)
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
      throw InflateError(message: message, consumed: consumed, isDataError: status == Z_DATA_ERROR)
    }
  }
}

/// One ISA-L inflate stream (`keygram_isal_inflater`, Sources/CIsal): the gzip header read by
/// `isal_read_gzip_header`, the data and trailer (CRC-32, ISIZE) by `isal_inflate`.
final class IsalInflater: GzipInflating {
  /// Nil where `libisal.so.2` loads (`dlopen`, once); otherwise why it cannot be used.
  static let unavailableReason: String? = keygram_isal_unavailable_reason().map { String(cString: $0) }

  /// `keygram_isal_compiled_in()`: whether Sources/CIsal was compiled with ISA-L's header.
  static let isCompiledIn = keygram_isal_compiled_in() != 0

  /// `keygram_isal_library_name()`: `$KEYGRAM_LIBISAL`, else `libisal.so.2`.
  static var libraryName: String { String(cString: keygram_isal_library_name()) }

  /// `keygram_isal_library_opens()`: whether the library opens with `dlopen`, ISA-L compiled in or not.
  static var libraryOpens: Bool { keygram_isal_library_opens() != 0 }

  private let inflater: OpaquePointer

  /// `keygram_isal_create()`: fails where ISA-L is unavailable.
  init() throws(InflateError) {
    guard let inflater = keygram_isal_create() else {
      throw InflateError(message: "ISA-L cannot be used: \(Self.unavailableReason ?? "out of memory")", isDataError: false)
    }
    self.inflater = inflater
  }

  /// `keygram_isal_destroy`.
  deinit { keygram_isal_destroy(inflater) }

  /// `isal_inflate_reset`: ready for the next gzip member.
  func reset() { keygram_isal_reset(inflater) }

  /// `keygram_isal_inflate` from `input` into `output`; its status put in zlib's words where they mean the same.
  func inflate(from input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    throws(InflateError) -> (consumed: Int, produced: Int, memberEnded: Bool)
  {
    var consumed = 0, produced = 0
    var memberEnded: Int32 = 0, part: Int32 = 0
    let status = keygram_isal_inflate(inflater, input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count,
                                      output.baseAddress?.assumingMemoryBound(to: UInt8.self), output.count,
                                      &consumed, &produced, &memberEnded, &part)
    guard Int(status) == KEYGRAM_ISAL_OK else {
      throw InflateError(message: Self.message(Int(status), part: Int(part)), consumed: consumed,
                         isDataError: Int(status) != KEYGRAM_ISAL_INPUT_HANDED_BACK)
    }
    return (consumed, produced, memberEnded != 0)
  }

  private static func message(_ status: Int, part: Int) -> String {
    switch status {
    case KEYGRAM_ISAL_INCORRECT_CHECKSUM:
      return part == KEYGRAM_ISAL_IN_HEADER ? "header crc mismatch" : "incorrect data check"
    case KEYGRAM_ISAL_INCORRECT_LENGTH: return "incorrect length check"
    case KEYGRAM_ISAL_RESERVED_FLAGS: return "unknown header flags set"
    case KEYGRAM_ISAL_INVALID_WRAPPER: return "incorrect header check"
    case KEYGRAM_ISAL_UNSUPPORTED_METHOD: return "unknown compression method"
    case KEYGRAM_ISAL_INVALID_BLOCK: return "invalid deflate block"
    case KEYGRAM_ISAL_INVALID_SYMBOL: return "invalid deflate code"
    case KEYGRAM_ISAL_INVALID_LOOKBACK: return "invalid distance too far back"
    case KEYGRAM_ISAL_INPUT_HANDED_BACK: return "ISA-L handed back input it had consumed"
    default: return "ISA-L inflate error \(status)"
    }
  }
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

// MARK: - Signals

/// Temporary files to remove when SIGINT, SIGTERM or SIGHUP ends the process, kept where a
/// signal handler can reach them without locks or allocation: a fixed table of C strings.
///
/// `state` (the number of commits under way, or −1 once dying) lets builds finish renaming their
/// outputs before a signal kills the process: during a commit the handler only notes the
/// signal, and the last commit to finish re-raises it once every set is whole. A count, not a
/// flag, because builds on several threads (tests, `--all`) may commit at once.
enum SignalCleanup {
  static let capacity = 4096
  /// A path (`strdup`, never freed, so a handler racing an unregistration reads valid memory) or nil.
  nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    slots.initialize(repeating: nil, count: capacity)
    return slots
  }()
  nonisolated(unsafe) static let state: UnsafeMutablePointer<Int32> = {
    let state = UnsafeMutablePointer<Int32>.allocate(capacity: 2)
    state.initialize(repeating: 0, count: 2)
    return state
  }()
  /// The signal that arrived during a commit, or 0.
  static var pending: UnsafeMutablePointer<Int32> { state + 1 }
  private static let lock = NSLock()

  /// Adds `path`; returns its slot for `unregister`, or nil when the table is full.
  static func register(_ path: String) -> Int? {
    lock.withLock {
      for slot in 0..<capacity where slots[slot] == nil {
        slots[slot] = strdup(path)
        return slot
      }
      return nil
    }
  }

  static func unregister(_ slot: Int?) {
    guard let slot else { return }
    lock.withLock { slots[slot] = nil }
  }

  /// `sigaction(SIGINT, SIGTERM, SIGHUP)` (those not ignored) with a handler that unlinks every
  /// registered path, restores the default action and re-raises, so the process still ends by the signal.
  static func install() {
    _ = slots
    _ = state
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = signalHandler
    #else
    action.__sigaction_u.__sa_handler = signalHandler
    #endif
    sigemptyset(&action.sa_mask)
    for signal in [SIGINT, SIGTERM, SIGHUP] {
      // A signal the parent ignores (nohup's SIGHUP, a background job's SIGINT) stays ignored.
      var old = sigaction()
      sigaction(signal, nil, &old)
      #if canImport(Glibc)
      let ignored = unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      #else
      let ignored = unsafeBitCast(old.__sigaction_u.__sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      #endif
      if !ignored { sigaction(signal, &action, nil) }
    }
  }

  /// Runs `body` (renames) with signals held back; a signal that came meanwhile is re-raised
  /// after it. Returns false, without running `body`, if a signal is already ending the process.
  static func whileCommitting(_ body: () -> Void) -> Bool {
    while true {
      let committing = keygram_atomicLoad(state)
      guard committing >= 0 else { return false }
      if keygram_atomicCompareExchange(state, committing, committing + 1) != 0 { break }
    }
    body()
    while true {
      let committing = keygram_atomicLoad(state)
      if keygram_atomicCompareExchange(state, committing, committing - 1) != 0 { break }
    }
    let number = keygram_atomicLoad(pending)
    if number != 0 && keygram_atomicCompareExchange(state, 0, -1) != 0 { dieBy(number) }
    return true
  }

  /// `unlink` of every registered path, then `signal(sig, SIG_DFL)` and `raise(sig)`.
  fileprivate static func dieBy(_ number: Int32) {
    for slot in 0..<capacity {
      if let path = slots[slot] { unlink(path) }
    }
    _ = signal(number, SIG_DFL)
    raise(number)
  }
}

/// The handler: only async-signal-safe work (atomics, `unlink`, `signal`, `raise`).
private let signalHandler: @convention(c) (Int32) -> Void = { number in
  keygram_atomicStore(SignalCleanup.pending, number)
  if keygram_atomicCompareExchange(SignalCleanup.state, 0, -1) != 0 { SignalCleanup.dieBy(number) }
  // Otherwise commits are under way (the last re-raises when done) or another thread is dying.
}
