import Foundation
import KeyGramLab

/// What several test targets share, so none imports another's code for it.

/// The seeded generator the simulator uses (KeyGramLab ships it; the tests' random inputs
/// come from the same one, so a seed names the same sequence everywhere).
public typealias SeededRandom = KeyGramLab.SeededRandom

/// A fresh, empty folder under the system's temporary folder, named `<prefix>-<UUID>`.
public func temporaryFolder(prefix: String) -> String {
  let path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}
