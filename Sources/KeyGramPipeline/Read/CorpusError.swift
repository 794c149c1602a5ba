/// What went wrong with a corpus input, always naming the file and, where there is one,
/// the byte offset (in the file as stored, i.e. compressed bytes for gzip).
public struct CorpusError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    case missing
    case unreadable(String)
    case empty
    /// A pipe, FIFO or standard input that ended before its first byte.
    case emptyStream
    case noCorpusFiles
    case truncatedGzip
    case corruptGzip(String)
    case trailingGarbage
    case isDirectory
    /// More than `CorpusError.maximumInvalidShare` of the text is invalid UTF-8; `firstAt` is the
    /// first bad byte's offset in the text as decompressed (nil: a stream, not read again).
    case notText(invalidSequences: UInt64, textBytes: UInt64, firstAt: Int?)
    /// One of KeyGram's own binary files (a table, a count file), given as corpus text.
    case keygramFile(String)
  }

  /// The share of a file's text bytes that may start an invalid UTF-8 sequence (1%): binaries
  /// and text in a legacy encoding are refused, while a few stray bytes are counted and skipped.
  public static let maximumInvalidShare = 0.01

  public var path: String
  public var byteOffset: Int?
  public var kind: Kind

  public init(path: String, byteOffset: Int? = nil, kind: Kind) {
    self.path = path
    self.byteOffset = byteOffset
    self.kind = kind
  }

  public var description: String {
    let at = byteOffset.map { " at byte \($0)" } ?? ""
    switch kind {
    case .missing: return "\(path): no such file"
    case .unreadable(let why): return "\(path)\(at): cannot read: \(why)"
    case .empty: return "\(path): empty file (0 bytes); a corpus file must hold text"
    case .emptyStream:
      let what = path == "-" ? "standard input" : "a pipe or FIFO"
      return "\(path): \(what) that gave 0 bytes (no writer, or it wrote nothing); a corpus must hold text"
    case .noCorpusFiles: return "\(path): no corpus files (*.gz, *.txt, *.dz) in this folder"
    case .truncatedGzip: return "\(path)\(at): truncated gzip: the file ends inside a compressed member"
    case .corruptGzip(let why): return "\(path)\(at): corrupt gzip: \(why)"
    case .trailingGarbage: return "\(path)\(at): trailing garbage after the last gzip member (not gzip, not zero padding)"
    case .isDirectory: return "\(path): is a directory, not a corpus file"
    case .notText(let invalid, let bytes, let firstAt):
      let share = Double(invalid) / Double(max(bytes, 1)) * 100
      let first = firstAt.map { "the first at text byte \($0)" } ?? "where the first is cannot be read again from a stream"
      return "\(path): not UTF-8 text: \(grouped(invalid)) invalid UTF-8 sequences in \(grouped(bytes)) bytes of text "
        + "(\(share < 0.1 ? String(format: "%.2f", share) : String(format: "%.1f", share))%, more than \(Int(Self.maximumInvalidShare * 100))%), \(first); "
        + "a corpus file must be UTF-8 text (convert it with iconv)"
    case .keygramFile(let what): return "\(path): is \(what), not corpus text"
    }
  }
}

/// A corpus with fewer letters of the alphabet than the build's floor (`--min-letters`):
/// zeros, binary data or text in another script.
public struct TooFewLettersError: Error, Equatable, CustomStringConvertible {
  public var paths: [String]
  /// The language's name, for "letters of the English alphabet".
  public var language: String
  /// The bytes of `paths` as stored.
  public var storedBytes: UInt64
  /// Their bytes of text; nil when inputs that feed no letters were read with them, whose text
  /// cannot be told apart.
  public var textBytes: UInt64?
  public var letters: UInt64
  public var minimum: Int
  /// Inputs read that feed no letters (a word list, by language.json's sources): not counted above.
  public var feedingNoLetters: [String] = []

  public var description: String {
    let floor = "a table needs at least \(grouped(minimum)) (--min-letters N changes the floor, 0 turns it off)"
    let others = feedingNoLetters.joined(separator: ", ") + (feedingNoLetters.count == 1 ? " feeds" : " feed")
      + " no letters (language.json's sources)"
    guard !paths.isEmpty else { return "no input feeds letters: \(others); \(floor)" }
    return "\(paths.joined(separator: ", ")): \(grouped(letters)) letters of the \(Printable.escaped(language)) alphabet in "
      + "\(grouped(storedBytes)) bytes read" + (textBytes.map { " (\(grouped($0)) bytes of text)" } ?? "") + "; \(floor)"
      + (feedingNoLetters.isEmpty ? "" : "; \(others)")
  }
}
