import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// `keygram count`, `merge` and `build --counts` at the library level: the count file holds
/// exactly what the count stage returns, shards add up to the whole, and every bad count file
/// is an error naming the file and the byte, with nothing replaced.
@Suite("Count files: count, merge, build from counts")
struct CountFileTests {
  /// A toy language whose text feeds both the letters and the lexicon (list files the lexicon
  /// only), with a dictionary (written forms, accepted words) and a list of misspellings.
  static let language = Language(
    code: "en", name: "English", alphabet: Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars),
    sources: [SourceRule(files: "*.freq.*", feeds: .words, wordWeight: 2),
              SourceRule(files: "dict*", feeds: .forms), SourceRule(files: "accepted*", feeds: .accepts),
              SourceRule(files: "misspelled*", feeds: .misspellings),
              SourceRule(files: "*", feeds: [.letters, .words], wordWeight: 3)])

  /// The dictionary and the misspellings for the shard tests' corpus: "zehpyr" (a swap of
  /// zephyr, which the dictionary writes, and the text and the list count over 20 times as
  /// often) and "qwiz" (listed, its correction quiz accepted and counted far more) are left
  /// out of the lexicon.
  static let evidenceFiles = [("dict.txt", "Zephyr\nthe\nbrown\n"), ("accepted.txt", "quiz\nfox\n"),
                              ("misspelled.txt", "qwiz\tquiz\nteh\tthe\n")]

  /// Whether the table `image` holds `word` in its lexicon.
  func lexiconHolds(_ image: [UInt8], _ word: String) throws -> Bool {
    let table = try KeyGramTable(copying: image)
    let lexicon = try #require(table.lexicon)
    return lexicon.word(spelledBy: word.unicodeScalars.map { Int($0.value) - 97 }) != nil
  }

  /// Writes `files` (name → text; names ending .gz are gzipped) into a fresh folder.
  func corpus(_ files: [(String, String)]) -> String {
    let folder = Fixtures.temporaryFolder()
    for (name, text) in files {
      _ = Fixtures.file(name, name.hasSuffix(".gz") ? Fixtures.gzipMember(text) : Array(text.utf8), in: folder)
    }
    return folder
  }

  func count(_ names: [String], in folder: String, to output: String, language: Language = Self.language) throws {
    try Fixtures.countToFile(names.map { "\(folder)/\($0)" }, language: language, output: output, corpusFolder: folder, jobs: 1)
  }

  /// The table `keygram build` writes from `names` in `folder`, or from `counts`.
  func table(_ names: [String] = [], counts: [String] = [], in folder: String, language: Language = Self.language) throws -> [UInt8] {
    let out = Fixtures.temporaryFolder()
    var request = Pipeline.Request(language: language, inputs: names.map { "\(folder)/\($0)" }, corpusFolder: folder,
                                   tablesFolder: out, swiftFolder: nil)
    request.countFiles = counts
    request.minimumLetters = 0  // hand-sized corpora
    return try #require(Pipeline.build(request).image)
  }

  func bytes(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }

  // MARK: What a count file holds

  @Test func tinyCorpusCountsByHand() throws {
    // "the cat, the hat" + "A cat": words the ×2, cat ×2, hat ×1, a ×1, each ×3 (the text's weight).
    let folder = corpus([("one.txt", "the cat, the hat\n"), ("two.txt", "A cat")])
    let path = folder + "/all.kgcounts"
    try count(["one.txt", "two.txt"], in: folder, to: path)
    let reader = try CountFile.Reader(path: path)
    let head = reader.head
    #expect(head.languageCode == "en" && head.alphabet.count == 26)
    #expect(head.files.map(\.name) == ["one.txt", "two.txt"])
    #expect(head.files.map(\.size) == [17, 5])
    #expect(head.files[0].sha256 == FileHasher.hash(Array("the cat, the hat\n".utf8)))
    #expect(head.storedBytes == 22 && head.textBytes == 22)
    #expect(head.counts.letters == 16 && head.counts.words == 6)
    #expect(head.counts.unigram("t") == 5 && head.counts.unigram("a") == 4 && head.counts.unigram("h") == 3)
    #expect(reader.order == 4 && reader.wordEntries == 4)
    var words: [(String, UInt64)] = []
    while let entry = try reader.nextWord() {
      words.append((String(entry.word.map { Character(Unicode.Scalar($0 + 96)) }), entry.count))
    }
    // Sorted by letters, a prefix first.
    #expect(words.map(\.0) == ["a", "cat", "hat", "the"])
    #expect(words.map(\.1) == [3, 6, 3, 6])
  }

  @Test func aCountFileHoldsWhatTheCountStageReturns() throws {
    let folder = corpus([("text.gz", "Quick quiet queens quit.\nThe thin thief.\n"), ("list.freq.txt", "the\t10\nqueen\t4\n")])
    let path = folder + "/c.kgcounts"
    try count(["text.gz", "list.freq.txt"], in: folder, to: path)
    let (counts, words, provenance, forms, _) = try CorpusCounter.count(["\(folder)/text.gz", "\(folder)/list.freq.txt"],
                                                        decoder: LetterDecoder(language: Self.language), naming: Provenance.Naming(folder: folder))
    let (loadedCounts, loadedWords, loadedProvenance, loadedForms, _) = try Merge.load([path], language: Self.language)
    #expect(loadedForms == forms)
    #expect(!forms.isEmpty)
    #expect(loadedCounts == counts)
    #expect(loadedWords == words)
    #expect(loadedProvenance == provenance)
  }

  // MARK: Shards add up to the whole

  /// Seven-odd lines of text with many words, and a word list.
  static let vocabulary: [String] = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "théâtre", "don't", "x9",
                                     "zephyr", "quiz", "a"]
  static let lines: [String] = (0..<40).map { (line: Int) -> String in
    let words: [String] = (0..<(5 + line % 7)).map { (word: Int) -> String in vocabulary[(line * 3 + word * 5) % 14] }
    return words.joined(separator: " ")
  }

  @Test(arguments: [1, 2, 7])
  func shardsOfFilesSplitAtLineBoundariesBuildTheSameTable(shards: Int) throws {
    // The text cut at line boundaries into 7 files, plus a word list: 8 inputs.
    var files: [(String, String)] = []
    for piece in 0..<7 {
      let mine: [String] = Self.lines.indices.filter { $0 * 7 / Self.lines.count == piece }.map { Self.lines[$0] + "\n" }
      let text: String = mine.joined()
      files.append(("part\(piece).\(piece % 2 == 0 ? "gz" : "txt")", text))
    }
    files.append(("words.freq.txt", "quiz\t7\nzephyr\t3\nthe\t100\nzehpyr\t1\nqwiz\t1\n"))
    files += Self.evidenceFiles
    let folder = corpus(files)
    let names = files.map(\.0)
    let expected = try table(names, in: folder)
    // The misspellings are left out, by the evidence each shard counted.
    #expect(try !lexiconHolds(expected, "zehpyr") && !lexiconHolds(expected, "qwiz"))
    #expect(try lexiconHolds(expected, "zephyr") && lexiconHolds(expected, "quiz"))

    // Deal the files to `shards` count files, then merge them in two different shapes.
    var shardPaths: [String] = []
    for shard in 0..<shards {
      let mine = names.enumerated().filter { $0.offset % shards == shard }.map(\.element)
      let path = "\(folder)/shard\(shard).kgcounts"
      try count(mine, in: folder, to: path)
      shardPaths.append(path)
    }
    // 1. All at once, in reverse order.
    try Merge.files(shardPaths.reversed(), into: "\(folder)/flat.kgcounts")
    #expect(try table(counts: ["\(folder)/flat.kgcounts"], in: folder) == expected)
    // 2. As a left-leaning tree: ((s0 + s1) + s2) + ...
    var accumulated = shardPaths[0]
    for (k, next) in shardPaths.dropFirst().enumerated() {
      let path = "\(folder)/tree\(k).kgcounts"
      try Merge.files([next, accumulated], into: path)
      accumulated = path
    }
    #expect(try table(counts: [accumulated], in: folder) == expected)
    // Any grouping gives the same count file, byte for byte.
    #expect(bytes(accumulated) == bytes("\(folder)/flat.kgcounts"))
    // 3. Straight from the shards.
    #expect(try table(counts: shardPaths, in: folder) == expected)
  }

  @Test(arguments: [1, 2, 3])
  func shardsOfWholeFilesBuildTheSameTable(shards: Int) throws {
    let text = Self.lines.joined(separator: "\n")
    let folder = corpus([("a.gz", text), ("b.txt", String(text.reversed())), ("c.freq.txt", "quiz\t7\nthe\t3\n")])
    let names = ["a.gz", "b.txt", "c.freq.txt"]
    let expected = try table(names, in: folder)
    var paths: [String] = []
    for shard in 0..<shards {
      let path = "\(folder)/s\(shard).kgcounts"
      try count(names.enumerated().filter { $0.offset % shards == shard }.map(\.element), in: folder, to: path)
      paths.append(path)
    }
    try Merge.files(paths, into: "\(folder)/all.kgcounts")
    #expect(try table(counts: ["\(folder)/all.kgcounts"], in: folder) == expected)
  }

  @Test(arguments: [2, 3, 7])
  func partsOfEveryFilesLinesBuildTheSameTable(parts: UInt32) throws {
    let text = Self.lines.joined(separator: "\n")
    let folder = corpus([("a.gz", text), ("b.txt", "zephyr quiz\n" + text + "\n"), ("c.freq.txt", "quiz\t7\nthe\t3\nzephyr\t1\nzehpyr\t1\nqwiz\t1\n")]
                        + Self.evidenceFiles)
    let names = ["a.gz", "b.txt", "c.freq.txt"] + Self.evidenceFiles.map(\.0)
    let expected = try table(names, in: folder)
    #expect(try !lexiconHolds(expected, "zehpyr") && !lexiconHolds(expected, "qwiz") && lexiconHolds(expected, "quiz"))
    var paths: [String] = []
    for k in (0..<parts).reversed() {
      let path = "\(folder)/part\(k).kgcounts"
      try Fixtures.countToFile(names.map { "\(folder)/\($0)" }, language: Self.language, output: path, corpusFolder: folder,
                               part: CountFile.Part(index: k, of: parts))
      paths.append(path)
    }
    try Merge.files(paths, into: "\(folder)/all.kgcounts")
    #expect(try table(counts: ["\(folder)/all.kgcounts"], in: folder) == expected)
    let head = try CountFile.Reader(path: "\(folder)/all.kgcounts").head
    #expect(head.inputs.allSatisfy { $0.isComplete && $0.partCount == parts })
    // Every stored byte once (part 0), every byte of text once (each part its lines).
    let whole = try CountFile.Reader(path: { try count(names, in: folder, to: "\(folder)/whole.kgcounts"); return "\(folder)/whole.kgcounts" }()).head
    #expect(head.storedBytes == whole.storedBytes && head.textBytes == whole.textBytes)
    #expect(head.files == whole.files)
  }

  @Test func partsMissingTwiceOrDealtDifferently() throws {
    let folder = corpus([("a.txt", "one\ntwo\nthree\nfour\n")])
    func part(_ k: UInt32, of n: UInt32) throws -> String {
      let path = "\(folder)/\(k)of\(n).kgcounts"
      try Fixtures.countToFile(["\(folder)/a.txt"], language: Self.language, output: path, corpusFolder: folder,
                               part: CountFile.Part(index: k, of: n))
      return path
    }
    let zero = try part(0, of: 3), two = try part(2, of: 3), half = try part(1, of: 2)
    var request = Pipeline.Request(language: Self.language, inputs: [], tablesFolder: Fixtures.temporaryFolder(), swiftFolder: nil)
    request.countFiles = [zero, two]
    request.minimumLetters = 0
    #expect(throws: CountFileError(path: two, kind: .incompleteInput(name: "a.txt", parts: [0, 2], of: 3))) { try Pipeline.build(request) }
    #expect(throws: CountFileError(path: zero, kind: .duplicateInput(name: "a.txt", otherPath: zero))) {
      try Merge.files([zero, zero], into: "\(folder)/out.kgcounts")
    }
    #expect(throws: CountFileError(path: half, kind: .inputDiffers(name: "a.txt", otherPath: zero))) {
      try Merge.files([zero, half], into: "\(folder)/out.kgcounts")
    }
    // Partial merges are fine: parts 0 and 2 of 3 make a count file that still lacks part 1.
    try Merge.files([two, zero], into: "\(folder)/some.kgcounts")
    #expect(try CountFile.Reader(path: "\(folder)/some.kgcounts").head.inputs[0].parts == [0, 2])
  }

  @Test func mergingIsCommutativeAndAssociative() throws {
    let folder = corpus([("a.txt", "the cat sat"), ("b.txt", "on the mat"), ("c.txt", "a cat, a hat, that cat")])
    for name in ["a", "b", "c"] { try count(["\(name).txt"], in: folder, to: "\(folder)/\(name).kgcounts") }
    let path = { (name: String) in "\(folder)/\(name).kgcounts" }
    try Merge.files([path("a"), path("b")], into: path("ab"))
    try Merge.files([path("ab"), path("c")], into: path("ab_c"))
    try Merge.files([path("c"), path("b")], into: path("cb"))
    try Merge.files([path("cb"), path("a")], into: path("cb_a"))
    try Merge.files([path("b"), path("c"), path("a")], into: path("bca"))
    try count(["a.txt", "b.txt", "c.txt"], in: folder, to: path("whole"))
    #expect(bytes(path("ab_c")) == bytes(path("whole")))
    #expect(bytes(path("cb_a")) == bytes(path("whole")))
    #expect(bytes(path("bca")) == bytes(path("whole")))
  }

  @Test func jobsCountExactlyWhatOneJobCounts() throws {
    let text = Self.lines.joined(separator: "\n")
    let folder = corpus([("a.gz", text), ("b.txt", "zephyr quiz " + text), ("c.freq.txt", "quiz\t7\n"), ("d.txt", "one more line")])
    let inputs = ["a.gz", "b.txt", "c.freq.txt", "d.txt"].map { "\(folder)/\($0)" }
    let decoder = LetterDecoder(language: Self.language)
    let one = try CorpusCounter.count(inputs, decoder: decoder, naming: Provenance.Naming(folder: folder), jobs: 1)
    for jobs in [2, 3, 8] {
      let many = try CorpusCounter.count(inputs, decoder: decoder, naming: Provenance.Naming(folder: folder), jobs: jobs)
      #expect(many.0 == one.0 && many.1 == one.1 && many.2 == one.2 && many.3 == one.3, "--jobs \(jobs)")
    }
  }

  @Test func jobsReportTheEarliestBadInput() throws {
    let folder = corpus([("a.txt", "fine text"), ("b.gz", "x"), ("c.txt", "more text")])
    _ = Fixtures.file("b.gz", Array(Fixtures.gzipMember("some text here").dropLast(3)), in: folder)
    let inputs = ["a.txt", "b.gz", "c.txt"].map { "\(folder)/\($0)" }
    #expect(throws: CorpusError(path: "\(folder)/b.gz", byteOffset: 31, kind: .truncatedGzip)) {
      try CorpusCounter.count(inputs, decoder: LetterDecoder(language: Self.language), jobs: 2)
    }
  }

  // MARK: Bad count files: an error naming the file and the byte, nothing replaced

  /// A folder with a good count file `good.kgcounts`, an existing output `out.kgcounts` and an
  /// existing table, to check that nothing is replaced.
  func badInputWorkspace() throws -> (folder: String, good: String, output: String, outputBytes: [UInt8], tables: String) {
    let folder = corpus([("a.txt", "the cat sat on the mat"), ("b.txt", "a hat")])
    try count(["a.txt"], in: folder, to: "\(folder)/good.kgcounts")
    try count(["b.txt"], in: folder, to: "\(folder)/out.kgcounts")
    let tables = Fixtures.temporaryFolder()
    _ = Fixtures.file("en.keygram", Array("old table".utf8), in: tables)
    return (folder, "\(folder)/good.kgcounts", "\(folder)/out.kgcounts", bytes("\(folder)/out.kgcounts"), tables)
  }

  /// Expects merging `bad` (with a good file) and building from it both to fail with `error`,
  /// leaving the old output and the old table as they were.
  func expectRefused(_ bad: String, _ error: CountFileError, in workspace: (folder: String, good: String, output: String, outputBytes: [UInt8], tables: String),
                     language: Language = Self.language, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(throws: error, sourceLocation: sourceLocation) { try Merge.files([workspace.good, bad], into: workspace.output) }
    #expect(bytes(workspace.output) == workspace.outputBytes, "the old merge output is untouched", sourceLocation: sourceLocation)
    var request = Pipeline.Request(language: language, inputs: [], tablesFolder: workspace.tables, swiftFolder: nil)
    request.countFiles = [workspace.good, bad]
    #expect(throws: error, sourceLocation: sourceLocation) { try Pipeline.build(request) }
    #expect(bytes(workspace.tables + "/en.keygram") == Array("old table".utf8), "the old table is untouched", sourceLocation: sourceLocation)
    let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: workspace.folder).filter { $0.hasSuffix(".tmp") }) ?? []
    #expect(leftovers.isEmpty, "no temporary files left", sourceLocation: sourceLocation)
  }

  @Test func truncatedCountFile() throws {
    let workspace = try badInputWorkspace()
    let whole = bytes(workspace.good)
    let bad = Fixtures.file("cut.kgcounts", Array(whole.dropLast(10)), in: workspace.folder)
    expectRefused(bad, CountFileError(path: bad, byteOffset: whole.count - 10,
                                      kind: .truncated(recorded: UInt64(whole.count), actual: UInt64(whole.count - 10))), in: workspace)
    let stub = Fixtures.file("stub.kgcounts", Array(whole.prefix(20)), in: workspace.folder)
    expectRefused(stub, CountFileError(path: stub, byteOffset: 20, kind: .truncated(recorded: UInt64(CountFile.headerSize), actual: 20)), in: workspace)
  }

  @Test func corruptCountFileFailsItsCRC() throws {
    let workspace = try badInputWorkspace()
    var damaged = bytes(workspace.good)
    let recorded: UInt32 = (0..<4).reduce(UInt32(0)) { (crc: UInt32, k: Int) -> UInt32 in crc | UInt32(damaged[32 + k]) << (8 * UInt32(k)) }
    damaged[damaged.count - 3] ^= 0x40  // a word count's high byte
    let actual: UInt32 = {
      var zeroed = damaged
      for k in 32..<36 { zeroed[k] = 0 }
      return zeroed.withUnsafeBytes { zlib_crc32($0) }
    }()
    let bad = Fixtures.file("corrupt.kgcounts", damaged, in: workspace.folder)
    expectRefused(bad, CountFileError(path: bad, byteOffset: 32, kind: .checksumMismatch(recorded: recorded, actual: actual)), in: workspace)
  }

  @Test func interruptedCountFileIsMarkedPART() throws {
    let workspace = try badInputWorkspace()
    var partial = bytes(workspace.good)
    partial.replaceSubrange(16..<20, with: Array("PART".utf8))
    let bad = Fixtures.file("part.kgcounts", partial, in: workspace.folder)
    expectRefused(bad, CountFileError(path: bad, byteOffset: 16, kind: .incomplete), in: workspace)
  }

  @Test func countsOfAnotherLanguage() throws {
    let workspace = try badInputWorkspace()
    var german = Self.language
    german.code = "de"
    let bad = workspace.folder + "/de.kgcounts"
    try count(["b.txt"], in: workspace.folder, to: bad, language: german)
    expectRefused(bad, CountFileError(path: bad, byteOffset: CountFile.headerSize, kind: .otherLanguage(expected: "en", found: "de")), in: workspace)
  }

  @Test func countsOfAChangedAlphabet() throws {
    let workspace = try badInputWorkspace()
    var changed = Self.language
    changed.alphabet.append("é")
    let bad = workspace.folder + "/alphabet.kgcounts"
    try count(["b.txt"], in: workspace.folder, to: bad, language: changed)
    // The alphabet follows the header (64) and the code "en" (2 + 2 bytes).
    expectRefused(bad, CountFileError(path: bad, byteOffset: CountFile.headerSize + 4, kind: .otherAlphabet(expected: "abcdefghijklmnopqrstuvwxyz",
                                                                                      found: "abcdefghijklmnopqrstuvwxyzé")), in: workspace)
  }

  @Test func countsUnderOtherRules() throws {
    let workspace = try badInputWorkspace()
    var changed = Self.language
    changed.apostrophesAreTransparent = false
    let bad = workspace.folder + "/rules.kgcounts"
    try count(["b.txt"], in: workspace.folder, to: bad, language: changed)
    expectRefused(bad, CountFileError(path: bad, byteOffset: CountFile.headerSize + 4 + 4 * 26, kind: .otherRules), in: workspace)
  }

  @Test func anotherFormatVersion() throws {
    let workspace = try badInputWorkspace()
    var future = bytes(workspace.good)
    future[8] = 6
    let bad = Fixtures.file("v6.kgcounts", future, in: workspace.folder)
    expectRefused(bad, CountFileError(path: bad, byteOffset: 8, kind: .unsupportedVersion(major: 6, minor: 0)), in: workspace)
    // A 4.0 file (pairs in whole occurrences), a 3.0 file (before the word pairs), a 2.0 file
    // (before the evidence of misspellings) and a 1.0 file (before the form evidence) are refused
    // too, the message saying to count again.
    for major: UInt8 in [4, 3, 2, 1] {
      var old = bytes(workspace.good)
      old[8] = major
      let older = Fixtures.file("v\(major).kgcounts", old, in: workspace.folder)
      let error = CountFileError(path: older, byteOffset: 8, kind: .unsupportedVersion(major: UInt16(major), minor: 0))
      expectRefused(older, error, in: workspace)
      #expect(error.description.hasSuffix("v\(major).kgcounts at byte 8: count format version \(major).0; this keygram reads version 5.x only (count the files again with this keygram)"))
    }
  }

  @Test func notACountFile() throws {
    let workspace = try badInputWorkspace()
    let bad = Fixtures.file("table.kgcounts", Array(repeating: 7, count: 100), in: workspace.folder)
    expectRefused(bad, CountFileError(path: bad, byteOffset: 0, kind: .notACountFile), in: workspace)
  }

  @Test func aMissingShard() throws {
    let workspace = try badInputWorkspace()
    let bad = workspace.folder + "/nowhere.kgcounts"
    expectRefused(bad, CountFileError(path: bad, kind: .missing), in: workspace)
  }

  @Test func theSameInputInTwoShards() throws {
    let workspace = try badInputWorkspace()
    let again = workspace.folder + "/again.kgcounts"
    try count(["a.txt"], in: workspace.folder, to: again)
    expectRefused(again, CountFileError(path: again, kind: .duplicateInput(name: "a.txt", otherPath: workspace.good)), in: workspace)
  }

  @Test func aCountFileThatListsNoInputs() throws {
    // Written through the real writer with its inputs taken out: merged twice, it would double its counts.
    let workspace = try badInputWorkspace()
    let folder = Fixtures.temporaryFolder()
    let bad = folder + "/anonymous.kgcounts"
    let (head, words) = try Fixtures.countToFile([workspace.folder + "/a.txt"], language: Self.language, output: folder + "/a.kgcounts",
                                                 corpusFolder: workspace.folder, jobs: 1)
    var anonymous = head
    anonymous.inputs = []
    try CountFile.write(anonymous, words: words, to: bad)
    expectRefused(bad, CountFileError(path: bad, kind: .noInputs), in: workspace)
    #expect(throws: CountFileError(path: bad, kind: .noInputs)) { try Merge.files([bad, bad], into: folder + "/twice.kgcounts") }
  }

  @Test func mergingZeroFiles() throws {
    let folder = Fixtures.temporaryFolder()
    #expect(throws: CountFileError(path: "merge", kind: .noCountFiles)) { try Merge.files([], into: folder + "/out.kgcounts") }
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.kgcounts"))
  }
}

/// Word counts past their memory cap spill to sorted runs and still sum exactly.
@Suite("Word counts: a memory cap with sorted runs past it")
struct WordSpillTests {
  /// `count` distinct words made of the letters a–j (base-10 numerals spelt in letters), each
  /// `repeats` times, over several lines.
  static func manyWords(_ count: Int, repeats: Int = 2) -> String {
    let digits = Array("abcdefghij")
    var lines: [String] = []
    for _ in 0..<repeats {
      var line: [String] = []
      for n in 0..<count {
        line.append(String(String(n).map { digits[Int(String($0))!] }))
        if line.count == 20 { lines.append(line.joined(separator: " ")); line = [] }
      }
      lines.append(line.joined(separator: " "))
    }
    return lines.joined(separator: "\n")
  }

  @Test func countsPastTheCapAreExact() throws {
    // Two files: 0 ... 2999 twice; 0 ... 3999 twice with the first 1,000 words (50 lines) cut: 4,000 distinct words.
    let folder = Fixtures.temporaryFolder()
    _ = Fixtures.file("a.txt", Array(Self.manyWords(3000).utf8), in: folder)
    _ = Fixtures.file("b.gz", Fixtures.gzipMember(Self.manyWords(4000).split(separator: "\n").dropFirst(50).joined(separator: "\n")), in: folder)
    let inputs = ["\(folder)/a.txt", "\(folder)/b.gz"]
    let decoder = LetterDecoder(language: CountFileTests.language)
    let whole = try CorpusCounter.count(inputs, decoder: decoder, naming: Provenance.Naming(folder: folder))
    #expect(whole.1.spilledRuns == 0)
    #expect(whole.1.distinctWords == 4000)
    for cap in [1, 100, 999] {
      let capped = try CorpusCounter.count(inputs, decoder: decoder, naming: Provenance.Naming(folder: folder), wordMemoryCap: cap)
      #expect(capped.1.spilledRuns > 0, "cap \(cap) spills")
      #expect(capped.1.counts.count <= cap, "cap \(cap): at most the cap in memory after a spill")
      #expect(capped.1 == whole.1 && capped.0 == whole.0 && capped.2 == whole.2, "cap \(cap)")
      #expect(capped.1.distinctWords == 4000)
      #expect(try capped.1.top(10).map(\.count) == whole.1.top(10).map(\.count))
      #expect(try capped.1.top(10).map(\.word) == whole.1.top(10).map(\.word))
    }
    // By hand: "a" (0) is twice in a.txt and once in b.gz, times the text's weight 3: 9; "bde" (134) 3 times: 9.
    #expect(whole.1.counts[[1]] == 9 && whole.1.counts[[2, 4, 5]] == 9)
  }

  @Test func countFilesAndTablesAreTheSameWithAnyCap() throws {
    let folder = Fixtures.temporaryFolder()
    _ = Fixtures.file("a.txt", Array(Self.manyWords(2500, repeats: 3).utf8), in: folder)
    _ = Fixtures.file("w.freq.txt", Array((0..<500).map { "b\(String(repeating: "c", count: $0 % 40))d\t\($0 + 1)" }.joined(separator: "\n").utf8), in: folder)
    let inputs = ["\(folder)/a.txt", "\(folder)/w.freq.txt"]
    try Fixtures.countToFile(inputs, language: CountFileTests.language, output: "\(folder)/free.kgcounts", corpusFolder: folder)
    try Fixtures.countToFile(inputs, language: CountFileTests.language, output: "\(folder)/capped.kgcounts", corpusFolder: folder,
                             jobs: 2, wordMemoryCap: 64)
    let free = FileManager.default.contents(atPath: "\(folder)/free.kgcounts")
    #expect(free != nil && free == FileManager.default.contents(atPath: "\(folder)/capped.kgcounts"))

    var tables: [[UInt8]] = []
    for (cap, counts) in [(WordCounts.defaultMemoryCap, [String]()), (50, []), (50, ["\(folder)/capped.kgcounts"])] {
      var request = Pipeline.Request(language: CountFileTests.language, inputs: counts.isEmpty ? inputs : [], corpusFolder: folder,
                                     tablesFolder: Fixtures.temporaryFolder(), swiftFolder: nil)
      request.wordMemoryCap = cap
      request.countFiles = counts
      request.lexiconWords = 300
      request.minimumLetters = 0
      tables.append(try #require(Pipeline.build(request).image))
    }
    #expect(tables[0] == tables[1] && tables[0] == tables[2])
  }

  @Test func runsAreRemovedWithTheirCounts() throws {
    var paths: [String] = []
    do {
      var words = WordCounts(memoryCap: 2)
      for word: [UInt8] in [[1], [2], [3], [1, 2], [2]] {
        try words.add(word, count: 1)
        try words.spillIfFull()
      }
      #expect(words.spilledRuns == 2)
      paths = words.runPaths
      #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
      #expect(try words.sortedEntries().map(\.count) == [1, 1, 2, 1])  // a, ab, b (twice), c
    }
    #expect(paths.count == 2 && paths.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
  }

  @Test func manyRunsAreMergedIntoOne() throws {
    var words = WordCounts(memoryCap: 1)
    for n in 0..<(Spill.fanIn * 3) {
      try words.add([UInt8(1 + n % 26), UInt8(1 + n / 26)], count: UInt64(n + 1))
      try words.add([1], count: 1)
      try words.spillIfFull()
    }
    #expect(words.spilledRuns < Spill.fanIn)
    let entries = try words.sortedEntries()
    #expect(entries.count == Spill.fanIn * 3 + 1)
    #expect(entries.first!.word == [1] && entries.first!.count == UInt64(Spill.fanIn * 3))
  }
}
