import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// Word pairs through the whole builder: a table's `PAIR` section is the same whether built
/// from the files, from count files of shards merged in any way, or from parts of the lines;
/// a bad pair in a count file is refused naming the file and the byte.
@Suite("Word pairs through count, merge and build")
struct WordPairBuildTests {
  /// Text feeds the letters and the pairs, the word list the lexicon.
  static let language = Language(
    code: "en", name: "English", alphabet: Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars),
    sources: [SourceRule(files: "*.freq.*", feeds: .words), SourceRule(files: "*", feeds: [.letters, .pairs])])

  static let files: [(String, String)] = [
    ("a.txt", (0..<30).map { CountFileTests.lines[$0 % CountFileTests.lines.count] + ($0 % 3 == 0 ? ". " : "\n") }.joined()),
    ("b.gz", "The quick brown fox. The lazy dogs, the quick fox!\nA fox jumps over the lazy dogs\n"),
    ("words.freq.txt", "the\t100\nquick\t40\nbrown\t30\nfox\t30\njumps\t20\nover\t20\nlazy\t10\ndogs\t10\na\t50\nquiz\t5\n"),
  ]

  func corpus() -> String { CountFileTests().corpus(Self.files) }

  func table(counts: [String] = [], in folder: String, pairBytes: Int = WordPairModel.defaultByteBudget) throws -> [UInt8] {
    var request = Pipeline.Request(language: Self.language, inputs: counts.isEmpty ? Self.files.map { "\(folder)/\($0.0)" } : [],
                                   corpusFolder: folder, tablesFolder: Fixtures.temporaryFolder(), swiftFolder: nil)
    request.countFiles = counts
    request.minimumLetters = 0
    request.pairBytes = pairBytes
    return try #require(Pipeline.build(request).image)
  }

  func count(_ names: [String], in folder: String, to path: String, part: CountFile.Part? = nil) throws {
    try Fixtures.countToFile(names.map { "\(folder)/\($0)" }, language: Self.language, output: path, corpusFolder: folder, part: part)
  }

  func pairSection(_ image: [UInt8]) throws -> [UInt8]? {
    let table = try KeyGramTable(copying: image)
    return table.sections.sections.first { $0.tag == TableFormat.Section.wordPairs }.map {
      table.bytes.slice(from: $0.offset, length: $0.length).array
    }
  }

  @Test func shardsMergedAndPartsBuildTheSameTable() throws {
    let folder = corpus()
    let direct = try table(in: folder)
    let section = try #require(try pairSection(direct))
    #expect(try section.count > 16 && KeyGramTable(copying: direct).sections.minorVersion == TableFormat.minorVersion)
    // Two shards, merged, and straight from the shards.
    try count(["a.txt", "words.freq.txt"], in: folder, to: "\(folder)/s0.kgcounts")
    try count(["b.gz"], in: folder, to: "\(folder)/s1.kgcounts")
    try Merge.files(["\(folder)/s1.kgcounts", "\(folder)/s0.kgcounts"], into: "\(folder)/all.kgcounts")
    #expect(try table(counts: ["\(folder)/all.kgcounts"], in: folder) == direct)
    #expect(try table(counts: ["\(folder)/s0.kgcounts", "\(folder)/s1.kgcounts"], in: folder) == direct)
    // Three parts of every file's lines: each line starts a sentence, so the pairs add up.
    let names = Self.files.map(\.0)
    let parts = try (0..<3).map { k -> String in
      let path = "\(folder)/p\(k).kgcounts"
      try count(names, in: folder, to: path, part: CountFile.Part(index: UInt32(k), of: 3))
      return path
    }
    #expect(try table(counts: parts, in: folder) == direct)
    // No budget, no section; the merged count file holds the pairs.
    #expect(try pairSection(table(in: folder, pairBytes: 0)) == nil)
    #expect(try CountFile.Reader(path: "\(folder)/all.kgcounts").pairEntries > 0)
  }

  @Test func aBadPairInACountFileIsRefusedNamingTheByte() throws {
    let folder = corpus()
    let good = "\(folder)/good.kgcounts"
    try count(["b.gz"], in: folder, to: good)
    var damaged = Array(FileManager.default.contents(atPath: good)!)
    // The last pair's key: its separator (0xFF) made a letter, so the key holds no separator.
    let separator = try #require(damaged.lastIndex(of: PairCounter.separator))
    damaged[separator] = 1
    for k in 32..<36 { damaged[k] = 0 }
    let crc = damaged.withUnsafeBytes { zlib_crc32($0) }
    for k in 0..<4 { damaged[32 + k] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(k))) }
    let bad = Fixtures.file("bad.kgcounts", damaged, in: folder)
    let output = "\(folder)/out.kgcounts"
    let error = #expect(throws: CountFileError.self) { try Merge.files([bad], into: output) }
    #expect(error?.path == bad && error?.byteOffset != nil && error?.description.contains("a word pair is not two words") == true)
    #expect(!FileManager.default.fileExists(atPath: output))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
    #expect(leftovers.isEmpty)
  }
}

extension WordPairBuildTests {
  @Test("pairs feeds beside letters on a running-text rule; a list feeds nothing else; without letters it is refused")
  func manifestFeedsPairs() throws {
    let rule = try WrittenFormsTests.manifest(#""sources":[{"files":"*","feeds":["letters","pairs"]}]"#).sources.first
    #expect(rule?.feeds == [.letters, .pairs])
    let alone = #expect(throws: ManifestError.self) { try WrittenFormsTests.manifest(#""sources":[{"files":"a.txt","feeds":["words","pairs"]}]"#) }
    #expect(alone?.field == "sources[0].feeds" && alone?.problem.hasPrefix("\"pairs\" without \"letters\"") == true)
    for list in ["forms", "accepts", "misspellings"] {
      let error = #expect(throws: ManifestError.self) {
        try WrittenFormsTests.manifest(#""sources":[{"files":"a.txt","feeds":["\#(list)","pairs","letters"]}]"#)
      }
      #expect(error?.field == "sources[0].feeds" && error?.problem.contains("feeds nothing else") == true, "\(list)")
    }
    // The first matching rule wins: a list named before "*" keeps its own feed.
    let language = try WrittenFormsTests.manifest(#""sources":[{"files":"m.txt","feeds":["misspellings"]},{"files":"*","feeds":["letters","pairs"]}]"#)
    #expect(language.source(for: "x/m.txt").feeds == .misspellings && language.source(for: "x/t.txt").feeds == [.letters, .pairs])
  }

  @Test("pairWeight: on a rule that feeds pairs, at least a thousandth on running text, any positive weight on a list of pairs; a list of pairs feeds pairs alone; offensive words feed nothing else")
  func manifestPairWeights() throws {
    let weighted = try WrittenFormsTests.manifest(#""sources":[{"files":"bible.txt","feeds":["letters","pairs"],"pairWeight":0.1},{"files":"p.freq.gz","feeds":["pairs"],"pairWeight":1e-7},{"files":"*","feeds":["letters","pairs"]}]"#)
    #expect(weighted.source(for: "x/bible.txt").pairOccurrenceCount == 100)
    #expect(weighted.source(for: "x/p.freq.gz").feeds == .pairs && weighted.source(for: "x/p.freq.gz").pairWeight == 1e-7)
    #expect(weighted.source(for: "x/other.txt").pairOccurrenceCount == SourceRule.pairCountUnit)
    let cases: [(String, String, String)] = [
      (#"{"files":"a.txt","feeds":["letters"],"pairWeight":2}"#, "sources[0].pairWeight", "feeds no \"pairs\""),
      (#"{"files":"a.txt","feeds":["letters","pairs"],"pairWeight":0.0001}"#, "sources[0].pairWeight", "thousandths"),
      (#"{"files":"a.freq.gz","feeds":["pairs"],"pairWeight":-1}"#, "sources[0].pairWeight", "expected a number"),
      (#"{"files":"a.txt","feeds":["pairs"]}"#, "sources[0].feeds", "\"pairs\" without \"letters\""),
      (#"{"files":"o.txt","feeds":["offensive","letters"]}"#, "sources[0].feeds", "feeds nothing else"),
    ]
    for (rule, field, problem) in cases {
      let error = #expect(throws: ManifestError.self) { try WrittenFormsTests.manifest(#""sources":[\#(rule)]"#) }
      #expect(error?.field == field && error?.problem.contains(problem) == true, "\(rule): \(String(describing: error))")
    }
    #expect(try WrittenFormsTests.manifest(#""sources":[{"files":"o.txt","feeds":["offensive"]}]"#).sources.first?.feeds == .offensive)
  }
}
