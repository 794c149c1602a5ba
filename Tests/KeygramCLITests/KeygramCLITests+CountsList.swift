import Foundation
import Testing

/// `build --counts A B ...` as docs/CountFormat.md writes it: several files after one --counts,
/// the same table as one --counts before each file, and as building from the text.
extension KeygramCLITests {
  @Test func severalCountFilesAfterOneCountsOption() throws {
    let root = try scratch()
    #expect(try keygram("build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    for part in 0..<2 {
      #expect(try keygram("count", "en", "corpora/en/tiny.gz", "--relative-to", "corpora/en", "--part", "\(part)/2",
                          "-o", "part\(part).kgcounts", in: root).status == 0)
    }
    let listed = try keygram("build", "en", "--min-letters", "0", "--counts", "part0.kgcounts", "part1.kgcounts",
                             "--out", "listed", "--swift-out", "listed", in: root)
    #expect(listed.status == 0, "\(listed.stderr)")
    let repeated = try keygram("build", "en", "--min-letters", "0", "--counts", "part1.kgcounts", "--counts", "part0.kgcounts",
                               "--out", "repeated", "--swift-out", "repeated", in: root)
    #expect(repeated.status == 0, "\(repeated.stderr)")
    for folder in ["listed", "repeated"] {
      #expect(FileManager.default.contents(atPath: "\(root)/\(folder)/en.keygram") == FileManager.default.contents(atPath: "\(root)/tables/en.keygram"))
      #expect(FileManager.default.contents(atPath: "\(root)/\(folder)/English.swift") == FileManager.default.contents(atPath: "\(root)/swift/English.swift"))
    }
  }
}
