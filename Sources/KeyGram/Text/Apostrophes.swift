/// The apostrophes of typed text: U+0027 APOSTROPHE, U+2019 RIGHT SINGLE QUOTATION MARK and
/// U+02BC MODIFIER LETTER APOSTROPHE, as the builder reads them. Whether one is dropped or ends a
/// word is the table's `TEXT` section (`KeyGramTable.apostrophesEndWords`); an alphabet that
/// holds ʼ (U+02BC) as a letter reads it as that letter first (`KeyGramTable.step(for:after:)`).
/// `TypingContext.isApostrophe(_:)` is this set, public.
@usableFromInline
enum Apostrophes {
  /// Whether `scalar` is one of the three apostrophes.
  @inlinable
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\u{27}" || scalar == "\u{2019}" || scalar == "\u{2BC}"
  }
}
