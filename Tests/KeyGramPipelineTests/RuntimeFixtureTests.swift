import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// The fixture table the runtime's tests open (Tests/KeyGramTests/Fixtures/README.md): what its
/// tiny corpus builds, with counts checked by hand.
@Suite("The runtime tests' fixture table")
struct RuntimeFixtureTests {
  static let folder: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/Tests/KeyGramTests/Fixtures"
  }()
  static let tablePath = folder + "/tiny-en.keygram"

  static func build() throws -> Pipeline.Summary {
    let language = try CorpusFolder(root: folder).language("en")
    var request = Pipeline.Request(language: language, inputs: [folder + "/en/tiny.txt"], corpusFolder: folder + "/en", output: .image)
    request.minimumLetters = 0
    return try Pipeline.build(request)
  }

  @Test func theFixtureIsWhatItsCorpusBuilds() throws {
    let image = try #require(Self.build().image)
    if ProcessInfo.processInfo.environment["KEYGRAM_WRITE_FIXTURES"] != nil {
      try Data(image).write(to: URL(fileURLWithPath: Self.tablePath))
    }
    #expect(FileManager.default.contents(atPath: Self.tablePath).map(Array.init) == image,
            "\(Self.tablePath) is not what en/tiny.txt builds; see Fixtures/README.md")
  }

  @Test func countsByHand() throws {
    // the quick brown fox jumps over the lazy dog: 3+5+5+3+5+4+3+4+3 = 35 letters, 9 words;
    // the cat sat on the mat: 17 letters, 6 words; the hat is on the cat: 16 letters, 6 words.
    let summary = try Self.build()
    let letters = summary.provenance.letterCounts
    func count(_ letter: Unicode.Scalar) -> UInt64 { letters[summary.language.letterIndex[letter]!] }
    #expect(summary.provenance.letters == 68 && summary.provenance.words == 21)
    // t: the ×6, cat ×2, sat, mat, hat; h: the ×6, hat; e: the ×6, over.
    #expect(count("t") == 11 && count("h") == 7 && count("e") == 7)
    // a: lazy, cat ×2, sat, mat, hat; o: brown, fox, over, dog, on ×2.
    #expect(count("a") == 6 && count("o") == 6 && count("q") == 1)
    // The lexicon holds the 14 distinct words, "the" the most frequent.
    #expect(summary.lexicon?.words == 14)
    #expect(try summary.words.top(1).first?.word == "the".unicodeScalars.map { Symbol.letter(summary.language.letterIndex[$0]!) })
  }
}
