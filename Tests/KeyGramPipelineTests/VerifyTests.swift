import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// Each kind of corruption is caught by `TableVerifier`, with its own message.
@Suite("Verify: the CI gate")
struct VerifyTests {
  /// A toy language "xx" (alphabet abc) with a corpus folder, built into tables/ and swift/.
  struct Workspace {
    let root: String
    var corpora: String { "\(root)/corpora" }
    var tables: String { "\(root)/tables" }
    var swift: String { "\(root)/swift" }
    var table: String { "\(tables)/xx.keygram" }
    var verifier: TableVerifier { TableVerifier(corpora: CorpusFolder(root: corpora), swiftFolder: swift) }

    /// With `lexicon`, the text feeds words and pairs too and the table gets a `LEXI` section of
    /// its 7 words (abc, cab, bca, aa, bb, cc, abcabc) and a `PAIR` section of its 7 pairs; with
    /// `knownWords` too, the lexicon keeps 5 of them and `KNOW` the other 2. With
    /// `decoderSettings`, the manifest sets two (`TUNE`). With `offensiveWords`, a list flags two
    /// of the words (`OFFN`).
    let lexiconWords: Int

    init(lexicon: Bool = false, knownWords: Bool = false, decoderSettings: Bool = false, offensiveWords: Bool = false) throws {
      lexiconWords = knownWords ? 5 : LexiconSection.defaultWordCount
      root = Fixtures.temporaryFolder()
      for folder in ["corpora/xx", "tables", "swift"] {
        try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
      }
      let offensive = offensiveWords ? #"{"files":"offensive.txt","feeds":["offensive"]},"# : ""
      let sources = lexicon ? #","sources":["# + offensive + #"{"files":"*","feeds":["letters","words","pairs"]}]"# : ""
      let settings = decoderSettings ? #","decoder":{"margin":2,"spellingMargin":"inf"}"# : ""
      let manifest = #"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["a","b"],["c"]]}"# + sources + settings + "}"
      _ = Fixtures.file("language.json", Array(manifest.utf8), in: "\(root)/corpora/xx")
      _ = Fixtures.file("text.gz", Fixtures.gzipMember("abc cab bca aa bb cc abcabc"), in: "\(root)/corpora/xx")
      if offensiveWords { _ = Fixtures.file("offensive.txt", Array("cab\nabc\n".utf8), in: "\(root)/corpora/xx") }
      try build()
    }

    func build() throws {
      let folder = CorpusFolder(root: corpora)
      var request = Pipeline.Request(language: try folder.language("xx"), inputs: folder.corpusFiles(for: "xx"),
                                     corpusFolder: folder.folder(for: "xx"), tablesFolder: tables, swiftFolder: swift)
      request.minimumLetters = 0  // a few dozen letters
      request.lexiconWords = lexiconWords
      _ = try Pipeline.build(request)
    }

    var bytes: [UInt8] { Array(FileManager.default.contents(atPath: table)!) }
    func write(_ bytes: [UInt8]) { #expect(FileManager.default.createFile(atPath: table, contents: Data(bytes))) }
    func verify() -> TableVerifier.Report { verifier.verify(table) }
    /// Without the generated-Swift check, which any edit to the binary also trips.
    func verifyBinaryOnly() -> TableVerifier.Report {
      TableVerifier(corpora: CorpusFolder(root: corpora), swiftFolder: nil).verify(table)
    }
  }

  /// Sets the CRC field so only the check under test can fire.
  static func resealed(_ image: [UInt8]) -> [UInt8] {
    var image = image
    for k in 0..<4 { image[TableFormat.Offset.crc32 + k] = 0 }
    let fresh = image.withUnsafeBytes { zlib_crc32($0) }  // the CRC is over the image with its field zeroed
    for k in 0..<4 { image[TableFormat.Offset.crc32 + k] = UInt8(truncatingIfNeeded: fresh >> (8 * UInt32(k))) }
    return image
  }

  @Test func aFreshBuildPasses() throws {
    let workspace = try Workspace()
    let report = workspace.verify()
    #expect(report.passed, "\(report.failures)")
    // Unigram and initial, 3 bigram rows, 4 × 3 trigram rows, and the 9 three-letter contexts of
    // "abc cab bca aa bb cc abcabc": ^ab abc ^ca cab ^bc bca ^aa ^bb ^cc.
    #expect(report.rowsChecked == 2 + 3 + 4 * 3 + 9)
    #expect(report.corpusFiles == 1)
  }

  @Test func aFIFOInTheCorpusFolderFailsFreshnessWithoutHanging() throws {
    let workspace = try Workspace()
    let corpusFile = "\(workspace.corpora)/xx/text.gz"
    try FileManager.default.removeItem(atPath: corpusFile)
    #expect(mkfifo(corpusFile, 0o644) == 0)
    let failures = workspace.verify().failures  // a FIFO with no writer: opened without blocking, never read
    #expect(failures.map(\.check) == [.freshness])
    #expect(failures.first?.message == "\(corpusFile): cannot read: a pipe, FIFO or device, which cannot be read again to check it")
  }

  @Test func oneFlippedPayloadByte() throws {
    let workspace = try Workspace()
    var bytes = workspace.bytes
    bytes[bytes.count - 40] ^= 0x01
    workspace.write(bytes)
    let failures = workspace.verify().failures
    #expect(failures.count == 1)
    #expect(failures.first?.check == .integrity)
    #expect(failures.first?.message.hasPrefix("checksum mismatch") == true)
  }

  @Test func truncatedFile() throws {
    let workspace = try Workspace()
    workspace.write(Array(workspace.bytes.dropLast(100)))
    let failure = try #require(workspace.verify().failures.first)
    #expect(failure.check == .integrity)
    #expect(failure.message.hasPrefix("truncated"))
  }

  @Test func wrongVersion() throws {
    let workspace = try Workspace()
    var bytes = workspace.bytes
    bytes[TableFormat.Offset.majorVersion] = 9
    workspace.write(Self.resealed(bytes))
    let failure = try #require(workspace.verify().failures.first)
    #expect(failure.message.hasPrefix("unsupported format version 9.\(TableFormat.minorVersion)"))
  }

  @Test func rowEditedToSumWrongWithItsCRCRecomputed() throws {
    let workspace = try Workspace()
    let table = try KeyGramTable(contentsOf: workspace.table)
    var bytes = workspace.bytes
    bytes[table.sections.unigramOffset] &+= 1  // unigram weight of "a", one unit too many
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.normalisation])
    #expect(failures.first?.message == "row unigram sums to 65537, not 65536")
  }

  @Test func zeroEntryWithItsCRCRecomputed() throws {
    let workspace = try Workspace()
    let table = try KeyGramTable(contentsOf: workspace.table)
    let row = table.sections.trigramOffset  // trigram row "aa": move all of a's weight onto b
    var bytes = workspace.bytes
    let a = Int(bytes[row]) | Int(bytes[row + 1]) << 8, b = Int(bytes[row + 2]) | Int(bytes[row + 3]) << 8
    (bytes[row], bytes[row + 1]) = (0, 0)
    (bytes[row + 2], bytes[row + 3]) = (UInt8((a + b) & 0xFF), UInt8((a + b) >> 8))
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.normalisation])
    #expect(failures.first?.message == "row trigram aa has a zero at a")
  }

  @Test func staleCorpus() throws {
    let workspace = try Workspace()
    _ = Fixtures.file("text.gz", Fixtures.gzipMember("changed text"), in: "\(workspace.corpora)/xx")
    _ = Fixtures.file("new.txt", Array("added".utf8), in: "\(workspace.corpora)/xx")
    let messages = workspace.verify().failures.filter { $0.check == .freshness }.map(\.message)
    #expect(messages.count == 2)
    #expect(messages.contains { $0.contains("xx/new.txt was added") && $0.hasSuffix("run make tables") })
    #expect(messages.contains { $0.contains("xx/text.gz changed") && $0.hasSuffix("run make tables") })
    try FileManager.default.removeItem(atPath: "\(workspace.corpora)/xx/text.gz")
    #expect(workspace.verify().failures.contains { $0.message.contains("xx/text.gz was removed") })
  }

  @Test func editedGeneratedSwift() throws {
    let workspace = try Workspace()
    let path = "\(workspace.swift)/Toy.swift"
    var source = try String(contentsOfFile: path, encoding: .utf8)
    source = source.replacingOccurrences(of: "languageName: \"Toy\"", with: "languageName: \"Toy!\"")
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    let failures = workspace.verify().failures
    #expect(failures.map(\.check) == [.swift])
    #expect(failures.first?.message.contains("first at line") == true)
  }

  @Test func editedOrStaleIndex() throws {
    let workspace = try Workspace()
    #expect(workspace.verifier.verifyIndex() == nil)
    let path = "\(workspace.swift)/KeyGramTables.swift"
    try "// hand-edited\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(workspace.verifier.verifyIndex()?.message.hasSuffix("does not list exactly the generated tables beside it; run make tables") == true)
    try FileManager.default.removeItem(atPath: path)
    #expect(workspace.verifier.verifyIndex()?.message.hasSuffix("is missing; run make tables") == true)
  }

  @Test func aTableUnderAnotherLanguagesFileNameFails() throws {
    let workspace = try Workspace()
    let copy = "\(workspace.tables)/yy.keygram"
    try FileManager.default.copyItem(atPath: workspace.table, toPath: copy)
    let failures = workspace.verifier.verify(copy).failures
    #expect(failures.map(\.check) == [.name])
    #expect(failures.first?.message == "\(copy) holds the table of \"xx\", not of \"yy\" as its name says; "
              + "a table's file is named <code>.keygram, here xx.keygram; run make tables")
    #expect(workspace.verify().passed)
  }

  @Test func aLanguageOfTheCorporaOrTheIndexWithNoTableFails() throws {
    let workspace = try Workspace()
    #expect(workspace.verifier.missingTables(inFolder: workspace.tables).isEmpty)
    // A second language in the corpora folder, never built.
    let manifest = #"{"code":"yy","name":"Other","alphabet":"abc"}"#
    try FileManager.default.createDirectory(atPath: "\(workspace.corpora)/yy", withIntermediateDirectories: true)
    _ = Fixtures.file("language.json", Array(manifest.utf8), in: "\(workspace.corpora)/yy")
    var missing = workspace.verifier.missingTables(inFolder: workspace.tables)
    #expect(missing.map(\.path) == ["\(workspace.tables)/yy.keygram"])
    #expect(missing.first?.failures == [TableVerifier.Failure(check: .missing, message: "\(workspace.tables)/yy.keygram is missing: "
      + "\(workspace.corpora)/yy holds the language \"yy\" (its language.json); run make tables")])
    // Tables built from the user's own files need no table for every language of the corpora.
    var ownFiles = workspace.verifier
    ownFiles.sources = TableVerifier.Sources(root: workspace.root)
    ownFiles.swiftFolder = nil
    #expect(ownFiles.missingTables(inFolder: workspace.tables).isEmpty)
    // The built language's table deleted: the corpora folder and the Swift index both name it.
    try FileManager.default.removeItem(atPath: workspace.table)
    missing = workspace.verifier.missingTables(inFolder: workspace.tables)
    #expect(missing.map(\.path) == ["\(workspace.tables)/xx.keygram", "\(workspace.tables)/yy.keygram"])
    #expect(missing.first?.failures.map(\.message) == [
      "\(workspace.tables)/xx.keygram is missing: \(workspace.corpora)/xx holds the language \"xx\" (its language.json); run make tables",
      "\(workspace.tables)/xx.keygram is missing: \(workspace.swift)/KeyGramTables.swift lists the language \"xx\" (\(workspace.swift)/Toy.swift); run make tables",
    ])
  }

  @Test func alphabetChangedAfterTheBuildIsReportedNotATrap() throws {
    let workspace = try Workspace()
    let manifest = #"{"code":"xx","name":"Toy","alphabet":"abcd","layout":{"name":"ABC","rows":[["a","b"],["c","d"]]}}"#
    _ = Fixtures.file("language.json", Array(manifest.utf8), in: "\(workspace.corpora)/xx")
    let failures = workspace.verify().failures
    #expect(failures.map(\.check) == [.manifest])
    #expect(failures.first?.message.contains("alphabet abc differs") == true)
  }

  @Test func manifestChangedAfterTheBuild() throws {
    let workspace = try Workspace()
    let manifest = #"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["a"],["b","c"]]}}"#
    _ = Fixtures.file("language.json", Array(manifest.utf8), in: "\(workspace.corpora)/xx")
    #expect(workspace.verify().failures.map(\.check) == [.manifest])
  }

  @Test func decoderSettingsAreCarriedAndCheckedAgainstTheManifest() throws {
    let workspace = try Workspace()
    let plain = #"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["a","b"],["c"]]}"#
    _ = Fixtures.file("language.json", Array((plain + #","decoder":{"margin":2,"spellingMargin":"inf"}}"#).utf8), in: "\(workspace.corpora)/xx")
    // Changed after the build: the table carries none.
    let stale = workspace.verify().failures
    #expect(stale.contains { $0.check == .manifest && $0.message.contains("decoder settings in the table (0) differ") }, "\(stale)")
    try workspace.build()
    let report = workspace.verify()
    #expect(report.passed && report.decoderSettings == 2, "\(report.failures)")
    let table = try KeyGramTable(copying: workspace.bytes)
    #expect(table.formatVersion == (Int(TableFormat.majorVersion), Int(TableFormat.minorVersion)))
    #expect(table.decoderSettings.map(\.setting) == [.margin, .spellingMargin])
    #expect(table.decoderSettings.map(\.value) == [2, .infinity])
  }

  @Test func emptyTablesFolderHasNoTables() throws {
    #expect(try TableVerifier.tables(in: Fixtures.temporaryFolder()).isEmpty)
    #expect(throws: CorpusError.self) { try TableVerifier.tables(in: "/nonexistent/tables") }
  }

  @Test(arguments: [false, true])
  func flippingAnyByteIsDetected(lexicon: Bool) throws {
    let workspace = try Workspace(lexicon: lexicon)
    #expect((try KeyGramTable(contentsOf: workspace.table).lexicon?.wordCount) == (lexicon ? 7 : nil))
    let original = workspace.bytes
    var undetected: [Int] = []
    for index in original.indices {
      for mask: UInt8 in [0x01, 0x80] {
        var bytes = original
        bytes[index] ^= mask
        workspace.write(bytes)
        if workspace.verify().passed { undetected.append(index) }
      }
    }
    #expect(undetected.isEmpty, "flips at bytes \(undetected) went unnoticed")
    #expect(original.count > 400)
  }

  @Test func buildingTwiceIsByteIdentical() throws {
    let workspace = try Workspace()
    let table = workspace.bytes
    let swift = FileManager.default.contents(atPath: "\(workspace.swift)/Toy.swift")
    try workspace.build()
    #expect(workspace.bytes == table)
    #expect(FileManager.default.contents(atPath: "\(workspace.swift)/Toy.swift") == swift)
  }

  @Test func lexiconIsCheckedWhole() throws {
    let workspace = try Workspace(lexicon: true)
    let report = workspace.verify()
    #expect(report.passed)
    #expect(report.lexiconWords == 7)
    // The root and the 15 prefixes: a aa ab abc abca abcab abcabc, b bb bc bca, c ca cab cc.
    #expect(report.lexiconNodes == 16)
  }

  @Test func lexiconWithADamagedShareAndItsCRCRecomputed() throws {
    let workspace = try Workspace(lexicon: true)
    let table = try KeyGramTable(contentsOf: workspace.table)
    let entry = try #require(table.sections.sections.first { $0.tag == TableFormat.Section.lexicon })
    let nodes = try #require(table.lexicon?.nodeCount)
    var bytes = workspace.bytes
    // The first child of the root ("a") takes nearly every share: with its siblings' the root's row passes 65,535.
    let share = entry.offset + TableFormat.Lexicon.sharesOffset(nodeCount: nodes) + 2
    (bytes[share], bytes[share + 1]) = (0xFA, 0xFF)
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.normalisation])
    #expect(failures.first?.message.hasPrefix("LEXI: ") == true)
  }

  @Test func aMinorVersionThisBuilderDoesNotWrite() throws {
    let workspace = try Workspace()  // a newer minor version than this builder writes: the loader accepts it
    var bytes = workspace.bytes
    bytes[TableFormat.Offset.minorVersion] = UInt8(TableFormat.minorVersion + 1)
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.format])
    #expect(failures.first?.message == "header byte 10: minor version \(TableFormat.minorVersion + 1); this builder writes \(TableFormat.majorVersion).\(TableFormat.minorVersion), run make tables")
  }

  @Test func aLanguageNameTheManifestDoesNotGive() throws {
    let workspace = try Workspace()
    let table = try KeyGramTable(contentsOf: workspace.table)
    var bytes = workspace.bytes
    bytes[table.sections.languageOffset + 8] = UInt8(ascii: "x")  // "Toy" → "Tox"
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.format])
    #expect(failures.first?.message == #"LANG byte 6: the name "Tox" differs from the manifest's "Toy""#)
  }

  @Test func provenanceTotalsThatDisagree() throws {
    let workspace = try Workspace()
    let table = try KeyGramTable(contentsOf: workspace.table)
    let section = try #require(table.sections.provenanceSection)
    let totals = section.upperBound - TableFormat.Provenance.tailSize(letterCount: 3)
    let provenance = try #require(TableImage.provenance(of: table))
    var bytes = workspace.bytes
    bytes[totals + 8 * 2] &+= 1  // the stored-bytes total
    bytes[totals] &+= 1  // the letter total
    workspace.write(Self.resealed(bytes))
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.format, .format])
    #expect(failures.map(\.message) == [
      "PROV: the stored-bytes total \(provenance.storedBytes + 1) is not the sum of the files' sizes (\(provenance.storedBytes))",
      "PROV: the letter total \(provenance.letters + 1) is not the sum of the per-letter counts (\(provenance.letters))",
    ])
  }

  /// A 4-gram row moved to another first letter: masks and ranks stay consistent, so only
  /// building the corpus again tells it apart.
  @Test func aQuadgramRowMovedToAnotherContextIsCaughtByTheReproduction() throws {
    let workspace = try Workspace()
    let table = try KeyGramTable(contentsOf: workspace.table)
    let quad = try #require(table.sections.sections.first { $0.tag == TableFormat.Section.quadgram })
    var bytes = workspace.bytes
    let masks = quad.offset + TableFormat.Quadgram.masksOffset
    // The first group with exactly one row: move it from first letter a to another (a ≤ N = 3).
    let group = try #require((0..<9).first { bytes[masks + 8 * $0].nonzeroBitCount == 1 })
    let before = bytes[masks + 8 * group]
    let after: UInt8 = before == 0x01 ? 0x02 : 0x01
    bytes[masks + 8 * group] = after
    workspace.write(Self.resealed(bytes))
    #expect(throws: Never.self) { try KeyGramTable(contentsOf: workspace.table) }
    let failures = workspace.verifyBinaryOnly().failures
    #expect(failures.map(\.check) == [.reproduction])
    #expect(failures.first?.message == "QUAD byte \(16 + 8 * group) (file byte \(masks + 8 * group)) is \(after), building again gives \(before); "
      + "the table is not what \(workspace.corpora)/xx builds to now; run make tables")
  }

  @Test func aFreshBuildIsReproduced() throws {
    let workspace = try Workspace(lexicon: true)
    let report = workspace.verifyBinaryOnly()
    #expect(report.passed && report.reproduced, "\(report.failures)")
  }
}
