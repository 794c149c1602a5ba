import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// Case and script rules that the builder applies and the table carries, so the runtime reads
/// text the way the table was counted: Turkish dotted and dotless i, composed or not.
@Suite("Case rules: the builder and the runtime agree")
struct CaseRulesTests {
  static let turkish = Language(code: "tr", name: "Turkish", alphabet: Array("abcçdefgğhıijklmnoöprsştuüvyz".unicodeScalars))

  /// "istanbul ılık iğne" in four spellings: lowercase, capitals, NFD capitals (İ as I + U+0307,
  /// Ğ as G + U+0306) and mixed case.
  static let spellings = [
    "istanbul ılık iğne\n",
    "İSTANBUL ILIK İĞNE\n",
    "I\u{307}STANBUL ILIK I\u{307}G\u{306}NE\n",
    "İstanbul Ilık İğne\n",
  ]

  @Test func theReadingsScanMissesNoScalarOfTheWholeCodeSpace() {
    // The TEXT readings are found in part of the code space; the whole of it gives the same scalars.
    let whole = TableImage.readingCandidates(in: [0x80...0x10_FFFF])
    #expect(whole.count > 2_000)
    #expect(TableImage.readingCandidates == whole)
  }

  @Test func turkishCasesByDefault() {
    #expect(Self.turkish.caseMappings == ["I": "ı", "İ": "i"])
    #expect(Self.turkish.uppercase(of: "i") == "İ" && Self.turkish.uppercase(of: "ı") == "I")
    // A manifest's own mapping wins; other languages get none.
    let own = Language(code: "tr", name: "Turkish", alphabet: Self.turkish.alphabet, caseMappings: ["I": "i"])
    #expect(own.caseMappings["I"] == "i")
    #expect(Fixtures.language().caseMappings.isEmpty)
  }

  static let greek = Language(code: "el", name: "Greek", alphabet: Array("αβγδεζηθικλμνξοπρςστυφχψωό".unicodeScalars))

  /// Greek in the spellings of `spellings`, with σ and ς where Unicode's lowercasing puts them:
  /// a capital Σ ending a word after a letter (the text's end, a format character or an
  /// apostrophe between included) is ς; Σ alone, or with a letter after it, is σ.
  static let greekSpellings = [
    "πως σας οδός σ. ασ'α ας\u{AD} τελος\n",
    "ΠΩΣ ΣΑΣ ΟΔΌΣ Σ. ΑΣ'Α ΑΣ\u{AD} ΤΕΛΟΣ\n",
    "ΠΩΣ ΣΑΣ ΟΔΟ\u{301}Σ Σ. ΑΣ'Α ΑΣ\u{AD} ΤΕΛΟΣ",
    "Πως Σας Οδός Σ. Ασ'α Ας\u{AD} Τελος\n",
  ]

  @Test func aCapitalSigmaThatEndsAWordIsFinal() throws {
    // ς stores itself as its capital, so Σ reads as σ; the final-form pair goes in the table.
    let greek = Self.greek, alphabet = String(String.UnicodeScalarView(greek.alphabet))
    #expect(greek.uppercase(of: "σ") == "Σ" && greek.uppercase(of: "ς") == "ς" && greek.uppercase(of: "α") == "Α")
    #expect(greek.finalForms.map { [$0.letter, $0.finalForm] } == [[18, 17]])
    let counts = Self.greekSpellings.map { Fixtures.count($0, language: greek) }
    // By hand: ς ends πως, σας, οδός, ας, τελος (5); σ starts σας, stands alone, and sits in ασα (3).
    #expect(counts[0].unigram("ς", alphabet: alphabet) == 5 && counts[0].unigram("σ", alphabet: alphabet) == 3)
    for (spelling, count) in zip(Self.greekSpellings, counts) { #expect(count == counts[0], "\(spelling)") }
    // A capital cut from the word end by a chunk's end waits for the next chunk.
    for size in 1...7 { #expect(Fixtures.count(Self.greekSpellings[1], language: greek, chunkSize: size) == counts[0], "chunks of \(size)") }
    // The word counter and the frequency list spell the words alike.
    for spelling in Self.greekSpellings {
      let (words, _) = try WordCountingTests.words(of: spelling, alphabet: alphabet, chunkSize: 3)
      #expect(words == ["πως": 1, "σας": 1, "οδός": 1, "σ": 1, "ασα": 1, "ας": 1, "τελος": 1], "\(spelling)")
    }
    var list = FrequencyListCounter(decoder: LetterDecoder(language: greek), path: "list.txt")
    try Array("ΟΔΌΣ\t2\nΣΑΣ 1\n".utf8).withUnsafeBytes { try list.consume($0) }
    try list.finishFile()
    #expect(list.counts.unigram("ς", alphabet: alphabet) == 3 && list.counts.unigram("σ", alphabet: alphabet) == 1)
  }

  @Test func aSigmaBeforeALetterThatAMarkTakesOutOfTheAlphabetIsFinal() throws {
    // ΑΣΛ̂: Λ with a circumflex is no Greek letter, so it counts as a boundary and the word ends
    // at Σ (ς). ΑΣΌ is still a letter after Σ until its second mark takes it out too.
    let greek = Self.greek, alphabet = String(String.UnicodeScalarView(greek.alphabet))
    let text = "ΑΣΛ\u{302} ΑΣΛ ΑΣΟ\u{301}\u{302} ΑΣΣ\u{302}\n"
    for size: Int? in [nil, 1, 2, 3, 5] {
      let counts = Fixtures.count(text, language: greek, chunkSize: size)
      // By hand: ς ends the first, third and fourth words' αΣ (3); σ sits in ασλ (1).
      #expect(counts.unigram("ς", alphabet: alphabet) == 3 && counts.unigram("σ", alphabet: alphabet) == 1, "chunks of \(size ?? 0)")
      #expect(counts.outsideAlphabet == 3, "chunks of \(size ?? 0)")
    }
    // A frequency list reads its words by the same rule.
    var list = FrequencyListCounter(decoder: LetterDecoder(language: greek), path: "list.txt")
    try Array("ΑΣΛ\u{302}\t2\nΑΣΛ\t1\nΑΣΟ\u{301}\u{302}\t1\n".utf8).withUnsafeBytes { try list.consume($0) }
    try list.finishFile()
    #expect(list.counts.unigram("ς", alphabet: alphabet) == 3 && list.counts.unigram("σ", alphabet: alphabet) == 1)
  }

  @Test func theRuntimeTakesTheFinalFormWhereTheBuilderDoes() throws {
    let folder = Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let corpus = Fixtures.file("el.txt", Array(String(repeating: Self.greekSpellings[0], count: 3).utf8), in: folder)
    var request = Pipeline.Request(language: Self.greek, inputs: [corpus], corpusFolder: folder, output: .image)
    request.minimumLetters = 0
    let table = try KeyGramTable(copying: try #require(Pipeline.build(request).image))
    let sigma = try #require(table.letterIndex(of: "σ")), finalSigma = try #require(table.letterIndex(of: "ς"))
    #expect(table.finalForm(ofLetter: sigma) == finalSigma && table.letter(withFinalForm: finalSigma) == sigma)
    #expect(table.letterIndex(of: "Σ") == sigma && !table.apostrophesEndWords)
    func context(_ text: String) -> LetterContext {
      var context = TypingContext(table: table)
      context.reset(textBeforeCursor: text)
      return context.letterContext
    }
    func recorded(_ text: String) -> TypingContext {
      var context = TypingContext(table: table)
      context.record(contentsOf: text)
      return context
    }
    // The word end makes Σ final; while the word is open it is σ; Σ alone stays σ.
    for (typed, reads) in [("ΠΩΣ ", "πως "), ("ΠΩΣ", "πωσ"), ("ΟΔΟ\u{301}Σ.", "οδός."), ("Σ ", "σ "), ("ΑΣ\u{AD} ", "ας "), ("ΑΣ'Α", "ασα")] {
      #expect(context(typed) == context(reads), "\(typed)")
      #expect(recorded(typed).letterContext == context(reads), "\(typed)")
      #expect(table.context(after: typed) == context(reads), "\(typed)")
    }
    // Deleting the word's end gives σ back: typing goes on inside the word.
    var typing = recorded("ΠΩΣ ")
    typing.recordDeletion()
    #expect(typing.letterContext == context("πωσ"))
    typing.record("Α")
    #expect(typing.letterContext == context("πωσα"))
  }

  @Test func theRuntimeReadsApostrophesByTheTablesRule() throws {
    let folder = Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let corpus = Fixtures.file("fr.txt", Array(String(repeating: "l'homme aujourd'hui la maison\n", count: 3).utf8), in: folder)
    for transparent in [true, false] {
      let language = Fixtures.language("adehijlmnorsu", code: "fr", apostrophes: transparent)
      var request = Pipeline.Request(language: language, inputs: [corpus], corpusFolder: folder, output: .image)
      request.minimumLetters = 0
      let table = try KeyGramTable(copying: try #require(Pipeline.build(request).image))
      #expect(table.apostrophesEndWords == !transparent)
      for apostrophe in ["'", "\u{2019}", "\u{2BC}"] {
        var context = TypingContext(table: table)
        context.reset(textBeforeCursor: "l\(apostrophe)h")
        #expect(context.letterContext == table.context(after: transparent ? "lh" : "l h"), "\(apostrophe) transparent: \(transparent)")
      }
    }
  }

  @Test func everySpellingCountsAlike() {
    let counts = Self.spellings.map { Fixtures.count($0, language: Self.turkish) }
    // By hand: i in "istanbul" and "iğne" (2), ı twice in "ılık", ğ once; 16 letters, 3 words.
    let alphabet = "abcçdefgğhıijklmnoöprsştuüvyz"
    #expect(counts[0].unigram("i", alphabet: alphabet) == 2 && counts[0].unigram("ı", alphabet: alphabet) == 2)
    #expect(counts[0].unigram("ğ", alphabet: alphabet) == 1 && counts[0].letters == 16)
    #expect(counts[0].outsideAlphabet == 0)
    for (spelling, count) in zip(Self.spellings, counts) { #expect(count == counts[0], "\(spelling)") }
  }

  @Test func theRuntimeReadsEverySpellingAsTheBuilderCounted() throws {
    let folder = Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let corpus = Fixtures.file("tr.txt", Array(String(repeating: Self.spellings[0], count: 3).utf8), in: folder)
    var request = Pipeline.Request(language: Self.turkish, inputs: [corpus], corpusFolder: folder, output: .image)
    request.minimumLetters = 0
    let table = try KeyGramTable(copying: try #require(Pipeline.build(request).image))
    #expect(table.letterIndex(of: "İ") == table.letterIndex(of: "i") && table.letterIndex(of: "I") == table.letterIndex(of: "ı"))
    let contexts = ["ist", "İST", "I\u{307}ST", "İst", "iST"].map { text -> LetterContext in
      var context = TypingContext(table: table)
      context.reset(textBeforeCursor: text)
      return context.letterContext
    }
    for context in contexts { #expect(context == contexts[0]) }
    var dotless = TypingContext(table: table)
    dotless.reset(textBeforeCursor: "ILI")
    var lower = TypingContext(table: table)
    lower.reset(textBeforeCursor: "ılı")
    #expect(dotless.letterContext == lower.letterContext && dotless.letterContext != contexts[0])
  }
}

/// Every shipped language: one text in lowercase, in capitals (each letter's capital as the
/// table stores it), with capitalised words, and decomposed (NFD) counts alike in the builder,
/// and the runtime reads the four alike into the same context.
@Suite("Case rules: every shipped language reads capitals and NFD as it counts them")
struct ShippedCaseRulesTests {
  static let corpora = CorpusFolder(root: Fixtures.packageRoot + "/corpora")

  /// About 3,000 characters of the language's held-out text, lowercased letter by letter.
  static func sample(_ language: Language) throws -> String {
    let folder = corpora.folder(for: language.code) + "/heldout"
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first { $0.hasSuffix(".gz") })
    let data = try Fixtures.readAll(folder + "/" + name)
    let text = String(decoding: data.prefix(200_000), as: UTF8.self).precomposedStringWithCanonicalMapping
    let letters = Set(language.alphabet)
    // Only letters of the alphabet and spaces: what a capital maps back to is the question here.
    let kept = String(String.UnicodeScalarView(text.unicodeScalars.map { letters.contains($0) ? $0 : " " }))
    // A word ends in a letter's final form, as lowercasing its capitals gives (Greek ς, not σ).
    let finalForms = Dictionary(uniqueKeysWithValues: language.finalForms.map { (language.alphabet[$0.letter], language.alphabet[$0.finalForm]) })
    let words = kept.split(separator: " ").prefix(500).map { word -> String in
      var scalars = Array(word.unicodeScalars)
      if scalars.count > 1, let finalForm = finalForms[scalars[scalars.count - 1]] { scalars[scalars.count - 1] = finalForm }
      return String(String.UnicodeScalarView(scalars))
    }
    return words.joined(separator: " ")
  }

  /// Lowercase, capitals (Unicode's for a final form: ς is Σ), capitalised words, and both in NFD.
  static func spellings(of text: String, in language: Language) -> [String] {
    let finalForms = Set(language.finalForms.map { language.alphabet[$0.finalForm] })
    let capital = { (scalar: Unicode.Scalar) in finalForms.contains(scalar) ? Language.uppercase(of: scalar) : language.uppercase(of: scalar) }
    let upper = String(String.UnicodeScalarView(text.unicodeScalars.map(capital)))
    let capitalised = text.split(separator: " ").map { word -> String in
      let scalars = Array(word.unicodeScalars)
      return String(String.UnicodeScalarView([capital(scalars[0])] + scalars.dropFirst()))
    }.joined(separator: " ")
    return [text, upper, capitalised, upper.decomposedStringWithCanonicalMapping, text.decomposedStringWithCanonicalMapping]
  }

  @Test(arguments: CorpusFolder(root: Fixtures.packageRoot + "/corpora").languageCodes)
  func capitalsAndNFDCountAndReadAlike(code: String) throws {
    let language = try Self.corpora.language(code)
    let text = try Self.sample(language)
    let spellings = Self.spellings(of: text, in: language)
    let counts = spellings.map { Fixtures.count($0, language: language) }
    #expect(counts[0].letters > 1_000 && counts[0].outsideAlphabet == 0)
    for (index, count) in counts.enumerated() { #expect(count == counts[0], "\(code): spelling \(index)") }

    let folder = Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let corpus = Fixtures.file("text.txt", Array(text.utf8), in: folder)
    var request = Pipeline.Request(language: language, inputs: [corpus], corpusFolder: folder, output: .image)
    request.minimumLetters = 0
    request.lexiconWords = 0
    let table = try KeyGramTable(copying: try #require(Pipeline.build(request).image))
    // Inside the last word, its last letter cut (an open word's Σ is σ until its end says otherwise).
    let contexts = spellings.map { spelling -> LetterContext in
      var context = TypingContext(table: table)
      context.reset(textBeforeCursor: String(spelling.suffix(40).dropLast()))
      return context.letterContext
    }
    for (index, context) in contexts.enumerated() { #expect(context == contexts[0], "\(code): spelling \(index)") }
    // The words a word history learns from each spelling, final forms included, are the lowercase text's.
    // (A word of more letters than a context remembers is never learned.)
    let words = Set(text.split(separator: " ")).map { $0.unicodeScalars.compactMap { table.letterIndex(of: $0) } }
      .filter { $0.count < TypingContext.historyCapacity }
    let learned = spellings.map { spelling -> [Float] in
      let history = WordHistory(capacity: 1 << 14)
      var context = TypingContext(table: table, wordHistory: history)
      context.record(contentsOf: spelling + " ")
      return words.map { history.count(ofWord: $0) }
    }
    #expect(learned[0].allSatisfy { $0 > 0 })
    for (index, counts) in learned.enumerated() {
      let differing = zip(counts, learned[0]).filter { $0 != $1 }.count
      #expect(differing == 0, "\(code): spelling \(index) learns \(differing) of \(words.count) words otherwise")
    }
  }

  /// The sample with an apostrophe inside every third word of four letters or more ("wo'rd"),
  /// written as `apostrophe`.
  static func withApostrophes(_ text: String, _ apostrophe: Unicode.Scalar) -> String {
    text.split(separator: " ").enumerated().map { index, word -> String in
      let scalars = Array(word.unicodeScalars)
      guard index % 3 == 0, scalars.count >= 4 else { return String(word) }
      return String(String.UnicodeScalarView(scalars[..<2] + [apostrophe] + scalars[2...]))
    }.joined(separator: " ")
  }

  @Test(arguments: CorpusFolder(root: Fixtures.packageRoot + "/corpora").languageCodes)
  func everyApostropheCountsWritesAndReadsAlike(code: String) throws {
    let language = try Self.corpora.language(code)
    let sample = try Self.sample(language)
    let texts = ["'", "\u{2019}", "\u{2BC}"].map { Self.withApostrophes(sample, Unicode.Scalar($0)!) }
    #expect(texts[0].contains("'"))
    let folder = Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The letter counts, the word counts and the form evidence: the same for each apostrophe.
    let counted = try texts.enumerated().map { index, text in
      try CorpusCounter.count([Fixtures.file("text\(index).txt", Array(text.utf8), in: folder)], decoder: LetterDecoder(language: language))
    }
    for index in 1..<3 {
      #expect(counted[index].counts == counted[0].counts, "\(code): apostrophe \(index)")
      #expect(try counted[index].words.sortedEntries().map(\.count) == counted[0].words.sortedEntries().map(\.count), "\(code): apostrophe \(index)")
      #expect(try WrittenFormsTests.readable(counted[index].forms) == WrittenFormsTests.readable(counted[0].forms), "\(code): apostrophe \(index)")
    }
    // A table of the first; the runtime reads the three alike, as the table's rule says.
    var request = Pipeline.Request(language: language, inputs: [Fixtures.file("text0.txt", Array(texts[0].utf8), in: folder)],
                                   corpusFolder: folder, output: .image)
    request.minimumLetters = 0
    request.lexiconWords = 0
    let table = try KeyGramTable(copying: try #require(Pipeline.build(request).image))
    let contexts = texts.map { text -> LetterContext in
      var context = TypingContext(table: table)
      context.reset(textBeforeCursor: String(text.suffix(60)))
      return context.letterContext
    }
    for index in 1..<3 { #expect(contexts[index] == contexts[0], "\(code): apostrophe \(index)") }
  }
}
