import Foundation

/// What a commit is about to replace, written to each output folder before its first link or
/// rename and removed after its last: a build killed in between (SIGKILL waits for nothing)
/// leaves it, and the next build or verify into any of those folders finishes the set
/// (`recover`) before anything else, so the folders never keep one build's table beside
/// another's Swift.
///
/// The file, `.keygram-commit`, is text: a line "keygram-commit 1 <pid>", then per output its
/// target, its new bytes' temporary file, the hard link that keeps the old file (empty when
/// there was none) and the new bytes' count, tab-separated, every path absolute.
struct CommitIntent: Equatable {
  static let fileName = ".keygram-commit"

  struct Entry: Equatable {
    var target: String
    var temporary: String
    var backup: String?
    var byteCount: Int
  }

  var processID: Int32
  var entries: [Entry]

  /// The distinct folders of the targets: each holds a copy of the intent.
  var folders: [String] {
    var seen: Set<String> = [], folders: [String] = []
    for entry in entries {
      let folder = Self.folder(of: entry.target)
      if seen.insert(folder).inserted { folders.append(folder) }
    }
    return folders
  }

  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` made absolute through its folder's real path, so a later run from another
  /// working folder finds the same files.
  static func absolute(_ path: String) throws(OutputError) -> String {
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    switch system_realPath(folder(of: path)) {
    case .success(let folder): return (folder == "/" ? "" : folder) + "/" + name
    case .failure(let errno): throw OutputError(path: path, reason: "\(errno); no output was replaced")
    }
  }

  var text: String {
    "keygram-commit 1 \(processID)\n" + entries.map { "\($0.target)\t\($0.temporary)\t\($0.backup ?? "")\t\($0.byteCount)\n" }.joined()
  }

  /// The intent in `text`; nil when it is not one (cut short or edited).
  init?(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.last == "", lines.count >= 3 else { return nil }
    lines.removeLast()
    let head = lines.removeFirst().split(separator: " ")
    guard head.count == 3, head[0] == "keygram-commit", head[1] == "1", let pid = Int32(head[2]), pid > 0 else { return nil }
    var entries: [Entry] = []
    for line in lines {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4, fields[0].hasPrefix("/"), fields[1].hasPrefix("/"), let count = Int(fields[3]), count >= 0 else { return nil }
      entries.append(Entry(target: fields[0], temporary: fields[1], backup: fields[2].isEmpty ? nil : fields[2], byteCount: count))
    }
    self.init(processID: pid, entries: entries)
  }

  init(processID: Int32, entries: [Entry]) {
    self.processID = processID
    self.entries = entries
  }

  /// Writes the intent into every folder of the set, each copy replaced atomically and on disk.
  func write() throws(OutputError) {
    for folder in folders { try AtomicFile.write(Array(text.utf8), to: folder + "/" + Self.fileName) }
  }

  /// Removes every copy: the set is whole.
  func remove() {
    for folder in folders { system_unlink(folder + "/" + Self.fileName) }
  }

  // MARK: Recovery

  /// What `recover` did with one interrupted commit, for the user.
  struct Recovery: Equatable, CustomStringConvertible {
    var processID: Int32
    var targets: [String]
    var rolledForward: Bool
    var description: String {
      "a build (process \(processID)) was killed while replacing \(targets.joined(separator: ", ")); "
        + (rolledForward ? "its new files were put in place" : "the old files were put back")
    }
  }

  /// Finishes every commit interrupted in `folders` whose process is gone, each before anything
  /// else reads or writes there: rolled forward when every new file is still at hand (in its
  /// temporary file or already in place), else rolled back from the kept old files. Call it
  /// holding the folders' exclusive locks. An intent that cannot be read is an error naming it.
  static func recover(in folders: [String]) throws(OutputError) -> [Recovery] {
    var recoveries: [Recovery] = []
    for folder in folders {
      let path = folder + "/" + fileName
      guard case .success(let status) = system_pathStatus(path), status.kind != .nothing else { continue }
      guard let data = FileManager.default.contents(atPath: path), let intent = CommitIntent(text: String(decoding: data, as: UTF8.self)) else {
        throw OutputError(path: path, reason: "an interrupted build's record of its outputs cannot be read; "
                            + "check the outputs it names, build again, and remove it")
      }
      // A live process holds the folders' locks while its intent exists: this one is gone.
      guard intent.processID == system_processID() || !system_processExists(intent.processID) else { continue }
      recoveries.append(try intent.finish())
    }
    return recoveries
  }

  private func size(_ path: String) -> Int? {
    guard case .success(let status) = system_pathStatus(path), status.kind == .file else { return nil }
    return status.size
  }

  /// Rolls this interrupted set forward or back, then removes what it left: its temporary
  /// files, the kept old files and the intent.
  private func finish() throws(OutputError) -> Recovery {
    // Forward: each new file is in its temporary file, or was renamed into place.
    let forward = entries.allSatisfy { size($0.temporary) == $0.byteCount || (size($0.temporary) == nil && size($0.target) == $0.byteCount) }
    for entry in entries {
      if forward {
        if size(entry.temporary) != nil, case .failure(let errno) = system_rename(entry.temporary, entry.target) {
          throw OutputError(path: entry.target, reason: "finishing an interrupted build: \(errno)")
        }
      } else if size(entry.temporary) == nil {
        // Back: an output already replaced gets its old file again; one that was new goes.
        if let backup = entry.backup, size(backup) != nil {
          if case .failure(let errno) = system_rename(backup, entry.target) {
            throw OutputError(path: entry.target, reason: "rolling back an interrupted build: \(errno)")
          }
        } else if entry.backup == nil && size(entry.target) == entry.byteCount {
          system_unlink(entry.target)  // new with this build, and its bytes are this build's
        }
      }
    }
    for entry in entries {
      system_unlink(entry.temporary)
      if let backup = entry.backup { system_unlink(backup) }
    }
    remove()
    return Recovery(processID: processID, targets: entries.map(\.target), rolledForward: forward)
  }

  /// Locks `folders` (those that exist) exclusively and finishes the commits interrupted there;
  /// does nothing, and takes no lock, where no folder holds an intent.
  static func recoverLocking(_ folders: [String]) throws(OutputError) -> [Recovery] {
    let existing = folders.filter { folder in
      if case .success(let status) = system_pathStatus(folder + "/" + fileName), status.kind != .nothing { return true }
      return false
    }
    guard !existing.isEmpty else { return [] }
    let locks = try OutputSet.lock(existing, shared: false)
    defer { for fd in locks { system_close(fd) } }
    return try recover(in: existing)
  }

  // MARK: Testing

  /// `KEYGRAM_KILL_AT_COMMIT_STEP=n`: the process kills itself with SIGKILL just before the
  /// commit's n-th link or rename (n = 1, 2, …), or, for the step after the last, before it
  /// removes its intent: how the tests reproduce a kill inside the commit at every point.
  static let killStep: Int? = ProcessInfo.processInfo.environment["KEYGRAM_KILL_AT_COMMIT_STEP"].flatMap(Int.init)
}
