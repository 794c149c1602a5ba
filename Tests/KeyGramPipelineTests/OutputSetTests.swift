import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

@Suite("Emit: outputs replaced all or nothing, the letter floor, generated Swift for any name", .serialized)
struct OutputSetTests {
  let build = BuildTests()

  /// Every file in the tables and Swift folders, hidden ones included, with its bytes.
  func snapshot(_ folders: (corpus: String, tables: String, swift: String)) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for folder in [folders.tables, folders.swift] {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        files[folder + "/" + name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data("(folder)".utf8)
      }
    }
    return files
  }

  // MARK: What a killed build left

  @Test func staleTemporaryFilesOfEndedProcessesAreRemovedAndLiveOnesKept() throws {
    let folder = Fixtures.temporaryFolder()
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()  // its pid now names no process (reuse within the test is unlikely)
    let mine = ProcessInfo.processInfo.processIdentifier
    let names = [".en.keygram.\(ended.processIdentifier).1.tmp", ".en.keygram.\(ended.processIdentifier).2.tmp.old",
                 ".en.keygram.\(mine).9.tmp", ".en.keygram.notes.txt", ".fr.keygram.\(ended.processIdentifier).1.tmp", "en.keygram"]
    for name in names { #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data())) }
    TemporaryFile.removeStale(in: folder, of: "en.keygram")
    // Only en.keygram's temporaries of the ended process go; a live process's, other names and other files stay.
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == Set(names.filter { !$0.hasPrefix(".en.keygram.\(ended.processIdentifier)") }))
  }

  // MARK: The letter floor

  @Test func aCorpusWithFewerLettersThanTheFloorIsRefused() throws {
    let folders = build.workspace()
    let zeros = Fixtures.file("zeros.gz", Fixtures.gzipMember([UInt8](repeating: 0, count: 100_000)), in: folders.corpus)
    var request = build.request(folders, inputs: [zeros])
    request.minimumLetters = Pipeline.defaultMinimumLetters
    _ = try Pipeline.build(build.request(folders))
    let before = try snapshot(folders)
    let stored = UInt64(try #require(FileManager.default.contents(atPath: zeros)).count)
    #expect(throws: TooFewLettersError(paths: [zeros], language: "English", storedBytes: stored, textBytes: 100_000, letters: 0,
                                       minimum: 10_000)) { try Pipeline.build(request) }
    #expect(try snapshot(folders) == before)
    // The test corpus has 65 letters: refused at 66, built at 65.
    var floor = build.request(folders)
    floor.minimumLetters = 66
    #expect(throws: TooFewLettersError(paths: ["\(folders.corpus)/text.gz"], language: "English",
                                       storedBytes: UInt64(FileManager.default.contents(atPath: "\(folders.corpus)/text.gz")!.count),
                                       textBytes: UInt64(build.corpus.utf8.count), letters: 65, minimum: 66)) { try Pipeline.build(floor) }
    floor.minimumLetters = 65
    #expect(try Pipeline.build(floor).provenance.letters == 65)
  }

  // MARK: All or nothing

  /// Runs `body` with `path` immutable (`chattr +i`: even root cannot link or replace it).
  func withImmutable(_ path: String, _ body: () throws -> Void) throws {
    let chattr = { (flag: String) throws -> Int32 in
      let process = try Process.run(URL(fileURLWithPath: "/usr/bin/chattr"), arguments: [flag, path])
      process.waitUntilExit()
      return process.terminationStatus
    }
    try #require(try chattr("+i") == 0, "chattr +i \(path)")
    defer { _ = try? chattr("-i") }
    try body()
  }

  static let canMakeFilesImmutable: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else { return false }
    let path = Fixtures.file("probe", [1], in: Fixtures.temporaryFolder())
    let set = try? Process.run(URL(fileURLWithPath: "/usr/bin/chattr"), arguments: ["+i", path])
    set?.waitUntilExit()
    guard set?.terminationStatus == 0 else { return false }
    let unset = try? Process.run(URL(fileURLWithPath: "/usr/bin/chattr"), arguments: ["-i", path])
    unset?.waitUntilExit()
    return true
  }()

  @Test(.enabled(if: canMakeFilesImmutable, "needs root and chattr +i on the temporary folder's file system"))
  func aRenameThatFailsAfterTheFirstPutsTheOldTableBack() throws {
    let folders = build.workspace()
    _ = try Pipeline.build(build.request(folders))
    let other = Fixtures.file("other.txt", Array("quiet queens quit quickly".utf8), in: folders.corpus)
    let before = try snapshot(folders)
    // The table is renamed first; English.swift, immutable, cannot be kept for a rollback, so
    // the new table is taken back out and the old one put back.
    try withImmutable("\(folders.swift)/English.swift") {
      #expect(throws: OutputError(path: "\(folders.swift)/English.swift",
                                  reason: "cannot keep the old file for a rollback: Operation not permitted; every output was left as it was")) {
        try Pipeline.build(build.request(folders, inputs: [other]))
      }
    }
    #expect(try snapshot(folders) == before)
    // A table that did not exist before is removed again.
    try FileManager.default.removeItem(atPath: "\(folders.tables)/en.keygram")
    let withoutTable = try snapshot(folders)
    try withImmutable("\(folders.swift)/English.swift") {
      #expect(throws: OutputError.self) { try Pipeline.build(build.request(folders, inputs: [other])) }
    }
    #expect(try snapshot(folders) == withoutTable)
  }

  @Test func twoLanguagesWhoseNamesGiveOneIdentifierAreRefused() throws {
    let folders = build.workspace()
    _ = try Pipeline.build(build.request(folders))
    let before = try snapshot(folders)
    var british = build.request(folders)
    british.language.code = "en-GB"
    british.tablesFolder = Fixtures.temporaryFolder()
    #expect(throws: OutputError(path: "\(folders.swift)/English.swift", reason: """
      holds the table of en as `english`, the identifier en-GB's name "English" gives too; \
      rename one of them in its language.json; no output was replaced
      """)) { try Pipeline.build(british) }
    #expect(try snapshot(folders) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: british.tablesFolder).isEmpty)
  }

  // MARK: Generated Swift for hostile names

  /// Names that used to break or inject into the generated Swift, and what they become.
  static let hostileNames: [(name: String, code: String, identifier: String)] = [
    ("English\rpublic static let injected = 1 //", "en", "englishpublicstaticletinjected"),
    ("Line\u{2028}public static let separated = 2 //", "ls", "linepublicstaticletseparated"),
    ("Para\u{2029}Graph\u{85}Next\u{0B}Tab\u{0C}Feed", "pg", "paraGraphNextTabFeed"),
    ("Block */ public static let closed = 3 /* comment", "bc", "blockpublicstaticletclosedcomment"),
    ("Import", "im", "language_im"),
    ("class", "cl", "language_cl"),
    ("All", "al", "language_al"),
    ("Table", "ta", "language_ta"),
    ("Embedded", "em", "language_em"),
    ("Language Codes", "lc", "language_lc"),
    ("Key Gram Tables", "kg", "language_kg"),
    ("Self", "se", "language_se"),
    ("日本語", "ja", "language_ja"),
    ("Quote \" and \\ backslash \\(interpolation)", "qb", "quoteandbackslashinterpolation"),
    ("Bidi \u{202E}esrever\u{202C} zero\u{200B}width", "bd", "bidiesreverzerowidth"),
    ("Code with odd letters", "x-y", "codewithoddletters"),
  ]

  @Test func hostileNamesGiveSwiftThatTypechecksAndDeclaresNothingElse() throws {
    let folder = Fixtures.temporaryFolder()
    var identifiers: [String] = []
    for (name, code, identifier) in Self.hostileNames {
      let language = Language(code: code, name: name, alphabet: Array("ab".unicodeScalars))
      #expect(SwiftTableSource.identifier(for: language) == identifier, "\(name.debugDescription)")
      let source = SwiftTableSource.source(for: language, image: [1, 2, 3])
      // Only \n ends a line; every line is the template's, whatever the name.
      #expect(!source.unicodeScalars.contains { $0 != "\n" && ($0.properties.generalCategory == .control
        || $0.properties.generalCategory == .lineSeparator || $0.properties.generalCategory == .paragraphSeparator) })
      let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let template: [(String) -> Bool] = [
        { $0.hasPrefix("// Generated by `keygram build ") }, { $0.hasPrefix("// keygram-table: ") }, { $0 == "import KeyGram" },
        { $0 == "" }, { $0 == "extension KeyGramTables {" }, { $0.hasPrefix("  /// ") },
        { $0 == "  public static let \(identifier) = EmbeddedTable(" }, { $0.hasPrefix("    languageCode: \"") },
        { $0.hasPrefix("    languageName: \"") && $0.hasSuffix("\",") }, { $0 == "    base64: \"AQID\")" }, { $0 == "}" }, { $0 == "" },
      ]
      #expect(lines.count == template.count && zip(lines, template).allSatisfy { $1($0) }, "\(lines)")
      #expect(FileManager.default.createFile(atPath: folder + "/" + SwiftTableSource.fileName(for: language), contents: Data(source.utf8)))
      identifiers.append(identifier)
    }
    // The index re-exports each language's module (one per file in the package); typechecked
    // here as one module, its language files are part of it, so those imports go.
    let index = SwiftTableSource.index(forFolder: folder).split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("@_exported import KeyGramTables") }.joined(separator: "\n")
    #expect(FileManager.default.createFile(atPath: folder + "/" + SwiftTableSource.indexFileName, contents: Data(index.utf8)))
    try FileManager.default.copyItem(atPath: Fixtures.packageRoot + "/Sources/KeyGramTables/KeyGramTables+Lookup.swift",
                                     toPath: folder + "/KeyGramTables+Lookup.swift")
    // A file that uses every identifier, the index and its lookups, and names no injected member.
    #expect(FileManager.default.createFile(atPath: folder + "/Uses.swift", contents: Data("""
      import KeyGram
      func uses() throws {
        let tables: [EmbeddedTable] = [\(identifiers.map { "KeyGramTables.\($0)" }.joined(separator: ", "))]
        precondition(tables.count == KeyGramTables.all.count)
        _ = KeyGramTables.embedded(for: "en")
        _ = try KeyGramTables.table(for: "en")
        _ = KeyGramTables.languageCodes
      }

      """.utf8)))
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }.sorted()
    #expect(files.count == Self.hostileNames.count + 3)
    let result = try Self.typecheck(files.map { folder + "/" + $0 }, module: "KeyGramTables")
    #expect(result.status == 0, "\(result.output)")
    // And with a use of what the names tried to inject, the typechecker finds no such member.
    #expect(FileManager.default.createFile(atPath: folder + "/Injected.swift", contents: Data("""
      let injected = KeyGramTables.injected + KeyGramTables.separated + KeyGramTables.closed

      """.utf8)))
    let injected = try Self.typecheck((files + ["Injected.swift"]).map { folder + "/" + $0 }, module: "KeyGramTables")
    #expect(injected.status != 0)
    for member in ["injected", "separated", "closed"] {
      #expect(injected.output.contains("type 'KeyGramTables' has no member '\(member)'"), "\(injected.output)")
    }
  }

  /// `swiftc -typecheck` of `files` as module `module`, against the built KeyGram module.
  static func typecheck(_ files: [String], module: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-typecheck", "-module-name", module, "-I", try keyGramModules()] + files
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  /// The folder with KeyGram.swiftmodule of this test run's build (debug or release).
  static func keyGramModules() throws -> String {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = binary.deletingLastPathComponent()
    for _ in 0..<6 {
      let modules = folder.appendingPathComponent("Modules").path
      if FileManager.default.fileExists(atPath: modules + "/KeyGram.swiftmodule") { return modules }
      folder.deleteLastPathComponent()
    }
    for configuration in ["debug", "release"] {
      let modules = Fixtures.packageRoot + "/.build/\(configuration)/Modules"
      if FileManager.default.fileExists(atPath: modules + "/KeyGram.swiftmodule") { return modules }
    }
    throw OutputError(path: Fixtures.packageRoot + "/.build", reason: "no KeyGram.swiftmodule to typecheck against")
  }
}
