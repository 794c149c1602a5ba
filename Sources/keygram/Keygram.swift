import ArgumentParser

@main
struct Keygram: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keygram",
    abstract: "Build and check KeyGram's letter tables for probabilistic touch targeting.",
    discussion: """
      Tables are built from gzipped text in corpora/<lang>/ and written to tables/<lang>.keygram
      and Sources/KeyGramTables/<Language>.swift.
      """,
    // The version, and which library inflates gzip here (a build made before ISA-L's header was installed uses zlib).
    version: "0.1.0\n" + InflaterOption.automaticChoice,
    subcommands: [Build.self, Count.self, Merge.self, Inspect.self, Verify.self, Simulate.self, Predict.self, Tune.self, Plot.self, Inflate.self])
}

/// The corpora folder, for commands that read language manifests and corpus files.
struct CorporaOption: ParsableArguments {
  @Option(name: [.customLong("corpora"), .customLong("corpus")], help: ArgumentHelp("The corpora folder, holding one folder per language.", valueName: "dir"))
  var corporaOption = "corpora"

  var corpora: String { folderPath(corporaOption) }
}

/// Options shared by commands that find corpora and write tables.
struct FolderOptions: ParsableArguments {
  @OptionGroup var corporaFolder: CorporaOption

  @Option(name: .customLong("out"), help: ArgumentHelp("Where <lang>.keygram tables are written.", valueName: "dir"))
  var outOption = "tables"

  @Option(name: .customLong("swift-out"), help: ArgumentHelp("Where the generated Swift tables are written.", valueName: "dir"))
  var swiftOutOption = "Sources/KeyGramTables"

  var corpora: String { corporaFolder.corpora }
  var out: String { folderPath(outOption) }
  var swiftOut: String { folderPath(swiftOutOption) }
}

/// A folder option as joined with file names: without trailing slashes ("out/" → "out").
func folderPath(_ folder: String) -> String {
  var folder = folder
  while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
  return folder
}
