import Foundation
import KeyGramLab

/// What several test targets share, so none imports another's code for it.

/// The seeded generator the simulator uses (KeyGramLab ships it; the tests' random inputs
/// come from the same one, so a seed names the same sequence everywhere).
public typealias SeededRandom = KeyGramLab.SeededRandom

/// A fresh, empty folder under the system's temporary folder, named `<prefix>-<UUID>`; it and
/// everything in it are removed when the test process exits.
public func temporaryFolder(prefix: String) -> String {
  let path = temporaryPath(prefix: prefix)
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A fresh path under the system's temporary folder, named `<prefix>-<UUID>`, not yet made:
/// whatever a test puts there is removed when the test process exits.
public func temporaryPath(prefix: String) -> String {
  let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
  TemporaryPaths.shared.add(path)
  return path
}

/// The paths `temporaryPath` handed out, removed at exit, so a run of the suite leaves the
/// temporary folder as it found it (.ci/run checks it).
final class TemporaryPaths: @unchecked Sendable {
  static let shared: TemporaryPaths = {
    let paths = TemporaryPaths()
    atexit { TemporaryPaths.shared.removeAll() }
    return paths
  }()

  private let lock = NSLock()
  private var paths: [String] = []

  func add(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.append(path)
  }

  func removeAll() {
    lock.lock()
    defer { lock.unlock() }
    for path in paths { Self.remove(path) }
    paths.removeAll()
  }

  /// Removes `path` and all below it, first making each folder writable again (a test may have
  /// made one read-only).
  static func remove(_ path: String) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      try? FileManager.default.removeItem(atPath: path)  // a dangling symbolic link
      return
    }
    if isDirectory.boolValue {
      chmod(path, 0o755)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { remove(path + "/" + name) }
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
