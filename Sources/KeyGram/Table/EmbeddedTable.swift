/// A table compiled into Swift: the `.keygram` bytes as base64 in a `StaticString`, which
/// lives in the binary's read-only data and costs nothing until it is opened.
/// `KeyGramTable(embedded:)` decodes it into one heap buffer and validates it.
public struct EmbeddedTable: Sendable {
  /// The BCP 47 language code, e.g. "en".
  public let languageCode: StaticString
  /// The language's name, e.g. "English".
  public let languageName: StaticString
  /// The table bytes, standard base64.
  public let base64: StaticString

  /// A table compiled into the app; generated sources make these, open one with `KeyGramTable(embedded:)`.
  public init(languageCode: StaticString, languageName: StaticString, base64: StaticString) {
    self.languageCode = languageCode
    self.languageName = languageName
    self.base64 = base64
  }
}

/// Where the generated tables live: each generated module (`KeyGramTablesEnglish`, …) adds its
/// table (`KeyGramTables.english`), and the `KeyGramTables` module adds `all` and the lookups.
/// Declared here, with no members, so that one language's module needs nothing but KeyGram.
public enum KeyGramTables {}
