import Foundation
import Testing
@testable import KeyGramPipeline

@Suite("Language manifests")
struct ManifestTests {
  func load(_ json: String) throws(ManifestError) -> Language {
    let folder = Fixtures.temporaryFolder()
    let path = Fixtures.file("language.json", Array(json.utf8), in: folder)
    return try LanguageManifest.load(path)
  }

  @Test func aGoodManifest() throws {
    let language = try load(#"{"code":"xx","name":"Toy","alphabet":"abcá","caseMappings":{"İ":"a"},"apostrophes":"boundary","layout":{"name":"ABC","rows":[["aá"],["b","c"]]}}"#)
    #expect(language.alphabet == ["a", "b", "c", "á"])
    #expect(language.caseMappings == ["İ": "a"])
    #expect(!language.apostrophesAreTransparent)
    #expect(language.layout?.rows == [[["a", "á"]], [["b"], ["c"]]])
  }

  /// A table's ASCII map sends a byte only to a letter it is a case of, which open checks.
  @Test func anASCIICaseMappingOnlyToTheLetterItIsTheUppercaseOf() throws {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"abc","caseMappings":{"4":"a"}}"#) }
    #expect(error?.field == "caseMappings.4")
    #expect(error?.problem == "an ASCII character may map only to the letter whose uppercase it is")
    let turkish = try load(#"{"code":"xx","name":"Toy","alphabet":"abı","caseMappings":{"I":"ı"}}"#)
    #expect(turkish.caseMappings == ["I": "ı"])
  }

  @Test func controlAndBidirectionalCharactersAreEscapedInMessages() {
    let code = #expect(throws: ManifestError.self) { try load(#"{"code":"e\u0000n\u202e","name":"Toy","alphabet":"abc"}"#) }
    #expect(code?.problem == #""e\u{0}n\u{202e}" is not a language code such as "en" or "pt-BR""#)
    let letter = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"ab\n"}"#) }
    #expect(letter?.problem == #""\u{a}" (U+A) is not a letter"#)
    let key = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"abc","\u001b[2J":1}"#) }
    #expect(key?.field == #"\u{1b}[2J"#)
    #expect(Printable.quoted("Eng\nlish\u{202E}\"") == #""Eng\u{a}lish\u{202e}\"""#)
  }

  @Test func decoderSettingsByName() throws {
    let toy = #"{"code":"xx","name":"Toy","alphabet":"abc","decoder":"#
    let language = try load(toy + #"{"spellingMarginPerLetter":5,"letterSubstitutionCost":"inf","commonWordLogProbability":-8}}"#)
    #expect(language.decoderSettings == [.spellingMarginPerLetter: 5, .letterSubstitutionCost: .infinity, .commonWordLogProbability: -8])
    #expect(try load(#"{"code":"xx","name":"Toy","alphabet":"abc"}"#).decoderSettings.isEmpty)
    let unknown = #expect(throws: ManifestError.self) { try load(toy + #"{"spelingMargin":5}}"#) }
    #expect(unknown?.field == "decoder.spelingMargin" && unknown?.problem.hasPrefix("unknown key; did you mean spellingMargin?") == true, "\(String(describing: unknown))")
    let negative = #expect(throws: ManifestError.self) { try load(toy + #"{"margin":-1}}"#) }
    #expect(negative?.field == "decoder.margin" && negative?.problem == #"-1.0; expected 0 or more nats, at most 1e6, or "inf""#)
    let infiniteStep = #expect(throws: ManifestError.self) { try load(toy + #"{"spellingMarginPerLetter":"inf"}}"#) }
    #expect(infiniteStep?.problem == "inf; expected a finite number from 0 to 1e6")
    #expect(try load(toy + #"{"spellingMarginFloor":-10}}"#).decoderSettings == [.spellingMarginFloor: -10])
    let infiniteFloor = #expect(throws: ManifestError.self) { try load(toy + #"{"spellingMarginFloor":"inf"}}"#) }
    #expect(infiniteFloor?.field == "decoder.spellingMarginFloor" && infiniteFloor?.problem == "inf; expected a finite number from -1e6 to 1e6")
    #expect(try load(toy + #"{"secondEditCost":"inf"}}"#).decoderSettings == [.secondEditCost: .infinity])
    let negativeSecond = #expect(throws: ManifestError.self) { try load(toy + #"{"secondEditCost":-8}}"#) }
    #expect(negativeSecond?.field == "decoder.secondEditCost" && negativeSecond?.problem == #"-8.0; expected 0 or more nats, at most 1e6, or "inf""#)
    #expect(try load(toy + #"{"consonantSubstitutionCost":10}}"#).decoderSettings == [.consonantSubstitutionCost: 10])
    let positiveLogProbability = #expect(throws: ManifestError.self) { try load(toy + #"{"commonWordLogProbability":1}}"#) }
    #expect(positiveLogProbability?.problem == "1.0; expected a log-probability, 0 or less")
    let word = #expect(throws: ManifestError.self) { try load(toy + #"{"margin":"big"}}"#) }
    #expect(word?.field == "decoder.margin" && word?.problem.contains("expected a number, \"inf\" or an autocorrect level") == true, "\(String(describing: word))")
    #expect(try load(toy + #"{"autocorrection":"aggressive"}}"#).decoderSettings == [.autocorrection: 3])
    #expect(try load(toy + #"{"autocorrection":1}}"#).decoderSettings == [.autocorrection: 1])
    let between = #expect(throws: ManifestError.self) { try load(toy + #"{"autocorrection":1.5}}"#) }
    #expect(between?.field == "decoder.autocorrection" && between?.problem == "1.5; expected an autocorrect level: off, modest, standard or aggressive")
  }

  @Test func malformedJSON() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code": "xx", "name": "#) }
    #expect(error?.field == "(file)")
    #expect(error?.problem.hasPrefix("not valid JSON") == true)
    #expect(error?.description.contains("language.json: (file): not valid JSON") == true)
  }

  @Test func missingField() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","alphabet":"abc"}"#) }
    #expect(error?.field == "name" && error?.problem == "missing")
  }

  @Test func wrongType() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":["a","b"]}"#) }
    #expect(error?.field == "alphabet")
  }

  @Test func aWholeFileOfTheWrongTypeNamesTheFile() {
    let error = #expect(throws: ManifestError.self) { try load("42") }
    #expect(error?.field == "(file)")
    #expect(error?.problem.hasPrefix("wrong type: ") == true)
  }

  @Test func alphabetWithDuplicates() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"abca"}"#) }
    #expect(error?.field == "alphabet" && error?.problem == "\"a\" appears twice")
  }

  @Test func alphabetDuplicateOnlyAfterNFC() {
    // "é" precomposed and "e" + U+0301 are the same letter.
    let error = #expect(throws: ManifestError.self) { try load("{\"code\":\"xx\",\"name\":\"Toy\",\"alphabet\":\"\u{E9}e\u{301}\"}") }
    #expect(error?.problem == "\"é\" appears twice")
  }

  @Test func aOneLetterAlphabetIsRefused() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"a"}"#) }
    #expect(error?.problem == "1 letters; a table needs at least 2")
  }

  @Test func alphabetOfNonLetters() {
    let error = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"ab1"}"#) }
    #expect(error?.field == "alphabet" && error?.problem.contains("is not a letter") == true)
    let upper = #expect(throws: ManifestError.self) { try load(#"{"code":"xx","name":"Toy","alphabet":"aB"}"#) }
    #expect(upper?.problem == "\"B\" is not lowercase")
  }

  @Test func layoutKeyForALetterNotInTheAlphabet() {
    let error = #expect(throws: ManifestError.self) {
      try load(#"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["a","b"],["c","d"]]}}"#)
    }
    #expect(error?.field == "layout.rows[1]")
    #expect(error?.problem == "key \"d\" types \"d\", which is not in the alphabet")
  }

  @Test func aLetterlessKey() throws {
    let language = try load(#"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[[";","a","b"],["c","'"]]}}"#)
    #expect(language.layout?.rows == [[[";"], ["a"], ["b"]], [["c"], ["'"]]])
    // U+037E GREEK QUESTION MARK is ";" after NFC, as the text it types.
    let greek = try load("{\"code\":\"xx\",\"name\":\"Toy\",\"alphabet\":\"ab\",\"layout\":{\"name\":\"AB\",\"rows\":[[\"\u{37E}\",\"ab\"]]}}")
    #expect(greek.layout?.rows[0][0] == [";"])
  }

  @Test(arguments: [
    ("a;", "key \"a;\" types \";\", which is not in the alphabet; a key holds letters of the alphabet or a single punctuation mark"),
    (";a", "key \";a\" types \";\", which is not in the alphabet; a key holds letters of the alphabet or a single punctuation mark"),
    (".,", "key \".,\" holds 2 characters and no letter; a key holds letters of the alphabet or a single punctuation mark"),
    (" ", "key \" \" is white space \" \" (U+20); a key holds letters of the alphabet or a single punctuation mark"),
    ("\u{301}", "key \"\u{301}\" is a combining mark \"\u{301}\" (U+301); a key holds letters of the alphabet or a single punctuation mark"),
    ("\u{200B}", "key \"\\u{200b}\" is an invisible character \"\\u{200b}\" (U+200B); a key holds letters of the alphabet or a single punctuation mark"),
  ])
  func aBadLetterlessKey(key: String, problem: String) throws {
    let json = try String(decoding: JSONSerialization.data(withJSONObject: [
      "code": "xx", "name": "Toy", "alphabet": "abc", "layout": ["name": "ABC", "rows": [["a", "b"], ["c", key]]],
    ] as [String: Any]), as: UTF8.self)
    let error = #expect(throws: ManifestError.self) { try load(json) }
    #expect(error?.path.hasSuffix("/language.json") == true)
    #expect(error?.field == "layout.rows[1]")
    #expect(error?.problem == problem)
    #expect(error?.description.hasSuffix("language.json: layout.rows[1]: \(problem)") == true)
  }

  @Test func aLetterlessKeyTwiceOrReadAsALetter() {
    let twice = #expect(throws: ManifestError.self) {
      try load(#"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[[";","a"],["b","c",";"]]}}"#)
    }
    #expect(twice?.problem == "\";\" is on two keys, \";\" and \";\"")
    let mapped = #expect(throws: ManifestError.self) {
      try load(#"{"code":"xx","name":"Toy","alphabet":"abc","caseMappings":{"¿":"a"},"layout":{"name":"ABC","rows":[["¿","a"],["b","c"]]}}"#)
    }
    #expect(mapped?.problem == "key \"¿\" types no letter, but caseMappings reads it as \"a\"")
  }

  @Test func theGreekTopRowHasItsSemicolon() throws {
    let language = try CorpusFolder(root: Fixtures.packageRoot + "/corpora").language("el")
    let top = try #require(language.layout?.rows.first)
    #expect(top.count == 10)
    #expect(top.map { String(String.UnicodeScalarView($0)) } == [";", "ς", "εέ", "ρ", "τ", "υύϋΰ", "θ", "ιίϊΐ", "οό", "π"])
  }

  @Test func letterWithNoKey() {
    let error = #expect(throws: ManifestError.self) {
      try load(#"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["a","b"]]}}"#)
    }
    #expect(error?.field == "layout" && error?.problem == "letter \"c\" has no key")
  }

  @Test func letterOnTwoKeys() {
    let error = #expect(throws: ManifestError.self) {
      try load(#"{"code":"xx","name":"Toy","alphabet":"abc","layout":{"name":"ABC","rows":[["ab","b"],["c"]]}}"#)
    }
    #expect(error?.problem == "\"b\" is on two keys, \"ab\" and \"b\"")
  }

  @Test func unknownLanguageCode() throws {
    let root = Fixtures.temporaryFolder()
    for code in ["xx", "aa"] {
      try FileManager.default.createDirectory(atPath: "\(root)/\(code)", withIntermediateDirectories: true)
      _ = Fixtures.file("language.json", Array(#"{"code":"\#(code)","name":"Toy","alphabet":"abc"}"#.utf8), in: "\(root)/\(code)")
    }
    let error = #expect(throws: ManifestError.self) { try CorpusFolder(root: root).language("tlh") }
    #expect(error?.field == "code")
    #expect(error?.problem == "unknown language \"tlh\"; known: aa, xx")
  }

  @Test func codeMustMatchItsFolder() throws {
    let root = Fixtures.temporaryFolder()
    try FileManager.default.createDirectory(atPath: "\(root)/yy", withIntermediateDirectories: true)
    _ = Fixtures.file("language.json", Array(#"{"code":"xx","name":"Toy","alphabet":"abc"}"#.utf8), in: "\(root)/yy")
    let error = #expect(throws: ManifestError.self) { try CorpusFolder(root: root).language("yy") }
    #expect(error?.problem == "\"xx\" does not match its folder \"yy\"")
  }

  @Test func everyShippedManifestLoads() throws {
    let corpora = CorpusFolder(root: Fixtures.packageRoot + "/corpora")
    // Every shipped language, and any a user added beside them.
    #expect(Set(["cs", "da", "de", "el", "en", "es", "fi", "fr", "hu", "it", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "tr", "uk"])
      .isSubset(of: corpora.languageCodes))
    for code in corpora.languageCodes {
      let language = try corpora.language(code)
      #expect(language.layout != nil, "\(code) has a layout")
    }
  }
}
