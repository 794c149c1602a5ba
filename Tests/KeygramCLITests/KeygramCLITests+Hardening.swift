import Foundation
import KeyGramPipeline
import Testing

/// Wrong inputs a build must refuse before writing, and verify reading one build's whole set.
extension KeygramCLITests {
  @Test func theSameFileTwiceIsRefusedByBuild() throws {
    let (root, before) = try builtScratch()
    try expectOutput(["build", "en", "mine.txt", "mine.txt", "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root,
                     stderr: "Error: mine.txt: cannot read: named twice among the inputs\n", status: 1)
    #expect(outputs(in: root) == before)
  }

  @Test func aCountFileWhoseTotalsLieBuildsNoTable() throws {
    // A count file whose stored-bytes total says 12345, written with a valid CRC by the real
    // writer: build must refuse what verify would reject, naming the file, and replace nothing.
    let (root, before) = try builtScratch()
    let language = try CorpusFolder(root: "\(root)/corpora").language("en")
    let summary = try Pipeline.build(Pipeline.Request(language: language, inputs: ["\(root)/mine.txt"], corpusFolder: root,
                                                      output: .countFile("\(root)/true.kgcounts")))
    let (head, words) = (try #require(summary.countHead), summary.words)
    var lying = head
    lying.storedBytes = 12345
    try CountFile.write(lying, words: words, to: "\(root)/mine.kgcounts")
    let run = try keygram("build", "en", "--counts", "mine.kgcounts", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root)
    #expect(run.status == 1)
    #expect(run.stderr == "Error: mine.kgcounts: the table these inputs give would break an invariant (PROV: the stored-bytes total 12345 "
              + "is not the sum of the files' sizes (25)); no output was replaced\n")
    #expect(outputs(in: root) == before)
  }

  @Test func aLexiconMassOverflowFromCountsNamesTheCountFile() throws {
    // Two words of 2^53 + 1 each: their sum passes 2^54, the most the lexicon quantises exactly.
    let root = try scratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/huge.freq.txt", contents: Data("the\t9007199254740993\nthen\t9007199254740993\n".utf8)))
    #expect(try keygram("count", "en", "huge.freq.txt", "-o", "huge.kgcounts", in: root).status == 0)
    let run = try keygram("build", "en", "--counts", "huge.kgcounts", "--min-letters", "0", "--out", "tables", "--no-swift", in: root)
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("Error: huge.kgcounts: the lexicon's most frequent words count more than"), "\(run.stderr)")
  }

  @Test func verifyRefusesATableNamedForAnotherLanguageAndALanguageWithNoTable() throws {
    let (root, _) = try builtScratch()
    try FileManager.default.copyItem(atPath: "\(root)/tables/en.keygram", toPath: "\(root)/tables/fr.keygram")
    let copied = try keygram("verify", "tables", "--swift-out", "swift", in: root)
    #expect(copied.status == 1)
    #expect(copied.stdout.contains("""
      tables/fr.keygram: FAILED (1 problem)
        name: tables/fr.keygram holds the table of "en", not of "fr" as its name says; \
      a table's file is named <code>.keygram, here en.keygram; run make tables

      """), "\(copied.stdout)")
    try FileManager.default.removeItem(atPath: "\(root)/tables/fr.keygram")
    try FileManager.default.createDirectory(atPath: "\(root)/corpora/fr", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/corpora/fr/language.json", toPath: "\(root)/corpora/fr/language.json")
    try expectOutput(["verify", "tables", "--swift-out", "swift", "--no-freshness"], in: root, stdout: """
      tables/en.keygram: ok: en, 50352 bytes, CRC-32 0x198d1d14 valid, 755 rows each sum to 65536 with no zero, \
      lexicon of 9 words (27 nodes) well-formed, decoder settings (7) as the manifest gives them, 26 letters match the manifest, \
      swift/English.swift matches, 1 corpus file not checked (--no-freshness)
      tables/fr.keygram: FAILED (1 problem)
        missing: tables/fr.keygram is missing: corpora/fr holds the language "fr" (its language.json); run make tables
      swift/KeyGramTables.swift: ok: lists every generated table

      """, status: 1)
  }

  @Test func verifyWaitsForABuildCommittingIntoItsFolders() throws {
    // verify holds the folders' shared lock while it reads, so a build's renames (under the
    // exclusive lock) happen wholly before or after: it never pairs one build's table with
    // another's Swift.
    let (root, _) = try builtScratch()
    #expect(try keygram("build", "en", "mine.txt", "--min-letters", "0", "--out", "next/tables", "--swift-out", "next/swift", in: root).status == 0)
    try whileLocking("\(root)/swift") {
      let verify = try start(["verify", "tables", "--swift-out", "swift", "--no-freshness"], in: root)
      Thread.sleep(forTimeInterval: 0.5)
      #expect(verify.isRunning, "verify must wait while a build holds the folder")
      // What the waiting build commits: its table and its Swift, both.
      for (file, folder) in [("en.keygram", "tables"), ("English.swift", "swift")] {
        #expect(rename("\(root)/next/\(folder)/\(file)", "\(root)/\(folder)/\(file)") == 0)
      }
      return verify
    }.waitUntilExit()
    let verify = try keygram("verify", "tables", "--swift-out", "swift", "--no-freshness", in: root)
    #expect(verify.status == 0, "\(verify.stdout)")
  }
}
