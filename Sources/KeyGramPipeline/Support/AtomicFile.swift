import Foundation

/// Why an output could not be written. The old file, if any, is untouched.
public struct OutputError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): cannot write: \(reason)" }
}

/// An output written so that a failed run never leaves a partial or clobbered file: the bytes
/// go to a temporary file in the target's folder and are flushed to disk (`AtomicStream`);
/// `commit()` then renames it over the target, which `rename(2)` does atomically. A build's
/// several outputs are committed together by `OutputSet`, all or nothing.
package final class AtomicFile {
  private let stream: AtomicStream
  package var path: String { stream.path }
  var temporary: TemporaryFile { stream.temporary }
  /// The bytes' count, checked against the temporary file's size before any rename.
  var byteCount: Int { stream.count }

  /// Writes `bytes` to a temporary file beside `path`. If `incompleteMarker` is given, those
  /// bytes are written at its offset instead of the real ones (the table's `PART` state) and
  /// replaced only after everything else is on disk, as KenLM does.
  package init(_ bytes: [UInt8], for path: String,
              incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    stream = try AtomicStream(for: path)
    try stream.append(bytes)
    try stream.finish(head: incompleteMarker.map { Array(bytes.prefix($0.offset + $0.bytes.count)) }, incompleteMarker: incompleteMarker)
  }

  /// Renames the temporary file over the target.
  package func commit() throws(OutputError) { try stream.commit() }

  /// Writes and commits one file.
  package static func write(_ bytes: [UInt8], to path: String,
                           incompleteMarker: (offset: Int, bytes: [UInt8])? = nil) throws(OutputError) {
    try AtomicFile(bytes, for: path, incompleteMarker: incompleteMarker).commit()
  }
}

/// A temporary file beside an output (".<name>.<pid>.<n>.tmp"), registered for removal if a
/// signal ends the process, and removed when dropped unless it was renamed into place.
final class TemporaryFile {
  let path: String
  private let registration: Int?
  private var removed = false
  private static let serialNumbers = SerialNumbers()

  /// Creates the file (it must not exist) and opens it for writing.
  static func create(beside target: String, suffix: String = "tmp") throws(OutputError) -> (TemporaryFile, Int32) {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    removeStale(in: folder, of: name)
    let file = TemporaryFile(path: "\(folder)/.\(name).\(system_processID()).\(serialNumbers.next()).\(suffix)")
    switch system_createExclusive(file.path) {
    case .success(let fd): return (file, fd)
    case .failure(let errno):
      file.removed = true
      throw OutputError(path: target, reason: "cannot create a temporary file in \(folder)/: \(errno); no output was replaced")
    }
  }

  /// Removes the temporary files (and rollback links) that a killed build left beside `name`:
  /// ".<name>.<pid>.<n>.<suffix>[.old]" whose process no longer runs. SIGKILL gives no chance to
  /// clean up. (A build on another machine sharing the folder is not seen; its pid is not ours.)
  static func removeStale(in folder: String, of name: String) {
    let prefix = ".\(name)."
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where entry.hasPrefix(prefix) {
      let fields = entry.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
      guard fields.count == 3 || (fields.count == 4 && fields[3] == "old"),
            let pid = Int32(fields[0]), pid > 0, fields[1].allSatisfy(\.isNumber), !fields[1].isEmpty,
            !system_processExists(pid) else { continue }
      system_unlink("\(folder)/\(entry)")
    }
  }

  /// Registers a path that is about to be made (a hard link, a spill run).
  init(path: String) {
    self.path = path
    registration = SignalCleanup.register(path)
  }

  /// The file now has its final name: nothing to remove.
  func renamed() {
    removed = true
    SignalCleanup.unregister(registration)
  }

  func remove() {
    guard !removed else { return }
    system_unlink(path)
    removed = true
    SignalCleanup.unregister(registration)
  }

  deinit { remove() }

  /// Numbers temporary files uniquely within the process, across threads.
  final class SerialNumbers: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int { lock.withLock { value += 1; return value } }
  }
}
