import Foundation
import KeyGram
import TestSupport
import KeyGramTables
import Testing
@testable import KeyGramPipeline

/// The runtime reads typed text by the builder's rule, whichever way the text arrives:
/// `reset(textBeforeCursor:)`, `record(contentsOf:)`, one scalar or one character at a time,
/// and `KeyGramTable.context(after:)` all give the context the builder's `LetterDecoder`
/// stream ends in, for NFC and NFD text and for alphabets holding combining vowel signs.
@Suite("Decoding: the runtime follows the builder on every entry point")
struct DecodingAgreementTests {
  static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// The context the builder's symbol stream for `text` ends in: letters as letters, a letter
  /// outside the alphabet as the runtime's unknown letter (the builder counts it and breaks the word).
  static func builderContext(_ text: String, decoder: LetterDecoder) -> LetterContext {
    var symbols: [LetterSymbol] = []
    var last = Symbol.wordBoundary
    func symbol(_ raw: UInt8) -> LetterSymbol { raw == 0 ? .boundary : LetterSymbol(letterIndex: Int(raw) - 1) }
    // A capital's final form, taken if its word ends (the text's end leaves the word open).
    var awaitingFinalForm: UInt8 = 0
    for scalar in text.unicodeScalars {
      let action = decoder.action(for: scalar, after: last)
      if awaitingFinalForm != 0 {
        switch action {
        case .skip: break
        case .append(Symbol.wordBoundary), .outsideAlphabet, .invalidUTF8:
          symbols[symbols.count - 1] = symbol(awaitingFinalForm)
          awaitingFinalForm = 0
        default: awaitingFinalForm = 0
        }
      }
      switch action {
      case .append(let raw): symbols.append(symbol(raw)); last = raw
      case .appendAwaitingFinalForm(let raw, let finalForm): symbols.append(symbol(raw)); last = raw; awaitingFinalForm = finalForm
      case .outsideAlphabet, .invalidUTF8: symbols.append(.unknownLetter); last = 0
      case .replaceLast(let raw): symbols[symbols.count - 1] = symbol(raw); last = raw
      case .replaceLastOutsideAlphabet: symbols[symbols.count - 1] = .unknownLetter; last = 0
      case .skip: break
      }
    }
    let padded = [LetterSymbol](repeating: .boundary, count: 3) + symbols
    return .canonical(earlier: padded[padded.count - 3], previous: padded[padded.count - 2], last: padded[padded.count - 1])
  }

  /// The context after `text` through each runtime entry point, by name.
  static func runtimeContexts(_ text: String, table: KeyGramTable) -> [(String, LetterContext)] {
    var reset = TypingContext(table: table)
    reset.reset(textBeforeCursor: text)
    var contents = TypingContext(table: table)
    contents.record(contentsOf: text)
    var scalars = TypingContext(table: table)
    for scalar in text.unicodeScalars { scalars.record(scalar) }
    var characters = TypingContext(table: table)
    for character in text { characters.record(character) }
    return [("reset(textBeforeCursor:)", reset.letterContext), ("record(contentsOf:)", contents.letterContext),
            ("record(_: Unicode.Scalar)", scalars.letterContext), ("record(_: Character)", characters.letterContext),
            ("KeyGramTable.context(after:)", table.context(after: text))]
  }

  static func expectAgreement(_ text: String, table: KeyGramTable, decoder: LetterDecoder,
                              sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = builderContext(text, decoder: decoder)
    for (entry, context) in runtimeContexts(text, table: table) {
      #expect(context == expected, "\(entry) of \(text.unicodeScalars.map { String($0.value, radix: 16) })",
              sourceLocation: sourceLocation)
    }
  }

  static let french = try! KeyGramTable(embedded: KeyGramTables.french)
  static let frenchDecoder = LetterDecoder(language: try! LanguageManifest.load("\(repositoryRoot)/corpora/fr/language.json"))

  @Test("French: NFD \"le cafe\\u{301}\" gives (f, é), as NFC does, through every entry point")
  func frenchNFD() throws {
    let f = try #require(Self.french.letterIndex(of: "f")), e = try #require(Self.french.letterIndex(of: "é"))
    let composed = LetterContext.canonical(earlier: .boundary, previous: LetterSymbol(letterIndex: f), last: LetterSymbol(letterIndex: e))
    #expect(Self.french.context(after: "le café") != .wordStart)
    for text in ["le cafe\u{301}", "le café", "le CAFE\u{301}", "le cafe\u{301}\u{200D}"] {
      for (entry, context) in Self.runtimeContexts(text, table: Self.french) {
        #expect(context.previous == composed.previous && context.last == composed.last, "\(entry): \(text.debugDescription)")
      }
      Self.expectAgreement(text, table: Self.french, decoder: Self.frenchDecoder)
    }
    // A mark the alphabet has no letter for makes the letter before it unknown, as in the builder.
    Self.expectAgreement("le cafe\u{303}", table: Self.french, decoder: Self.frenchDecoder)
    #expect(Self.french.context(after: "le cafe\u{303}").last == .unknownLetter)
    // A mark at word start changes nothing.
    Self.expectAgreement("le \u{301}cafe", table: Self.french, decoder: Self.frenchDecoder)
  }

  @Test("French: every accented letter typed decomposed, and 2,000 random texts of letters and marks")
  func frenchDifferential() {
    for index in 0..<Self.french.letterCount {
      let letter = Self.french.letter(at: index)
      let decomposed = String(letter).decomposedStringWithCanonicalMapping
      Self.expectAgreement("x" + decomposed, table: Self.french, decoder: Self.frenchDecoder)
      Self.expectAgreement("x" + decomposed.uppercased(), table: Self.french, decoder: Self.frenchDecoder)
    }
    // French apostrophes end words, in the table's counts and on the keyboard alike.
    let pool: [String] = ["a", "c", "e", "i", "o", "u", "y", "E", "É", "ç", " ", ".", "\u{301}", "\u{300}", "\u{302}",
                          "\u{308}", "\u{327}", "\u{303}", "\u{341}", "\u{200D}", "\u{AD}", "ñ", "ж", "1", "'", "\u{2019}", "\u{2BC}"]
    var generator = SeededRandom(seed: 26)
    for _ in 0..<2_000 {
      let length = Int(generator.next() % 12) + 1
      let text = (0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }.joined()
      Self.expectAgreement(text, table: Self.french, decoder: Self.frenchDecoder)
    }
  }

  /// Every shipped table against its language's builder rules: each scalar from U+0020 to U+2FFF
  /// and the capitals above it, typed between two letters, gives the context the builder's stream
  /// ends in (capitals, signs such as K (U+212A), marks, apostrophes and final forms included).
  @Test(arguments: CorpusFolder(root: Fixtures.packageRoot + "/corpora").languageCodes)
  func everyScalarReadsAsTheBuilderCountsIt(code: String) throws {
    let root = Fixtures.packageRoot
    let table = try KeyGramTable(contentsOf: "\(root)/tables/\(code).keygram")
    let decoder = LetterDecoder(language: try LanguageManifest.load("\(root)/corpora/\(code)/language.json"))
    let first = String(table.letter(at: 0)), last = String(table.letter(at: table.letterCount - 1))
    var disagreements: [String] = []
    let capitalsAbove = [0x1E9E, 0x2126, 0x212A, 0x212B, 0xFF21, 0x10400]
    for value in Array(0x20..<0x3000) + capitalsAbove {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [first + String(scalar) + last, first + String(scalar) + " ", String(scalar)] {
        let expected = Self.builderContext(text, decoder: decoder)
        if let (entry, _) = Self.runtimeContexts(text, table: table).first(where: { $0.1 != expected }) {
          disagreements.append("U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription) (\(entry))")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(code): \(disagreements.count) disagreements, e.g. \(disagreements.prefix(8))")
  }

  /// A Devanagari alphabet that holds its vowel signs, the virama and a nukta letter (ज़).
  static let devanagari = Language(
    code: "hi", name: "Hindi", alphabet: Array("कखगजटडतदनपबमयरलवसहअआइ".unicodeScalars) + ["\u{93E}", "\u{93F}", "\u{940}", "\u{941}",
                                                                                       "\u{947}", "\u{94B}", "\u{94D}", "\u{902}", "\u{95B}"])

  static func devanagariTable() throws -> KeyGramTable {
    let folder = Fixtures.temporaryFolder()
    let text = "किताब मकान नदी राजा ज़मीन सड़क हिंदी लड़का पानी बड़ा दिन रात किसान बाजार"
    _ = Fixtures.file("a.txt", Array((Array(repeating: text, count: 20).joined(separator: "\n")).utf8), in: folder)
    var request = Pipeline.Request(language: devanagari, inputs: ["\(folder)/a.txt"], corpusFolder: folder,
                                   tablesFolder: Fixtures.temporaryFolder(), swiftFolder: nil)
    request.minimumLetters = 0
    return try KeyGramTable(copying: #require(Pipeline.build(request).image))
  }

  @Test("Devanagari: combining vowel signs in the alphabet are letters through every entry point")
  func devanagariVowelSigns() throws {
    let table = try Self.devanagariTable()
    let decoder = LetterDecoder(language: Self.devanagari)
    let ka = try #require(table.letterIndex(of: "क")), i = try #require(table.letterIndex(of: "\u{93F}"))
    for (entry, context) in Self.runtimeContexts("कि", table: table) {
      #expect(context.previous == LetterSymbol(letterIndex: ka) && context.last == LetterSymbol(letterIndex: i), "\(entry)")
    }
    // ज + nukta is ज़ (U+095B) in the alphabet; ड + nukta (ड़) is not, so ड becomes unknown.
    for text in ["किताब", "हिंदी", "ज\u{93C}मीन", "\u{95B}मीन", "सड\u{93C}क", "लड\u{93C}", "कि\u{200C}ता", "\u{93F}क"] {
      Self.expectAgreement(text, table: table, decoder: decoder)
    }
    let pool = ["क", "ज", "ड", "र", "\u{93E}", "\u{93F}", "\u{940}", "\u{94D}", "\u{93C}", "\u{902}", "\u{901}", "\u{200D}", " ", "a"]
    var generator = SeededRandom(seed: 93)
    for _ in 0..<1_000 {
      let length = Int(generator.next() % 12) + 1
      let text = (0..<length).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }.joined()
      Self.expectAgreement(text, table: table, decoder: decoder)
    }
  }

  @Test("a composed letter moves the lexicon cursor as the NFC text does")
  func lexiconFollowsComposition() {
    var nfd = TypingContext(table: Self.french)
    nfd.record(contentsOf: "le cafe\u{301}")
    var nfc = TypingContext(table: Self.french)
    nfc.record(contentsOf: "le café")
    #expect(nfd.lexiconCursor == nfc.lexiconCursor)
    #expect(nfd.wordPrefixNgramProbability == nfc.wordPrefixNgramProbability)
    #expect(nfd.distribution.probability(ofLetter: 0) == nfc.distribution.probability(ofLetter: 0))
  }
}
