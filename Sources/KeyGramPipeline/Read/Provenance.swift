import Foundation

/// Where a table came from: its input files (name, size, SHA-256) and corpus totals. Made
/// while reading (`ProvenanceRecorder`), stored in the table's `PROV` section
/// (`Provenance+Section.swift`); `keygram verify` compares it with the corpus folder.
public struct Provenance: Equatable, Sendable {
  public struct File: Equatable, Sendable {
    /// The file name, relative to its corpus folder.
    public var name: String
    public var size: UInt64
    public var sha256: FileDigest
    public init(name: String, size: UInt64, sha256: FileDigest) {
      self.name = name
      self.size = size
      self.sha256 = sha256
    }
  }

  /// Sorted by name, so the order the files were read in leaves no trace.
  public var files: [File]
  public var letters: UInt64
  public var words: UInt64
  public var storedBytes: UInt64
  public var textBytes: UInt64
  public var invalidUTF8: UInt64
  public var outsideAlphabet: UInt64
  public var frequencyListWords: UInt64
  /// Raw unigram counts, by letter.
  public var letterCounts: [UInt64]

  public init(files: [File], letterCounts: [UInt64], words: UInt64, storedBytes: UInt64, textBytes: UInt64,
              invalidUTF8: UInt64, outsideAlphabet: UInt64, frequencyListWords: UInt64) {
    self.files = files.sorted { $0.name < $1.name }
    self.letterCounts = letterCounts
    letters = letterCounts.reduce(0, +)
    self.words = words
    self.storedBytes = storedBytes
    self.textBytes = textBytes
    self.invalidUTF8 = invalidUTF8
    self.outsideAlphabet = outsideAlphabet
    self.frequencyListWords = frequencyListWords
  }

  /// A corpus file's name in the provenance: its path relative to `folder` (nil: the current
  /// folder), with "." and ".." resolved and "../" where it lies outside, so a table records no
  /// absolute path and two checkouts at different places build the same bytes. Build and verify
  /// both name files by it; standard input ("-") and devices (/dev/stdin) keep their names.
  public static func fileName(_ path: String, in folder: String?) -> String {
    guard path != "-" && !path.hasPrefix("/dev/") else { return path }
    let file = absoluteComponents(path), base = absoluteComponents(folder ?? ".")
    let shared = zip(file, base).prefix { $0 == $1 }.count
    let components = Array(repeating: "..", count: base.count - shared) + file[shared...]
    return components.isEmpty ? "." : components.joined(separator: "/")
  }

  /// How a build names its files: relative to its source folder, except that a file of the
  /// corpora folder outside it is named by its place in the corpora folder ("en/wordfreq.freq.gz"),
  /// so one corpora folder gives the same names from any working folder.
  public struct Naming: Sendable, Equatable {
    /// The folder names are relative to (nil: the current folder).
    public var folder: String?
    /// The corpora folder, whose files outside `folder` are named from it.
    public var corpora: String?

    public init(folder: String?, corpora: String? = nil) {
      self.folder = folder
      self.corpora = corpora
    }

    public func name(of path: String) -> String {
      guard path != "-" && !path.hasPrefix("/dev/") else { return path }
      if let corpora, Provenance.lies(path, inside: corpora), !Provenance.lies(path, inside: folder ?? ".") {
        return fileName(path, in: corpora)
      }
      return fileName(path, in: folder)
    }
  }

  /// True when `path` is `folder` or lies below it (lexically, as `fileName` names it).
  static func lies(_ path: String, inside folder: String) -> Bool {
    let file = absoluteComponents(path), base = absoluteComponents(folder)
    return file.count >= base.count && zip(file, base).allSatisfy { $0 == $1 }
  }

  /// Refuses one file given twice (by two paths that name it alike): it would be counted twice.
  public static func refuseDuplicates(_ inputs: [String], naming: Naming) throws(CorpusError) {
    var seen: [String: String] = [:]
    for path in inputs {
      let name = naming.name(of: path)
      if let first = seen[name] {
        throw CorpusError(path: path, kind: .unreadable(first == path ? "named twice among the inputs" : "the same file as \(first), named twice among the inputs"))
      }
      seen[name] = path
    }
  }

  /// The components of `path` made absolute against the current folder, "." and ".." resolved
  /// lexically (symbolic links are kept as named, so the name does not depend on the machine).
  private static func absoluteComponents(_ path: String) -> [Substring] {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var components: [Substring] = []
    for component in absolute.split(separator: "/") {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    return components
  }
}
