@_spi(Testing) import KeyGram

/// The fixture table (Fixtures/README.md): built from three lines of English, so the tests that
/// open it hold whatever the shipped corpus becomes.
enum FixtureTable {
  static let folder = EnglishTable.packageRoot + "/Tests/KeyGramTests/Fixtures"
  static let path = folder + "/tiny-en.keygram"

  /// Fixtures/tiny-en.keygram, memory-mapped.
  static let mapped: KeyGramTable = {
    do { return try KeyGramTable(contentsOf: path) } catch { fatalError("cannot open \(path): \(error)") }
  }()

  /// The table's bytes, for corrupting copies.
  static var bytes: [UInt8] { mapped.bytes.array }

  static func letter(_ scalar: Unicode.Scalar) -> Int { mapped.letterIndex(of: scalar)! }
}
