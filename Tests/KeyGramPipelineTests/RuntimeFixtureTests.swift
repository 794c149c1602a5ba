import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// The fixture tables the runtime's tests open (Tests/KeyGramTests/Fixtures/README.md): what the
/// tiny corpus builds, with counts checked by hand, and the word-list tables of the word decoder's
/// fixture tests.
@Suite("The runtime tests' fixture tables")
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

  /// A table for WordDecoderFixtureTests (Tests/KeyGramTests): flat letter rows and a lexicon of
  /// `words` (letters a–z) with their counts, none when `words` is empty, so the decoder's
  /// probabilities can be worked out by hand. Written to Fixtures/word-lists/`name`.keygram.
  struct WordList: Sendable, CustomTestStringConvertible {
    let name: String
    let words: [String: UInt64]
    var path: String { RuntimeFixtureTests.folder + "/word-lists/\(name).keygram" }
    var testDescription: String { name }
  }

  static let wordLists = [
    WordList(name: "bat3-bay1", words: ["bat": 3, "bay": 1]),
    WordList(name: "bat1", words: ["bat": 1]),
    WordList(name: "no-lexicon", words: [:]),
  ]

  static let alphabet = "abcdefghijklmnopqrstuvwxyz"
  static let language = Language(code: "en", name: "English", alphabet: Array(alphabet.unicodeScalars))

  /// The image of a table with flat letter rows and a lexicon of `words` with their counts.
  static func image(words: [String: UInt64]) throws -> [UInt8] {
    let n = 26
    let letters = Quantise.row([Double](repeating: 1, count: n)), withEnd = Quantise.row([Double](repeating: 1, count: n + 1))
    let model = QuantisedModel(letterCount: n, unigram: letters, initial: letters,
                               bigram: [[UInt16]](repeating: withEnd, count: n), trigram: [[UInt16]](repeating: withEnd, count: (n + 1) * n))
    let alphabet = Array(Self.alphabet.unicodeScalars)
    var lexicon: (section: [UInt8], words: Int)?
    if !words.isEmpty {
      let counts = Dictionary(uniqueKeysWithValues: words.map { word, count in
        (word.unicodeScalars.map { UInt8(alphabet.firstIndex(of: $0)!) }, count)
      })
      let made = try #require(LexiconSection.make(counts: counts, letterCount: n, maximumWords: 100))
      lexicon = (made.bytes, made.stats.words)
    }
    return TableImage.make(language: language, model: model, provenance: nil,
                           asciiLetterIndices: LetterDecoder(language: language).asciiLetterIndices, lexicon: lexicon)
  }

  @Test(arguments: wordLists)
  func theWordListTablesAreWhatTheirWordsBuild(_ list: WordList) throws {
    let image = try Self.image(words: list.words)
    #expect(try KeyGramTable(copying: image).lexicon?.wordCount == (list.words.isEmpty ? nil : list.words.count))
    if ProcessInfo.processInfo.environment["KEYGRAM_WRITE_FIXTURES"] != nil {
      try FileManager.default.createDirectory(atPath: Self.folder + "/word-lists", withIntermediateDirectories: true)
      try Data(image).write(to: URL(fileURLWithPath: list.path))
    }
    #expect(FileManager.default.contents(atPath: list.path).map(Array.init) == image,
            "\(list.path) is not what its words build; see Fixtures/README.md")
  }
}
