import Foundation
@testable import KeyGram
import TestSupport
import Testing

extension KeygramCLITests {
  @Test func inspectShowsWrittenForms() throws {
    let path = Self.packageRoot + "/tables/en.keygram"
    let table = try KeyGramTable(contentsOf: path)
    let entries = table.writtenFormEntryCount
    #expect(entries > 1000)
    let summary = try keygram("inspect", path)
    #expect(summary.status == 0, "\(summary.stderr)")
    #expect(summary.stdout.contains("written forms: \(entries) words written otherwise than their letters in lowercase; apostrophe ' (U+27)"), "\(summary.stdout)")
    let json = try keygram("inspect", path, "--json")
    #expect(json.stdout.contains("\"writtenForms\":{\"entries\":\(entries),\"apostrophe\":\"'\"}"))
    func decision(_ typed: String) throws -> (best: String, replaces: Bool, words: [String]) {
      let run = try keygram("inspect", path, "--suggest", typed, "--top", "4", "--json")
      #expect(run.status == 0, "\(run.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      let decision = try #require(object["decision"] as? [String: Any])
      let words = try #require(object["suggestions"] as? [[String: Any]]).compactMap { $0["word"] as? String }
      return (try #require(decision["best"] as? String), try #require(decision["replaces"] as? Bool), words)
    }
    #expect(try decision("dont") == ("don't", true, try decision("dont").words))
    #expect(try decision("Dont").best == "Don't")
    #expect(try decision("don't").best == "don't")
    #expect(try decision("i").best == "I" && decision("i").replaces)
    let its = try decision("its")
    #expect(its.best == "its" && !its.replaces)
    if let at = its.words.firstIndex(of: "its") { #expect(its.words.dropFirst(at + 1).first == "it's", "\(its.words)") }
    let text = try keygram("inspect", path, "--suggest", "dont", "--top", "2")
    #expect(text.stdout.contains("ending the word here: \"dont\" would be replaced by \"don't\""), "\(text.stdout)")
  }

  /// Under `boundary`, web text drops the apostrophe after a clitic (French cest, jai); the
  /// table writes those words as the edited text does, and leaves the dictionary's own alone.
  @Test func elidedWordsWrittenWithoutTheApostropheGetIt() throws {
    let root = TestSupport.temporaryPath(prefix: "keygram-cli")
    for folder in ["corpora/xx", "tables"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
    }
    let manifest = """
      {"code": "xx", "name": "Toy", "alphabet": "abcdefghijklmnopqrstuvwxyz", "apostrophes": "boundary", "elisions": ["c", "d", "l"],
       "sources": [{"files": "words.freq.txt", "feeds": ["words"]}, {"files": "dict.txt", "feeds": ["forms"]}, {"files": "*", "feeds": ["letters"]}]}
      """
    // c'est five times away from a sentence start; l'homme four (too few); d'ont five, but dont is the dictionary's.
    let text = "oui c'est vrai et c'est bon car c'est la vie et c'est tout et c'est dit\nil voit l'homme et l'homme et l'homme et l'homme\n"
    let files = [("language.json", manifest), ("words.freq.txt", "est\t1000\nc\t800\nl\t700\ndont\t300\nhomme\t300\ncest\t50\nlhomme\t20\n"),
                 ("dict.txt", "est\nc\nl\nhomme\ndont\n"), ("text.txt", text + "le dont et d'ont d'ont d'ont d'ont d'ont\n")]
    for (name, text) in files { try text.write(toFile: "\(root)/corpora/xx/\(name)", atomically: true, encoding: .utf8) }
    let build = try keygram(["build", "xx", "--min-letters", "0", "--no-swift", "--known-words", "0"], in: root)
    #expect(build.status == 0, "\(build.stderr)")
    #expect(build.stdout.contains("\nwritten forms: 1 word (capitals 0, apostrophes 1, 1 of them a clitic and a word joined)\n"), "\(build.stdout)")
    func decision(_ typed: String) throws -> String {
      let run = try keygram(["inspect", "tables/xx.keygram", "--suggest", typed, "--top", "2"], in: root)
      #expect(run.status == 0, "\(run.stderr)")
      return try #require(run.stdout.split(separator: "\n").last { $0.hasPrefix("ending the word here") }.map(String.init))
    }
    #expect(try decision("cest").contains(#""cest" would be replaced by "c'est""#))
    #expect(try decision("lhomme").contains(#""lhomme" would be kept"#))
    #expect(try decision("dont").contains(#""dont" would be kept"#))
  }

  @Test func frenchAndItalianElisionsAreWrittenAsTheirSpeakersWriteThem() throws {
    func best(_ typed: String, in language: String) throws -> String {
      let run = try keygram("inspect", Self.packageRoot + "/tables/\(language).keygram", "--suggest", typed, "--json")
      #expect(run.status == 0, "\(run.stderr)")
      let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
      return try #require((object["decision"] as? [String: Any])?["best"] as? String)
    }
    for (typed, written) in [("cest", "c'est"), ("jai", "j'ai"), ("quil", "qu'il"), ("nest", "n'est"), ("lhomme", "l'homme"),
                             ("dautres", "d'autres"), ("dont", "dont"), ("des", "des")] {
      #expect(try best(typed, in: "fr") == written, "fr \(typed)")
    }
    for (typed, written) in [("lho", "l'ho"), ("anchio", "anch'io"), ("litalia", "l'Italia"), ("dove", "dove")] {
      #expect(try best(typed, in: "it") == written, "it \(typed)")
    }
  }
}
