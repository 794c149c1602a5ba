/// Which library inflates gzip corpora. Both read the same files the same way (members,
/// dictzip, zero padding) and refuse the same damage with the same kind of `CorpusError`;
/// ISA-L is the faster (docs/Pipeline.md has the figures).
public enum Inflater: String, Sendable, CaseIterable {
  /// Intel ISA-L where `libisal.so.2` loads, zlib elsewhere.
  case automatic = "auto"
  /// zlib, always there.
  case zlib
  /// Intel ISA-L (`libisal.so.2`, opened at run time); an error where it cannot load.
  case isal

  /// Nil where ISA-L can be used; otherwise why not (no libisal.so.2, or built without its header).
  public static var isalUnavailableReason: String? { IsalInflater.unavailableReason }

  /// Whether this build can inflate with ISA-L at all: Sources/CIsal compiled with ISA-L's header.
  public static var isalCompiledIn: Bool { IsalInflater.isCompiledIn }

  /// The ISA-L library opened: `libisal.so.2`, or the one `KEYGRAM_LIBISAL` names.
  public static var isalLibraryName: String { IsalInflater.libraryName }

  /// True where ISA-L is installed (its library loads) but this build was compiled without its
  /// header, so `automatic` inflates with zlib only because of how it was built.
  public static var isalLeftOutAtBuild: Bool { !isalCompiledIn && IsalInflater.libraryOpens }

  /// The library that inflates: `automatic` made `isal` or `zlib`.
  public var resolved: Inflater {
    self == .automatic ? (Self.isalUnavailableReason == nil ? .isal : .zlib) : self
  }

  /// Throws where ISA-L is asked for by name and cannot be used.
  public func checkAvailable() throws(InflaterUnavailableError) {
    if self == .isal, let reason = Self.isalUnavailableReason { throw InflaterUnavailableError(reason: reason) }
  }

  /// A fresh inflate stream of the library `resolved` names.
  func makeStream() throws(InflateError) -> any GzipInflating {
    resolved == .isal ? try IsalInflater() : try ZlibInflater()
  }
}

/// ISA-L was asked for and cannot be used here.
public struct InflaterUnavailableError: Error, Equatable, CustomStringConvertible {
  public var reason: String

  public var description: String {
    "ISA-L cannot inflate here: \(reason); --inflater zlib uses zlib, auto uses ISA-L only where it loads"
  }
}
