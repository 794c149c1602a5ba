/// A build's outputs (the table, its Swift source, the Swift index), replaced all or nothing.
///
/// Each output is first written in full to a temporary file beside its target (`AtomicFile`).
/// `commit` then locks the output folders (`flock`, so two builds into one folder take turns
/// and neither sees the other's half-made set), makes the outputs that depend on the folder's
/// contents (the index), checks every temporary file and target, and renames the files into
/// place one by one, keeping a hard link to each old file; if a rename fails, the renamed ones
/// are put back, so the folders hold the whole old set or the whole new one. A signal during
/// the renames waits for them (`SignalCleanup`); against SIGKILL, which waits for nothing, the
/// commit first records what it replaces (`CommitIntent`), and the next build or verify into
/// those folders finishes it.
final class OutputSet {
  private var files: [AtomicFile] = []

  func add(_ file: AtomicFile) { files.append(file) }

  /// Refuses a target that is a folder: `rename` cannot replace it.
  static func checkTarget(_ path: String) throws(OutputError) {
    switch system_pathStatus(path) {
    case .success(let status) where status.kind == .directory:
      throw OutputError(path: path, reason: "is a folder, not a file; no output was replaced")
    case .success: return
    case .failure(let errno): throw OutputError(path: path, reason: "\(errno); no output was replaced")
    }
  }

  /// Locks the folders, adds `late()`'s outputs, checks and renames everything.
  func commit(adding late: () throws(OutputError) -> [AtomicFile]) throws(OutputError) {
    let locks = try lockFolders()
    defer { for fd in locks { system_close(fd) } }
    // A build killed here since this one started: finish its set before making the index.
    _ = try CommitIntent.recover(in: folders)
    for file in try late() { add(file) }
    for file in files {
      try Self.checkTarget(file.path)
      switch system_pathStatus(file.temporary.path) {
      case .success(let status) where status.kind == .file && status.size == file.byteCount: break
      case .success(let status):
        throw OutputError(path: file.path, reason: "its temporary file \(file.temporary.path) holds \(status.size) bytes, not \(file.byteCount); no output was replaced")
      case .failure(let errno):
        throw OutputError(path: file.path, reason: "its temporary file \(file.temporary.path): \(errno); no output was replaced")
      }
    }
    var failure: OutputError?
    let committed = SignalCleanup.whileCommitting { failure = renameAll() }
    guard committed else { throw OutputError(path: files[0].path, reason: "interrupted by a signal; no output was replaced") }
    if let failure { throw failure }
  }

  /// What this commit is about to do, every path absolute.
  private func intent() throws(OutputError) -> CommitIntent {
    var entries: [CommitIntent.Entry] = []
    for file in files {
      let exists = if case .success(let status) = system_pathStatus(file.path), status.kind != .nothing { true } else { false }
      let temporary = try CommitIntent.absolute(file.temporary.path)
      entries.append(CommitIntent.Entry(target: try CommitIntent.absolute(file.path), temporary: temporary,
                                        backup: exists ? temporary + ".old" : nil, byteCount: file.byteCount))
    }
    return CommitIntent(processID: system_processID(), entries: entries)
  }

  /// Renames every file into place; on a failure puts back what it replaced and returns why.
  private func renameAll() -> OutputError? {
    let intent: CommitIntent
    do throws(OutputError) {
      intent = try self.intent()
    } catch {
      return OutputError(path: error.path, reason: error.reason)
    }
    do throws(OutputError) {
      try intent.write()
    } catch {
      intent.remove()  // a copy already written in another folder must not outlive this commit
      return OutputError(path: error.path, reason: error.reason + (error.reason.hasSuffix("no output was replaced") ? "" : "; no output was replaced"))
    }
    var step = 0
    /// The tests' kill before each link and rename (`CommitIntent.killStep`).
    func next() {
      step += 1
      if step == CommitIntent.killStep { system_killSelf() }
    }
    var replaced: [(file: AtomicFile, old: TemporaryFile?)] = []
    var failure: OutputError?
    for file in files {
      var old: TemporaryFile?
      if case .success(let status) = system_pathStatus(file.path), status.kind != .nothing {
        let backup = TemporaryFile(path: file.temporary.path + ".old")
        next()
        if case .failure(let errno) = system_link(file.path, backup.path) {
          failure = OutputError(path: file.path, reason: "cannot keep the old file for a rollback: \(errno)")
          break
        }
        old = backup
      }
      next()
      if case .failure(let errno) = system_rename(file.temporary.path, file.path) {
        failure = OutputError(path: file.path, reason: "\(errno)")
        break
      }
      file.temporary.renamed()
      replaced.append((file, old))
    }
    guard var failure else {
      next()
      intent.remove()
      return nil
    }
    defer { intent.remove() }
    // Put the old set back, newest first; an output that was new is removed.
    var restored = true
    for (file, old) in replaced.reversed() {
      if let old {
        if case .success = system_rename(old.path, file.path) { old.renamed() } else { restored = false }
      } else {
        system_unlink(file.path)
      }
    }
    failure.reason += restored ? "; every output was left as it was" : "; some old outputs could not be put back"
    return failure
  }

  /// The distinct folders of the outputs.
  private var folders: [String] { Array(Set(files.map { CommitIntent.folder(of: $0.path) })).sorted() }

  /// `flock`s each distinct output folder, in a fixed order so two builds cannot deadlock.
  private func lockFolders() throws(OutputError) -> [Int32] {
    try Self.lock(folders, shared: false)
  }

  /// `flock`s each distinct folder of `folders` (shared: readers that wait for a commit to end),
  /// in the order of their real paths, so lockers of overlapping sets cannot deadlock.
  static func lock(_ folders: [String], shared: Bool) throws(OutputError) -> [Int32] {
    var resolved: Set<String> = []
    for folder in folders {
      switch system_realPath(folder) {
      case .success(let path): resolved.insert(path)
      case .failure(let errno): throw OutputError(path: folder, reason: "\(errno); no output was replaced")
      }
    }
    var locks: [Int32] = []
    for folder in resolved.sorted() {
      switch system_lockFolder(folder, shared: shared) {
      case .success(let fd): locks.append(fd)
      case .failure(let errno):
        for fd in locks { system_close(fd) }
        throw OutputError(path: folder, reason: "cannot lock the folder: \(errno); no output was replaced")
      }
    }
    return locks
  }
}
