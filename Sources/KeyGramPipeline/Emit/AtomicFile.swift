/// Why an output could not be written. The old file, if any, is untouched.
public struct OutputError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): cannot write: \(reason)" }
}

/// An output written so that a failed run never leaves a partial or clobbered file: the bytes
/// go to a temporary file in the target's folder and are flushed to disk; `commit()` then
/// renames it over the target, which `rename(2)` does atomically. A build writes all its
/// outputs before it renames any, so a failed write leaves every old output in place; the
/// renames themselves (same folder, files already written) could only fail if a target turned
/// into a folder meanwhile, which `keygram verify` would then report as a mismatch.
public final class AtomicFile {
  public let path: String
  private let temporary: String
  private var committed = false

  /// Writes `bytes` to a temporary file beside `path`. If `incompleteMarker` is given, those
  /// bytes are first written at its offset instead of the real ones (the table's `PART`
  /// state) and replaced only after everything else is on disk, as KenLM does.
  public init(_ bytes: [UInt8], for path: String,
              incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    temporary = "\(folder)/.\(name).\(system_processID()).tmp"
    let fd: Int32
    switch system_createExclusive(temporary) {
    case .success(let opened): fd = opened
    case .failure(let errno):
      throw OutputError(path: path, reason: "cannot create a temporary file in \(folder)/: \(errno)")
    }
    do {
      var first = bytes
      if let marker = incompleteMarker {
        first.replaceSubrange(marker.offset..<(marker.offset + marker.bytes.count), with: marker.bytes)
      }
      try Self.check(first.withUnsafeBytes { system_writeAll(fd, $0) }, path)
      try Self.check(system_fsync(fd), path)
      if let marker = incompleteMarker {
        try Self.check(system_pwrite(fd, Array(bytes[marker.offset..<(marker.offset + marker.bytes.count)]), at: marker.offset), path)
        try Self.check(system_fsync(fd), path)
      }
      system_close(fd)
    } catch {
      system_close(fd)
      system_unlink(temporary)
      throw error
    }
  }

  /// Renames the temporary file over the target.
  public func commit() throws(OutputError) {
    try Self.check(system_rename(temporary, path), path)
    committed = true
  }

  /// An uncommitted temporary file is removed.
  deinit {
    if !committed { system_unlink(temporary) }
  }

  /// Writes and commits one file.
  public static func write(_ bytes: [UInt8], to path: String,
                           incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    try AtomicFile(bytes, for: path, incompleteMarker: incompleteMarker).commit()
  }

  private static func check(_ result: Result<Void, Errno>, _ path: String) throws(OutputError) {
    if case .failure(let errno) = result { throw OutputError(path: path, reason: errno.description) }
  }
}
