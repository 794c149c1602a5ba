import Foundation
import Testing

/// The word pairs at the command line: a build that counts them, `inspect --after-word`, and
/// `verify`'s check of the `PAIR` section.
extension KeygramCLITests {
  /// The scratch corpus with its text feeding the pairs too.
  func pairsScratch() throws -> String {
    let root = try scratch()
    let path = "\(root)/corpora/en/language.json"
    let manifest = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: #""feeds": ["letters", "words"], "weight": 300"#, with: #""feeds": ["letters", "words", "pairs"], "weight": 300"#)
    try manifest.write(toFile: path, atomically: true, encoding: .utf8)
    return root
  }

  @Test func inspectAfterWordListsTheNextWords() throws {
    let root = try pairsScratch()
    // "the theatre then thought that the thin thief thrilled them": 10 pairs, each once (the
    // first with the sentence start), in 9 rows; n2 = 0 makes D 0.999, so each entry keeps
    // 1 of 2,000 thousandths against its row's backoff 999 × its entries.
    let build = try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("word pairs: 10 counted, 10 distinct, 10 between lexicon words (D = 0.999); kept 10 in 9 rows, 208 bytes\n"))
    // After "the": theatre and thin at 1 of 2,000 (q 33), backoff 1,998 of 2,000; "the" itself
    // leads by its lexicon probability (600 of 3,000 against 300 for each other word).
    try expectOutput(["inspect", "tables/en.keygram", "--after-word", "the", "--top", "4"], in: root, stdout: """
      after "the": 2 pairs kept, backoff γ = 65469 of 65535
        the  q 0  P 0.1998
        thin  q 33  P 0.1004
        theatre  q 33  P 0.1004
        that  q 0  P 0.0999

      """)
    let json = try keygram("inspect", "tables/en.keygram", "--after-word", "^", "--top", "1", "--json", in: root)
    #expect(json.stdout.hasPrefix(#"{"language":"en","after":"^","pairs":1,"backoff":65469,"next":[{"word":"the","q":66,"p":0.2008"#))
    let verify = try keygram("verify", "tables", "--no-swift", in: root)
    #expect(verify.status == 0 && verify.stdout.contains("word pairs of 9 rows (10 pairs) well-formed"), "\(verify.stdout)")
  }

  @Test func inspectAfterWordRefusesWhatItCannotAnswer() throws {
    let root = try pairsScratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", in: root).status == 0)
    try expectOutput(["inspect", "tables/en.keygram", "--after-word", "thx"], in: root,
                     stderr: "Error: --after-word \"thx\": not a word of the table's lexicon\n", status: 1)
    try expectOutput(["inspect", "tables/en.keygram", "--after-word", "th3"], in: root,
                     stderr: "Error: --after-word \"th3\": \"3\" is no letter of the table's alphabet\n", status: 1)
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--no-swift", "--pair-bytes", "0", in: root).status == 0)
    try expectOutput(["inspect", "tables/en.keygram", "--after-word", "the"], in: root,
                     stderr: "Error: tables/en.keygram: the table has no word pairs (PAIR): built with --pair-bytes 0, or no source feeds pairs\n",
                     status: 1)
    try expectOutput(["build", "en", "--pair-bytes=-1"], in: root, stderr: "Error: --pair-bytes must be 0 or more, not -1.\n" + Self.usage("build"),
                     status: Self.usageError)
  }
}
