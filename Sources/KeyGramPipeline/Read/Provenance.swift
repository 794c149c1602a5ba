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
  public var compressedBytes: UInt64
  public var uncompressedBytes: UInt64
  public var invalidUTF8: UInt64
  public var outsideAlphabet: UInt64
  public var frequencyListWords: UInt64
  /// Raw unigram counts, by letter.
  public var letterCounts: [UInt64]

  public init(files: [File], counts: NgramCounts, compressedBytes: UInt64, uncompressedBytes: UInt64) {
    self.files = files.sorted { $0.name < $1.name }
    letterCounts = counts.unigrams
    letters = letterCounts.reduce(0, +)
    words = counts.words
    self.compressedBytes = compressedBytes
    self.uncompressedBytes = uncompressedBytes
    invalidUTF8 = counts.invalidUTF8
    outsideAlphabet = counts.outsideAlphabet
    frequencyListWords = counts.frequencyListWords
  }

  /// A corpus file's name in the provenance: relative to the corpus folder, or as given. Build
  /// and verify both name files by it.
  public static func fileName(_ path: String, in folder: String?) -> String {
    if let folder, path.hasPrefix(folder + "/") { return String(path.dropFirst(folder.count + 1)) }
    return path
  }
}
