import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// How words are written (format 2.2 `FORM`): the evidence counted, the forms chosen, the bytes checked.
@Suite("Written forms")
struct WrittenFormsTests {
  static let english = Language(code: "en", name: "English", alphabet: Array("abcdefghijklmnopqrstuvwxyz".unicodeScalars),
                                sources: [SourceRule(files: "*.freq.txt", feeds: .words), SourceRule(files: "*", feeds: .letters)])
  static let french = Language(code: "fr", name: "French", alphabet: Array("abcdefghijklmnopqrstuvwxyzàâéèêîïôûç".unicodeScalars),
                               apostrophesAreTransparent: false, elisions: ["l", "d", "qu", "jusqu"])

  static let list = "don't 90\ndont 10\nits 40\nit's 60\n"
  // ' ’ ʼ all read as one apostrophe; "We", the third "Haus", the first "I" and "Don’t" open sentences.
  static let text = "We saw Haus and Haus. Haus ... I think I can, and I will.\nDon’t say donʼt\n"

  /// The evidence as readable keys: "L don't" → count.
  static func readable(_ forms: FormEvidence) throws -> [String: UInt64] {
    var result: [String: UInt64] = [:]
    try forms.forEachSorted { key, count in result["\(Character(Unicode.Scalar(key[0]))) \(String(decoding: key.dropFirst(), as: UTF8.self))"] = count }
    return result
  }

  static func counted(_ files: [(String, String)], language: Language) throws -> CorpusCounter.Counted {
    let folder = Fixtures.temporaryFolder()
    let paths = files.map { Fixtures.file($0.0, Array($0.1.utf8), in: folder) }
    return try CorpusCounter.count(paths, decoder: LetterDecoder(language: language))
  }

  @Test("list evidence for apostrophe entries, text evidence away from sentence starts, case kept")
  func evidenceIsCountedExactly() throws {
    let counted = try Self.counted([("words.freq.txt", Self.list), ("text.txt", Self.text)], language: Self.english)
    #expect(try Self.readable(counted.forms) == [
      "L don't": 90, "L it's": 60,
      "T saw": 1, "T Haus": 2, "T and": 2, "T think": 1, "T I": 2, "T can": 1, "T will": 1, "T say": 1, "T don't": 1,
    ])
    // The word counts are as before: lowercase, apostrophes dropped.
    let words = try counted.words.sortedEntries().map { (String(String.UnicodeScalarView($0.word.map { Self.english.alphabet[Symbol.letterIndex(of: $0)] })), $0.count) }
    #expect(Dictionary(uniqueKeysWithValues: words) == ["dont": 100, "its": 100])
  }

  @Test("the same evidence whatever the chunks, and from two halves merged")
  func evidenceAddsUp() throws {
    let whole = try Self.counted([("text.txt", Self.text + Self.text)], language: Self.english).forms
    let halves = try Self.counted([("a.txt", Self.text), ("b.txt", Self.text)], language: Self.english).forms
    #expect(try Self.readable(whole) == Self.readable(halves))
    var counter = FormTextCounter(decoder: LetterDecoder(language: Self.english))
    Fixtures.feed(Array(Self.text.utf8), chunkSize: 3) { counter.consume($0) }
    counter.finishFile()
    #expect(try Self.readable(counter.evidence) == Self.readable(try Self.counted([("t.txt", Self.text)], language: Self.english).forms))
  }

  @Test("forms packed and read by the fast loop are the reader's own, key for key")
  func packedFormsAreTheReadersOwn() throws {
    // Plain words, capitals, sentence ends, digits (which spoil the words they touch), apostrophes
    // inside and after words, a 16- and a 17-letter word, letters outside the alphabet, French
    // elisions, and a line that ends inside a word.
    let english = "The Cat sat. NASA and O'Brien don't 3d x9 it's dogs' \"Quoted\" end?\nabcdefghijklmnop abcdefghijklmnopq Café FaÇade\nlast"
    let french = "L'Homme et l'homme, jusqu'à Aujourd'hui. C'est QU'IL faut\n"
    for (text, language) in [(english, Self.english), (french, Self.french)] {
      let bytes = Array(text.utf8)
      func evidence(packing: Bool, chunkSize: Int?) throws -> [String: UInt64] {
        var counter = FormTextCounter(decoder: LetterDecoder(language: language), packing: packing)
        Fixtures.feed(bytes, chunkSize: chunkSize) { counter.consume($0) }
        counter.finishFile()
        return try Self.readable(counter.evidence)
      }
      let plain = try evidence(packing: false, chunkSize: nil)
      // By hand: "Cat" and "O'Brien" away from a sentence start keep their capitals and
      // apostrophe; "The" and "abcdefghijklmnop" open a line.
      if language.code == "en" {
        #expect(plain["T Cat"] == 1 && plain["T O'Brien"] == 1 && plain["T The"] == nil && plain["T abcdefghijklmnop"] == nil, "\(plain)")
      }
      #expect(plain.count > 5)
      for chunkSize: Int? in [nil, 1, 5, 13] {
        #expect(try evidence(packing: true, chunkSize: chunkSize) == plain, "\(language.code), chunks of \(chunkSize ?? 0)")
      }
    }
  }

  typealias Form = LexiconForms.Form
  static func evidence(list: [[UInt8]: UInt64] = [:], text: [(UInt64, [UInt8], UInt64)] = []) -> LexiconForms.Evidence {
    var evidence = LexiconForms.Evidence()
    evidence.list = list
    for (capitals, apostrophes, count) in text { evidence.text[.init(capitals: capitals, apostrophes: apostrophes)] = count }
    return evidence
  }

  @Test("the rule: apostrophe variants over 10%, case patterns over 30% of at least 2 occurrences, shares multiplied")
  func formsAreChosenByTheRule() {
    // don't: list 90 of 100, text 1 → don't 91/101, dont 10/101 (under 10%, dropped).
    #expect(LexiconForms.choose(Self.evidence(list: [[3]: 90], text: [(0, [3], 1)]), wordCount: 100, length: 4)
            == [Form(share: 230, casing: 0, mask: 0, apostrophes: [3])])
    // its 40 / it's 60: both kept.
    #expect(LexiconForms.choose(Self.evidence(list: [[2]: 60]), wordCount: 100, length: 3)
            == [Form(share: 153, casing: 0, mask: 0, apostrophes: [2]), Form(share: 102, casing: 0, mask: 0, apostrophes: [])])
    // Haus twice capitalised; I twice (one letter: capitalised, not capitals).
    #expect(LexiconForms.choose(Self.evidence(text: [(1, [], 2)]), wordCount: 5, length: 4) == [Form(share: 255, casing: 1, mask: 0, apostrophes: [])])
    #expect(LexiconForms.choose(Self.evidence(text: [(1, [], 2)]), wordCount: 5, length: 1) == [Form(share: 255, casing: 1, mask: 0, apostrophes: [])])
    // One occurrence is too few: lowercase (the caller then writes no entry).
    #expect(LexiconForms.choose(Self.evidence(text: [(1, [], 1)]), wordCount: 5, length: 4) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    // NASA 3, nasa 1 → capitals 75%; Bill 6, bill 4 → both; iPhone mixed.
    #expect(LexiconForms.choose(Self.evidence(text: [(15, [], 3), (0, [], 1)]), wordCount: 5, length: 4) == [Form(share: 191, casing: 2, mask: 0, apostrophes: [])])
    #expect(LexiconForms.choose(Self.evidence(text: [(1, [], 6), (0, [], 4)]), wordCount: 9, length: 4)
            == [Form(share: 153, casing: 1, mask: 0, apostrophes: []), Form(share: 102, casing: 0, mask: 0, apostrophes: [])])
    #expect(LexiconForms.choose(Self.evidence(text: [(2, [], 5)]), wordCount: 9, length: 6) == [Form(share: 255, casing: 3, mask: 2, apostrophes: [])])
  }

  @Test("a built lexicon: each word's entry at its LEXI node, plain words left out, the section verified clean")
  func sectionForATinyCorpus() throws {
    let counted = try Self.counted([("words.freq.txt", Self.list + "haus 5\ni 9\nsaw 3\n"), ("text.txt", Self.text)], language: Self.english)
    let top = try counted.words.top(10)
    let choice = try LexiconChoice.make(words: counted.words, forms: counted.forms, language: Self.english, maximumWords: 10)
    let trie = try #require(try LexiconTrie(choice: choice, letterCount: 26, sources: []))
    let forms = try LexiconForms.make(words: top, trie: trie, forms: counted.forms, language: Self.english)
    let spelled = Dictionary(uniqueKeysWithValues: zip(top.map { String(String.UnicodeScalarView($0.word.map { Self.english.alphabet[Symbol.letterIndex(of: $0)] })) },
                                                       trie.wordNodes(top.map { Symbol.letterIndices($0.word) })))
    let byNode = Dictionary(uniqueKeysWithValues: forms.entries.map { ($0.node, $0.forms) })
    #expect(byNode[spelled["dont"]!] == [Form(share: 230, casing: 0, mask: 0, apostrophes: [3])])
    #expect(byNode[spelled["its"]!] == [Form(share: 153, casing: 0, mask: 0, apostrophes: [2]), Form(share: 102, casing: 0, mask: 0, apostrophes: [])])
    #expect(byNode[spelled["haus"]!] == [Form(share: 255, casing: 1, mask: 0, apostrophes: [])])
    #expect(byNode[spelled["i"]!] == [Form(share: 255, casing: 1, mask: 0, apostrophes: [])])
    #expect(byNode[spelled["saw"]!] == nil)
    #expect(forms.entries.count == 4)
    #expect(TableVerifier.writtenFormsProblems(forms.section, fileOffset: 0, lexicon: LexiconSection.make(trie)).isEmpty)
  }

  @Test("a list of written forms: one word a line, case kept, no letter or word counts; it decides only where the text is thin")
  func dictionaryEvidence() throws {
    let language = Language(code: "en", name: "English", alphabet: Self.english.alphabet,
                            sources: [SourceRule(files: "*.freq.txt", feeds: .words), SourceRule(files: "forms.txt", feeds: .forms),
                                      SourceRule(files: "*", feeds: .letters)])
    // "e-mail" is two words and "Rock and Roll" three: no evidence. "London" is listed twice, once per line.
    let counted = try Self.counted([("forms.txt", "Haus\nbill\nBill\nLondon\nLondon\nNASA\ne-mail\nRock and Roll\r\n"),
                                    ("text.txt", "we saw haus and haus here\n")], language: language)
    #expect(try Self.readable(counted.forms) == [
      "D Haus": 1, "D bill": 1, "D Bill": 1, "D London": 2, "D NASA": 1,
      "T saw": 1, "T haus": 2, "T and": 1, "T here": 1,
    ])
    #expect(try counted.counts.symbolTotal() == Self.letterTotal(of: "we saw haus and haus here\n", language: language))
    // The text's two lowercase "haus" outweigh the dictionary's "Haus"; with one it would not.
    var haus = Self.evidence(text: [(0, [], 2)])
    haus.dictionary = [1]
    #expect(LexiconForms.choose(haus, wordCount: 5, length: 4) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    haus = Self.evidence(text: [(0, [], 1)])
    haus.dictionary = [1]
    #expect(LexiconForms.choose(haus, wordCount: 5, length: 4) == [Form(share: 255, casing: 1, mask: 0, apostrophes: [])])
    // Listed in lowercase too: lowercase. Capitalised and in capitals: both, capitalised first.
    var bill = Self.evidence()
    bill.dictionary = [0, 1]
    #expect(LexiconForms.choose(bill, wordCount: 5, length: 4) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    var nasa = Self.evidence()
    nasa.dictionary = [15, 1]
    #expect(LexiconForms.choose(nasa, wordCount: 5, length: 4)
            == [Form(share: 128, casing: 1, mask: 0, apostrophes: []), Form(share: 128, casing: 2, mask: 0, apostrophes: [])])
  }

  /// The letter counts' total for `text` alone: what a forms list must not add to.
  static func letterTotal(of text: String, language: Language) throws -> UInt64 {
    try counted([("text.txt", text)], language: language).counts.symbolTotal()
  }

  // MARK: French elisions

  @Test("boundary: an apostrophe splits only after a clitic (jusqu'à, l’homme), any other word stays whole")
  func elisionsSplitOnlyAfterClitics() throws {
    let text = "jusqu'à aujourd'hui l’homme quelqu'un presqu'île d'abord\n"
    let expected: [String: UInt64] = ["jusqu": 1, "à": 1, "aujourdhui": 1, "l": 1, "homme": 1, "quelquun": 1, "presquîle": 1, "d": 1, "abord": 1]
    let alphabet = Self.french.alphabet
    func spelled(_ words: [[UInt8]: UInt64]) -> [String: UInt64] {
      Dictionary(uniqueKeysWithValues: words.map { (String(String.UnicodeScalarView($0.key.map { alphabet[Symbol.letterIndex(of: $0)] })), $0.value) })
    }
    for size in [1, 2, 5, 1000] {
      var counter = TextWordCounter(decoder: LetterDecoder(language: Self.french))
      try Fixtures.feed(Array(text.utf8), chunkSize: size) { try counter.consume($0) }
      try counter.finishFile()
      #expect(spelled(counter.words.counts) == expected, "chunks of \(size)")
      var split = SplitTextWordCounter(decoder: LetterDecoder(language: Self.french))
      try Fixtures.feed(Array(text.utf8), chunkSize: size) { try split.consume($0) }
      try split.finishFile()
      #expect(spelled(try split.words().counts) == expected, "split, chunks of \(size)")
    }
    // A word list splits alike and records the apostrophe forms; the letters still split at every apostrophe.
    var language = Self.french
    language.sources = [SourceRule(files: "*", feeds: [.words, .letters])]
    let counted = try Self.counted([("fr.freq.txt", "jusqu'à 7\naujourd'hui 5\n"), ("t.txt", text)], language: language)
    let forms = try Self.readable(counted.forms)
    // A clitic is written without the apostrophe that ends it: on the keyboard, that is the key the host types.
    #expect(forms["L jusqu'"] == nil && forms["L aujourd'hui"] == 5)
    #expect(forms["T aujourd'hui"] == 1 && forms["T l"] == 1 && forms["T l'"] == nil && forms["T presqu'île"] == 1 && forms["T jusqu'"] == nil)
    let words = spelled(Dictionary(uniqueKeysWithValues: try counted.words.sortedEntries().map { ($0.word, $0.count) }))
    #expect(words["jusqu"] == 8 && words["à"] == 8 && words["aujourdhui"] == 6)
    // Written forms: aujourd'hui keeps its apostrophe.
    #expect(LexiconForms.choose(Self.evidence(list: [[7]: 5], text: [(0, [7], 1)]), wordCount: 5, length: 10) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [7])])
  }

  @Test("boundary: a clitic and the word after its apostrophe also count as one word written with it, as web text joins them")
  func elidedPairsAreTextEvidenceOfTheJoinedWord() throws {
    var language = Self.french
    language.elisions = ["c", "l", "qu"]
    // The third C'est opens a sentence; "l' homme" has a space after the apostrophe.
    let text = "oui c'est ça, c'est l'Inde qu'il voit. C'est l' homme\n"
    let counted = try Self.counted([("t.txt", text)], language: language)
    #expect(try Self.readable(counted.forms) == [
      "T c": 2, "T est": 3, "T ça": 1, "T l": 2, "T Inde": 1, "T qu": 1, "T il": 1, "T voit": 1, "T homme": 1,
      "T c'est": 2, "T l'Inde": 1, "T qu'il": 1,
    ])
    // Under the transparent rule the reader never splits there, so nothing is joined twice.
    let transparent = try Self.counted([("t.txt", text)], language: Self.english)
    #expect(try Self.readable(transparent.forms)["T c'est"] == 2 && Self.readable(transparent.forms)["T c"] == nil)
  }

  @Test("boundary: a word no dictionary holds, joined from an elided pair at least 5 times, is written with the apostrophe; the text alone weighs it")
  func elidedPairsChooseTheApostrophe() {
    let clitics: Set<[UInt8]> = [[3], [12]]  // c, l
    func forms(_ word: String, _ evidence: LexiconForms.Evidence, wordCount: UInt64 = 13_490) -> [Form] {
      var evidence = evidence
      let symbols = word.unicodeScalars.map { Symbol.letter(Self.french.letterIndex[$0]!) }
      evidence.keepElisionsOfRejectedWord(symbols, clitics: clitics)
      return LexiconForms.choose(evidence, wordCount: wordCount, length: symbols.count)
    }
    // cest: c'est 486 times, C'est 15 (capitalised, under 30%: 486 of 501 → 247 of 255); the list's "ce'st" and its plain count no longer weigh.
    #expect(forms("cest", Self.evidence(list: [[2]: 10], text: [(0, [1], 486), (1, [1], 15)])) == [Form(share: 247, casing: 0, mask: 0, apostrophes: [1])])
    // lon: l'on 366, lon 9 (2.4%, under 10%; 366 of 375 → 249).
    #expect(forms("lon", Self.evidence(text: [(0, [1], 366), (0, [], 9)])) == [Form(share: 249, casing: 0, mask: 0, apostrophes: [1])])
    // Four times is too few, and a dictionary word keeps its letters however often the text elides it.
    #expect(forms("lhomme", Self.evidence(text: [(0, [1], 4)])) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    var accepted = Self.evidence(text: [(0, [1], 50), (0, [], 5)])
    accepted.isAccepted = true
    #expect(forms("cela", accepted) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    accepted.isAccepted = false
    accepted.dictionary = [0]
    #expect(forms("cela", accepted) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])
    // An apostrophe after letters that are no clitic is any other apostrophe: the list still weighs it.
    #expect(forms("aujourdhui", Self.evidence(list: [[7]: 5], text: [(0, [7], 1)]), wordCount: 5) == [Form(share: 255, casing: 0, mask: 0, apostrophes: [7])])
    #expect(forms("aujourdhui", Self.evidence(list: [[7]: 5], text: [(0, [7], 1)]), wordCount: 500) == [Form(share: 252, casing: 0, mask: 0, apostrophes: [])])
  }

  // MARK: The manifest

  static func manifest(_ extra: String) throws(ManifestError) -> Language {
    let path = Fixtures.file("language.json", Array(#"{"code":"xx","name":"Toy","alphabet":"abcqu","#.utf8) + Array(extra.utf8) + Array("}".utf8))
    return try LanguageManifest.load(path)
  }

  @Test func manifestElisionsAndApostrophe() throws {
    let good = try Self.manifest(#""apostrophes":"boundary","elisions":["qu","a"],"apostrophe":"’""#)
    #expect(good.elisions == ["qu", "a"] && good.apostrophe == "\u{2019}")
    #expect(try Self.manifest(#""apostrophes":"boundary""#).apostrophe == "'")
    let transparent = #expect(throws: ManifestError.self) { try Self.manifest(#""elisions":["a"]"#) }
    #expect(transparent?.field == "elisions" && transparent?.problem.contains("boundary") == true)
    let foreign = #expect(throws: ManifestError.self) { try Self.manifest(#""apostrophes":"boundary","elisions":["l"]"#) }
    #expect(foreign?.field == "elisions[0]" && foreign?.problem.contains("not a lowercase letter of the alphabet") == true)
    let capital = #expect(throws: ManifestError.self) { try Self.manifest(#""apostrophes":"boundary","elisions":["a","Qu"]"#) }
    #expect(capital?.field == "elisions[1]")
    let twice = #expect(throws: ManifestError.self) { try Self.manifest(#""apostrophes":"boundary","elisions":["a","a"]"#) }
    #expect(twice?.problem.contains("twice") == true)
    let empty = #expect(throws: ManifestError.self) { try Self.manifest(#""apostrophes":"boundary","elisions":[""]"#) }
    #expect(empty?.field == "elisions[0]")
    let apostrophe = #expect(throws: ManifestError.self) { try Self.manifest(#""apostrophe":"`""#) }
    #expect(apostrophe?.field == "apostrophe" && apostrophe?.problem.contains("U+2019") == true)
    #expect(try Self.manifest(#""sources":[{"files":"d.txt","feeds":["forms"]}]"#).sources.first?.feeds == .forms)
    let mixed = #expect(throws: ManifestError.self) { try Self.manifest(#""sources":[{"files":"d.txt","feeds":["forms","letters"]}]"#) }
    #expect(mixed?.field == "sources[0].feeds" && mixed?.problem.contains("feeds nothing else") == true)
  }

  // MARK: Verify: each bad FORM byte is named

  /// A section of two entries: dont → don't; iphone → iPhone and iphone.
  static func sample() -> (form: [UInt8], lexicon: [UInt8]) {
    let letters = { (word: String) in word.unicodeScalars.map { UInt8($0.value - 97) } }
    let trie = LexiconTrie(words: [(letters("dont"), 10), (letters("iphone"), 5), (letters("a"), 3)], letterCount: 26, maximumWords: 10)!
    let nodes = trie.wordNodes([letters("dont"), letters("iphone")])
    let forms = LexiconForms(entries: [
      .init(node: nodes[0], forms: [Form(share: 200, casing: 0, mask: 0, apostrophes: [3])]),
      .init(node: nodes[1], forms: [Form(share: 180, casing: 3, mask: 2, apostrophes: []), Form(share: 75, casing: 0, mask: 0, apostrophes: [])]),
    ].sorted { $0.node < $1.node }, apostrophe: "'")
    return (forms.section, LexiconSection.make(trie))
  }

  static let headAndIds = 16 + 8 + 12  // head, 2 ids, 3 offsets: the pool starts here

  @Test("a bad FORM byte gets a problem naming its byte", arguments: [
    (4, 0x60, "the apostrophe U+60 is not"),
    (12, 1, "reserved bytes are not zero"),
    (0, 9, "do not make the section"),
    (16, 0, "ends no word"),
  ] as [(Int, UInt8, String)])
  func badHeadAndIds(at: Int, value: UInt8, problem: String) {
    var (form, lexicon) = Self.sample()
    #expect(TableVerifier.writtenFormsProblems(form, fileOffset: 1000, lexicon: lexicon).isEmpty)
    form[at] = value
    let problems = TableVerifier.writtenFormsProblems(form, fileOffset: 1000, lexicon: lexicon)
    #expect(problems.contains { $0.contains(problem) && $0.contains("FORM byte") && $0.contains("file byte") }, "\(problems)")
  }

  @Test func badPoolBytes() {
    let (good, lexicon) = Self.sample()
    func problems(_ change: (inout [UInt8]) -> Void) -> [String] {
      var form = good
      change(&form)
      return TableVerifier.writtenFormsProblems(form, fileOffset: 0, lexicon: lexicon)
    }
    let pool = Self.headAndIds
    // Which entry comes first depends on the node order: find each by its shape.
    let mixedAt = good[pool + 1] == 3 ? pool : pool + 2 + 1 + 0
    #expect(problems { $0[16 + 4] = $0[16] }.contains { $0.contains("does not follow") })
    #expect(problems { $0[16 + 8] = 1 }.contains { $0.contains("first pool offset") })
    #expect(problems { $0[good.count - 1] = 9 }.contains { $0.contains("padding byte") })
    #expect(problems { $0[pool] = 0 }.contains { $0.contains("share 0") })
    #expect(problems { $0[pool + 1] |= 0x10 }.contains { $0.contains("reserved bits") })
    // The apostrophe form: its position past the word's 4 letters; the mixed form's mask degenerate or too long.
    let apostropheAt = good[pool + 1] == 0b0100 ? pool : pool + 2 + 8 + 2
    #expect(problems { $0[apostropheAt + 2] = 9 }.contains { $0.contains("apostrophe position 9") })
    #expect(problems { $0[mixedAt + 2] = 1 }.contains { $0.contains("degenerate") })
    #expect(problems { $0[mixedAt + 2] = 0x80 }.contains { $0.contains("at or past the word's 6 letters") })
    // The second form of the iPhone entry made like the first, and a share rising.
    let second = mixedAt + 10
    #expect(problems { $0[second + 1] = 3; $0[second] = 180 }.contains { $0.contains("cut by") || $0.contains("repeats") })
    #expect(problems { $0[second] = 181 }.contains { $0.contains("shares do not increase") })
    #expect(TableVerifier.writtenFormsProblems(good, fileOffset: 0, lexicon: nil).contains { $0.contains("must have LEXI") })
  }

  @Test func aLonePlainFormIsRefused() {
    let letters = { (word: String) in word.unicodeScalars.map { UInt8($0.value - 97) } }
    let trie = LexiconTrie(words: [(letters("ab"), 10)], letterCount: 26, maximumWords: 10)!
    let forms = LexiconForms(entries: [.init(node: trie.wordNodes([letters("ab")])[0], forms: [Form(share: 255, casing: 0, mask: 0, apostrophes: [])])], apostrophe: "'")
    #expect(TableVerifier.writtenFormsProblems(forms.section, fileOffset: 0, lexicon: LexiconSection.make(trie)).contains { $0.contains("the default") })
  }
}

/// A look at a built table's forms: `KEYGRAM_FORMS_DUMP=table.keygram:word,word swift test --filter WrittenFormsDump`.
@Suite("Written forms dump")
struct WrittenFormsDump {
  @Test func dump() throws {
    guard let request = ProcessInfo.processInfo.environment["KEYGRAM_FORMS_DUMP"] else { return }
    let parts = request.split(separator: ":", maxSplits: 1).map(String.init)
    let table = try KeyGramTable(contentsOf: parts[0])
    let section = { (tag: TableFormat.Tag) in table.sections.sections.first { $0.tag == tag }.map { table.bytes.slice(from: $0.offset, length: $0.length).array } }
    let lexicon = try #require(section(TableFormat.Section.lexicon)), form = try #require(section(TableFormat.Section.writtenForms))
    let alphabet = table.alphabet
    // Each node's word, breadth first.
    let n = Int(lexicon[0]) | Int(lexicon[1]) << 8 | Int(lexicon[2]) << 16 | Int(lexicon[3]) << 24
    var words = [String](repeating: "", count: n)
    var next = 1
    for v in 0..<n {
      for child in next..<(next + Int(lexicon[32 + n + v])) { words[child] = words[v] + String(alphabet[Int(lexicon[32 + child])]) }
      next += Int(lexicon[32 + n + v])
    }
    func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(form[at + $1]) << (8 * $1) } }
    let f = u32(0), apostrophe = Character(Unicode.Scalar(UInt32(u32(4)))!)
    let pool = TableFormat.WrittenForms.poolOffset(entryCount: f)
    var written: [String: String] = [:]
    for entry in 0..<f {
      let word = Array(words[u32(16 + 4 * entry)])
      var at = pool + u32(16 + 4 * f + 4 * entry), end = pool + u32(16 + 4 * f + 4 * entry + 4), shown: [String] = []
      while at < end {
        let share = form[at], shape = form[at + 1]
        at += 2
        var mask: UInt64 = 0
        switch shape & 3 { case 1: mask = 1; case 2: mask = .max; default: break }
        if shape & 3 == 3 { mask = (0..<8).reduce(UInt64(0)) { $0 | UInt64(form[at + $1]) << (8 * UInt64($1)) }; at += 8 }
        let positions = (0..<Int(shape >> 2 & 3)).map { Int(form[at + $0]) }
        at += positions.count
        var text = ""
        for (i, letter) in word.enumerated() {
          if positions.contains(i) { text.append(apostrophe) }
          text += i < 64 && mask & (1 << UInt64(i)) != 0 ? String(letter).uppercased() : String(letter)
        }
        if positions.contains(word.count) { text.append(apostrophe) }
        shown.append("\(text) \(share)")
      }
      written[String(word)] = shown.joined(separator: ", ")
    }
    for word in parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : [] {
      print("FORM \(word): \(written[word] ?? "(no entry: \(words.contains(word) ? "lowercase" : "not in the lexicon"))")")
    }
  }
}
