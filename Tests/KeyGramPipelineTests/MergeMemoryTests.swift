import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// Merging in bounded memory: count files are summed one at a time into one accumulator, and
/// their words merged at most `Spill.fanIn` files at a time, with the same bytes as before.
@Suite("Merge: bounded memory")
struct MergeMemoryTests {
  let suite = CountFileTests()

  @Test("more count files than are opened at once: the same bytes as counting the whole, the same table")
  func moreFilesThanTheFanIn() throws {
    let fileCount = Spill.fanIn * 2 + 7
    let words = ["the", "cat", "sat", "on", "a", "mat", "quiz", "zephyr", "hat", "that"]
    var files: [(String, String)] = []
    for index in 0..<fileCount {
      // Each file its own mix, so words recur across files, and one word of its own ("wab", "wac", ...).
      let own = "w" + String(String(index, radix: 26).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(Int(String($0), radix: 26)!))) })
      let text = (0..<(index % 5 + 1)).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " ") + " " + own
      files.append((String(format: "f%03d.txt", index), text))
    }
    let folder = suite.corpus(files)
    let names = files.map(\.0)
    var paths: [String] = []
    for name in names {
      let path = "\(folder)/\(name).kgcounts"
      try suite.count([name], in: folder, to: path)
      paths.append(path)
    }
    try suite.count(names, in: folder, to: "\(folder)/whole.kgcounts")
    try Merge.files(paths.shuffled(), into: "\(folder)/merged.kgcounts")
    #expect(suite.bytes("\(folder)/merged.kgcounts") == suite.bytes("\(folder)/whole.kgcounts"))
    #expect(try suite.table(counts: paths, in: folder) == suite.table(names, in: folder))
  }

  @Test("a claimed alphabet over the n-gram budget is refused before anything is allocated, naming the file and byte")
  func alphabetOverBudget() throws {
    let folder = suite.corpus([("a.txt", "the cat sat")])
    let path = "\(folder)/a.kgcounts"
    try suite.count(["a.txt"], in: folder, to: path)
    let needed = Merge.accumulatorBytes(letterCount: 26)
    #expect(needed == 8 * (27 * 27 * 27 * 27 + 27 * 27 * 27))
    let error = CountFileError(path: path, byteOffset: CountFile.Offset.letterCount,
                               kind: .overBudget(letters: 26, bytes: needed, budget: needed - 1))
    #expect(throws: error) { try Merge.files([path], into: "\(folder)/out.kgcounts", ngramBudget: needed - 1) }
    #expect(throws: error) { try Merge.load([path], language: CountFileTests.language, ngramBudget: needed - 1) }
    #expect(error.description == "\(path) at byte 36: 26 letters need 4,408,992 bytes of dense n-gram counts, over the merge's budget of 4,408,991 bytes")
    #expect(!FileManager.default.fileExists(atPath: "\(folder)/out.kgcounts"))
    // The largest legal alphabets fit the default budget: 63 letters (4-grams), 250 (trigrams).
    #expect(Merge.accumulatorBytes(letterCount: 63) <= Merge.defaultNgramBudget)
    #expect(Merge.accumulatorBytes(letterCount: 250) <= Merge.defaultNgramBudget)
  }

  @Test("a count file replaced between the merge's two passes is refused")
  func fileChangedDuringTheMerge() throws {
    let folder = suite.corpus([("a.txt", "the cat sat"), ("b.txt", "on the mat")])
    let a = "\(folder)/a.kgcounts", b = "\(folder)/b.kgcounts"
    try suite.count(["a.txt"], in: folder, to: a)
    try suite.count(["b.txt"], in: folder, to: b)
    let (_, checksums, _) = try Merge.sumOfHeads([a, b], expecting: nil, ngramBudget: Merge.defaultNgramBudget)
    try suite.count(["b.txt", "a.txt"], in: folder, to: b)
    #expect(throws: CountFileError(path: b, byteOffset: CountFile.Offset.crc, kind: .malformed("the file changed during the merge"))) {
      try Merge.words(ofFiles: [a, b], checksums: checksums) { _, _ in }
    }
  }
}
