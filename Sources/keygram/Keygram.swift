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
    version: "0.1.0",
    subcommands: [Build.self, Count.self, Merge.self, Inspect.self, Verify.self, Simulate.self, Tune.self, Plot.self, Inflate.self])
}

/// Options shared by commands that find corpora and write tables.
struct FolderOptions: ParsableArguments {
  @Option(help: "The corpora folder, holding one folder per language.")
  var corpora = "corpora"

  @Option(help: "Where <lang>.keygram tables are written.")
  var out = "tables"

  @Option(name: .customLong("swift-out"), help: "Where the generated Swift tables are written.")
  var swiftOut = "Sources/KeyGramTables"
}
