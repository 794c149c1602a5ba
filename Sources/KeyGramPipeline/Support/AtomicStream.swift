import KeyGram

/// An output written to a temporary file beside its target, flushed, and renamed over it only
/// by `commit()`; the one way the builder writes a file whole or not at all (`AtomicFile` for
/// bytes in memory, a count file's writer for a word list too large to hold). The bytes are
/// appended in pieces; `finish(head:incompleteMarker:)` then rewrites the first bytes (a header
/// known only at the end) first with its `PART` state, and with the real state only after
/// everything else is on disk. An unfinished or uncommitted stream removes its temporary file.
package final class AtomicStream {
  package let path: String
  let temporary: TemporaryFile
  private var fd: Int32 = -1
  private var buffer: [UInt8] = []
  private let bufferSize = 1 << 20
  /// Bytes appended so far, buffered ones included.
  package private(set) var count = 0

  package init(for path: String) throws(OutputError) {
    self.path = path
    (temporary, fd) = try TemporaryFile.create(beside: path)
    buffer.reserveCapacity(bufferSize)
  }

  package func append(_ bytes: some Collection<UInt8>) throws(OutputError) {
    buffer.append(contentsOf: bytes)
    count += bytes.count
    if buffer.count >= bufferSize { try flush() }
  }

  private func flush() throws(OutputError) {
    try check(buffer.withUnsafeBytes { system_writeAll(fd, $0) })
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes out what is buffered and flushes it to disk; then, given a `head`, overwrites the
  /// file's first bytes with it (with `incompleteMarker` in place first, then the real bytes),
  /// flushing after each, and closes. `commit()` renames.
  package func finish(head: [UInt8]? = nil, incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    try flush()
    try check(system_fsync(fd))
    if let head {
      var first = head
      if let marker = incompleteMarker {
        first.replaceSubrange(marker.offset..<(marker.offset + marker.bytes.count), with: marker.bytes)
      }
      try check(system_pwrite(fd, first, at: 0))
      try check(system_fsync(fd))
      if let marker = incompleteMarker {
        try check(system_pwrite(fd, Array(head[marker.offset..<(marker.offset + marker.bytes.count)]), at: marker.offset))
        try check(system_fsync(fd))
      }
    }
    system_close(fd)
    fd = -1
  }

  /// Renames the finished temporary file over the target.
  package func commit() throws(OutputError) {
    precondition(fd == -1, "commit() before finish()")
    if case .failure(let errno) = system_rename(temporary.path, path) { throw OutputError(path: path, reason: errno.description) }
    temporary.renamed()
  }

  deinit {
    if fd >= 0 { system_close(fd) }
  }

  /// A failed write of the temporary file (a full disk: ENOSPC) leaves the target as it was.
  private func check(_ result: Result<Void, SystemErrno>) throws(OutputError) {
    if case .failure(let errno) = result { throw OutputError(path: path, reason: "\(errno); no output was replaced") }
  }
}
