import ArgumentParser

/// The language of `simulate`, `tune` and `plot`: positional, as in build, count, inspect and
/// verify (default en); `--lang` stays as a hidden alias so older scripts keep working.
struct LanguageChoice: ParsableArguments {
  @Argument(help: "The language code, e.g. en (default: en).")
  var language: String?

  @Option(name: .customLong("lang"), help: .hidden)
  var languageOption: String?

  /// The language asked for, either way, or en.
  var code: String { language ?? languageOption ?? "en" }

  func validate() throws {
    if let language, let languageOption, language != languageOption {
      throw ValidationError("the language is given twice: \(language) and --lang \(languageOption).")
    }
  }
}
