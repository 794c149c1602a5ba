import Foundation
import Testing
@testable import KeyGramPipeline

/// The shipped corpora (corpora/<lang>/): every manifest loads and has a layout, and each
/// corpus, counted exactly as `keygram build` counts it, is big enough, decodes cleanly and has
/// the letter frequencies its language is known for. A wrong source encoding or an alphabet that
/// lacks letters the text uses shows up here as invalid UTF-8 or many letters outside the alphabet.
@Suite("Language corpora")
struct LanguageCorpusTests {
  /// What a language's letter frequencies must look like.
  struct Expectation: Sendable, CustomTestStringConvertible {
    var code: String
    /// The most frequent letter, where the language has one beyond doubt.
    var first: String?
    /// Letters that must all be among the `within` most frequent.
    var letters: Set<String>
    var within: Int
    /// The bytes of text the corpus folder must give (its word list included).
    var minimumText = 2_000_000

    var testDescription: String { code }
  }

  static let expectations: [Expectation] = [
    Expectation(code: "en", first: "e", letters: ["e", "t", "a", "o"], within: 4),
    Expectation(code: "de", first: "e", letters: ["e", "n"], within: 3),
    Expectation(code: "fr", first: "e", letters: ["e"], within: 1),
    Expectation(code: "es", first: nil, letters: ["a", "e"], within: 2),
    Expectation(code: "it", first: nil, letters: ["e", "a", "i"], within: 3),
    // a and o are within a tenth of a percent of each other in this (mostly technical) corpus.
    Expectation(code: "pt", first: nil, letters: ["a", "e", "o"], within: 3),
    Expectation(code: "pl", first: nil, letters: ["a", "i", "e", "o"], within: 4),
    Expectation(code: "ru", first: "о", letters: ["о", "е", "а"], within: 3),
    // Man pages, LibreOffice's help and messages (and fortunes for Czech): technical text.
    Expectation(code: "nl", first: "e", letters: ["e", "n"], within: 3),
    Expectation(code: "sv", first: nil, letters: ["e", "a", "t", "r", "n"], within: 5),
    Expectation(code: "da", first: "e", letters: ["e", "r", "t", "n"], within: 4),
    Expectation(code: "fi", first: nil, letters: ["a", "t", "i"], within: 3),
    Expectation(code: "cs", first: nil, letters: ["o", "e"], within: 2),
    Expectation(code: "hu", first: nil, letters: ["e", "a", "t"], within: 3),
    Expectation(code: "tr", first: nil, letters: ["a", "e", "i"], within: 3),
    Expectation(code: "el", first: nil, letters: ["α", "ε", "ο", "τ"], within: 4),
    Expectation(code: "uk", first: "о", letters: ["о", "а", "н"], within: 3),
    Expectation(code: "nb", first: "e", letters: ["e", "t", "r", "n"], within: 4),
    // Romanian has 1.1 MB of text and only wordfreq's small list (0.6 MB).
    Expectation(code: "ro", first: "e", letters: ["e", "i", "a"], within: 3, minimumText: 1_500_000),
  ]

  static let shippedCodes = expectations.map(\.code)

  static let corpora = CorpusFolder(root: packageRoot + "/corpora")

  /// The package root: three levels up from this file (Tests/KeyGramPipelineTests/<file>).
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  @Test("Every shipped language has its corpus folder (a user may add more beside them)")
  func shippedLanguages() {
    #expect(Set(Self.shippedCodes).isSubset(of: Self.corpora.languageCodes))
  }

  @Test("The manifest loads, matches its folder and has a layout typing every letter", arguments: shippedCodes)
  func manifestLoads(code: String) throws {
    let language = try Self.corpora.language(code)
    #expect(language.code == code)
    #expect(!language.name.isEmpty)
    let layout = try #require(language.layout, "\(code) has no keyboard layout")
    // Letterless keys (the Greek `;`) type no letter and are left out.
    let typed = layout.rows.joined().joined().filter(language.alphabet.contains)
    #expect(Set(typed) == Set(language.alphabet))
    #expect(typed.count == language.alphabet.count, "a letter is on two keys")
  }

  @Test("The corpus is big enough, decodes cleanly and has the language's letter frequencies", arguments: expectations)
  func corpusStatistics(_ expected: Expectation) throws {
    let language = try Self.corpora.language(expected.code)
    let files = Self.corpora.corpusFiles(for: expected.code)
    try #require(!files.isEmpty, "no corpus files in corpora/\(expected.code)")
    let (_, _, provenance, _, _) = try CorpusCounter.count(files, decoder: LetterDecoder(language: language),
                                             naming: Provenance.Naming(folder: Self.corpora.folder(for: expected.code)))

    #expect(provenance.textBytes >= expected.minimumText)
    #expect(provenance.invalidUTF8 == 0)
    #expect(provenance.letters > 0)
    // Letters the alphabet lacks stay rare: under 2% of the letters counted (Russian's
    // handbook writes Debian, APT and package names in Latin letters: 1.2%).
    #expect(provenance.outsideAlphabet * 50 < provenance.letters,
            "\(provenance.outsideAlphabet) letters outside the alphabet of \(provenance.letters)")

    let ranked = zip(language.alphabet, provenance.letterCounts)
      .sorted { $0.1 > $1.1 }
      .map { String($0.0) }
    if let first = expected.first {
      #expect(ranked.first == first, "top letters: \(ranked.prefix(5))")
    }
    let top = Set(ranked.prefix(expected.within))
    #expect(expected.letters.isSubset(of: top), "top \(expected.within): \(ranked.prefix(expected.within))")
  }
}
