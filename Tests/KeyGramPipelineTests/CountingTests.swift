import Testing
@testable import KeyGramPipeline

/// Tiny corpora whose counts are checked by hand. Symbols: 0 is a boundary, letter i is i + 1.
@Suite("Decode and count")
struct CountingTests {
  let a = 1, b = 2, c = 3, d = 4, e = 5, h = 8, s = 19, t = 20  // 1-based symbols in a–z

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
    #expect(composed.quadgrams == decomposed.quadgrams)
    #expect(composed.unigrams[26] == 2)  // é
    #expect(composed.unigrams[4] == 0)   // no bare e
    // é is letter 26, symbol 27: ^ é t é ␣ gives (0,0,0,é) (0,0,é,t) (0,é,t,é) (é,t,é,0), and the
    // e each mark took back leaves no 4-gram behind.
    let eAcute = 27
    #expect(decomposed.quadgram(0, 0, 0, eAcute) == 1 && decomposed.quadgram(0, 0, eAcute, t) == 1)
    #expect(decomposed.quadgram(0, eAcute, t, eAcute) == 1 && decomposed.quadgram(eAcute, t, eAcute, 0) == 1)
    #expect(decomposed.quadgrams.reduce(0, +) == 4)
    #expect(decomposed.quadgram(0, 0, 0, e) == 0 && decomposed.quadgram(0, eAcute, t, e) == 0)
  }

  @Test func aLetterOfTwoMarksComposesFromItsOneMarkLetter() {
    // NFD ǖ is u, U+0308, U+0304: the diaeresis makes ü, then the macron ǖ (the decoder fuzz target's find).
    let language = Fixtures.language("uüǖ", code: "zh")
    let decomposed = Fixtures.count("u\u{0308}\u{0304}u\u{0308}", language: language)
    #expect(decomposed.quadgrams == Fixtures.count("ǖü", language: language).quadgrams)
    #expect(decomposed.unigrams == [0, 1, 1])
    #expect(decomposed.outsideAlphabet == 0)
  }

  @Test func aMarkThatComposesNothingTakesItsLetterBackAsABoundary() {
    // English has no b́: the b is taken back and the word ends there, so "ab\u{301}c" counts as
    // "a c": (0,0,0,a) (0,0,a,0) (0,a,0,c) (a,0,c,0).
    let counts = Fixtures.count("ab\u{0301}c")
    #expect(counts.outsideAlphabet == 1)
    #expect(counts.quadgram(0, 0, 0, a) == 1 && counts.quadgram(0, 0, a, 0) == 1)
    #expect(counts.quadgram(0, a, 0, c) == 1 && counts.quadgram(a, 0, c, 0) == 1)
    #expect(counts.quadgrams.reduce(0, +) == 4)
    #expect(counts.quadgrams == Fixtures.count("a c").quadgrams)
    // A letter alone before the mark leaves only the boundary already there: "x\u{301}yz" is "yz".
    #expect(Fixtures.count("x\u{0301}yz").quadgrams == Fixtures.count("yz").quadgrams)
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
    #expect(pieces.quadgrams == whole.quadgrams, "4-gram counts differ")
    #expect(pieces.outsideAlphabet == whole.outsideAlphabet && pieces.invalidUTF8 == whole.invalidUTF8)
  }

  /// Counts `bytes` fed as the pieces between `cuts` (byte offsets, ascending; empty pieces allowed).
  func count(_ bytes: [UInt8], cuttingAt cuts: [Int], language: Language) -> NgramCounts {
    var counter = LetterCounter(decoder: LetterDecoder(language: language))
    var start = 0
    for end in cuts + [bytes.count] {
      bytes[start..<end].withUnsafeBytes { counter.consume($0) }
      start = end
    }
    counter.finishFile()
    return counter.counts
  }

  @Test func fourGramsDoNotDependOnWhereTheInputIsCut() {
    // Every single cut (inside two-, three- and four-byte sequences, between E and its
    // combining acute, inside boundary runs), then a few runs of tiny pieces.
    let language = Fixtures.language(french, code: "fr")
    let bytes = Array("Où est l'été? E\u{0301}té, garçon — ça va… \u{1F600} bien! Déjà-vu \u{FF} fin".utf8)
    let whole = count(bytes, cuttingAt: [], language: language)
    #expect(whole.quadgram(0, 0, 0, 15) == 1)  // the text starts ^ ^ ^ o
    // o est l été été garçon ça va bien déjà vu fin: 34 letters; ù and ÿ are not French letters here.
    #expect(whole.letters == 34 && whole.outsideAlphabet == 2)
    for cut in 0...bytes.count {
      let pieces = count(bytes, cuttingAt: [cut], language: language)
      #expect(pieces.quadgrams == whole.quadgrams, "cut at byte \(cut)")
      #expect(pieces.outsideAlphabet == whole.outsideAlphabet && pieces.invalidUTF8 == whole.invalidUTF8, "cut at byte \(cut)")
    }
    for cuts in [[1, 2, 3], [5, 6, 7, 8], [14, 15, 16, 17, 18], [3, 11, 29, 47, 60]] {
      #expect(count(bytes, cuttingAt: cuts, language: language).quadgrams == whole.quadgrams, "cuts \(cuts)")
    }
  }

  @Test func fourGramsByHand() {
    // "abc abd" is a b c ␣ a b d ␣ after three boundaries of history at the start of the text;
    // each symbol is counted with the three before it:
    // (0,0,0,a) (0,0,a,b) (0,a,b,c) (a,b,c,0) (b,c,0,a) (c,0,a,b) (0,a,b,d) (a,b,d,0)
    let counts = Fixtures.count("abc abd")
    #expect(counts.quadgram(0, 0, 0, a) == 1)  // word start at the start of text
    #expect(counts.quadgram(0, 0, a, b) == 1)
    #expect(counts.quadgram(0, a, b, c) == 1)
    #expect(counts.quadgram(a, b, c, 0) == 1)
    #expect(counts.quadgram(b, c, 0, a) == 1)  // word start mid-text: the last word's letters before it
    #expect(counts.quadgram(c, 0, a, b) == 1)
    #expect(counts.quadgram(0, a, b, d) == 1)
    #expect(counts.quadgram(a, b, d, 0) == 1)
    #expect(counts.quadgrams.reduce(0, +) == 8)  // so nothing else, and no (0,0,0,0)
    #expect(counts.quadgram(0, 0, 0, 0) == 0)
    // Trigrams pool the first symbol: ^ab after ^ and after c; but ^^a (start of text) and
    // c␣a stay apart, as their 4-grams did.
    #expect(counts.trigram(0, a, b) == 2 && counts.trigram(a, b, c) == 1)
    #expect(counts.trigram(0, 0, a) == 1 && counts.trigram(c, 0, a) == 1)
    // Table rows: context ^ab (earlier = N) is followed by c and d; abc by the end of the word.
    var startAB = [UInt64](repeating: 0, count: 27)
    startAB[c - 1] = 1
    startAB[d - 1] = 1
    #expect(counts.quadgramRow(earlier: 26, previous: a - 1, last: b - 1) == startAB)
    var abc = [UInt64](repeating: 0, count: 27)
    abc[26] = 1
    #expect(counts.quadgramRow(earlier: a - 1, previous: b - 1, last: c - 1) == abc)
    // "c ab" has a boundary inside: it counts as (c,0,a,b), never in row cab.
    #expect(counts.quadgramRow(earlier: c - 1, previous: a - 1, last: b - 1).allSatisfy { $0 == 0 })

    // A boundary run is one boundary: leading, inner and trailing runs change nothing.
    #expect(Fixtures.count("  abc -- , abd.\n\n ").quadgrams == counts.quadgrams)
    #expect(Fixtures.count("  abc -- , abd.\n\n ").quadgram(c, 0, 0, a) == 0)
  }

  @Test func repeatedLettersByHand() {
    // "aaaaa aa": a a a a a ␣ a a ␣ →
    // (0,0,0,a) (0,0,a,a) (0,a,a,a) (a,a,a,a) (a,a,a,a) (a,a,a,0) (a,a,0,a) (a,0,a,a) (0,a,a,0)
    let counts = Fixtures.count("aaaaa aa")
    #expect(counts.quadgram(a, a, a, a) == 2)
    #expect(counts.quadgram(0, a, a, a) == 1 && counts.quadgram(0, a, a, 0) == 1)
    #expect(counts.quadgram(a, a, a, 0) == 1 && counts.quadgram(a, a, 0, a) == 1 && counts.quadgram(a, 0, a, a) == 1)
    #expect(counts.quadgrams.reduce(0, +) == 9)
    // Row "aaa": a twice, end once. Row "^aa": a once (aaaaa), end once (aa).
    #expect(counts.quadgramRow(earlier: 0, previous: 0, last: 0)[0] == 2 && counts.quadgramRow(earlier: 0, previous: 0, last: 0)[26] == 1)
    #expect(counts.quadgramRow(earlier: 26, previous: 0, last: 0)[0] == 1 && counts.quadgramRow(earlier: 26, previous: 0, last: 0)[26] == 1)
    #expect(counts.trigram(a, a, a) == 3)  // (a,a,a,a) ×2 + (0,a,a,a)
  }

  let prose = """
    It was the best of times, it was the worst of times; it was the age of wisdom, it was \
    the age of foolishness... In 1859 they didn't know it yet -- "Quick!" said Mr. O'Brien,
    and the well-known dog jumped over 3 lazy foxes.\r\nTHE END
    """

  @Test func trigramsAreFourGramsSummedOverTheirFirstSymbol() {
    let counts = Fixtures.count(prose)
    let width = 27
    var summed = [UInt64](repeating: 0, count: width * width * width)
    for first in 0..<width {
      for second in 0..<width {
        for third in 0..<width {
          for fourth in 0..<width {
            summed[(second * width + third) * width + fourth] += counts.quadgram(first, second, third, fourth)
          }
        }
      }
    }
    #expect(counts.trigrams == summed)
    // Every letter and every word end is one 4-gram.
    #expect(counts.quadgrams.reduce(0, +) == counts.letters + counts.words)
    #expect(counts.quadgram(0, t, h, e) == 7)  // word-initial "the": the ×6 (one of them THE) and "they"
  }

  @Test func fourGramsMatchAPlainRecount() {
    // The same text counted the slow way: letters fold to a–z, apostrophes vanish, anything
    // else is a boundary, runs collapse, and the text is framed by boundaries.
    let letters: ClosedRange<Unicode.Scalar> = "a"..."z"
    var symbols = [0, 0, 0]
    for scalar in prose.unicodeScalars where scalar != "'" {
      let lower = scalar.properties.lowercaseMapping.unicodeScalars.first!
      let symbol = letters.contains(lower) ? Int(lower.value) - 96 : 0
      if symbol == 0 && symbols.last == 0 { continue }
      symbols.append(symbol)
    }
    if symbols.last != 0 { symbols.append(0) }
    var expected = [UInt64](repeating: 0, count: 27 * 27 * 27 * 27)
    for i in 3..<symbols.count {
      expected[((symbols[i - 3] * 27 + symbols[i - 2]) * 27 + symbols[i - 1]) * 27 + symbols[i]] += 1
    }
    #expect(Fixtures.count(prose).quadgrams == expected)
  }

  @Test func countsMergeByAddition() throws {
    let whole = Fixtures.count("the cat sat")
    let parts = try Fixtures.count("the cat") + Fixtures.count("sat")
    // Only what crosses the cut differs: "t ␣ s" in the whole, "␣ ␣ s" in the parts.
    #expect(whole.trigram(a, t, 0) == 2 && parts.trigram(a, t, 0) == 2)
    #expect(whole.trigram(t, 0, s) == 1 && parts.trigram(0, 0, s) == 1)
    #expect(whole.derived == parts.derived)
  }

  @Test func frequencyListWordsAreWeighted() throws {
    var counts = NgramCounts(letterCount: 26)
    try counts.addWord([UInt8(t), UInt8(h), UInt8(e)], times: 10)
    #expect(counts.trigram(0, 0, t) == 10 && counts.trigram(t, h, e) == 10 && counts.trigram(h, e, 0) == 10)
    #expect(counts.derived == Fixtures.count(String(repeating: "the ", count: 10)).derived)
  }

  @Test func addWordCountsTheFourGramsOfTheWordBetweenBoundaries() throws {
    // "that": (0,0,0,t) (0,0,t,h) (0,t,h,a) (t,h,a,t) (h,a,t,0), each 3 times.
    var counts = NgramCounts(letterCount: 26)
    try counts.addWord([UInt8(t), UInt8(h), UInt8(a), UInt8(t)], times: 3)
    #expect(counts.quadgram(0, 0, 0, t) == 3 && counts.quadgram(0, 0, t, h) == 3 && counts.quadgram(0, t, h, a) == 3)
    #expect(counts.quadgram(t, h, a, t) == 3 && counts.quadgram(h, a, t, 0) == 3)
    #expect(counts.quadgrams.reduce(0, +) == 15)
    #expect(counts.quadgramRow(earlier: 26, previous: t - 1, last: h - 1)[a - 1] == 3)
    // The same as the word in running text with boundaries around it, three times over.
    let running = Fixtures.count("  that. ")
    #expect(running.quadgrams.reduce(0, +) == 5)
    #expect(try counts == running + running + running)
    // Its trigrams are still its 4-grams summed over the first symbol, and adding more words
    // (or empty ones) keeps them so.
    try counts.addWord([UInt8(a)], times: 2)
    try counts.addWord([], times: 5)
    try counts.addWord([UInt8(h), UInt8(a)], times: 0)
    #expect(counts == NgramCounts(letterCount: 26, quadgrams: counts.quadgrams))
    #expect(counts.quadgram(0, 0, 0, a) == 2 && counts.quadgram(0, 0, a, 0) == 2 && counts.quadgrams.reduce(0, +) == 19)
  }

  @Test func countsPast65535AreExact() {
    // 70,000 words cross 65,536, where a 16-bit cell would wrap.
    let words = 70_000
    let ascii = Fixtures.count(String(repeating: "abc ", count: words))
    #expect(ascii.quadgram(0, a, b, c) == UInt64(words))  // every word, the first after the start
    #expect(ascii.quadgram(b, c, 0, a) == UInt64(words - 1))
    #expect(ascii.trigram(0, a, b) == UInt64(words))
    // The same through the non-ASCII path, composed and decomposed: é␣é␣…: (␣, é, ␣, é) and
    // (é, ␣, é, ␣) each n − 1 times.
    let language = Fixtures.language("abcdeé", code: "fr")
    let composed = Fixtures.count(String(repeating: "\u{E9} ", count: words), language: language)
    let decomposed = Fixtures.count(String(repeating: "e\u{301} ", count: words), language: language)
    let eAcute = 6
    #expect(composed.quadgram(0, eAcute, 0, eAcute) == UInt64(words - 1))
    #expect(composed.quadgram(eAcute, 0, eAcute, 0) == UInt64(words - 1))
    #expect(composed.quadgrams == decomposed.quadgrams)
    #expect(decomposed.quadgram(0, e, 0, e) == 0)
  }

  @Test func foldingTheCellsKeepsEveryCountExact() {
    // The counter adds its 32-bit cells to 64-bit counts every `foldInterval` bytes. Folds
    // after every byte, or at odd intervals against odd chunk sizes, must change nothing:
    // not a take-back whose count went in at the fold before (e + U+0301 cut by a fold), not
    // a Greek capital's final form settled after a fold, not the dense layout's cells.
    let french = Fixtures.language("abcdeé", code: "fr")
    let cyrillic = (0x0430...0x043D).compactMap(Unicode.Scalar.init)
    let wide = Fixtures.language("abcdefghijklmnopqrstuvwxyz" + String(String.UnicodeScalarView(cyrillic)) + "\u{E9}", code: "xx")
    let texts: [(String, Language)] = [
      (String(repeating: "abc, de\u{301}a ", count: 40) + "e\u{301}", french),
      (CaseRulesTests.greekSpellings.joined(), CaseRulesTests.greek),
      (String(repeating: "e\u{301} \u{430}\u{431}c ", count: 30), wide),
    ]
    for (text, language) in texts {
      let whole = Fixtures.count(text, language: language)
      #expect(whole.quadgrams.reduce(0, +) > 0)
      for (interval, chunk) in [(1, nil), (2, 3), (3, 2), (5, 7), (64, 1), (97, nil)] as [(Int, Int?)] {
        let folded = Fixtures.count(text, language: language, chunkSize: chunk, foldInterval: interval)
        #expect(folded == whole, "folds every \(interval) bytes, chunks of \(chunk ?? 0)")
      }
    }
    // A take-back right after a fold leaves its cell at −1 until the counts are read: the e of
    // "e\u{301}" is counted, the fold adds it to the 64-bit counts, the mark takes it back.
    let edge = Fixtures.count("ee e\u{301} ", language: french, foldInterval: 4)
    #expect(edge.quadgram(0, e, 0, e) == 0 && edge.quadgram(e, 0, e, 0) == 0 && edge.quadgram(e, e, 0, 6) == 1)
  }

  @Test func alphabetsOver31LettersCountInTheDenseLayoutAlike() {
    // 26 Latin + 14 Cyrillic letters: 41 symbols do not fit 5 bits, so 4-grams are counted
    // through the dense pair tables rather than the packed history; the same counts and take-backs.
    let cyrillic = (0x0430...0x043D).compactMap(Unicode.Scalar.init)
    let language = Fixtures.language("abcdefghijklmnopqrstuvwxyz" + String(String.UnicodeScalarView(cyrillic)) + "\u{E9}", code: "xx")
    #expect(language.alphabet.count == 41)
    let words = 70_000
    let ascii = Fixtures.count(String(repeating: "abc ", count: words), language: language)
    #expect(ascii.quadgram(0, a, b, c) == UInt64(words))
    #expect(ascii.quadgram(b, c, 0, a) == UInt64(words - 1))
    let eAcute = 41
    let edge = Fixtures.count(String(repeating: "e ", count: 65_536) + "e\u{301} ", language: language)
    #expect(edge.quadgram(0, e, 0, e) == 65_535)
    #expect(edge.quadgram(0, e, 0, eAcute) == 1)
    #expect(edge.quadgrams.reduce(0, +) == 2 * 65_536 + 2)
  }

  @Test func alphabetsOver63LettersCountTrigramsOnly() {
    // 26 Latin + 38 Cyrillic letters: 64, one past what a QUAD mask can hold.
    let cyrillic = (0x0430...0x0455).compactMap(Unicode.Scalar.init)
    let alphabet = "abcdefghijklmnopqrstuvwxyz" + String(String.UnicodeScalarView(cyrillic))
    #expect(alphabet.unicodeScalars.count == 64)
    let language = Fixtures.language(alphabet, code: "xx")
    #expect(LetterCounter(decoder: LetterDecoder(language: language)).order == 3)
    let counts = Fixtures.count("abc abd", language: language)
    #expect(counts.quadgrams.count == 0)
    // ^^a ^ab abc bc$ c$a $ab abd bd$, as with 26 letters.
    #expect(counts.trigram(0, a, b) == 2 && counts.trigram(a, b, c) == 1 && counts.trigram(a, b, d) == 1)
    #expect(counts.trigram(c, 0, a) == 1 && counts.trigrams.reduce(0, +) == 8)
    let model = QuantisedModel(counts: counts)
    #expect(model.quadgram.count == 0)
    #expect(model.trigram.count == 65 * 64)
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
    try counter.finishFile()
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
      _ = try CorpusCounter.count([list, other], decoder: LetterDecoder(language: Fixtures.language()))
    }
    #expect(error?.line == 600_001)
  }

  @Test func countsPastUInt64MaxAreAnErrorNamingTheLine() throws {
    // "the" is four symbols (t h e, end of word): one line of c fits, the second passes UInt64.max.
    let c = UInt64.max / 5
    let error = #expect(throws: FrequencyListError.self) { try counts("the\t\(c)\nthe\t\(c)\n") }
    let firstLine = "the\t\(c)\n".utf8.count
    #expect(error?.path == "list.txt" && error?.line == 2 && error?.byteOffset == firstLine)
    #expect(error?.description.hasPrefix("list.txt:2 (text byte \(firstLine)): count out of range: ") == true)
    // UInt64.max itself fits the count field, but not the letters it stands for.
    let atMax = #expect(throws: FrequencyListError.self) { try counts("a\t1\nthe \(UInt64.max)\nthe \(UInt64.max)\n") }
    #expect(atMax?.line == 2 && atMax?.problem.hasPrefix("count out of range") == true)
  }

  @Test func aCountTooLargeForUInt64IsOutOfRange() throws {
    let error = #expect(throws: FrequencyListError.self) { try counts("the\t3\nthe\t99999999999999999999\n") }
    #expect(error?.line == 2 && error?.byteOffset == 6)
    #expect(error?.description == "list.txt:2 (text byte 6): count out of range: 99999999999999999999 does not fit in 64 bits (at most 18446744073709551615)")
  }

  @Test func listsAddingUpPastUInt64MaxNameTheLineThatDoesIt() throws {
    let folder = Fixtures.temporaryFolder()
    let c = UInt64.max / 5
    let first = Fixtures.file("a.freq.txt", Array("the\t\(c)\n".utf8), in: folder)
    let second = Fixtures.file("b.freq.txt", Array("cat 1\nthe\t\(c)\n".utf8), in: folder)
    let error = #expect(throws: FrequencyListError.self) {
      _ = try CorpusCounter.count([first, second], decoder: LetterDecoder(language: Fixtures.language()))
    }
    #expect(error?.path == second && error?.line == 2 && error?.byteOffset == 6)
    #expect(error?.problem.hasPrefix("count out of range") == true)
  }

  @Test func aListAndRunningTextAddingUpPastUInt64MaxNameTheList() throws {
    let folder = Fixtures.temporaryFolder()
    let list = Fixtures.file("words.freq.txt", Array("the\t\(UInt64.max / 4)\n".utf8), in: folder)
    let text = Fixtures.file("text.txt", Array("the cat sat".utf8), in: folder)
    let error = #expect(throws: CountOverflowError.self) {
      _ = try CorpusCounter.count([list, text], decoder: LetterDecoder(language: Fixtures.language()))
    }
    #expect(error?.paths == [list])
    #expect(error?.description == "\(list): count out of range: the symbols counted would pass 18446744073709551615 (UInt64.max)")
  }

  @Test func mergingCountsPastUInt64MaxThrowsAndLeavesThemUnchanged() throws {
    // The counts' own arithmetic knows no file: it throws CountOverflow, which a counter names.
    var big = NgramCounts(letterCount: 26)
    try big.addWord([1, 2, 3], times: UInt64.max / 4)
    let before = big
    #expect(throws: CountOverflow.self) { try big += big }
    #expect(big == before)
    #expect(throws: CountOverflow.self) { try big.addWord([1], times: UInt64.max / 2) }
    #expect(big == before)
  }

  @Test func gzippedListThroughThePipeline() throws {
    let path = Fixtures.file("words.freq.gz", Fixtures.gzipMember(list))
    let (counts, _, provenance, _, _) = try CorpusCounter.count([path], decoder: LetterDecoder(language: Fixtures.language()))
    #expect(counts.derived == (try self.counts(list)).derived)
    #expect(provenance.frequencyListWords == 6)
  }
}
