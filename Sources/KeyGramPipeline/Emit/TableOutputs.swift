import Foundation
import KeyGram

/// Where a build writes: `<code>.keygram` in the tables folder and, with a Swift folder, the
/// generated Swift, its index and the package manifest's list of table modules, all replaced
/// together (`OutputSet`).
struct TableOutputs {
  let language: Language
  let tablesFolder: String
  let swiftFolder: String?

  var tablePath: String { tablesFolder + "/\(language.code).keygram" }
  var swiftPath: String? { swiftFolder.map { $0 + "/" + SwiftTableSource.fileName(for: language) } }

  /// What was written.
  struct Written {
    var tablePath: String
    var swiftPath: String?
    var swiftSourceBytes: Int
  }

  /// Makes the output folders (`mkdir -p`) and checks they and the targets can be written, so a
  /// build fails before counting rather than at the end; returns the folders it made, outermost first.
  func prepare() throws(OutputError) -> [String] {
    var created: [String] = []
    for folder in [tablesFolder] + (swiftFolder.map { [$0] } ?? []) {
      var isDirectory: ObjCBool = false
      if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
        var missing: [String] = [], ancestor = URL(fileURLWithPath: folder).standardizedFileURL
        while !FileManager.default.fileExists(atPath: ancestor.path) && ancestor.path != "/" {
          missing.insert(ancestor.path, at: 0)
          ancestor.deleteLastPathComponent()
        }
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw OutputError(path: folder, reason: "cannot create the folder: \((error as NSError).localizedFailureReason ?? error.localizedDescription)")
        }
        created += missing
        isDirectory = true
      }
      guard isDirectory.boolValue else { throw OutputError(path: folder, reason: "not a folder") }
      guard FileManager.default.isWritableFile(atPath: folder) else {
        throw OutputError(path: folder, reason: "folder is not writable")
      }
    }
    // A build killed while replacing outputs here: its set is finished before this one starts.
    _ = try CommitIntent.recoverLocking([tablesFolder] + (swiftFolder.map { [$0] } ?? []))
    try OutputSet.checkTarget(tablePath)
    if let swiftFolder, let swiftPath {
      try OutputSet.checkTarget(swiftPath)
      try OutputSet.checkTarget(swiftFolder + "/" + SwiftTableSource.indexFileName)
    }
    return created
  }

  /// Writes the table `image` and its Swift, then replaces every output together (the index is
  /// made under the folders' locks, from what they hold then).
  func write(_ image: [UInt8]) throws(OutputError) -> Written {
    let incomplete = withUnsafeBytes(of: TableFormat.State.incomplete.rawValue.littleEndian, Array.init)
    let outputs = OutputSet()
    outputs.add(try AtomicFile(image, for: tablePath, incompleteMarker: (TableFormat.Offset.state, incomplete)))
    var swiftBytes = 0
    if let swiftPath {
      let source = Array(SwiftTableSource.source(for: language, image: image).utf8)
      outputs.add(try AtomicFile(source, for: swiftPath))
      swiftBytes = source.count
    }
    try outputs.commit { () throws(OutputError) -> [AtomicFile] in
      guard let swiftFolder else { return [] }
      return try SwiftTableSource.indexFiles(in: swiftFolder, adding: language)
    }
    return Written(tablePath: tablePath, swiftPath: swiftPath, swiftSourceBytes: swiftBytes)
  }
}

extension SwiftTableSource {
  /// KeyGramTables.swift, listing the generated sources in `folder` plus `language`'s, and the
  /// package manifest's list of them where the folder is a package's (`PackageManifest`).
  /// Two languages whose names give one identifier (and file) would overwrite each other: refused.
  static func indexFiles(in folder: String, adding language: Language) throws(OutputError) -> [AtomicFile] {
    let identifier = identifier(for: language)
    let markers = markers(inFolder: folder)
    if let other = markers.first(where: { $0.identifier == identifier && $0.code != language.code }) {
      throw OutputError(path: folder + "/" + fileName(for: language),
                        reason: "holds the table of \(other.code) as `\(identifier)`, the identifier \(language.code)'s name "
                          + "\(Printable.quoted(language.name)) gives too; rename one of them in its language.json; no output was replaced")
    }
    let entries = entries(markers: markers, adding: IndexEntry(language))
    var files = [try AtomicFile(Array(index(entries).utf8), for: folder + "/" + indexFileName)]
    // The package's list of table modules, so its next evaluation sees a language just added.
    if let manifestPath = PackageManifest.path(forSwiftFolder: folder),
       let manifest = try? String(contentsOfFile: manifestPath, encoding: .utf8),
       let updated = PackageManifest.updated(manifest, entries: entries), updated != manifest {
      files.append(try AtomicFile(Array(updated.utf8), for: manifestPath))
    }
    return files
  }
}
