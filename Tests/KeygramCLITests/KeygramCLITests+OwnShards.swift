import Foundation
import TestSupport
import Testing

/// One's own files sharded, counted and merged: the same table `build` makes of the files,
/// lexicon and pairs included, once the language's lists are counted once beside them.
extension KeygramCLITests {
  /// Ten lines of the user's own text in `count` shards of consecutive lines, text/s0.txt ….
  func writeShards(_ count: Int, in root: String) throws -> [String] {
    let lines = (0..<10).map { "the theatre then thought that thin thief \($0 % 3 == 0 ? "thrilled them" : "then thought")\n" }
    let size = (lines.count + count - 1) / count
    return try (0..<count).map { shard in
      let path = "text/s\(count)-\(shard).txt"
      try Data(lines[(shard * size)..<Swift.min(lines.count, (shard + 1) * size)].joined().utf8).write(to: URL(fileURLWithPath: "\(root)/\(path)"))
      return path
    }
  }

  @Test func ownFilesInOneTwoAndFiveShardsBuildWhatTheFilesBuild() throws {
    let root = try userRepository()
    let lists = try keygram("count", "en", "--language-lists", "-o", "lists.kgcounts", in: root)
    #expect(lists.status == 0, "\(lists.stderr)")
    for shardCount in [1, 2, 5] {
      let shards = try writeShards(shardCount, in: root)
      let reference = try keygram(["build", "en"] + shards + ["--min-letters", "0", "--out", "ref\(shardCount)", "--no-swift"], in: root)
      #expect(reference.status == 0, "\(reference.stderr)")
      #expect(reference.stdout.contains("lexicon: 3 words of 3, ") && reference.stdout.contains("word pairs: "), "\(reference.stdout)")
      var countFiles: [String] = []
      for (index, shard) in shards.enumerated() {
        let output = "s\(shardCount)-\(index).kgcounts"
        #expect(try keygram("count", "en", shard, "-o", output, in: root).status == 0)
        countFiles.append(output)
      }
      // Merged in reverse order, the lists last; and, past two shards, in two groups merged again.
      var merged = "all\(shardCount).kgcounts"
      #expect(try keygram(["merge"] + countFiles.reversed() + ["lists.kgcounts", "-o", merged], in: root).status == 0)
      if countFiles.count > 2 {
        #expect(try keygram(["merge", "lists.kgcounts"] + countFiles.prefix(2) + ["-o", "head\(shardCount).kgcounts"], in: root).status == 0)
        #expect(try keygram(["merge"] + countFiles.dropFirst(2) + ["-o", "tail\(shardCount).kgcounts"], in: root).status == 0)
        merged = "grouped\(shardCount).kgcounts"
        #expect(try keygram("merge", "tail\(shardCount).kgcounts", "head\(shardCount).kgcounts", "-o", merged, in: root).status == 0)
      }
      for (name, counts) in [("merged", [merged]), ("given", countFiles + ["lists.kgcounts"])] {
        let out = "\(name)\(shardCount)"
        let build = try keygram(["build", "en", "--counts"] + counts + ["--min-letters", "0", "--out", out, "--no-swift"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        let same = FileManager.default.contentsEqual(atPath: "\(root)/ref\(shardCount)/en.keygram", andPath: "\(root)/\(out)/en.keygram")
        #expect(same, "\(shardCount) shards, \(name): the table differs from the build over the files")
      }
    }
  }

  @Test func countFilesWithoutTheLanguageListsCannotMakeALexiconlessTable() throws {
    let root = try userRepository()
    #expect(try keygram("count", "en", "text/a.txt", "-o", "a.kgcounts", in: root).status == 0)
    let refused = try keygram("build", "en", "--counts", "a.kgcounts", "--min-letters", "0", "--out", "o", "--no-swift", in: root)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("a.kgcounts: no count file holds wordfreq.freq.gz, which the en lexicon is made from"), "\(refused.stderr)")
    #expect(refused.stderr.contains("keygram count en --language-lists -o lists.kgcounts"))
    #expect(!FileManager.default.fileExists(atPath: "\(root)/o/en.keygram"))
    // Said plainly, a table without a lexicon is made.
    let none = try keygram("build", "en", "--counts", "a.kgcounts", "--lexicon-words", "0", "--min-letters", "0", "--out", "o", "--no-swift", in: root)
    #expect(none.status == 0 && none.stdout.contains("\nno lexicon: --lexicon-words 0\n"), "\(none.stderr)")
    // The lists counted in two count files are counted twice: merge refuses.
    #expect(try keygram("count", "en", "text/a.txt", "--language-lists", "-o", "a-lists.kgcounts", in: root).status == 0)
    #expect(try keygram("count", "en", "text/b.txt", "--language-lists", "-o", "b-lists.kgcounts", in: root).status == 0)
    let twice = try keygram("merge", "a-lists.kgcounts", "b-lists.kgcounts", "-o", "ab.kgcounts", in: root)
    #expect(twice.status != 0 && twice.stderr.contains("input 'corpora/en/wordfreq.freq.gz' is also counted in"), "\(twice.stderr)")
    // A language folder without a word list has no lists to count.
    try FileManager.default.removeItem(atPath: "\(root)/corpora/en/wordfreq.freq.gz")
    let noLists = try keygram("count", "en", "--language-lists", "-o", "l.kgcounts", in: root)
    #expect(noLists.status != 0 && noLists.stderr.contains("no word list (no language.json source feeds words), so no lists to count"), "\(noLists.stderr)")
  }
}
