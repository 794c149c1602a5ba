import Foundation
import Testing

/// Runs the built `keygram` executable, as a user would, and checks its output and exit codes.
@Suite("keygram CLI", .serialized)
struct KeygramCLITests {
  /// `printf 'the theatre then thought that the thin thief thrilled them\n' | gzip -9n`
  static let gzipCorpus: [UInt8] = [
    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 43, 201, 72, 85, 40, 201, 72, 77, 44, 41, 2, 211, 121, 64, 34, 191, 52,
    61, 163, 4, 72, 39, 130, 8, 144, 104, 38, 72, 52, 51, 53, 13, 72, 22, 101, 230, 228, 164, 166, 128, 196,
    115, 185, 0, 240, 189, 116, 178, 59, 0, 0, 0,
  ]

  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  static let executable: String = {
    let nextToTests = Bundle.main.bundleURL.appendingPathComponent("keygram").path
    if FileManager.default.isExecutableFile(atPath: nextToTests) { return nextToTests }
    return packageRoot + "/.build/debug/keygram"
  }()

  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  @discardableResult
  func keygram(_ arguments: String..., in directory: String = KeygramCLITests.packageRoot) throws -> Run {
    try keygram(arguments, in: directory)
  }

  @discardableResult
  func keygram(_ arguments: [String], in directory: String = KeygramCLITests.packageRoot) throws -> Run {
    try Process.runAndCapture(Self.executable, arguments, in: directory)
  }

  /// A scratch project: corpora/en (the real manifest, a tiny corpus), tables/, swift/.
  func scratch() throws -> String {
    let root = NSTemporaryDirectory() + "keygram-cli-" + UUID().uuidString
    for folder in ["corpora/en", "tables", "swift"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/corpora/en/language.json", toPath: "\(root)/corpora/en/language.json")
    FileManager.default.createFile(atPath: "\(root)/corpora/en/tiny.gz", contents: Data(Self.gzipCorpus))
    return root
  }

  @Test func buildPrintsASummaryAndWritesBothTables() throws {
    let root = try scratch()
    let run = try keygram("build", "en", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("English (en): 1 file, 62 bytes stored, 59 bytes of text"))
    // 49 letters in 10 words, all starting "th": t 13, h 11, e 8; 39 in-word bigrams, 10 of them "th".
    #expect(run.stdout.contains("letters 49, words 10, outside the alphabet 0, invalid UTF-8 0"))
    #expect(run.stdout.contains("top letters: t 26.5%  h 22.4%  e 16.3%"))
    #expect(run.stdout.contains("top bigrams: th 25.6%"))
    #expect(run.stdout.contains("wrote tables/en.keygram"))
    #expect(run.stdout.contains("wrote swift/English.swift"))
    #expect(run.stderr.isEmpty, "no progress bar when stderr is not a terminal")
    let verify = try keygram("verify", "tables", "--swift-out", "swift", in: root)
    #expect(verify.status == 0, "\(verify.stdout)")
    #expect(verify.stdout.hasPrefix("tables/en.keygram: ok: en,"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux script for a terminal"))
  func progressBarOnATerminal() throws {
    // script(1) gives the command a pseudo-terminal, so stderr is a TTY as for a person.
    let root = try scratch()
    let command = "\(Self.executable) build en --out tables --swift-out swift"
    let run = try Process.runAndCapture("/usr/bin/script", ["-qec", command, "/dev/null"], in: root)
    #expect(run.status == 0)
    #expect(run.stdout.contains("\ren █"), "a bar drawn over itself with carriage returns")
    #expect(run.stdout.contains("100%"))
    #expect(run.stdout.contains("English (en): 1 file"))
  }

  @Test func buildFromTheUsersOwnFiles() throws {
    let root = try scratch()
    FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8))
    let run = try keygram("build", "en", "mine.txt", "--out", "tables", "--no-swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("English (en): 1 file, 25 bytes stored, 25 bytes of text"))
    #expect(run.stdout.contains("  mine.txt  25 bytes"))
  }

  @Test func buildKeepsAsManyFourGramRowsAsAsked() throws {
    let root = try scratch()
    // 13 three-letter contexts: ^qu qui uie iet, que uee een ens, uit, uic ick ckl kly.
    FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8))
    for (asked, kept) in [(2, 2), (0, 0), (1_000, 13)] {
      let run = try keygram("build", "en", "mine.txt", "--quadgram-contexts", "\(asked)", "--out", "tables", "--no-swift", in: root)
      #expect(run.status == 0, "\(run.stderr)")
      let inspect = try keygram("inspect", "tables/en.keygram", "--json", in: root)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
      #expect((json["quadgram"] as? [String: Any])?.count == kept, "asked for \(asked)")
    }
    let refused = try keygram("build", "en", "mine.txt", "--quadgram-contexts=-1", "--out", "tables", in: root)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("--quadgram-contexts must be 0 or more"), "\(refused.stderr)")
  }

  @Test func tuneRefusesAnUnknownContext() throws {
    let run = try keygram("tune", "--context", "5-gram")
    #expect(run.status != 0)
    #expect(run.stderr.contains("--context must be bigram, trigram or 4-gram, not 5-gram"), "\(run.stderr)")
  }

  @Test(arguments: [
    ("missing.gz", nil as [UInt8]?, "missing.gz: no such file"),
    ("empty.gz", [], "empty.gz: empty file (0 bytes)"),
    ("cut.gz", Array(gzipCorpus.prefix(30)), "cut.gz at byte 30: truncated gzip"),
    ("crc.gz", Array(gzipCorpus.prefix(54)) + [0, 0, 0, 0] + Array(gzipCorpus.suffix(4)), "crc.gz at byte "),
  ])
  func badCorpusFailsAndLeavesTablesUntouched(name: String, bytes: [UInt8]?, message: String) throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    let before = FileManager.default.contents(atPath: "\(root)/tables/en.keygram")
    if let bytes { FileManager.default.createFile(atPath: "\(root)/\(name)", contents: Data(bytes)) }
    let run = try keygram("build", "en", name, "--out", "tables", "--swift-out", "swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(FileManager.default.contents(atPath: "\(root)/tables/en.keygram") == before)
  }

  @Test func corruptGzipSaysWhy() throws {
    let root = try scratch()
    var bytes = Self.gzipCorpus
    bytes[bytes.count - 8] ^= 0xFF
    FileManager.default.createFile(atPath: "\(root)/crc.gz", contents: Data(bytes))
    let run = try keygram("build", "en", "crc.gz", "--out", "tables", "--no-swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("crc.gz at byte"))
    #expect(run.stderr.contains("corrupt gzip: incorrect data check"))
  }

  @Test func folderWithNoCorpusFiles() throws {
    let root = try scratch()
    try FileManager.default.removeItem(atPath: "\(root)/corpora/en/tiny.gz")
    let run = try keygram("build", "en", "--out", "tables", "--no-swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("corpora/en: no corpus files"))
  }

  @Test func unknownLanguage() throws {
    let run = try keygram("build", "xx", "--out", "tables", in: try scratch())
    #expect(run.status != 0)
    #expect(run.stderr.contains("unknown language \"xx\"; known: en"))
  }

  @Test func malformedManifestWritesNothing() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: "\(root)/tables").sorted()
    let table = FileManager.default.contents(atPath: "\(root)/tables/en.keygram")
    FileManager.default.createFile(atPath: "\(root)/corpora/en/language.json",
                                   contents: Data(#"{"code":"en","name":"English","alphabet":"abcdefghijklmnopqrstuvwxyza"}"#.utf8))
    let run = try keygram("build", "en", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("corpora/en/language.json: alphabet: \"a\" appears twice"), "\(run.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(root)/tables").sorted() == before)
    #expect(FileManager.default.contents(atPath: "\(root)/tables/en.keygram") == table)
  }

  @Test func unwritableOutputFolder() throws {
    let root = try scratch()
    let run = try keygram("build", "en", "--out", getuid() == 0 ? "/sys" : "/", "--no-swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("cannot write"), "\(run.stderr)")
  }

  @Test func inspectShowsWhatFollowsAContext() throws {
    let run = try keygram("inspect", "tables/en.keygram", "--after", "q", "--top", "1")
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("after \"q\" (27 outcomes):\n  u  0."))
  }

  @Test func inspectAfterStartsAWordUnlessAskedNotTo() throws {
    let atWordStart = try keygram("inspect", "tables/en.keygram", "--after", "th", "--json")
    let anywhere = try keygram("inspect", "tables/en.keygram", "--after", "?th", "--json")
    let full = try keygram("inspect", "tables/en.keygram", "--json")
    func next(_ run: Run) throws -> [String: Double] {
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try #require(json["next"] as? [String: Double])
    }
    let json = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [String: Any])
    let trigram = try #require((json["trigram"] as? [String: [String: Double]])?["th"])
    let quadgram = try #require((json["quadgram"] as? [String: [String: Double]])?["^th"])
    #expect(try next(anywhere) == trigram)
    #expect(try next(atWordStart) == quadgram)
    #expect(trigram != quadgram)
  }

  @Test func inspectRefusesANonPositiveTop() throws {
    let run = try keygram("inspect", "tables/en.keygram", "--after", "t", "--top", "0")
    #expect(run.status != 0)
    #expect(run.stderr.contains("--top must be at least 1"))
  }

  @Test func inspectJSONHasTheDocumentedShape() throws {
    let run = try keygram("inspect", "tables/en.keygram", "--json")
    #expect(run.status == 0)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["language"] as? String == "en")
    #expect((json["alphabet"] as? [String])?.count == 26)
    let unigram = try #require(json["unigram"] as? [String: Double])
    #expect(abs(unigram.values.reduce(0, +) - 1) < 1e-6)
    let bigram = try #require(json["bigram"] as? [String: [String: Double]])
    #expect(bigram.count == 26 && bigram["q"]?["$"] != nil)
    let trigram = try #require(json["trigram"] as? [String: [String: Double]])
    #expect(trigram.count == 27 * 26)
    let th = try #require(trigram["th"])
    #expect(th.count == 27 && abs(th.values.reduce(0, +) - 1) < 1e-6)
    #expect(trigram["^t"]?.max { $0.value < $1.value }?.key == "h")
    let quadgram = try #require(json["quadgram"] as? [String: [String: Double]])
    #expect(quadgram.count == 512)
    #expect(quadgram.values.allSatisfy { abs($0.values.reduce(0, +) - 1) < 1e-6 })
    #expect(quadgram["ith"]?.max { $0.value < $1.value }?.key == "$")  // "with"
  }

  @Test func verifyFailsOnAnEmptyTablesFolder() throws {
    let root = try scratch()
    let run = try keygram("verify", "tables", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("tables: no .keygram tables in this folder"))
  }

  @Test func verifyJSONReportsFailures() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    FileManager.default.createFile(atPath: "\(root)/corpora/en/extra.txt", contents: Data("more".utf8))
    let run = try keygram("verify", "tables", "--swift-out", "swift", "--json", in: root)
    #expect(run.status == 1)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["ok"] as? Bool == false)
    let failures = ((json["tables"] as? [[String: Any]])?.first?["failures"] as? [[String: String]]) ?? []
    #expect(failures.map { $0["check"] } == ["freshness"])
  }

  @Test func addingALanguageTouchesOnlyCorpora() throws {
    // A new folder under corpora/ (Esperanto, from Tests/KeygramCLITests/Fixtures) and a build.
    let root = try scratch()
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/Tests/KeygramCLITests/Fixtures/corpora/eo", toPath: "\(root)/corpora/eo")
    let build = try keygram("build", "--all", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("Esperanto (eo): 1 file"))
    #expect(build.stdout.contains("outside the alphabet 0"))
    let index = try String(contentsOfFile: "\(root)/swift/KeyGramTables.swift", encoding: .utf8)
    #expect(index.contains("public static let all: [EmbeddedTable] = [english, esperanto]"))
    #expect(FileManager.default.fileExists(atPath: "\(root)/swift/Esperanto.swift"))
    let inspect = try keygram("inspect", "tables/eo.keygram", in: root)
    #expect(inspect.stdout.contains("alphabet (28): abcĉdefgĝhĥijĵklmnoprsŝtuŭvz"))
    let verify = try keygram("verify", "tables", "--swift-out", "swift", in: root)
    #expect(verify.status == 0, "\(verify.stdout)")
  }

  @Test func frequencyListFromTheCommandLine() throws {
    let root = try scratch()
    FileManager.default.createFile(atPath: "\(root)/count_1w.txt", contents: Data("the\t23135851162\nof\t13151942776\nand\t12997637966\n".utf8))
    let run = try keygram("build", "en", "--frequency-list", "count_1w.txt", "--out", "tables", "--no-swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    // 23,135,851,162 + 13,151,942,776 + 12,997,637,966 = 49,285,431,904 words and
    // 3 × 23,135,851,162 + 2 × 13,151,942,776 + 3 × 12,997,637,966 = 134,704,352,936 letters,
    // so e, h and t each have 23,135,851,162 / 134,704,352,936 = 17.2% (ties in alphabet order).
    #expect(run.stdout.contains("letters 134,704,352,936, words 49,285,431,904"))
    #expect(run.stdout.contains("top letters: e 17.2%  h 17.2%  t 17.2%  f 9.8%  o 9.8%  a 9.6%  d 9.6%  n 9.6%\n"))
    #expect(run.stdout.contains("top bigrams: he 27.1%  th 27.1%  of 15.4%  an 15.2%  nd 15.2%\n"))
  }

  // MARK: simulate, tune and plot

  @Test func simulateTypesTheHeldOutTextAndPrintsATable() throws {
    let run = try keygram("simulate", "--lang", "en", "--limit", "20000", "--sigma", "8")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("en, corpora/en/heldout/jargon-evaluation.gz: 20000 keystrokes, σ = 8.0 × 8.0 pt"))
    #expect(run.stdout.contains("| static (nearest key) |"))
    #expect(run.stdout.contains("| Gaussian × prior, trigram |"))
    #expect(run.stdout.contains("| boundary shift, bigram |"))
  }

  @Test func simulateJSONIsTheSameForTheSameSeed() throws {
    let first = try keygram("simulate", "--limit", "5000", "--seed", "9", "--json")
    let again = try keygram("simulate", "--limit", "5000", "--seed", "9", "--json")
    #expect(first.status == 0 && first.stdout == again.stdout)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    #expect(json["keystrokes"] as? Int == 5000)
    #expect((json["methods"] as? [[String: Any]])?.count == 10)
  }

  @Test func simulateWorksForEveryShippedLanguage() throws {
    let root = try scratch()
    FileManager.default.createFile(atPath: "\(root)/de.txt", contents: Data("Die Größe der Städte überrascht übermäßig viele Bürger.".utf8))
    let run = try keygram("simulate", "--lang", "de", "--text", "\(root)/de.txt", "--table", Self.packageRoot + "/tables/de.keygram")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("47 keystrokes"))
  }

  @Test(arguments: [
    (["--text", "EMPTY"], "empty file"),
    (["--text", "DIGITS"], "no letters of the English alphabet to type"),
    (["--sigma", "0"], "--sigma must be a positive number of points"),
    (["--sigma=-3"], "--sigma must be a positive number of points"),
    (["--layout", "ipad-landscape"], "unknown layout \"ipad-landscape\"; known: iphone-portrait"),
  ])
  func simulateRejectsBadInput(arguments: [String], message: String) throws {
    let root = try scratch()
    FileManager.default.createFile(atPath: "\(root)/empty.txt", contents: Data())
    FileManager.default.createFile(atPath: "\(root)/digits.txt", contents: Data("123 456, 789!".utf8))
    let resolved = arguments.map { $0 == "EMPTY" ? "\(root)/empty.txt" : $0 == "DIGITS" ? "\(root)/digits.txt" : $0 }
    let run = try keygram(["simulate", "--limit", "1000"] + resolved)
    #expect(run.status != 0)
    #expect(run.stderr.contains(message), "\(run.stderr)")
  }

  @Test func plotsWriteSVG() throws {
    let root = try scratch()
    let hitmap = try keygram("plot", "hitmap", "--lang", "en", "--after", "th", "--out", "\(root)/h.svg")
    #expect(hitmap.status == 0, "\(hitmap.stderr)")
    let bigrams = try keygram("plot", "bigrams", "--lang", "ru", "--out", "\(root)/b.svg")
    #expect(bigrams.status == 0, "\(bigrams.stderr)")
    for file in ["h.svg", "b.svg"] {
      let svg = try String(contentsOfFile: "\(root)/\(file)", encoding: .utf8)
      #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
      #expect(svg.hasSuffix("</svg>\n"))
    }
  }
}

extension Process {
  /// Runs `executable` to completion and returns its exit status and output.
  static func runAndCapture(_ executable: String, _ arguments: [String], in directory: String) throws -> KeygramCLITests.Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return .init(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }
}
