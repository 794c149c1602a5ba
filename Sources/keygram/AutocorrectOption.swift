import ArgumentParser
import KeyGram

extension Autocorrection: ExpressibleByArgument {
  public init?(argument: String) { self.init(name: argument) }
  public static var allValueStrings: [String] { allLevels.map(\.description) }
}

/// `--autocorrect LEVEL`, for every command that runs the word decoder.
struct AutocorrectOption: ParsableArguments {
  @Option(name: .customLong("autocorrect"), help: ArgumentHelp("How readily the decoder replaces what was typed (default: the level the table's language starts at; English: standard).", valueName: "level"))
  var level: Autocorrection?

  /// `parameters` at the level given.
  func applied(to parameters: WordDecoder.Parameters) -> WordDecoder.Parameters {
    var result = parameters
    if let level { result.autocorrection = level }
    return result
  }
}
