import Foundation
import KeyGram
import TestSupport
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

    /// The output with its timings replaced by "…": build's "time 0.24 s, 250 MB/s of text;
    /// counting 0.20 s of CPU, 300 MB/s a core" and simulate's "seed 1, 0.04 s".
    var withoutTimings: Run {
      var run = self
      run.stdout = run.stdout
        .replacingOccurrences(of: #"(?m)^time [0-9.]+ s, [0-9]+ MB/s of text"#, with: "time … s, … MB/s of text", options: .regularExpression)
        .replacingOccurrences(of: #"(?m); counting [0-9.]+ s of CPU, [0-9]+ MB/s a core$"#, with: "; counting … s of CPU, … MB/s a core",
                              options: .regularExpression)
        .replacingOccurrences(of: #"(?m)(, seed [0-9]+.*), [0-9.]+ s$"#, with: "$1, … s", options: .regularExpression)
      return run
    }
  }

  @discardableResult
  func keygram(_ arguments: String..., in directory: String = KeygramCLITests.packageRoot, input: Data? = nil) throws -> Run {
    try keygram(arguments, in: directory, input: input)
  }

  @discardableResult
  func keygram(_ arguments: [String], in directory: String = KeygramCLITests.packageRoot, input: Data? = nil,
               timeout: Double = 600, environment: [String: String] = [:]) throws -> Run {
    try Process.runAndCapture(Self.executable, arguments, in: directory, input: input, timeout: timeout, environment: environment)
  }

  /// Runs keygram and compares its whole stdout, whole stderr and exit status with what is
  /// expected, as swift-argument-parser's `AssertExecuteCommand` does. Timings, the one part
  /// of an output that changes from run to run, read "…" (see `Run.withoutTimings`).
  func expectOutput(_ arguments: [String], in directory: String = KeygramCLITests.packageRoot, input: Data? = nil,
                    stdout: String = "", stderr: String = "", status: Int32 = 0, timeout: Double = 600,
                    environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try keygram(arguments, in: directory, input: input, timeout: timeout, environment: environment).withoutTimings
    #expect(run.stdout == stdout, "stdout of keygram \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    #expect(run.stderr == stderr, "stderr of keygram \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
    #expect(run.status == status, "exit status of keygram \(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
  }

  /// What ArgumentParser prints under a validation error: the usage line of `command`.
  static func usage(_ command: String) -> String {
    let usages = [
      // Past 200 characters ArgumentParser writes "[<options>]" for the options.
      "build": "keygram build [<options>] [<language>] [<files> ...]",
      "inspect": "keygram inspect <table> [--after <after>] [--json] [--top <top>] [--words] [--suggest <suggest>] [--why <word>] [--after-word <word>] [--bar-after <text>] [--autocorrect <level>] [--corpora <dir>]",
      "simulate": "keygram simulate [<options>] [<language>]",
      "tune": "keygram tune [<options>] [<language>]",
    ]
    return "Usage: \(usages[command]!)\n  See 'keygram \(command) --help' for more information.\n"
  }

  /// The exit status ArgumentParser gives a usage error (EX_USAGE).
  static let usageError: Int32 = 64

  /// A scratch project: corpora/en (the real manifest, a tiny corpus), tables/, swift/. Its
  /// builds pass --min-letters 0: the corpus has 49 letters.
  func scratch() throws -> String {
    let root = TestSupport.temporaryPath(prefix: "keygram-cli")
    for folder in ["corpora/en", "tables", "swift"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    // The shipped manifest, but with the corpus text feeding the lexicon too (at weight 300),
    // so the tiny table has a lexicon of its own words to inspect.
    let manifest = try String(contentsOfFile: Self.packageRoot + "/corpora/en/language.json", encoding: .utf8)
      .replacingOccurrences(of: #"{"files": "*", "feeds": ["letters", "pairs"]}"#, with: #"{"files": "*", "feeds": ["letters", "words"], "weight": 300}"#)
    try manifest.write(toFile: "\(root)/corpora/en/language.json", atomically: true, encoding: .utf8)
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/en/tiny.gz", contents: Data(Self.gzipCorpus)))
    return root
  }

  @Test func buildPrintsASummaryAndWritesBothTables() throws {
    let root = try scratch()
    // 49 letters in 10 words, all starting "th": t 13, h 11, e 8; 39 in-word bigrams, 10 of them "th".
    // The scratch language.json lets the text feed the lexicon: its 9 distinct words make a
    // trie of 27 nodes, a LEXI section of roundUp16(roundUp4(32 + 4 × 27) + 4 × 2) = 160 bytes.
    // No progress bar on stderr, which is not a terminal here.
    try expectOutput(["build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root, stdout: """
      English (en): 1 file, 62 bytes stored, 59 bytes of text
        tiny.gz  62 bytes  sha256 a999025068e67cb0…
      letters 49, words 10, outside the alphabet 0, invalid UTF-8 0
      time … s, … MB/s of text; counting … s of CPU, … MB/s a core
      top letters: t 26.5%  h 22.4%  e 16.3%  i 6.1%  a 4.1%  l 4.1%  n 4.1%  r 4.1%  d 2.0%  f 2.0%
      top bigrams: th 25.6%  he 12.8%  at 5.1%  hi 5.1%  ea 2.6%  ed 2.6%  ef 2.6%  em 2.6%  en 2.6%  gh 2.6%
      lexicon: 9 words of 9, 27 nodes, 160 bytes; from corpora/en/tiny.gz
      small list: the word lists hold 9 distinct words, fewer than the 100,000 a lexicon takes (--lexicon-words)
      misspellings removed: none (no dictionary: no source feeds forms or accepts, so no word is taken for a misspelling)
      lexicon fidelity: words weighted below ½ 0.00%, above 2× 0.00%; row divergence mean 5.60e-11 bits, worst 1.34e-09
      written forms: 0 words (capitals 0, apostrophes 0)
      offensive words: none flagged (no list of offensive words feeds this language)
      wrote tables/en.keygram (50,352 bytes; bigram+trigram 39,312 bytes)
      wrote swift/English.swift (67,482 bytes)

      """)
    try expectOutput(["verify", "tables", "--swift-out", "swift"], in: root, stdout: """
      tables/en.keygram: ok: en, 50352 bytes, CRC-32 0x198d1d14 valid, 755 rows each sum to 65536 with no zero, \
      lexicon of 9 words (27 nodes) well-formed, decoder settings (7) as the manifest gives them, 26 letters match the manifest, \
      swift/English.swift matches, 1 corpus file unchanged, \
      building them again gives the same bytes; lexicon words weighted below ½ 0.00%, above 2× 0.00%; \
      row divergence mean 5.60e-11 bits, worst 1.34e-09
      swift/KeyGramTables.swift: ok: lists every generated table

      """)
    try expectOutput(["verify", "tables", "--swift-out", "swift", "--json"], in: root, stdout: """
      {"ok":true,"tables":[{"file":"tables/en.keygram","language":"en","ok":true,"bytes":50352,"crc32":428678420,\
      "rows":755,"letters":26,"corpusFiles":1,"reproduced":true,"lexicon":{"massBelowHalf":0,"massAboveDouble":0,\
      "meanDivergenceBits":5.5984884611012545e-11,"worstDivergenceBits":1.3436349517067223e-09,"squashedChildren":0},\
      "swift":"swift/English.swift","failures":[]}],"index":{"ok":true}}

      """)
  }

  @Test func inspectSummarisesATable() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    try expectOutput(["inspect", "tables/en.keygram"], in: root, stdout: """
      tables/en.keygram: English (en), format 2.6, 50352 bytes, CRC-32 0x198d1d14 (valid)
      alphabet (26): abcdefghijklmnopqrstuvwxyz
      sections: LANG 13 B, ALPH 208 B, ASCI 128 B, UNIG 52 B, INIT 52 B, BIGR 1404 B, TRIG 37908 B, TEXT 12 B, QUAD 9478 B, LEXI 160 B, FORM 32 B, TUNE 80 B, LAYT 137 B, PROV 325 B
      keyboard: qwertyuiop / asdfghjkl / zxcvbnm
      text rules: apostrophes are dropped; also read as letters: İ (U+130)→i K (U+212A)→k
      lexicon: 9 words, 27 nodes, 160 B
      written forms: 0 words written otherwise than their letters in lowercase; apostrophe ' (U+27)
      decoder settings: spellingMargin 26, omissionSpellingMargin 0, omissionSpellingMarginLimit 9, spellingMarginLimit 15, spellingMarginPerLetter 5, spellingMarginFloor -10, autocorrection standard
      corpus: tiny.gz; 49 letters, 10 words
      top letters: t 0.187  h 0.160  e 0.120  i 0.053  a 0.040  l 0.040  n 0.040  r 0.040  d 0.027  f 0.027
      top initials: t 0.926  h 0.015  e 0.011  i 0.005  a 0.004  l 0.004  n 0.004  r 0.004  d 0.002  f 0.002

      """)
    // With a lexicon, --after shows the blend the resolvers weigh, λ and both parts. The
    // lexicon's 9 words all start "th": then e 5, i 2, a 1, o 1, r 1 of 10, as 32,767, 13,107,
    // 6,554, 6,554 and 6,553 of 65,535.
    try expectOutput(["inspect", "tables/en.keygram", "--after", "th", "--top", "3"], in: root, stdout: """
      after "th" (27 outcomes; lexicon weight λ = 0.991):
        e  0.4998  (n-gram 0.4817, lexicon 0.5000)
        i  0.1999  (n-gram 0.1929, lexicon 0.2000)
        a  0.1000  (n-gram 0.0970, lexicon 0.1000)

      """)
    // The n-gram part: every p a multiple of 1/65536, printed exactly; the lexicon part k/65,535;
    // letters in alphabet order, then $.
    try expectOutput(["inspect", "tables/en.keygram", "--after", "th", "--json"], in: root, stdout: """
      {"language":"en","context":"th","next":{"a":0.09998061883385517,"b":4.61257150163874e-06,\
      "c":4.61257150163874e-06,"d":9.22514300327748e-06,"e":0.49983004867238934,"f":9.22514300327748e-06,\
      "g":9.22514300327748e-06,"h":5.507953028427437e-05,"i":0.19993688916874816,"j":4.61257150163874e-06,\
      "k":4.61257150163874e-06,"l":1.3702050637220964e-05,"m":9.22514300327748e-06,"n":1.3702050637220964e-05,\
      "o":0.09997600626235353,"p":4.61257150163874e-06,"q":4.61257150163874e-06,"r":0.09996549547789627,\
      "s":4.61257150163874e-06,"t":7.651442138012499e-05,"u":9.22514300327748e-06,"v":4.61257150163874e-06,\
      "w":4.61257150163874e-06,"x":4.61257150163874e-06,"y":4.61257150163874e-06,"z":4.61257150163874e-06,\
      "$":5.046695878263563e-05},"lexiconWeight":0.9911091327667236,"ngram":{"a":0.0969696044921875,\
      "b":0.000518798828125,"c":0.000518798828125,"d":0.00103759765625,"e":0.4817352294921875,"f":0.00103759765625,\
      "g":0.00103759765625,"h":0.006195068359375,"i":0.192901611328125,"j":0.000518798828125,"k":0.000518798828125,\
      "l":0.0015411376953125,"m":0.00103759765625,"n":0.0015411376953125,"o":0.0964508056640625,\
      "p":0.000518798828125,"q":0.000518798828125,"r":0.0969696044921875,"s":0.000518798828125,"t":0.00860595703125,\
      "u":0.00103759765625,"v":0.000518798828125,"w":0.000518798828125,"x":0.000518798828125,"y":0.000518798828125,\
      "z":0.000518798828125,"$":0.00567626953125},"lexicon":{"a":0.10000762951094835,"b":0,"c":0,"d":0,\
      "e":0.49999237048905165,"f":0,"g":0,"h":0,"i":0.2,"j":0,"k":0,"l":0,"m":0,"n":0,"o":0.10000762951094835,"p":0,\
      "q":0,"r":0.09999237048905166,"s":0,"t":0,"u":0,"v":0,"w":0,"x":0,"y":0,"z":0,"$":0}}

      """)
  }

  @Test func inspectJSONIsTheDocumentedShapeInTheDocumentedOrder() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", in: root).status == 0)
    // The whole expected output, written out from the runtime's view of the same table:
    // language, alphabet, unigram, initial, bigram (a row per letter), trigram (a row per
    // letter or ^, then letter: "aa"…"zz", "^a"…"^z"), quadgram (the table's kept contexts);
    // each row keyed by letter in alphabet order, then "$"; each p exactly k/65536.
    let table = try KeyGramTable(contentsOf: "\(root)/tables/en.keygram")
    let letters = table.alphabet.map(String.init)
    func number(_ p: Double) -> String { "\(p)".hasSuffix(".0") ? String("\(p)".dropLast(2)) : "\(p)" }
    func row(_ distribution: LetterDistribution) -> String {
      "{" + distribution.indices.map { "\"\($0 < letters.count ? letters[$0] : "$")\":\(number(distribution[$0]))" }.joined(separator: ",") + "}"
    }
    func name(_ symbol: LetterSymbol) -> String { symbol == .boundary ? "^" : letters[symbol.letterIndex!] }
    func rows(_ contexts: [LetterContext], _ key: (LetterContext) -> String) -> String {
      "{" + contexts.map { "\"\(key($0))\":\(row(table.distribution(after: $0)))" }.joined(separator: ",") + "}"
    }
    let symbols = letters.indices.map { LetterSymbol(letterIndex: $0) }
    let bigram = symbols.map { LetterContext(previous: .unknownLetter, last: $0) }
    let trigram = (symbols + [.boundary]).flatMap { previous in symbols.map { LetterContext(previous: previous, last: $0) } }
    let head: String = "{\"language\":\"en\",\"alphabet\":[" + letters.map { "\"\($0)\"" }.joined(separator: ",") + "],"
    let lexicon: String = "\"lexicon\":{\"words\":9,\"nodes\":27,\"bytes\":160},\"writtenForms\":{\"entries\":0,\"apostrophe\":\"'\"},"
      + "\"decoderSettings\":{\"spellingMargin\":26,\"omissionSpellingMargin\":0,\"omissionSpellingMarginLimit\":9,\"spellingMarginLimit\":15,\"spellingMarginPerLetter\":5,\"spellingMarginFloor\":-10,\"autocorrection\":2}}\n"
    let expected: String = head
      + "\"unigram\":\(row(table.unigram)),\"initial\":\(row(table.initial)),"
      + "\"bigram\":\(rows(bigram) { name($0.last) }),"
      + "\"trigram\":\(rows(trigram) { name($0.previous) + name($0.last) }),"
      + "\"quadgram\":\(rows(Array(table.quadgramContexts)) { name($0.earlier) + name($0.previous) + name($0.last) }),"
      + lexicon
    #expect(table.quadgramContexts.count == 25)
    try expectOutput(["inspect", "tables/en.keygram", "--json"], in: root, stdout: expected)
  }

  @Test func buildFromTheUsersOwnFiles() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8)))
    let run = try keygram("build", "en", "--min-letters", "0", "mine.txt", "--out", "tables", "--no-swift", in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("English (en): 1 file, 25 bytes stored, 25 bytes of text"))
    #expect(run.stdout.contains("  mine.txt  25 bytes"))
  }

  @Test func buildKeepsAsManyFourGramRowsAsAsked() throws {
    let root = try scratch()
    // 13 three-letter contexts: ^qu qui uie iet, que uee een ens, uit, uic ick ckl kly.
    #expect(FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8)))
    for (asked, kept) in [(2, 2), (0, 0), (1_000, 13)] {
      let run = try keygram("build", "en", "--min-letters", "0", "mine.txt", "--quadgram-contexts", "\(asked)", "--out", "tables", "--no-swift", in: root)
      #expect(run.status == 0, "\(run.stderr)")
      let inspect = try keygram("inspect", "tables/en.keygram", "--json", in: root)
      let json = try #require(try JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
      #expect((json["quadgram"] as? [String: Any])?.count == kept, "asked for \(asked)")
    }
    try expectOutput(["build", "en", "mine.txt", "--quadgram-contexts=-1", "--out", "tables"], in: root,
                     stderr: "Error: --quadgram-contexts must be 0 or more, not -1.\n" + Self.usage("build"), status: Self.usageError)
  }

  @Test(arguments: ["5-gram", "none"])
  func tuneRefusesAnUnknownContext(context: String) throws {
    try expectOutput(["tune", "--context", context], stderr: """
      Error: The value '\(context)' is invalid for '--context <context>'. Please provide one of 'bigram', 'trigram', '4-gram', 'lexicon' or 'history'.
      Help:  --context <context>  The context the resolvers' priors see (default: lexicon for a table with one, else 4-gram: what a keyboard gets from TypingContext).

      """ + Self.usage("tune"), status: Self.usageError)
  }

  @Test(arguments: [
    ("missing.gz", nil as [UInt8]?, "missing.gz: no such file"),
    ("empty.gz", [], "empty.gz: empty file (0 bytes); a corpus file must hold text"),
    ("cut.gz", Array(gzipCorpus.prefix(30)), "cut.gz at byte 30: truncated gzip: the file ends inside a compressed member"),
    ("crc.gz", Array(gzipCorpus.prefix(54)) + [0, 0, 0, 0] + Array(gzipCorpus.suffix(4)), "crc.gz at byte 58: corrupt gzip: incorrect data check"),
  ])
  func badCorpusFailsAndLeavesTablesUntouched(name: String, bytes: [UInt8]?, message: String) throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    let before = FileManager.default.contents(atPath: "\(root)/tables/en.keygram")
    if let bytes { #expect(FileManager.default.createFile(atPath: "\(root)/\(name)", contents: Data(bytes))) }
    try expectOutput(["build", "en", "--min-letters", "0", name, "--out", "tables", "--swift-out", "swift"], in: root, stderr: "Error: \(message)\n", status: 1)
    #expect(FileManager.default.contents(atPath: "\(root)/tables/en.keygram") == before)
  }

  @Test func countMergeAndBuildFromCountsWriteTheSameTables() throws {
    let root = try scratch()
    try FileManager.default.createDirectory(atPath: "\(root)/fromcounts", withIntermediateDirectories: true)
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    #expect(try keygram("count", "en", "corpora/en/tiny.gz", "--relative-to", "corpora/en", "-o", "tiny.kgcounts", in: root).status == 0)
    #expect(try keygram("merge", "tiny.kgcounts", "-o", "all.kgcounts", in: root).status == 0)
    #expect(try keygram("build", "en", "--min-letters", "0", "--counts", "all.kgcounts", "--out", "fromcounts", "--swift-out", "fromcounts", in: root).status == 0)
    for (built, fromCounts) in [("tables/en.keygram", "fromcounts/en.keygram"), ("swift/English.swift", "fromcounts/English.swift")] {
      #expect(FileManager.default.contents(atPath: "\(root)/\(built)") == FileManager.default.contents(atPath: "\(root)/\(fromCounts)"))
    }
  }

  @Test func badCountFilesExitOneNamingFileAndByte() throws {
    let root = try scratch()
    #expect(try keygram("count", "en", "corpora/en/tiny.gz", "-o", "good.kgcounts", in: root).status == 0)
    let good = try #require(FileManager.default.contents(atPath: "\(root)/good.kgcounts"))
    #expect(FileManager.default.createFile(atPath: "\(root)/cut.kgcounts", contents: good.prefix(100)))
    var part = good
    part.replaceSubrange(16..<20, with: Data("PART".utf8))
    #expect(FileManager.default.createFile(atPath: "\(root)/part.kgcounts", contents: part))
    #expect(FileManager.default.createFile(atPath: "\(root)/out.kgcounts", contents: Data("old".utf8)))
    try expectOutput(["merge", "-o", "out.kgcounts"], in: root,
                     stderr: "Error: merge: no count files given; name at least one .kgcounts file\n", status: 1)
    try expectOutput(["merge", "good.kgcounts", "missing.kgcounts", "-o", "out.kgcounts"], in: root,
                     stderr: "Error: missing.kgcounts: no such count file\n", status: 1)
    try expectOutput(["merge", "good.kgcounts", "cut.kgcounts", "-o", "out.kgcounts"], in: root,
                     stderr: "Error: cut.kgcounts at byte 100: truncated count file: the header says \(good.count) bytes, the file has 100\n", status: 1)
    try expectOutput(["build", "en", "--counts", "part.kgcounts"], in: root,
                     stderr: "Error: part.kgcounts at byte 16: incomplete count file (state PART): its writer was interrupted; count again\n", status: 1)
    #expect(FileManager.default.contents(atPath: "\(root)/out.kgcounts") == Data("old".utf8))
    #expect(!FileManager.default.fileExists(atPath: "\(root)/tables/en.keygram"))
  }

  @Test func corruptGzipSaysWhy() throws {
    let root = try scratch()
    var bytes = Self.gzipCorpus
    bytes[bytes.count - 8] ^= 0xFF
    #expect(FileManager.default.createFile(atPath: "\(root)/crc.gz", contents: Data(bytes)))
    try expectOutput(["build", "en", "crc.gz", "--out", "tables", "--no-swift"], in: root,
                     stderr: "Error: crc.gz at byte 58: corrupt gzip: incorrect data check\n", status: 1)
  }

  @Test func folderWithNoCorpusFiles() throws {
    let root = try scratch()
    try FileManager.default.removeItem(atPath: "\(root)/corpora/en/tiny.gz")
    try expectOutput(["build", "en", "--out", "tables", "--no-swift"], in: root,
                     stderr: "Error: corpora/en: no corpus files (*.gz, *.txt, *.dz) in this folder\n", status: 1)
  }

  @Test func unknownLanguage() throws {
    try expectOutput(["build", "xx", "--out", "tables"], in: try scratch(),
                     stderr: "Error: corpora/xx/language.json: code: unknown language \"xx\"; known: en\n", status: 1)
  }

  @Test func malformedManifestWritesNothing() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: "\(root)/tables").sorted()
    let table = FileManager.default.contents(atPath: "\(root)/tables/en.keygram")
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/en/language.json",
                                   contents: Data(#"{"code":"en","name":"English","alphabet":"abcdefghijklmnopqrstuvwxyza"}"#.utf8)))
    try expectOutput(["build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root,
                     stderr: "Error: corpora/en/language.json: alphabet: \"a\" appears twice\n", status: 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(root)/tables").sorted() == before)
    #expect(FileManager.default.contents(atPath: "\(root)/tables/en.keygram") == table)
  }

  @Test func unwritableOutputFolder() throws {
    let root = try scratch()
    let run = try keygram("build", "en", "--min-letters", "0", "--out", getuid() == 0 ? "/sys" : "/", "--no-swift", in: root)
    #expect(run.status != 0)
    #expect(run.stderr.contains("cannot write"), "\(run.stderr)")
  }

  @Test func inspectShowsWhatFollowsAContext() throws {
    let run = try keygram("inspect", "tables/en.keygram", "--after", "q", "--top", "1")
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("after \"q\" (27 outcomes; lexicon weight λ = "), "\(run.stdout)")
    #expect(run.stdout.contains("):\n  u  0."), "\(run.stdout)")
  }

  @Test func inspectAfterStartsAWordUnlessAskedNotTo() throws {
    let atWordStart = try keygram("inspect", "tables/en.keygram", "--after", "th", "--json")
    let anywhere = try keygram("inspect", "tables/en.keygram", "--after", "?th", "--json")
    let full = try keygram("inspect", "tables/en.keygram", "--json")
    // With a lexicon, "next" is the blend; "ngram" is the table's row for the context.
    func next(_ run: Run) throws -> [String: Double] {
      let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try #require((json["ngram"] ?? json["next"]) as? [String: Double])
    }
    let json = try #require(try JSONSerialization.jsonObject(with: Data(full.stdout.utf8)) as? [String: Any])
    let trigram = try #require((json["trigram"] as? [String: [String: Double]])?["th"])
    let quadgram = try #require((json["quadgram"] as? [String: [String: Double]])?["^th"])
    #expect(try next(anywhere) == trigram)
    #expect(try next(atWordStart) == quadgram)
    #expect(trigram != quadgram)
  }

  @Test func inspectListsTheLexiconsWords() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", in: root).status == 0)
    let text = try keygram("inspect", "tables/en.keygram", "--words", "--top", "3", in: root)
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("tables/en.keygram: 9 words; the 3 most frequent") == true, "\(text.stdout)")
    #expect(lines.count == 4)
    let json = try keygram("inspect", "tables/en.keygram", "--words", "--json", in: root)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let words = try #require(object["words"] as? [[String: Any]])
    #expect(words.count == 9)
    let weights = words.compactMap { $0["weight"] as? Double }
    #expect(weights == weights.sorted(by: >))
    #expect(words.allSatisfy { ($0["word"] as? String)?.hasPrefix("th") == true })  // the tiny corpus's words all start "th"
    let none = try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", "--lexicon-words", "0", in: root)
    #expect(none.status == 0)
    let refused = try keygram("inspect", "tables/en.keygram", "--words", in: root)
    #expect(refused.status == 1)
    #expect(refused.stderr == "Error: tables/en.keygram: the table has no lexicon\n")
  }

  @Test func inspectRefusesANonPositiveTop() throws {
    try expectOutput(["inspect", "tables/en.keygram", "--after", "t", "--top", "0"],
                     stderr: "Error: --top must be at least 1.\n" + Self.usage("inspect"), status: Self.usageError)
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
    try expectOutput(["verify", "tables"], in: root, stderr: "Error: tables: no .keygram tables in this folder; run make tables\n", status: 1)
  }

  @Test func verifyJSONReportsFailures() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/en/extra.txt", contents: Data("more".utf8)))
    try expectOutput(["verify", "tables", "--swift-out", "swift", "--json"], in: root, stdout: """
      {"ok":false,"tables":[{"file":"tables/en.keygram","language":"en","ok":false,"bytes":50352,"crc32":428678420,\
      "rows":755,"letters":26,"corpusFiles":1,"reproduced":false,"lexicon":null,"swift":"swift/English.swift","failures":[{"check":"freshness",\
      "message":"corpora/en/extra.txt was added since the table was built; run make tables"}]}],"index":{"ok":true}}

      """, status: 1)
    try expectOutput(["verify", "tables", "--swift-out", "swift"], in: root, stdout: """
      tables/en.keygram: FAILED (1 problem)
        freshness: corpora/en/extra.txt was added since the table was built; run make tables
      swift/KeyGramTables.swift: ok: lists every generated table

      """, status: 1)
  }

  @Test func addingALanguageTouchesOnlyCorpora() throws {
    // A new folder under corpora/ (Esperanto, from Tests/KeygramCLITests/Fixtures) and a build.
    let root = try scratch()
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/Tests/KeygramCLITests/Fixtures/corpora/eo", toPath: "\(root)/corpora/eo")
    let build = try keygram("build", "--all", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("Esperanto (eo): 1 file"))
    #expect(build.stdout.contains("outside the alphabet 0"))
    let index = try String(contentsOfFile: "\(root)/swift/KeyGramTables.swift", encoding: .utf8)
    #expect(index.contains("public static let all: [EmbeddedTable] = [english, esperanto]"))
    #expect(index.contains("@_exported import KeyGramTablesEnglish\n@_exported import KeyGramTablesEsperanto\n"))
    #expect(FileManager.default.fileExists(atPath: "\(root)/swift/Esperanto.swift"))
    let inspect = try keygram("inspect", "tables/eo.keygram", in: root)
    #expect(inspect.stdout.contains("alphabet (28): abcĉdefgĝhĥijĵklmnoprsŝtuŭvz"))
    let verify = try keygram("verify", "tables", "--swift-out", "swift", in: root)
    #expect(verify.status == 0, "\(verify.stdout)")
  }

  @Test func frequencyListFromTheCommandLine() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/count_1w.txt", contents: Data("the\t23135851162\nof\t13151942776\nand\t12997637966\n".utf8)))
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
    #expect(run.stdout.contains("| static |"))
    #expect(run.stdout.contains("| Gaussian × prior, trigram |"))
    #expect(run.stdout.contains("| boundary shift, bigram |"))
  }

  @Test func simulateMisspellingsReportsCorrectionsAndNamesABadLine() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/pairs.tsv", contents: Data("with\twiht\naccess\tacess\n".utf8)))
    let run = try keygram("simulate", "en", "--misspellings", "\(root)/pairs.tsv", "--generic-decoder", "--spelling-margin", "0", "--omission-spelling-margin", "0")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("en, \(root)/pairs.tsv: 2 misspellings typed (0 of 2 pairs skipped"))
    #expect(run.stdout.contains("| at the keys' centres | 100.0% (2) | 100.0% | 0.0% | 0 of 2 |"))
    // Each misspelling's decision at the centres, a line each: no previous word, replaced by the intended word.
    let logged = try keygram("simulate", "en", "--misspellings", "\(root)/pairs.tsv", "--generic-decoder", "--spelling-margin", "0", "--omission-spelling-margin", "0",
                             "--write-decisions", "\(root)/decisions.tsv")
    #expect(logged.status == 0, "\(logged.stderr)")
    let lines = try String(contentsOfFile: "\(root)/decisions.tsv", encoding: .utf8).split(separator: "\n").dropFirst()
    #expect(lines.map { $0.split(separator: "\t").prefix(3).joined(separator: " ") } == ["- with wiht", "- access acess"])
    #expect(lines.allSatisfy { $0.split(separator: "\t")[4] == "replaced" })
    #expect(FileManager.default.createFile(atPath: "\(root)/bad.tsv", contents: Data("with\twiht\nwith wiht\n".utf8)))
    // Margins that follow the length, as set at 4 letters: 5 nats nearer for the 5-letter acess.
    let lengthScaled = try keygram("simulate", "en", "--misspellings", "\(root)/pairs.tsv", "--generic-decoder",
                                   "--spelling-margin-length", "4", "--spelling-margin-per-letter", "5")
    #expect(lengthScaled.stdout.contains("| at the keys' centres | 100.0% (2) |"), "\(lengthScaled.stdout)")
    // The English table's own margins (TUNE) replace a 10-letter misspelling 12.9 nats ahead (margin 11 at
    // 10 letters); the generic defaults (15 at every length) keep it.
    #expect(FileManager.default.createFile(atPath: "\(root)/long.tsv", contents: Data("absolutely\tabsoletely\n".utf8)))
    let english = try keygram("simulate", "en", "--misspellings", "\(root)/long.tsv")
    #expect(english.stdout.contains("| at the keys' centres | 100.0% (1) |"), "\(english.stdout)")
    let generic = try keygram("simulate", "en", "--misspellings", "\(root)/long.tsv", "--generic-decoder")
    #expect(generic.stdout.contains("| at the keys' centres | 0.0% (0) |"), "\(generic.stdout)")
    // A lexicon balance of 0 gives letters that are no word no probability: any word found replaces them.
    let noBalance = try keygram("simulate", "en", "--misspellings", "\(root)/long.tsv", "--generic-decoder", "--decoder-lexicon-balance", "0")
    #expect(noBalance.stdout.contains("| at the keys' centres | 100.0% (1) |"), "\(noBalance.stdout)")
    let negativeBalance = try keygram("simulate", "en", "--misspellings", "\(root)/long.tsv", "--decoder-lexicon-balance=-1")
    #expect(negativeBalance.status != 0 && negativeBalance.stderr.contains("--decoder-lexicon-balance must be 0 or more, not -1.0."), "\(negativeBalance.stderr)")
    for option in ["--protected-history-count", "--protected-lexicon-word-count"] {
      let zero = try keygram("simulate", "en", "--misspellings", "\(root)/long.tsv", option, "0")
      #expect(zero.status != 0 && zero.stderr.contains("\(option) must be positive (inf: never protected), not 0.0."), "\(zero.stderr)")
    }
    // One misspelling per setting: what the table's settings do at the keys' centres (corrected,
    // top 3), what the setting's other value does, and the words a bad value is refused with.
    let settings: [(pair: String, standing: String, option: String, other: String, otherRow: String, bad: String, refusal: String)] = [
      // abstaction, a letter left out of 10, scores 1.1 nats below its letters: English's floor of −10 replaces it, a floor of 0 keeps it.
      ("abstraction\tabstaction", "100.0% (1) |", "--spelling-margin-floor", "0", "0.0% (0) |", "-inf", "--spelling-margin-floor must be a finite number, not -inf."),
      // acomodation leaves out two letters: found and replaced at the second-edit cost, not even offered at ∞.
      ("accommodation\tacomodation", "100.0% (1) | 100.0% |", "--second-edit-cost", "inf", "0.0% (0) | 0.0% |", "-1",
       "--second-edit-cost must be 0 or more nats (inf turns it off), not -1.0."),
      // sylinder writes s for c: cylinder is offered first and never applied; not even offered with the move off.
      ("cylinder\tsylinder", "0.0% (0) | 100.0% |", "--consonant-cost", "inf", "0.0% (0) | 0.0% |", "-1",
       "--consonant-cost must be 0 or more nats (inf turns it off), not -1.0."),
    ]
    for (index, setting) in settings.enumerated() {
      let file = "\(root)/setting\(index).tsv"
      #expect(FileManager.default.createFile(atPath: file, contents: Data("\(setting.pair)\n".utf8)))
      // The margins as set: the modest level's.
      let standing = try keygram("simulate", "en", "--misspellings", file, "--autocorrect", "modest")
      #expect(standing.stdout.contains("| at the keys' centres | \(setting.standing)"), "\(setting.pair): \(standing.stdout)")
      let other = try keygram("simulate", "en", "--misspellings", file, "--autocorrect", "modest", setting.option, setting.other)
      #expect(other.stdout.contains("| at the keys' centres | \(setting.otherRow)"), "\(setting.option) \(setting.other): \(other.stdout)")
      let bad = try keygram("simulate", "en", "--misspellings", file, "\(setting.option)=\(setting.bad)")
      #expect(bad.status != 0 && bad.stderr.contains(setting.refusal), "\(bad.stderr)")
    }
    let negative = try keygram("simulate", "en", "--misspellings", "\(root)/pairs.tsv", "--spelling-margin-per-letter=-1")
    #expect(negative.status != 0 && negative.stderr.contains("--spelling-margin-per-letter must be a finite number, 0 or more, not -1.0."), "\(negative.stderr)")
    let bad = try keygram("simulate", "en", "--misspellings", "\(root)/bad.tsv")
    #expect(bad.status == 1)
    #expect(bad.stderr == "Error: \(root)/bad.tsv: line 2: expected \"intended<TAB>misspelling\"\n")
  }

  @Test func simulateWithAMisspellingTypistCountsMisspelledWordsAndNamesABadList() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/text.txt", contents: Data(String(repeating: "the cat sat on the mat. ", count: 40).utf8)))
    #expect(FileManager.default.createFile(atPath: "\(root)/pairs.tsv", contents: Data("the\tteh\n".utf8)))
    let run = try keygram("simulate", "en", "--text", "\(root)/text.txt", "--decode", "--misspell-rate", "1", "--undo-rate", "1",
                          "--misspelling-list", "\(root)/pairs.tsv", "--json")
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    #expect(json["misspellRate"] as? Double == 1 && json["undoRate"] as? Double == 1)
    let methods = try #require(json["methods"] as? [[String: Any]])
    // Every word of 3 letters is misspelled ("the" as listed, the others by a slip); "on" stays.
    let decoded = methods.filter { ($0["method"] as? String)?.contains("decoded") == true }
    #expect(decoded.contains { ($0["method"] as? String)?.hasSuffix("corrections offered only") == true })
    for method in decoded { #expect(method["misspelledWords"] as? Int == 200, "\(method)") }
    let text = try keygram("simulate", "en", "--text", "\(root)/text.txt", "--decode", "--misspell-rate", "0.5", "--misspelling-list", "\(root)/pairs.tsv")
    #expect(text.stdout.contains("Misspellings (misspell rate 0.5, undo rate 0.0)"))
    #expect(FileManager.default.createFile(atPath: "\(root)/bad.tsv", contents: Data("the\tteh\nthe teh\n".utf8)))
    let bad = try keygram("simulate", "en", "--text", "\(root)/text.txt", "--decode", "--misspell-rate", "0.1", "--misspelling-list", "\(root)/bad.tsv")
    #expect(bad.status == 1)
    #expect(bad.stderr == "Error: \(root)/bad.tsv: line 2: expected \"intended<TAB>misspelling\"\n")
    let rate = try keygram("simulate", "en", "--misspell-rate", "2")
    #expect(rate.status != 0 && rate.stderr.contains("--misspell-rate must be a probability from 0 to 1, not 2.0."))
  }

  @Test func simulateJSONIsTheSameForTheSameSeed() throws {
    let first = try keygram("simulate", "--limit", "5000", "--seed", "9", "--json")
    let again = try keygram("simulate", "--limit", "5000", "--seed", "9", "--json")
    #expect(first.status == 0 && first.stdout == again.stdout)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
    #expect(json["keystrokes"] as? Int == 5000)
    #expect((json["methods"] as? [[String: Any]])?.count == 16)
  }

  @Test func simulateWorksForEveryShippedLanguage() throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/de.txt", contents: Data("Die Größe der Städte überrascht übermäßig viele Bürger.".utf8)))
    let run = try keygram("simulate", "de", "--text", "\(root)/de.txt", "--table", Self.packageRoot + "/tables/de.keygram")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("47 keystrokes"))
  }

  @Test(arguments: [
    (["--text", "empty.txt"], "Error: empty.txt: empty file (0 bytes); a corpus file must hold text\n", 1 as Int32),
    (["--text", "digits.txt"], "Error: digits.txt: no letters of the English alphabet to type\n", 1),
    (["--sigma", "0"], "Error: --sigma must be a positive number of points, not 0.0.\n" + usage("simulate"), usageError),
    (["--sigma=-3"], "Error: --sigma must be a positive number of points, not -3.0.\n" + usage("simulate"), usageError),
    (["--layout", "ipad-landscape"], """
      Error: The value 'ipad-landscape' is invalid for '--layout <layout>'. Please provide one of 'iphone-portrait'.
      Help:  --layout <layout>  The keyboard geometry.

      """ + usage("simulate"), usageError),
  ])
  func simulateRejectsBadInput(arguments: [String], stderr: String, status: Int32) throws {
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/empty.txt", contents: Data()))
    #expect(FileManager.default.createFile(atPath: "\(root)/digits.txt", contents: Data("123 456, 789!".utf8)))
    let table = Self.packageRoot + "/tables/en.keygram"
    try expectOutput(["simulate", "--limit", "1000", "--table", table] + arguments, in: root, stderr: stderr, status: status)
  }

  /// The scratch table types Tests/KeygramCLITests/Fixtures/typing/the.txt (142 letters).
  func simulateScratch() throws -> String {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", in: root).status == 0)
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/Tests/KeygramCLITests/Fixtures/typing/the.txt", toPath: "\(root)/the.txt")
    return root
  }

  @Test func simulatePrintsAMarkdownTable() throws {
    try expectOutput(["simulate", "--table", "tables/en.keygram", "--text", "the.txt"], in: try simulateScratch(), stdout: """
      en, the.txt: 142 keystrokes, σ = 8.0 × 8.0 pt, offset (0.0, 0.0) pt, seed 1, corrected errors, lexicon balance 0.01, … s
      | method | errors | error rate | × fewer errors than static | 95% CI |
      |---|---:|---:|---:|---|
      | static | 3 | 2.11% | 1.00 | 0.00–1.00 |
      | boundary shift, bigram | 1 | 0.70% | 3.00 | 0.00–3.00 |
      | boundary shift, trigram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | boundary shift, 4-gram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | boundary shift, lexicon | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | boundary shift, history | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, bigram | 1 | 0.70% | 3.00 | 0.00–3.00 |
      | Gaussian × prior, trigram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, 4-gram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, lexicon | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, history | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, no anchor, bigram | 1 | 0.70% | 3.00 | 0.00–3.00 |
      | Gaussian × prior, no anchor, trigram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, no anchor, 4-gram | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, no anchor, lexicon | 2 | 1.41% | 1.50 | 0.00–1.50 |
      | Gaussian × prior, no anchor, history | 2 | 1.41% | 1.50 | 0.00–1.50 |

      """, stderr: Self.noisyRatios(keystrokes: 142, staticErrors: 3))
  }

  /// The warning of a simulation too small to quote.
  static func noisyRatios(keystrokes: Int, staticErrors: Int) -> String {
    "warning: \(keystrokes) keystrokes and \(staticErrors) static errors: ratios from fewer than 50000 keystrokes or 100 static errors "
      + "are too noisy to quote; type a longer text\n"
  }

  @Test func simulatePrintsJSON() throws {
    let root = try simulateScratch()
    try expectOutput(["simulate", "--table", "tables/en.keygram", "--text", "the.txt", "--sigma", "10", "--seed", "2", "--json"], in: root, stdout: """
      {"language":"en","text":"the.txt","keystrokes":142,"sigmaX":10,"sigmaY":10,"offsetX":0,"offsetY":0,"seed":2,"methods":[\
      {"method":"static","context":"none","errors":7,"errorRate":0.04929577464788732,"reduction":1,"reductionCI95":[1,1]},\
      {"method":"boundary shift, bigram","context":"bigram","errors":4,"errorRate":0.028169014084507043,"reduction":1.75,"reductionCI95":[1.6666666666666667,2]},\
      {"method":"boundary shift, trigram","context":"trigram","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"boundary shift, 4-gram","context":"4-gram","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"boundary shift, lexicon","context":"lexicon","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"boundary shift, history","context":"history","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"Gaussian × prior, bigram","context":"bigram","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"Gaussian × prior, trigram","context":"trigram","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, 4-gram","context":"4-gram","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, lexicon","context":"lexicon","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, history","context":"history","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, no anchor, bigram","context":"bigram","errors":3,"errorRate":0.02112676056338028,"reduction":2.3333333333333335,"reductionCI95":[2,2.5]},\
      {"method":"Gaussian × prior, no anchor, trigram","context":"trigram","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, no anchor, 4-gram","context":"4-gram","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, no anchor, lexicon","context":"lexicon","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]},\
      {"method":"Gaussian × prior, no anchor, history","context":"history","errors":2,"errorRate":0.014084507042253521,"reduction":3.5,"reductionCI95":[2,5]}]}

      """, stderr: Self.noisyRatios(keystrokes: 142, staticErrors: 7))
  }

  @Test func simulateDecodesAndWritesItsTouches() throws {
    let root = try scratch()
    let run = try keygram("simulate", "en", "--limit", "3000", "--decode", "--omit-rate", "0.01", "--extra-rate", "0.01",
                          "--write-touches", "\(root)/touches.tsv")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("| Gaussian × prior, history, decoded |"))
    #expect(run.stdout.contains("| Gaussian × prior, history, decoded, no edits |"))
    #expect(run.stdout.contains("| method | word errors | word error rate |"))
    let lines = try String(contentsOfFile: "\(root)/touches.tsv", encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.hasPrefix("# keygram simulate --write-touches") == true)
    for line in lines.dropFirst() { #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 3, "\(line)") }
    let json = try keygram("simulate", "en", "--limit", "2000", "--decode", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let methods = try #require(object["methods"] as? [[String: Any]])
    // The shipped English table has word pairs: the decoded rows come again reading the word before.
    #expect(methods.contains { $0["method"] as? String == "Gaussian × prior, history, decoded" })
    #expect(methods.last?["method"] as? String == "Gaussian × prior, history, decoded, word context")
    #expect(methods.last?["wordsBroken"] is Int && object["words"] is Int)
    let bad = try keygram("simulate", "--limit", "1000", "--omit-rate", "0.9")
    #expect(bad.status == Self.usageError && bad.stderr.hasPrefix("Error: --omit-rate must be a probability from 0 to 0.5, not 0.9."))
    let narrow = try keygram("simulate", "--limit", "1000", "--decode", "--beam-width", "0")
    #expect(narrow.status == Self.usageError && narrow.stderr.hasPrefix("Error: --beam-width must be from 1 to 256, not 0."))
    let wide = try keygram("simulate", "--limit", "1000", "--decode", "--omission-beam-width", "257")
    #expect(wide.status == Self.usageError && wide.stderr.hasPrefix("Error: --omission-beam-width must be from 0 to 256, not 257."))
  }

  @Test func simulateWritesTheDecisions() throws {
    let root = try scratch()
    let run = try keygram("simulate", "en", "--limit", "3000", "--decode", "--special-keys-type-letters",
                          "--write-decisions", "\(root)/decisions.tsv")
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try String(contentsOfFile: "\(root)/decisions.tsv", encoding: .utf8).split(separator: "\n")
    #expect(lines.first?.hasPrefix("# keygram simulate --write-decisions: previous") == true)
    #expect(lines.count > 100)
    for line in lines.dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      #expect(fields.count >= 6 && Float(fields[3]) != nil && ["replaced", "kept", "split", "joined"].contains(fields[4]), "\(line)")
      // Two words and a margin, a joined word and its margin, or none.
      #expect(fields.count >= 6 && (fields[5] == "-" || [2, 3].contains(fields[5].split(separator: " ").count)), "\(line)")
      for alternative in fields.dropFirst(6) { #expect(alternative.split(separator: " ").last.flatMap { Float($0) } != nil, "\(line)") }
    }
    let bad = try keygram("simulate", "--limit", "1000", "--write-decisions", "\(root)/other.tsv")
    #expect(bad.status != 0 && bad.stderr.contains("--write-decisions needs --decode."))
    #expect(!FileManager.default.fileExists(atPath: "\(root)/other.tsv"))
  }

  @Test func inspectSuggestsCompletionsAndCorrections() throws {
    let text = try keygram("inspect", "tables/en.keygram", "--suggest", "keyb", "--top", "3")
    #expect(text.status == 0, "\(text.stderr)")
    let lines = text.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[0] == "tables/en.keygram: suggestions after \"keyb\", each letter touched at its key's centre (score: log-likelihood, higher is better):")
    #expect(lines[1].hasPrefix("  keyboard  ") && lines[1].hasSuffix("  lexicon"))
    #expect(lines[4].hasPrefix("ending the word here: \"keyb\" would be "))
    let json = try keygram("inspect", "tables/en.keygram", "--suggest", "keyb", "--top", "3", "--json")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["language"] as? String == "en" && object["prefix"] as? String == "keyb")
    let suggestions = try #require(object["suggestions"] as? [[String: Any]])
    #expect(suggestions.count == 3 && suggestions.first?["word"] as? String == "keyboard")
    #expect((suggestions.first?["sources"] as? [String]) == ["lexicon"])
    let decision = try #require(object["decision"] as? [String: Any])
    #expect(decision["typed"] as? String == "keyb" && decision["replaces"] is Bool)
  }

  @Test func inspectReadsCapitalsAndApostrophesAsTheRuntimeDoes() throws {
    // A typed capital first letter capitalises every suggestion; typed capitals write them in capitals.
    let capitalised = try keygram("inspect", "tables/en.keygram", "--suggest", "Keyb", "--top", "2", "--json")
    #expect(capitalised.status == 0, "\(capitalised.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(capitalised.stdout.utf8)) as? [String: Any])
    let suggestions = try #require(object["suggestions"] as? [[String: Any]])
    #expect(suggestions.first?["word"] as? String == "Keyboard")
    let decision = try #require(object["decision"] as? [String: Any])
    #expect(decision["typed"] as? String == "Keyb")
    let capitals = try keygram("inspect", "tables/en.keygram", "--suggest", "KEYB", "--top", "1")
    #expect(capitals.status == 0 && capitals.stdout.split(separator: "\n")[1].hasPrefix("  KEYBOARD  "), "\(capitals.stdout)")
    // English drops apostrophes: "don’t" is suggested for as "dont", and --after reads "on't" as "ont".
    for apostrophe in ["'", "\u{2019}", "\u{2BC}"] {
      let typed = try keygram("inspect", "tables/en.keygram", "--suggest", "don\(apostrophe)t", "--top", "3")
      let plain = try keygram("inspect", "tables/en.keygram", "--suggest", "dont", "--top", "3")
      #expect(typed.status == 0 && typed.stdout.split(separator: "\n").dropFirst() == plain.stdout.split(separator: "\n").dropFirst(), "\(typed.stderr)")
      let after = try keygram("inspect", "tables/en.keygram", "--after", "on\(apostrophe)t", "--json")
      let plainAfter = try keygram("inspect", "tables/en.keygram", "--after", "ont", "--json")
      #expect(after.status == 0, "\(after.stderr)")
      #expect(after.stdout.replacingOccurrences(of: "on\(apostrophe)t", with: "ont") == plainAfter.stdout)
    }
  }

  @Test(arguments: [
    (["--suggest", "k3y"], "Error: --suggest: \"3\" is not a letter of the English alphabet\n"),
    (["--suggest", ""], "Error: --suggest: give at least one letter\n"),
    (["--suggest", String(repeating: "a", count: 49)], "Error: --suggest: 49 letters; the decoder holds at most 48\n"),
  ])
  func inspectSuggestRejectsBadInput(arguments: [String], stderr: String) throws {
    try expectOutput(["inspect", "tables/en.keygram"] + arguments, stderr: stderr, status: 1)
  }

  @Test func plotsWriteSVG() throws {
    let root = try scratch()
    let hitmap = try keygram("plot", "hitmap", "en", "--after", "th", "--out", "\(root)/h.svg")
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
  /// Runs `executable` to completion and returns its exit status and output; `input` is its
  /// standard input (else none); `environment` is added to this process's. A run past `timeout`
  /// seconds is killed, so a hang fails the test.
  static func runAndCapture(_ executable: String, _ arguments: [String], in directory: String, input: Data? = nil,
                            timeout: Double = 600, environment: [String: String] = [:]) throws -> KeygramCLITests.Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    // ArgumentParser wraps help to COLUMNS (else the terminal, else 80): fix it for whole-output checks.
    process.environment = ProcessInfo.processInfo.environment.merging(["COLUMNS": "80"].merging(environment) { $1 }) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    try process.run()
    if let input {
      // Written from another thread: a large input would otherwise fill the pipe and block.
      Thread.detachNewThread {
        stdin.fileHandleForWriting.write(input)
        try? stdin.fileHandleForWriting.close()
      }
    }
    let watchdog = DispatchWorkItem { if process.isRunning { process.interrupt(); kill(process.processIdentifier, SIGKILL) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    defer { watchdog.cancel() }
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return .init(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
  }
}
