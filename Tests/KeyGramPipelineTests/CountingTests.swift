import Testing
@testable import KeyGramPipeline

/// Tiny corpora whose counts are checked by hand. Symbols: 0 is a boundary, letter i is i + 1.
@Suite("Decode and count")
struct CountingTests {
  let a = 1, b = 2, c = 3, e = 5, h = 8, s = 19, t = 20  // 1-based symbols in a–z

  @Test func theCatByHand() {
    // "the cat": words "the", "cat". Trigrams over ^ t h e $ c a t $ with boundaries collapsed:
    // (0,0,t) (0,t,h) (t,h,e) (h,e,0) (e,0,c) (0,c,a) (c,a,t) (a,t,0)
    let counts = Fixtures.count("the cat")
    #expect(counts.letters == 6)
    #expect(counts.words == 2)
    #expect(counts.unigram("t") == 2)
    #expect(counts.trigram(0, 0, t) == 1)
    #expect(counts.trigram(0, t, h) == 1)
    #expect(counts.trigram(t, h, e) == 1)
    #expect(counts.trigram(h, e, 0) == 1)
    #expect(counts.trigram(e, 0, c) == 1)
    #expect(counts.trigram(a, t, 0) == 1)
    #expect(counts.trigrams.reduce(0, +) == 8)
    #expect(counts.initials[t - 1] == 1 && counts.initials[c - 1] == 1)
    // Bigram row t: "th" once, "t$" once.
    #expect(counts.bigrams[t - 1][h - 1] == 1)
    #expect(counts.bigrams[t - 1][26] == 1)
  }

  @Test func caseFoldsAndPunctuationSeparates() {
    let counts = Fixtures.count("The THE, the!!  ...the\r\nthe")
    #expect(counts.words == 5)
    #expect(counts.unigram("t") == 5 && counts.unigram("h") == 5 && counts.unigram("e") == 5)
    #expect(counts.trigram(0, t, h) == 5)
  }

  @Test func apostrophesAreTransparent() {
    // "don't" counts as "dont"; a quote's apostrophes sit next to boundaries anyway.
    let counts = Fixtures.count("don't 'tis it\u{2019}s")
    #expect(counts.words == 3)
    #expect(counts.bigrams[13][19] == 1)  // n → t
    #expect(counts.bigrams[19][18] == 1)  // t → s, from it's
  }

  @Test func apostrophesCanBeBoundaries() {
    let counts = Fixtures.count("l'homme", language: Fixtures.language(apostrophes: false))
    #expect(counts.words == 2)
    #expect(counts.initials[7] == 1)  // h starts a word
  }

  @Test func hyphensDigitsAndNULEndWords() {
    let counts = Fixtures.count("well-known a1b c\u{0}d")
    #expect(counts.words == 6)  // well, known, a, b, c, d
    #expect(counts.letters == 13)
  }

  @Test func lettersOutsideTheAlphabetEndAWordAndAreCounted() {
    let counts = Fixtures.count("café naïve")
    #expect(counts.outsideAlphabet == 2)
    #expect(counts.words == 3)  // caf, na, ve
  }

  @Test func invalidUTF8IsCountedAndEndsAWord() {
    let bytes: [UInt8] = Array("ab".utf8) + [0xFF] + Array("cd".utf8) + [0xC3] + Array("e".utf8) + [0xED, 0xA0, 0x80]
    let counts = Fixtures.count(bytes)
    // Maximal subparts, as Unicode recommends: FF; C3 (no continuation); ED (A0 is out of its
    // range: a surrogate); then A0 and 80, each a lone continuation byte.
    #expect(counts.invalidUTF8 == 5)
    #expect(counts.words == 3)
  }

  @Test func byteOrderMarkAndSoftHyphenAreInvisible() {
    let counts = Fixtures.count("\u{FEFF}co\u{00AD}operate")
    #expect(counts.words == 1)
    #expect(counts.letters == 9)
  }

  let french = "abcdefghijklmnopqrstuvwxyzéèàçüß"

  @Test func nfdInputIsComposed() {
    let language = Fixtures.language(french, code: "fr")
    let composed = Fixtures.count("été", language: language)
    let decomposed = Fixtures.count("e\u{0301}te\u{0301}", language: language)
    #expect(composed.trigrams == decomposed.trigrams)
    #expect(composed.unigrams[26] == 2)  // é
    #expect(composed.unigrams[4] == 0)   // no bare e
  }

  @Test func fullUnicodeLowercasing() {
    let language = Fixtures.language(french, code: "fr")
    let counts = Fixtures.count("ÉTÉ Ü SS ß ẞ", language: language)
    #expect(counts.unigrams[26] == 2)  // É → é
    #expect(counts.unigrams[30] == 1)  // Ü → ü
    #expect(counts.unigrams[31] == 2)  // ß stays ß, ẞ lowercases to ß
    #expect(counts.unigram("s") == 2)
  }

  @Test func dottedCapitalIBecomesI() {
    let counts = Fixtures.count("İstanbul")
    #expect(counts.outsideAlphabet == 0)
    #expect(counts.words == 1)
    #expect(counts.unigram("i") == 1)
  }

  @Test func cyrillicCaseAndYo() {
    let russian = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    let language = Fixtures.language(russian, code: "ru")
    let counts = Fixtures.count("ЁЛКА ёлка Й и\u{0306}", language: language)
    let yo = Array(russian).firstIndex(of: "ё")!, short = Array(russian).firstIndex(of: "й")!
    #expect(counts.unigrams[yo] == 2)
    #expect(counts.unigrams[short] == 2)  // Й, and и + combining breve composed
    #expect(counts.words == 4)
  }

  @Test("Splitting the input anywhere gives the same counts", arguments: [1, 2, 3, 5, 64])
  func chunkingDoesNotMatter(chunkSize: Int) {
    let language = Fixtures.language(french, code: "fr")
    let text = "Où est l'été? E\u{0301}té, garçon — ça va… \u{1F600} bien!"
    let whole = Fixtures.count(text, language: language)
    let pieces = Fixtures.count(text, language: language, chunkSize: chunkSize)
    #expect(pieces.trigrams == whole.trigrams, "trigram counts differ")
    #expect(pieces.outsideAlphabet == whole.outsideAlphabet && pieces.invalidUTF8 == whole.invalidUTF8)
  }

  @Test func countsMergeByAddition() {
    let whole = Fixtures.count("the cat sat")
    let parts = Fixtures.count("the cat") + Fixtures.count("sat")
    // Only what crosses the cut differs: "t ␣ s" in the whole, "␣ ␣ s" in the parts.
    #expect(whole.trigram(a, t, 0) == 2 && parts.trigram(a, t, 0) == 2)
    #expect(whole.trigram(t, 0, s) == 1 && parts.trigram(0, 0, s) == 1)
    #expect(whole.derived == parts.derived)
  }

  @Test func frequencyListWordsAreWeighted() {
    var counts = NgramCounts(letterCount: 26)
    counts.addWord([UInt8(t), UInt8(h), UInt8(e)], weight: 10)
    #expect(counts.trigram(0, 0, t) == 10 && counts.trigram(t, h, e) == 10 && counts.trigram(h, e, 0) == 10)
    #expect(counts.derived == Fixtures.count(String(repeating: "the ", count: 10)).derived)
  }
}

@Suite("Frequency lists")
struct FrequencyListTests {
  let list = "the\t3\ncat 2\r\nDon't\t1\n\n"

  func counts(_ text: String, chunkSize: Int? = nil) throws -> NgramCounts {
    var counter = FrequencyListCounter(decoder: LetterDecoder(language: Fixtures.language()), path: "list.txt")
    let bytes = Array(text.utf8)
    let size = chunkSize ?? max(bytes.count, 1)
    for start in stride(from: 0, to: bytes.count, by: size) {
      try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { try counter.consume($0) }
    }
    try counter.finish()
    return counter.counts
  }

  @Test func weightsEachWordByItsCount() throws {
    // the×3, cat×2, dont×1 (the apostrophe is transparent, case folds).
    let counts = try counts(list)
    #expect(counts.unigram("t") == 3 + 2 + 1)
    #expect(counts.unigram("h") == 3 && counts.unigram("e") == 3)
    #expect(counts.unigram("c") == 2 && counts.unigram("a") == 2)
    #expect(counts.unigram("d") == 1 && counts.unigram("o") == 1 && counts.unigram("n") == 1)
    #expect(counts.words == 6 && counts.frequencyListWords == 6)
    #expect(counts.initials[19] == 3 && counts.initials[2] == 2 && counts.initials[3] == 1)
    #expect(counts.bigrams[19][7] == 3)   // t → h
    #expect(counts.bigrams[19][26] == 3)  // t → end: cat ×2, dont ×1
    #expect(counts.trigram(0, 20, 8) == 3)  // ^ t h
  }

  @Test(arguments: [1, 2, 7])
  func linesSplitAcrossChunks(chunkSize: Int) throws {
    #expect(try counts(list, chunkSize: chunkSize) == counts(list))
  }

  @Test func aLineWithoutACountIsAnErrorNamingIt() throws {
    let error = #expect(throws: FrequencyListError.self) { try counts("the\t3\nthree cats\n") }
    #expect(error?.line == 2 && error?.byteOffset == 6)
    #expect(error?.description == "list.txt:2 (text byte 6): expected \"word<TAB>count\" or \"word count\", found \"three cats\"")
  }

  @Test func aBadLineLateInALargeListStopsTheReaderCleanly() throws {
    // Several megabytes, so the reader thread is several chunks ahead when counting fails.
    let folder = Fixtures.temporaryFolder()
    let good = String(repeating: "the\t3\nquick 2\n", count: 300_000)
    let list = Fixtures.file("big.freq.txt", Array((good + "broken line\n" + good).utf8), in: folder)
    let other = Fixtures.file("text.txt", Array("more text".utf8), in: folder)
    let error = #expect(throws: FrequencyListError.self) {
      _ = try Pipeline.count([list, other], decoder: LetterDecoder(language: Fixtures.language()))
    }
    #expect(error?.line == 600_001)
  }

  @Test func gzippedListThroughThePipeline() throws {
    let path = Fixtures.file("words.freq.gz", Fixtures.gzipMember(list))
    let (counts, provenance) = try Pipeline.count([path], decoder: LetterDecoder(language: Fixtures.language()))
    #expect(counts.derived == (try self.counts(list)).derived)
    #expect(provenance.frequencyListWords == 6)
  }
}
