import Foundation
import KeyGram
import KeyGramPipeline
import TestSupport
import Testing

/// The failures a user meets (issue 12): each bad input exits 1 with an exact message and
/// leaves every output as it was.
extension KeygramCLITests {
  /// Every file under `tables/` and `swift/` of `root`, hidden ones included, with its bytes.
  func outputs(in root: String) -> [String: Data] {
    var files: [String: Data] = [:]
    for folder in ["tables", "swift"] {
      guard let enumerator = FileManager.default.enumerator(atPath: "\(root)/\(folder)") else { continue }
      for case let name as String in enumerator {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: "\(root)/\(folder)/\(name)", isDirectory: &isDirectory) else { continue }
        files["\(folder)/\(name)"] = isDirectory.boolValue ? Data("(folder)".utf8) : FileManager.default.contents(atPath: "\(root)/\(folder)/\(name)")
      }
    }
    return files
  }

  /// A scratch project with its tables and Swift already built from the tiny corpus.
  func builtScratch() throws -> (root: String, before: [String: Data]) {
    let root = try scratch()
    let build = try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8)))
    return (root, outputs(in: root))
  }

  /// `keygram build en ARGUMENTS --out tables --swift-out swift` fails with exactly `message`
  /// and exit status 1, and every output is as it was.
  func expectRefusedBuild(_ arguments: [String], in root: String, input: Data? = nil, message: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = outputs(in: root)
    try expectOutput(["build", "en"] + arguments + ["--out", "tables", "--swift-out", "swift"], in: root, input: input,
                     stderr: "Error: \(message)\n", status: 1, timeout: 60, sourceLocation: sourceLocation)
    #expect(outputs(in: root) == before, "outputs untouched", sourceLocation: sourceLocation)
  }

  // MARK: Too few letters

  @Test func aCorpusWithTooFewLettersIsRefused() throws {
    let (root, _) = try builtScratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/zeros.txt", contents: Data(count: 1_000_000)))
    let gzip = try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "gzip -c zeros.txt > zeros.gz"], in: root)
    #expect(gzip == 0)
    let stored = try #require(FileManager.default.attributesOfItem(atPath: "\(root)/zeros.gz")[.size] as? Int)
    try expectRefusedBuild(["zeros.gz"], in: root, message: """
      zeros.gz: 0 letters of the English alphabet in \(grouped(stored)) bytes read (1,000,000 bytes of text); \
      a table needs at least 10,000 (--min-letters N changes the floor, 0 turns it off)
      """)
    // Text in another script (no English letters), with mine.txt's 22 letters.
    let russian = Data("привет мир как дела дом".utf8)
    #expect(FileManager.default.createFile(atPath: "\(root)/ru.txt", contents: russian))
    try expectRefusedBuild(["ru.txt", "mine.txt"], in: root, message: """
      ru.txt, mine.txt: 22 letters of the English alphabet in \(russian.count + 25) bytes read (\(russian.count + 25) bytes of text); \
      a table needs at least 10,000 (--min-letters N changes the floor, 0 turns it off)
      """)
    try expectRefusedBuild(["mine.txt", "--min-letters", "23"], in: root, message: """
      mine.txt: 22 letters of the English alphabet in 25 bytes read (25 bytes of text); \
      a table needs at least 23 (--min-letters N changes the floor, 0 turns it off)
      """)
    let exactlyEnough = try keygram("build", "en", "mine.txt", "--min-letters", "22", "--out", "tables", "--no-swift", in: root)
    #expect(exactlyEnough.status == 0, "\(exactlyEnough.stderr)")
    try expectOutput(["build", "en", "mine.txt", "--min-letters=-1"], in: root,
                     stderr: "Error: --min-letters must be 0 or more, not -1.\n" + Self.usage("build"), status: Self.usageError)
  }

  // MARK: Where keygram runs

  @Test func outsideTheRepositoryTheMessageSaysWhereItLookedAndWhatToPass() throws {
    let elsewhere = TestSupport.temporaryPath(prefix: "keygram-elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: "\(elsewhere)/mine.txt", contents: Data("quiet queens quit quickly".utf8)))
    try expectOutput(["build", "en", "mine.txt", "--out", "out"], in: elsewhere, stderr: """
      Error: \(elsewhere)/corpora: no corpora folder here (looked for en/language.json); \
      pass --corpora DIR, or run keygram from the repository root

      """, status: 1)
    try expectOutput(["build", "--all", "--out", "out"], in: elsewhere, stderr: """
      Error: \(elsewhere)/corpora: no corpora folder here (looked for */language.json); \
      pass --corpora DIR, or run keygram from the repository root

      """, status: 1)
    try FileManager.default.createDirectory(atPath: "\(elsewhere)/empty", withIntermediateDirectories: true)
    try expectOutput(["build", "en", "mine.txt", "--corpora", "empty", "--out", "out"], in: elsewhere, stderr: """
      Error: \(elsewhere)/empty: no language folders with a language.json in this corpora folder (looked for en/language.json); \
      pass --corpora DIR, or run keygram from the repository root

      """, status: 1)
    #expect(!FileManager.default.fileExists(atPath: "\(elsewhere)/out"))
    // With --corpora the same build works from anywhere, making its output folders.
    let run = try keygram("build", "en", "mine.txt", "--min-letters", "0", "--corpora", Self.packageRoot + "/corpora",
                          "--out", "out/tables", "--swift-out", "out/swift", in: elsewhere)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(elsewhere)/out/tables/en.keygram"))
    #expect(FileManager.default.fileExists(atPath: "\(elsewhere)/out/swift/English.swift"))
  }

  // MARK: All or nothing

  @Test func aSwiftTargetThatIsAFolderReplacesNothing() throws {
    let (root, _) = try builtScratch()
    try FileManager.default.removeItem(atPath: "\(root)/swift/English.swift")
    try FileManager.default.createDirectory(atPath: "\(root)/swift/English.swift", withIntermediateDirectories: false)
    try expectRefusedBuild(["mine.txt", "--min-letters", "0"], in: root,
                           message: "swift/English.swift: cannot write: is a folder, not a file; no output was replaced")
    try FileManager.default.removeItem(atPath: "\(root)/swift/English.swift")
    try FileManager.default.removeItem(atPath: "\(root)/swift/KeyGramTables.swift")
    try FileManager.default.createDirectory(atPath: "\(root)/swift/KeyGramTables.swift/inside", withIntermediateDirectories: true)
    try expectRefusedBuild(["mine.txt", "--min-letters", "0"], in: root,
                           message: "swift/KeyGramTables.swift: cannot write: is a folder, not a file; no output was replaced")
    try FileManager.default.removeItem(atPath: "\(root)/tables/en.keygram")
    try FileManager.default.createDirectory(atPath: "\(root)/tables/en.keygram", withIntermediateDirectories: false)
    try expectRefusedBuild(["mine.txt", "--min-letters", "0", "--no-swift"], in: root,
                           message: "tables/en.keygram: cannot write: is a folder, not a file; no output was replaced")
  }

  // MARK: Damaged gzip

  @Test(arguments: [
    ("first.gz", [0x1E] + Array(gzipCorpus.dropFirst()), "first.gz at byte 0: corrupt gzip: starts 1e 8b, not with gzip's magic 1f 8b"),
    ("second.gz", [0x1F, 0x8C] + Array(gzipCorpus.dropFirst(2)), "second.gz at byte 1: corrupt gzip: starts 1f 8c, not with gzip's magic 1f 8b"),
    ("second.txt", [0x1F, 0x00] + Array(gzipCorpus.dropFirst(2)), "second.txt at byte 1: corrupt gzip: starts 1f 00, not with gzip's magic 1f 8b"),
    ("one.gz", [0x1F], "one.gz at byte 1: truncated gzip: the file ends inside a compressed member"),
    ("one.txt", [0x1F], "one.txt at byte 1: truncated gzip: the file ends inside a compressed member"),
    ("two.gz", [0x1F, 0x8B], "two.gz at byte 2: truncated gzip: the file ends inside a compressed member"),
    ("text.gz", Array("the theatre".utf8), "text.gz at byte 0: corrupt gzip: starts 74 68, not with gzip's magic 1f 8b"),
  ] as [(String, [UInt8], String)])
  func damagedGzipMagicIsAGzipError(name: String, bytes: [UInt8], message: String) throws {
    let (root, _) = try builtScratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/\(name)", contents: Data(bytes)))
    try expectRefusedBuild([name, "--min-letters", "0"], in: root, message: message)
  }

  // MARK: Pipes and FIFOs

  @Test func standardInputIsReadAsAStream() throws {
    let (root, _) = try builtScratch()
    let fromFile = try keygram("inspect", "tables/en.keygram", "--json", in: root)
    for path in ["-", "/dev/stdin"] {
      let run = try keygram("build", "en", path, "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root,
                            input: Data(Self.gzipCorpus))
      #expect(run.status == 0, "\(run.stderr)")
      // The provenance names the stream and holds the SHA-256 of the bytes streamed: tiny.gz's.
      #expect(run.stdout.hasPrefix("""
        English (en): 1 file, 62 bytes stored, 59 bytes of text
          \(path)  62 bytes  sha256 a999025068e67cb0…
        letters 49, words 10, outside the alphabet 0, invalid UTF-8 0

        """), "\(run.stdout)")
      let inspect = try keygram("inspect", "tables/en.keygram", in: root)
      #expect(inspect.stdout.contains("corpus: \(path); 49 letters, 10 words"), "\(inspect.stdout)")
      // Every row and the lexicon are those of the table built from tiny.gz; only PROV's name differs.
      #expect(try keygram("inspect", "tables/en.keygram", "--json", in: root).stdout == fromFile.stdout)
    }
    try expectRefusedBuild(["-"], in: root, input: Data(),
                           message: "-: standard input that gave 0 bytes (no writer, or it wrote nothing); a corpus must hold text")
  }

  @Test func aDeviceOrFIFOInTheCorpusFolderIsRefusedNotReadForever() throws {
    let (root, _) = try builtScratch()
    try FileManager.default.createSymbolicLink(atPath: "\(root)/corpora/en/zero.txt", withDestinationPath: "/dev/zero")
    let message = "corpora/en/zero.txt: cannot read: a pipe, FIFO, socket or device, not a file; "
      + "a corpus folder holds files (give a stream on the command line)"
    try expectRefusedBuild([], in: root, message: message)
    try expectOutput(["count", "en", "--output", "en.counts"], in: root, stderr: "Error: \(message)\n", status: 1, timeout: 60)
    try FileManager.default.removeItem(atPath: "\(root)/corpora/en/zero.txt")
    #expect(mkfifo("\(root)/corpora/en/fifo.gz", 0o644) == 0)
    try expectRefusedBuild([], in: root, message: message.replacingOccurrences(of: "zero.txt", with: "fifo.gz"))
  }

  @Test func aFIFOWithNoWriterFailsAtOnce() throws {
    let (root, _) = try builtScratch()
    #expect(mkfifo("\(root)/fifo", 0o644) == 0)
    try expectRefusedBuild(["fifo", "--min-letters", "0"], in: root,
                           message: "fifo: a pipe or FIFO that gave 0 bytes (no writer, or it wrote nothing); a corpus must hold text")
    try expectOutput(["inspect", "fifo"], in: root,
                     stderr: "Error: fifo: not a file (a FIFO, pipe, socket or device); a table must be a file\n", status: 1, timeout: 60)
    try expectOutput(["verify", "fifo", "--no-swift"], in: root, stdout: """
      fifo: FAILED (1 problem)
        integrity: not a file (a FIFO, pipe, socket or device); a table must be a file

      """, status: 1, timeout: 60)
    try expectOutput(["build", "en", "--counts", "fifo"], in: root, stderr: """
      Error: fifo: cannot read: a pipe, FIFO or device, not a file; write the count file to disk first

      """, status: 1, timeout: 60)
  }

  // MARK: Big tables, layouts and manifests

  @Test func simulateRefusesAnAbsurdLayout() throws {
    let root = try scratch()
    // 26 letter keys and 275 letterless keys showing "1": 301 keys. A LAYT section holds at most
    // 256 (docs/TableFormat.md), so the builder's own check of the image refuses it and writes
    // nothing; simulate and tune keep their own 256-key limit for tables from elsewhere.
    let letters = Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars)
    let rows = [letters.map { [$0] }] + Array(repeating: Array(repeating: [Unicode.Scalar("1")], count: 25), count: 11)
    let language = Language(code: "en", name: "English", alphabet: letters, layout: KeyboardLayoutSpec(name: "wide", rows: rows))
    var request = Pipeline.Request(language: language, inputs: ["\(root)/corpora/en/tiny.gz"], tablesFolder: "\(root)/wide", swiftFolder: nil)
    request.minimumLetters = 0
    do {
      _ = try Pipeline.build(request)
      Issue.record("a 301-key layout with 275 letterless caps was built")
    } catch {
      #expect("\(error)" == "bad section LAYT: 301 keys; at most 256")
    }
    #expect(!FileManager.default.fileExists(atPath: "\(root)/wide/en.keygram"))
  }

  @Test(arguments: [
    (#""layout": {"name": "QWERTY"}"#, "layout.rows: missing"),
    (#""layout": {"rows": [["a"]]}"#, "layout.name: missing"),
    (#""sources": [{"files": "*"}]"#, "sources[0].feeds: missing"),
    (#""sources": [{"files": "*", "feeds": ["letters"]}, {"feeds": ["words"]}]"#, "sources[1].files: missing"),
  ])
  func aMissingNestedManifestFieldIsNamedByItsPath(field: String, message: String) throws {
    let (root, _) = try builtScratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/en/language.json", contents: Data("""
      {"code": "en", "name": "English", "alphabet": "abcdefghijklmnopqrstuvwxyz", \(field)}
      """.utf8)))
    try expectRefusedBuild(["--min-letters", "0"], in: root, message: "corpora/en/language.json: \(message)")
  }
}

extension Process {
  /// Runs a helper tool (gzip) to completion; its exit status.
  static func run(_ executable: URL, arguments: [String], in directory: String) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
