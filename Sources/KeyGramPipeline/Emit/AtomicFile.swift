/// Why an output could not be written. The old file, if any, is untouched.
public struct OutputError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): cannot write: \(reason)" }
}

/// Writes outputs so that a failed run never leaves a partial or clobbered file: the bytes go
/// to a temporary file in the same folder, are flushed to disk, and only then renamed over
/// the target, which `rename(2)` does atomically.
public enum AtomicFile {
  /// Writes `bytes` to `path`. If `incompleteMarker` is given, those bytes are first written
  /// at its offset instead of the real ones (the table's `PART` state) and replaced after
  /// everything else is on disk, as KenLM does, so even a non-atomic copy of a half-written
  /// temporary file is recognisable.
  public static func write(_ bytes: [UInt8], to path: String,
                           incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(system_processID()).tmp"
    let fd: Int32
    switch system_createExclusive(temporary) {
    case .success(let opened): fd = opened
    case .failure(let errno):
      throw OutputError(path: path, reason: "cannot create a temporary file in \(folder.isEmpty ? "." : folder)/: \(errno)")
    }
    var succeeded = false
    defer {
      if !succeeded { system_unlink(temporary) }
    }
    do {
      var first = bytes
      if let marker = incompleteMarker {
        first.replaceSubrange(marker.offset..<(marker.offset + marker.bytes.count), with: marker.bytes)
      }
      try check(first.withUnsafeBytes { system_writeAll(fd, $0) }, path)
      try check(system_fsync(fd), path)
      if let marker = incompleteMarker {
        try check(system_pwrite(fd, Array(bytes[marker.offset..<(marker.offset + marker.bytes.count)]), at: marker.offset), path)
        try check(system_fsync(fd), path)
      }
    } catch {
      system_close(fd)
      throw error
    }
    system_close(fd)
    try check(system_rename(temporary, path), path)
    succeeded = true
  }

  private static func check(_ result: Result<Void, Errno>, _ path: String) throws(OutputError) {
    if case .failure(let errno) = result { throw OutputError(path: path, reason: errno.description) }
  }
}
