@_spi(Testing) import KeyGram
import Testing
import KeyGramTables

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shipped English table, opened both ways the runtime supports.
enum EnglishTable {
  /// The package root, found from this file's path (Tests/KeyGramTests/Support/…).
  static let packageRoot: String = {
    var path = #filePath
    for _ in 0..<4 {
      guard let slash = path.lastIndex(of: "/") else { break }
      path = String(path[..<slash])
    }
    return path
  }()

  static let path = packageRoot + "/tables/en.keygram"

  /// `tables/en.keygram`, memory-mapped.
  static let mapped: KeyGramTable = {
    do { return try KeyGramTable(contentsOf: path) } catch { fatalError("cannot open \(path): \(error)") }
  }()

  /// `KeyGramTables.english`, decoded from the generated Swift.
  static let embedded: KeyGramTable = {
    do { return try KeyGramTable(embedded: KeyGramTables.english) } catch { fatalError("cannot decode the embedded table: \(error)") }
  }()

  /// Both openings, for parameterised tests.
  enum Source: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case mapped, embedded
    var table: KeyGramTable { self == .mapped ? EnglishTable.mapped : EnglishTable.embedded }
    var testDescription: String { rawValue }
  }

  /// The table's bytes, for corrupting copies.
  static var bytes: [UInt8] { mapped.bytes.array }

  static func letter(_ scalar: Unicode.Scalar) -> Int { mapped.letterIndex(of: scalar)! }
}

/// Removes a file `temporaryFile` wrote: a test leaves /tmp as it found it.
func removeTemporaryFile(_ path: String) { unlink(path) }

/// Writes `bytes` to a fresh file under /tmp and returns its path (Glibc only, no Foundation).
func temporaryFile(containing bytes: [UInt8], name: String) -> String {
  let path = "/tmp/keygram-tests-\(getpid())-\(name)"
  let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  precondition(fd >= 0, "cannot create \(path)")
  bytes.withUnsafeBytes { buffer in
    var written = 0
    while written < buffer.count {
      let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
      precondition(result > 0, "cannot write \(path)")
      written += result
    }
  }
  close(fd)
  return path
}
