/// An output too large to hold in memory (a count file's word list), written as `AtomicFile`
/// writes a table: to a temporary file beside the target, flushed, and renamed over it only by
/// `commit()`. The bytes are appended in pieces; `finish(head:incompleteMarker:)` then
/// rewrites the first bytes (the header, known only at the end) first with its `PART` state,
/// and with the real state only after everything else is on disk. An unfinished or
/// uncommitted stream removes its temporary file.
public final class AtomicStream {
  public let path: String
  private let temporary: TemporaryFile
  private var fd: Int32 = -1
  private var buffer: [UInt8] = []
  private let bufferSize = 1 << 20
  /// Bytes appended so far, buffered ones included.
  public private(set) var count = 0

  public init(for path: String) throws(OutputError) {
    self.path = path
    (temporary, fd) = try TemporaryFile.create(beside: path)
    buffer.reserveCapacity(bufferSize)
  }

  public func append(_ bytes: some Collection<UInt8>) throws(OutputError) {
    buffer.append(contentsOf: bytes)
    count += bytes.count
    if buffer.count >= bufferSize { try flush() }
  }

  private func flush() throws(OutputError) {
    try check(buffer.withUnsafeBytes { system_writeAll(fd, $0) })
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes out what is buffered, overwrites the file's first bytes with `head` (with
  /// `incompleteMarker` in place first, then the real bytes), flushes and closes. `commit()` renames.
  public func finish(head: [UInt8], incompleteMarker: (offset: Int, bytes: [UInt8])) throws(OutputError) {
    try flush()
    try check(system_fsync(fd))
    var first = head
    first.replaceSubrange(incompleteMarker.offset..<(incompleteMarker.offset + incompleteMarker.bytes.count), with: incompleteMarker.bytes)
    try check(system_pwrite(fd, first, at: 0))
    try check(system_fsync(fd))
    try check(system_pwrite(fd, Array(head[incompleteMarker.offset..<(incompleteMarker.offset + incompleteMarker.bytes.count)]),
                            at: incompleteMarker.offset))
    try check(system_fsync(fd))
    system_close(fd)
    fd = -1
  }

  /// Renames the finished temporary file over the target.
  public func commit() throws(OutputError) {
    precondition(fd == -1, "commit() before finish()")
    try check(system_rename(temporary.path, path))
    temporary.renamed()
  }

  deinit {
    if fd >= 0 { system_close(fd) }
  }

  private func check(_ result: Result<Void, Errno>) throws(OutputError) {
    if case .failure(let errno) = result { throw OutputError(path: path, reason: errno.description) }
  }
}
