import Foundation
import TestSupport
import Testing

extension KeygramCLITests {
  /// A scratch language whose word list holds misspellings, with a dictionary and a list of
  /// misspellings: teh goes as a swap of the (1,000 times rarer), alot as the list's "a lot".
  func misspellingScratch() throws -> String {
    let root = TestSupport.temporaryPath(prefix: "keygram-cli")
    for folder in ["corpora/xx", "tables"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    let manifest = """
      {"code": "xx", "name": "Toy", "alphabet": "abcdefghijklmnopqrstuvwxyz",
       "sources": [{"files": "words.freq.txt", "feeds": ["words"]}, {"files": "dict.txt", "feeds": ["forms"]},
                   {"files": "misspelled.txt", "feeds": ["misspellings"]}, {"files": "*", "feeds": ["letters"]}]}
      """
    let files = [
      ("language.json", manifest),
      ("words.freq.txt", "the\t100000\na\t50000\nlot\t1000\nquiz\t500\nteh\t100\nalot\t20\nzyzzyva\t1\nzymurgy\t1\n"),
      ("dict.txt", "the\na\nlot\nquiz\n"),
      ("misspelled.txt", "alot\ta lot\n"),
      ("text.txt", "the quick brown fox jumps over the lazy dog\n"),
    ]
    for (name, text) in files { try text.write(toFile: "\(root)/corpora/xx/\(name)", atomically: true, encoding: .utf8) }
    return root
  }

  @Test func buildSaysHowManyMisspellingsEachRuleRemoved() throws {
    let root = try misspellingScratch()
    let run = try keygram(["build", "xx", "--min-letters", "0", "--no-swift", "--lexicon-words", "5"], in: root)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("\nlexicon: 5 words of 8, "), "\(run.stdout)")
    #expect(run.stdout.contains("\nmisspellings removed: 2 (dictionary neighbour 1, misspelling list 1)\n"), "\(run.stdout)")
    // Without a dictionary nothing is taken for a misspelling, and the build says so.
    let manifest = "\(root)/corpora/xx/language.json"
    let text = try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: #"{"files": "dict.txt", "feeds": ["forms"]}, "#, with: "")
    try text.write(toFile: manifest, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(atPath: "\(root)/corpora/xx/dict.txt")
    let none = try keygram(["build", "xx", "--min-letters", "0", "--no-swift"], in: root)
    #expect(none.stdout.contains("\nmisspellings removed: none (no dictionary: no source feeds forms or accepts, so no word is taken for a misspelling)\n"),
            "\(none.stdout)")
  }

  @Test func buildAndInspectNameWordsWrittenWithoutTheirMarks() throws {
    let root = TestSupport.temporaryPath(prefix: "keygram-cli")
    for folder in ["corpora/xx", "tables"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    let manifest = """
      {"code": "xx", "name": "Toy", "alphabet": "abcdefghijklmnopqrstuvwxyzü",
       "sources": [{"files": "words.freq.txt", "feeds": ["words"]}, {"files": "dict.txt", "feeds": ["forms"]}, {"files": "*", "feeds": ["letters"]}]}
      """
    // fur is für without its marks, 200 times rarer; mut has no marked twin.
    let files = [("language.json", manifest), ("words.freq.txt", "für\t10000\nfur\t50\nmut\t10\n"), ("dict.txt", "für\nmut\n"),
                 ("text.txt", "für mut\n")]
    for (name, text) in files { try text.write(toFile: "\(root)/corpora/xx/\(name)", atomically: true, encoding: .utf8) }
    let build = try keygram(["build", "xx", "--min-letters", "0", "--no-swift", "--known-words", "0"], in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("\nmisspellings removed: 1 (dictionary neighbour 1, 1 of them without their marks)\n"), "\(build.stdout)")
    let why = try keygram(["inspect", "tables/xx.keygram", "--why", "fur"], in: root)
    #expect(why.stdout == "fur: not in the lexicon: removed as a misspelling of `für` (the dictionary rejects it in lowercase; "
            + "`für` is 200 times as frequent, written without its marks)\n", "\(why.stdout)")
    let json = try keygram(["inspect", "tables/xx.keygram", "--why", "fur", "--json"], in: root)
    #expect(json.stdout.contains(#""slip":"marks""#), "\(json.stdout)")
  }

  @Test func inspectWhySaysWhyAWordIsNotInTheLexicon() throws {
    let root = try misspellingScratch()
    // Five words: the, a, lot, quiz, zymurgy; teh and alot left out on the way; zyzzyva (as
    // frequent as zymurgy, after it in letter order) below the cut.
    try keygram(["build", "xx", "--min-letters", "0", "--no-swift", "--lexicon-words", "5", "--known-words", "0"], in: root)
    func why(_ word: String, json: Bool = false) throws -> String {
      let run = try keygram(["inspect", "tables/xx.keygram", "--why", word] + (json ? ["--json"] : []), in: root)
      #expect(run.status == 0, "\(run.stderr)")
      return run.stdout
    }
    #expect(try why("teh") == "teh: not in the lexicon: removed as a misspelling of `the` (the dictionary rejects it; "
            + "`the` is 1,000 times as frequent, one swap of two neighbouring letters away)\n")
    #expect(try why("Alot") == "alot: not in the lexicon: removed as a misspelling of `a lot` (the misspelling list names it; "
            + "the dictionary rejects it; `lot` is 50 times as frequent)\n")
    #expect(try why("zyzzyva") == "zyzzyva: not in the lexicon: below the lexicon's size cut (the word lists count it once; "
            + "the lexicon's 5 words end with `zymurgy`, counted once)\n")
    #expect(try why("qwerty") == "qwerty: not in the lexicon: not in the word lists\n")
    #expect(try why("quiz") == "quiz: in the lexicon\n")
    #expect(try why("teh", json: true) == #"{"language":"xx","word":"teh","inLexicon":false,"why":"misspelling","rule":"dictionary neighbour","#
            + #""correction":"the","slip":"swap","count":100,"correctionCount":100000}"# + "\n")
    #expect(try why("the", json: true) == #"{"language":"xx","word":"the","inLexicon":true,"why":"lexicon"}"# + "\n")
    // With known words (the default), zyzzyva is one: past the lexicon, standing as typed.
    let known = try keygram(["build", "xx", "--min-letters", "0", "--no-swift", "--lexicon-words", "5"], in: root)
    #expect(known.stdout.contains("\nknown words: 1 past the lexicon, stood as typed but not suggested (0 misspellings left out; filter 24 bytes, "),
            "\(known.stdout)")
    #expect(try why("zyzzyva") == "zyzzyva: not in the lexicon: a known word past it, which the table does not suggest but lets stand as typed (known word 1 of 1)\n")
    #expect(try why("zyzzyva", json: true) == #"{"language":"xx","word":"zyzzyva","inLexicon":false,"why":"known","knownRank":1}"# + "\n")
    #expect(try why("qwerty") == "qwerty: not in the lexicon: not in the word lists\n")
    let inspected = try keygram(["inspect", "tables/xx.keygram"], in: root)
    #expect(inspected.stdout.contains("\nknown words: 1 past the lexicon, standing as typed, in 8 B (7 hashes, false positives "), "\(inspected.stdout)")
    let json = try keygram(["inspect", "tables/xx.keygram", "--json"], in: root)
    #expect(json.stdout.contains(#","knownWords":{"words":1,"bits":64,"hashes":7}"#))
    // Not one word of the alphabet.
    let bad = try keygram(["inspect", "tables/xx.keygram", "--why", "two words"], in: root)
    #expect(bad.status == 1 && bad.stderr.contains("--why: \"two words\" is not one word of the Toy alphabet"), "\(bad.stderr)")
    // A table built from other inputs gets the answer for one built from the corpora, and a note.
    try "the lazy dog sleeps\n".write(toFile: "\(root)/corpora/xx/more.txt", atomically: true, encoding: .utf8)
    #expect(try why("teh").hasSuffix("\nnote: tables/xx.keygram is not what corpora/xx builds now; the answer is for a table built from it\n"))
  }
}
