/// What went wrong with a corpus input, always naming the file and, where there is one,
/// the byte offset (in the file as stored, i.e. compressed bytes for gzip).
public struct CorpusError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    case missing
    case unreadable(String)
    case empty
    case noCorpusFiles
    case truncatedGzip
    case corruptGzip(String)
    case trailingGarbage
    case isDirectory
  }

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
    case .noCorpusFiles: return "\(path): no corpus files (*.gz, *.txt, *.dz) in this folder"
    case .truncatedGzip: return "\(path)\(at): truncated gzip: the file ends inside a compressed member"
    case .corruptGzip(let why): return "\(path)\(at): corrupt gzip: \(why)"
    case .trailingGarbage: return "\(path)\(at): trailing garbage after the last gzip member (not gzip, not zero padding)"
    case .isDirectory: return "\(path): is a directory, not a corpus file"
    }
  }
}
