import Foundation
@testable import KeyGram
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
}
