import Foundation
import TestSupport
import Testing

/// The user's own workflows: a table from their own files verified in their CI, the same bytes
/// from any checkout, a language added to a package, and the refusals that keep wrong input out.
extension KeygramCLITests {
  /// A user's repository: the shipped English manifest (the word list feeds the lexicon), a word
  /// list of three words and two text files of their own under text/.
  func userRepository() throws -> String {
    let root = TestSupport.temporaryPath(prefix: "keygram-user")
    for folder in ["corpora/en", "text"] { try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true) }
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/corpora/en/language.json", toPath: "\(root)/corpora/en/language.json")
    try Data("the\t300\nthen\t200\nthat\t100\n".utf8).write(to: URL(fileURLWithPath: "\(root)/corpora/en/wordfreq.freq"))
    #expect(try Process.runAndCapture("/bin/gzip", ["-n", "corpora/en/wordfreq.freq"], in: root, input: nil, timeout: 60).status == 0)
    try Data("the theatre then thought\n".utf8).write(to: URL(fileURLWithPath: "\(root)/text/a.txt"))
    try Data("that thin thief thrilled them\n".utf8).write(to: URL(fileURLWithPath: "\(root)/text/b.txt"))
    return root
  }

  @Test func ownFilesVerifyAgainstTheirSourceRoot() throws {
    let root = try userRepository()
    let build = try keygram("build", "en", "text/a.txt", "text/b.txt", "--min-letters", "0", "--out", "out/", "--swift-out", "gen", in: root)
    #expect(build.status == 0, "\(build.stderr)")
    // The lexicon comes from the language's word list, and the report says so; paths have one slash.
    #expect(build.stdout.contains("lexicon: 3 words of 3, "))
    #expect(build.stdout.contains("; from corpora/en/wordfreq.freq.gz\n"))
    #expect(build.stdout.contains("wrote out/en.keygram ("))
    // Verify without being told where the files are: from the current folder, as build named them.
    let unrooted = try keygram("verify", "out", in: root)
    #expect(unrooted.status == 0, "\(unrooted.stdout)")
    #expect(unrooted.stdout.contains("3 corpus files unchanged, building them again gives the same bytes"))
    // From another folder the files are not where the table names them: a clear failure per file.
    let away = try keygram("verify", "\(root)/out", "--corpora", "\(root)/corpora")
    #expect(away.status == 1 && away.stdout.contains("text/a.txt is missing: the table was built from text/a.txt under the source root ."))
    let verify = try keygram("verify", "out", "--source-root", ".", "--swift-out", "gen", in: root)
    #expect(verify.status == 0, "\(verify.stdout)")
    #expect(verify.stdout.contains("gen/English.swift matches, 3 corpus files unchanged, building them again gives the same bytes"))
    // verify --json counts the table's own files.
    let json = try keygram("verify", "out", "--source-root", ".", "--swift-out", "gen", "--json", in: root)
    #expect(json.stdout.contains(#""corpusFiles":3,"reproduced":true,"lexicon":{"massBelowHalf":0,"massAboveDouble":0,"#))
    #expect(json.stdout.contains(#""squashedChildren":0},"swift":"gen/English.swift""#))
    // Without the sources at hand, --no-freshness checks the rest.
    let moved = TestSupport.temporaryPath(prefix: "keygram-user-moved")
    try FileManager.default.createDirectory(atPath: moved, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: "\(root)/out", toPath: "\(moved)/out")
    let elsewhere = try keygram("verify", "out", "--corpora", "\(root)/corpora", "--no-freshness", in: moved)
    #expect(elsewhere.status == 0, "\(elsewhere.stdout)")
    #expect(elsewhere.stdout.contains("3 corpus files not checked (--no-freshness)"))
    // A source that changed fails, naming it.
    try Data("the theatre then thought twice\n".utf8).write(to: URL(fileURLWithPath: "\(root)/text/a.txt"))
    let stale = try keygram("verify", "out", "--source-root", ".", "--swift-out", "gen", in: root)
    #expect(stale.status == 1)
    #expect(stale.stdout.contains("freshness: text/a.txt changed since the table was built (25 → 31 bytes); build the table again"))
  }

  @Test func twoCheckoutsBuildTheSameBytesAndNoAbsolutePath() throws {
    let first = try userRepository(), second = try userRepository()
    for root in [first, second] {
      let build = try keygram("build", "en", "text/a.txt", "\(root)/text/b.txt", "--min-letters", "0", "--out", "out", "--swift-out", "gen", in: root)
      #expect(build.status == 0, "\(build.stderr)")
    }
    let tables = try [first, second].map { try Data(contentsOf: URL(fileURLWithPath: "\($0)/out/en.keygram")) }
    #expect(tables[0] == tables[1])
    let swift = try [first, second].map { try String(contentsOfFile: "\($0)/gen/English.swift", encoding: .utf8) }
    #expect(swift[0] == swift[1])
    #expect(tables[0].range(of: Data(first.utf8)) == nil)
    #expect(tables[0].range(of: Data("text/b.txt".utf8)) != nil)
    // From a working folder outside the repository, the language's word list is named by its
    // place in the corpora folder: both builds give the same bytes, and verify finds it there.
    let outside = [first + "-work-1", second + "-work-2"]
    defer { for folder in [first, second] + outside { try? FileManager.default.removeItem(atPath: folder) } }
    for (folder, root) in zip(outside, [first, first]) {
      try FileManager.default.createDirectory(atPath: folder + "/texts", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: "\(root)/text/a.txt", toPath: "\(folder)/texts/x.txt")
      let build = try keygram("build", "en", "texts/x.txt", "--corpora", "\(root)/corpora", "--min-letters", "0", "--out", "o", "--no-swift", in: folder)
      #expect(build.status == 0 && build.stdout.contains("; from en/wordfreq.freq.gz\n"), "\(build.stdout)\(build.stderr)")
      let verify = try keygram("verify", "o", "--corpora", "\(root)/corpora", in: folder)
      #expect(verify.status == 0 && verify.stdout.contains("building them again gives the same bytes"), "\(verify.stdout)")
    }
    let elsewhere = try outside.map { try Data(contentsOf: URL(fileURLWithPath: "\($0)/o/en.keygram")) }
    #expect(elsewhere[0] == elsewhere[1] && elsewhere[0].range(of: Data("en/wordfreq.freq.gz".utf8)) != nil)
    #expect(elsewhere[0].range(of: Data("../".utf8)) == nil)
    // A named source root names the files from there.
    let rooted = try keygram("build", "en", "text/a.txt", "--source-root", "text", "--min-letters", "0", "--out", "rooted", "--no-swift", in: first)
    #expect(rooted.stdout.contains("\n  a.txt  25 bytes"))
    #expect(try keygram("verify", "rooted", "--source-root", "text", in: first).status == 0)
  }

  @Test func theBuildSaysWhereTheLexiconComesFrom() throws {
    let root = try userRepository()
    let none = try keygram("build", "en", "text/a.txt", "--lexicon-words", "0", "--min-letters", "0", "--out", "o1", "--no-swift", in: root)
    #expect(none.stdout.contains("\nno lexicon: --lexicon-words 0\n"))
    let text = try keygram("build", "en", "text/a.txt", "text/b.txt", "--lexicon-from", "text", "--min-letters", "0", "--out", "o2", "--no-swift", in: root)
    #expect(text.stdout.contains("lexicon: 9 words of 9, "))
    #expect(text.stdout.contains("; from text/a.txt, text/b.txt\n"))
    #expect(try keygram("verify", "o2", "--source-root", ".", "--lexicon-from", "text", in: root).status == 0)
    // Verify must be told how the lexicon was made to build the same bytes.
    let unsaid = try keygram("verify", "o2", "--source-root", ".", in: root)
    #expect(unsaid.status == 1)
    #expect(unsaid.stdout.contains("pass verify the --frequency-list and --lexicon-from the build had"))
    try FileManager.default.removeItem(atPath: "\(root)/corpora/en/wordfreq.freq.gz")
    let missing = try keygram("build", "en", "text/a.txt", "--min-letters", "0", "--out", "o3", "--no-swift", in: root)
    #expect(missing.stdout.contains("\nno lexicon: corpora/en has no word list (no language.json source feeds words); --lexicon-from text takes your files' own words\n"))
  }

  @Test func tooFewLettersCountsOnlyTheInputsThatFeedLetters() throws {
    let root = try userRepository()
    // The word list feeds words only: neither its name nor its bytes belong in the letter count.
    try expectOutput(["build", "en", "text/a.txt", "--out", "out", "--no-swift"], in: root, stderr: """
      Error: text/a.txt: 21 letters of the English alphabet in 25 bytes read; \
      a table needs at least 10,000 (--min-letters N changes the floor, 0 turns it off); \
      corpora/en/wordfreq.freq.gz feeds no letters (language.json's sources)

      """, status: 1)
  }

  @Test func wordsAllTooLongForTheLexiconSaySo() throws {
    let root = try userRepository()
    let long = String(repeating: "abcdefghij", count: 5)  // 50 letters
    try Data("\(long) \(long)x\n".utf8).write(to: URL(fileURLWithPath: "\(root)/text/long.txt"))
    let run = try keygram("build", "en", "text/long.txt", "--lexicon-from", "text", "--min-letters", "0", "--out", "o", "--no-swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\nno lexicon: every word of the inputs that feed words is over 48 letters "
                                + "(2 weighted occurrences left out); a lexicon word has at most 48\n"), "\(run.stdout)")
  }

  @Test func controlAndBidirectionalCharactersInTheLanguageNameAreEscaped() throws {
    let root = try userRepository()
    let path = "\(root)/corpora/en/language.json"
    let manifest = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: #""name": "English""#, with: #""name": "Eng\nlish\u202e""#)
    #expect(manifest.contains(#"lish\u202e""#))
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    let run = try keygram("build", "en", "text/a.txt", "--min-letters", "0", "--out", "out", "--no-swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix(#"Eng\u{a}lish\u{202e} (en): 2 files"#), "\(run.stdout)")
    let inspect = try keygram("inspect", "out/en.keygram", in: root)
    #expect(inspect.stdout.hasPrefix(#"out/en.keygram: Eng\u{a}lish\u{202e} (en), format"#), "\(inspect.stdout)")
  }

  @Test func aPackageManifestListsTheLanguagesBuildAdds() throws {
    let root = try userRepository()
    try FileManager.default.createDirectory(atPath: "\(root)/Sources/KeyGramTables", withIntermediateDirectories: true)
    let manifest = """
      // swift-tools-version:6.1
      \(Self.manifestBegin)
      let tableNames = ["Stale"]
      \(Self.manifestEnd)

      """
    try manifest.write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    #expect(try keygram("build", "en", "--min-letters", "0", "--lexicon-words", "0", in: root).status == 0)
    let written = try String(contentsOfFile: "\(root)/Package.swift", encoding: .utf8)
    #expect(written == manifest.replacingOccurrences(of: #"["Stale"]"#, with: #"["English"]"#))
    #expect(try keygram("verify", in: root).status == 0)
    try manifest.write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
    let stale = try keygram("verify", in: root)
    #expect(stale.status == 1)
    #expect(stale.stdout.contains("does not list exactly the table modules in Sources/KeyGramTables between its `keygram build` markers; run make tables"))
  }

  static let manifestBegin = "// BEGIN generated by `keygram build`: the table modules in Sources/KeyGramTables"
  static let manifestEnd = "// END generated by `keygram build`"

  @Test func aMisspelledManifestKeyIsRefused() throws {
    let root = try userRepository()
    let manifest = try String(contentsOfFile: "\(root)/corpora/en/language.json", encoding: .utf8)
    try manifest.replacingOccurrences(of: "\"apostrophes\"", with: "\"aphostrophes\"")
      .replacingOccurrences(of: "\"feeds\": [\"words\"]", with: "\"feeds\": [\"words\"], \"wieght\": 2")
      .write(toFile: "\(root)/corpora/en/language.json", atomically: true, encoding: .utf8)
    try expectOutput(["build", "en", "--out", "t"], in: root, stderr: """
      Error: corpora/en/language.json: aphostrophes: unknown key; did you mean apostrophes? \
      (known here: code, name, alphabet, caseMappings, apostrophes, elisions, apostrophe, layout, sources, decoder)

      """, status: 1)
    #expect(!FileManager.default.fileExists(atPath: "\(root)/t"))
  }

  @Test func whatIsNotTextIsRefusedAndLeavesNoFolder() throws {
    let root = try userRepository()
    // 100 letters, then 2 bytes that start no UTF-8 sequence: 2% of 102 bytes.
    try Data(Array(repeating: UInt8(ascii: "a"), count: 100) + [0xFF, 0xFE]).write(to: URL(fileURLWithPath: "\(root)/binary.dat"))
    try expectOutput(["build", "en", "binary.dat", "--min-letters", "0", "--out", "new/tables", "--no-swift"], in: root, stderr: """
      Error: binary.dat: not UTF-8 text: 2 invalid UTF-8 sequences in 102 bytes of text (2.0%, more than 1%), \
      the first at text byte 100; a corpus file must be UTF-8 text (convert it with iconv)

      """, status: 1)
    #expect(!FileManager.default.fileExists(atPath: "\(root)/new"))
    // One stray byte in 200 is counted and skipped.
    try Data(Array(repeating: UInt8(ascii: "a"), count: 199) + [0xFF]).write(to: URL(fileURLWithPath: "\(root)/stray.txt"))
    #expect(try keygram("build", "en", "stray.txt", "--min-letters", "0", "--out", "t", "--no-swift", in: root).status == 0)
    // KeyGram's own binaries, by magic.
    try expectOutput(["build", "en", "t/en.keygram", "--out", "t2", "--no-swift"], in: root,
                     stderr: "Error: t/en.keygram: is a KeyGram table (KEYGRAM magic), not corpus text\n", status: 1)
    #expect(try keygram("count", "en", "text/a.txt", "-o", "a.kgcounts", in: root).status == 0)
    try expectOutput(["build", "en", "a.kgcounts", "--out", "t2", "--no-swift"], in: root, stderr: """
      Error: a.kgcounts: is a KeyGram count file (KGCOUNT magic); build from it with --counts, not corpus text

      """, status: 1)
    // The same file twice, by two names.
    try expectOutput(["build", "en", "text/a.txt", "text/../text/a.txt", "--out", "t2", "--no-swift"], in: root, stderr: """
      Error: text/../text/a.txt: cannot read: the same file as text/a.txt, named twice among the inputs

      """, status: 1)
  }

  @Test func simulateRefusesAnotherLanguagesTableAndABinaryText() throws {
    try expectOutput(["simulate", "ru", "--table", "tables/en.keygram"],
                     stderr: "Error: tables/en.keygram: a table of English (en), not of ru; pass en as the language, or a table of ru\n", status: 1)
    try expectOutput(["simulate", "--text", "tables/en.keygram"],
                     stderr: "Error: tables/en.keygram: is a KeyGram table (KEYGRAM magic), not corpus text\n", status: 1)
  }

  @Test func aShortTextGivesNoRatio() throws {
    let root = try userRepository()
    let run = try keygram(["simulate", "--text", "\(root)/text/a.txt", "--sigma", "0.5"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("| static | 0 | 0.00% | — | — |"))
    #expect(run.stdout.contains(" keystrokes: the text is too short (or σ too small) for a ratio"))
    let json = try keygram(["simulate", "--text", "\(root)/text/a.txt", "--sigma", "0.5", "--json"])
    #expect(!json.stdout.contains("reduction"))
  }

  @Test func negativeNumbersReachTheirValidation() throws {
    try expectOutput(["simulate", "--sigma", "-3"], stderr: "Error: --sigma must be a positive number of points, not -3.0.\n" + Self.usage("simulate"),
                     status: Self.usageError)
    try expectOutput(["simulate", "--limit", "-5"], stderr: "Error: --limit must be positive.\n" + Self.usage("simulate"), status: Self.usageError)
    try expectOutput(["tune", "--sigma", "-1"], stderr: "Error: --sigma must be a positive number of points, not -1.0.\n" + Self.usage("tune"),
                     status: Self.usageError)
  }

  @Test func theDetailsAUserMeets() throws {
    try expectOutput(["inspect", "tables/en.keygram", "--after", "abcd"], stderr: """
      Error: --after takes up to 3 letters (a table's longest row follows 3: a 4-gram), not 4 in "abcd".
      \(Self.usage("inspect"))
      """, status: Self.usageError)
    let countHelp = try keygram("count", "--help")
    #expect(!countHelp.stdout.contains("--swift-out") && !countHelp.stdout.contains("--out "))
    let buildHelp = try keygram("build", "--help")
    #expect(buildHelp.stdout.contains("How many files to count at once. (default: "))
    #expect(!buildHelp.stdout.contains("(default: the number of cores)"))
    // --corpus is taken for --corpora, not suggested as --counts.
    let root = try userRepository()
    #expect(try keygram("build", "en", "--corpus", "corpora", "--min-letters", "0", "--out", "t", "--no-swift", in: root).status == 0)
    let source = try String(contentsOfFile: Self.packageRoot + "/Sources/KeyGramTables/English.swift", encoding: .utf8)
    #expect(source.hasPrefix("// Generated by `keygram build en`. Do not edit: build the table again.\n"))
  }
}

extension KeygramCLITests {
  @Test func tuneSaysWhenThereIsNothingToTune() throws {
    let root = try userRepository()
    let run = try keygram("tune", "--text", "\(root)/text/a.txt", "--sigma", "0.5", "--precise-sigma", "0.4")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasSuffix("\nstatic makes no errors on this text at σ = 0.5 or 0.4: nothing to tune; use a longer text or a larger σ\n"))
    #expect(!run.stdout.contains("best boundary shift: boundary shift"))
  }

  @Test func tuneSpellingPicksWithinTheBudgetAndRefusesEvaluationData() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/text.txt", contents: Data(String(repeating: "the cat sat on the mat with access. ", count: 30).utf8)))
    #expect(FileManager.default.createFile(atPath: "\(root)/pairs.tsv", contents: Data("the\tteh\naccess\tacess\nwith\twiht\n".utf8)))
    let run = try keygram("tune", "en", "--spelling", "--text", "\(root)/text.txt", "--misspelling-list", "\(root)/pairs.tsv", "--misspell-rate", "0.5")
    #expect(run.status == 0, "\(run.stderr)")
    // 16 margin pairs, the margins that follow the word's length at two floors and 8 common-word margins, each a row.
    #expect(run.stdout.components(separatedBy: "\n| spelling margin ").count == 25)
    #expect(run.stdout.components(separatedBy: "common words (log P ≥ ").count == 9)
    #expect(run.stdout.contains("\n| margins that follow the word's length, floor -10.0 | ") && run.stdout.contains("\n| margins that follow the word's length, floor 0.0 | "))
    #expect(run.stdout.contains("misspellings \(root)/pairs.tsv, 3 pairs."))
    #expect(run.stdout.contains("\nbest spelling margins: "))
    // The choice as the manifest's decoder object, which makes the table carry it: the settings
    // that differ from the generic defaults (a plain margin row has no length scaling).
    #expect(run.stdout.contains("\nbest spelling margins: spelling margin 10.0, omission margin 3.0: "), "\(run.stdout)")
    #expect(run.stdout.contains("\ncorpora/en/language.json, for its table to carry them: \"decoder\": {\"spellingMargin\": 10, \"omissionSpellingMargin\": 3, \"autocorrection\": \"standard\"}\n"))
    // Margins ∞ apply no correction: the list row reads 0.0% corrected.
    #expect(run.stdout.contains("\n| spelling margin inf, omission margin inf | 0.0% | "))
    let evaluation = "\(root)/evaluation.tsv"
    #expect(FileManager.default.createFile(atPath: evaluation, contents: Data("the\tteh\n".utf8)))
    let refused = try keygram("tune", "en", "--spelling", "--text", "\(root)/text.txt", "--misspelling-list", evaluation)
    #expect(refused.status == 1)
    #expect(refused.stderr == "Error: \(evaluation): an evaluation file; tune on tuning data and report on the evaluation data\n")
    let missing = try keygram("tune", "en", "--spelling", "--text", "\(root)/text.txt", "--misspelling-list", "\(root)/none.tsv")
    #expect(missing.status == 1 && missing.stderr.hasPrefix("Error: \(root)/none.tsv: no such misspelling list"))
    let rate = try keygram("tune", "en", "--spelling", "--undo-rate", "2")
    #expect(rate.status != 0 && rate.stderr.contains("--undo-rate must be a probability from 0 to 1, not 2.0."))
    let budget = try keygram("tune", "en", "--spelling", "--broken-per-thousand", "-1")
    #expect(budget.status != 0 && budget.stderr.contains("--broken-per-thousand must be 0 or more, not -1.0."))
  }

  /// The progress bar draws only on a terminal: `script` gives the build one.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func theProgressOfAStreamShowsWhatWasRead() throws {
    let root = try userRepository()
    let command = "'\(Self.executable)' build en - --lexicon-words 0 --min-letters 0 --out t --no-swift < text/a.txt"
    let run = try Process.runAndCapture("/usr/bin/script", ["-qec", command, "/dev/null"], in: root, input: nil, timeout: 120)
    #expect(run.status == 0, "\(run.stdout)")
    #expect(run.stdout.contains("en 0 MB read, "))
    #expect(!run.stdout.contains("/0 MB"))
  }
}
