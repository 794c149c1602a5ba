import KeyGram

extension KeyGramTables {
  /// The embedded table for a BCP 47 language code such as "de", or nil if none ships.
  public static func embedded(for languageCode: String) -> EmbeddedTable? {
    all.first { $0.languageCode.description == languageCode }
  }

  /// Opens the shipped table for `languageCode` ("en", "de", …), or nil if none ships.
  public static func table(for languageCode: String) throws(KeyGramTableError) -> KeyGramTable? {
    guard let embedded = embedded(for: languageCode) else { return nil }
    return try KeyGramTable(embedded: embedded)
  }

  /// The language codes that ship, in the order of `all`.
  public static var languageCodes: [String] { all.map { $0.languageCode.description } }
}
