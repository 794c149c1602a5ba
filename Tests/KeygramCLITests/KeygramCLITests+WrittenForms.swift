import Foundation
@testable import KeyGram
import Testing

extension KeygramCLITests {
  /// tables/en.keygram with a hand-written `FORM` section after `LEXI` (format 2.2): `dont` as
  /// `don't`, `i` as `I`, `its` as `its` then `it's`. Until the builder writes `FORM`.
  static func englishWithForms() throws -> [UInt8] {
    let base = Array(try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/tables/en.keygram")))
    let table = try KeyGramTable(copying: base)
    let lexicon = try #require(table.lexicon)
    func node(_ word: String) throws -> Int {
      Int(try #require(lexicon.word(spelledBy: word.unicodeScalars.map { table.letterIndex(of: $0)! })).index)
    }
    // (node, forms: share, shape (case | apostrophes << 2), apostrophe positions)
    let entries = try [(node("dont"), [255, 0 | 1 << 2, 3]), (node("i"), [255, 1]), (node("its"), [150, 0, 105, 0 | 1 << 2, 2])]
      .sorted { $0.0 < $1.0 }
    func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    var pool: [UInt8] = [], offsets = [0]
    for entry in entries {
      pool += entry.1.map(UInt8.init)
      offsets.append(pool.count)
    }
    var form = le32(entries.count) + le32(0x27) + le32(pool.count) + le32(0)
    form += entries.flatMap { le32($0.0) } + offsets.flatMap(le32) + pool
    form += [UInt8](repeating: 0, count: TableFormat.WrittenForms.length(entryCount: entries.count, poolLength: pool.count) - form.count)
    // Re-pack the sections with FORM after LEXI.
    func read32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(base[at + $1]) << (8 * $1) } }
    var sections: [(tag: Int, bytes: [UInt8], count: Int)] = (0..<read32(TableFormat.Offset.sectionCount)).map {
      let at = TableFormat.headerSize + 16 * $0
      return (read32(at), Array(base[read32(at + 4)..<(read32(at + 4) + read32(at + 8))]), read32(at + 12))
    }
    let lexiconAt = try #require(sections.firstIndex { $0.tag == Int(TableFormat.Section.lexicon.rawValue) })
    sections.insert((Int(TableFormat.Section.writtenForms.rawValue), form, entries.count), at: lexiconAt + 1)
    var image = Array(base[0..<TableFormat.headerSize])
    image[TableFormat.Offset.minorVersion] = 2
    var directory: [UInt8] = [], body: [UInt8] = []
    var end = TableFormat.headerSize + 16 * sections.count
    for section in sections {
      let offset = TableFormat.sectionStart(after: end)
      body += [UInt8](repeating: 0, count: offset - end) + section.bytes
      directory += le32(section.tag) + le32(offset) + le32(section.bytes.count) + le32(section.count)
      end = offset + section.bytes.count
    }
    image += directory + body + [UInt8](repeating: 0, count: TableFormat.sectionStart(after: end) - end)
    image.replaceSubrange(TableFormat.Offset.sectionCount..<(TableFormat.Offset.sectionCount + 4), with: le32(sections.count))
    image.replaceSubrange(TableFormat.Offset.fileSize..<(TableFormat.Offset.fileSize + 4), with: le32(image.count))
    let crc = TableBytes.withBytes(of: image) { $0.crc32(readingAsZero: TableFormat.Offset.crc32) }
    image.replaceSubrange(TableFormat.Offset.crc32..<(TableFormat.Offset.crc32 + 4), with: le32(Int(crc)))
    return image
  }

  @Test func inspectShowsWrittenForms() throws {
    let root = try scratch()
    let path = "\(root)/en-forms.keygram"
    try Data(Self.englishWithForms()).write(to: URL(fileURLWithPath: path))
    let summary = try keygram("inspect", path)
    #expect(summary.status == 0, "\(summary.stderr)")
    #expect(summary.stdout.contains("written forms: 3 words written otherwise than their letters in lowercase; apostrophe ' (U+27)"), "\(summary.stdout)")
    let json = try keygram("inspect", path, "--json")
    #expect(json.stdout.contains("\"writtenForms\":{\"entries\":3,\"apostrophe\":\"'\"}"))
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
