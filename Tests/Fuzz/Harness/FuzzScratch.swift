/// Where harnesses that need a file path write their input: a folder per process under
/// `$TMPDIR` (or /tmp), each file overwritten by the next run, the folder removed when the
/// process exits.
enum FuzzScratch {
  static let folder: String = {
    let root = system_environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let folder = "\(root)/keygram-fuzz-\(system_processID())"
    guard system_makeFolder(folder) else { fatalError("cannot make the scratch folder \(folder)") }
    system_atExit { system_removeFolderOfFiles(FuzzScratch.folder) }
    return folder
  }()

  /// Writes `bytes` to the scratch file `name` and returns its path.
  static func write(_ bytes: [UInt8], as name: String) -> String {
    let path = "\(folder)/\(name)"
    guard bytes.withUnsafeBytes({ system_replaceFile(path, with: $0) }) else { fatalError("cannot write \(path)") }
    return path
  }
}
