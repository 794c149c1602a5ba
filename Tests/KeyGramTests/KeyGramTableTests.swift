@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

@Suite("KeyGramTable: opening and querying the English table")
struct KeyGramTableTests {
  @Test("Both openings give the same, valid English table", arguments: EnglishTable.Source.allCases)
  func opens(source: EnglishTable.Source) {
    let table = source.table
    #expect(table.languageCode == "en")
    #expect(table.languageName == "English")
    #expect(table.letterCount == 26)
    #expect(table.alphabet.map { String($0) }.joined() == "abcdefghijklmnopqrstuvwxyz")
    #expect(table.bytes.array == EnglishTable.mapped.bytes.array)
    #expect(table.sections == EnglishTable.mapped.sections)
  }

  @Test("The embedded table is listed in KeyGramTables")
  func embeddedListing() throws {
    #expect(KeyGramTables.all.contains { $0.languageCode.description == "en" })
    let table = try #require(try KeyGramTables.table(for: "en"))
    #expect(table.letterCount == 26)
  }

  @Test("Letters map case-insensitively; non-letters map to nothing", arguments: EnglishTable.Source.allCases)
  func letterIndices(source: EnglishTable.Source) {
    let table = source.table
    #expect(table.letterIndex(of: "a") == 0)
    #expect(table.letterIndex(of: "Z") == 25)
    #expect(table.letterIndex(of: " ") == nil)
    #expect(table.letterIndex(of: "'") == nil)
    #expect(table.letterIndex(of: "é") == nil)
    #expect(table.symbol(for: "é") == .unknownLetter)
    #expect(table.symbol(for: "7") == .boundary)
    #expect(table.symbol(for: "😀") == .boundary)
    #expect(table.symbol(for: "T") == LetterSymbol(letterIndex: table.letterIndex(of: "t")!))
  }

  @Test("After t, h has the highest weight", arguments: EnglishTable.Source.allCases)
  func afterT(source: EnglishTable.Source) {
    let table = source.table
    var top = [0]
    let distribution = table.distribution(after: "t")
    #expect(distribution.topLetters(into: &top) == 1)
    #expect(top[0] == EnglishTable.letter("h"))
  }

  @Test("After q, u has weight > 0.9 of the letters", arguments: EnglishTable.Source.allCases)
  func afterQ(source: EnglishTable.Source) {
    let table = source.table
    let u = EnglishTable.letter("u"), q = LetterSymbol(letterIndex: EnglishTable.letter("q"))
    /// P(u) as a share of the letters: what the key weights are, since a touch on a letter
    /// key is never the end of a word.
    func shareOfU(_ distribution: LetterDistribution) -> Double {
      distribution[u] / (0..<distribution.letterCount).reduce(0.0) { $0 + distribution[$1] }
    }
    // Inside a word, whatever came before: the bigram row, and trigram rows such as "eq".
    #expect(shareOfU(table.distribution(after: LetterContext(previous: .unknownLetter, last: q))) > 0.9)
    // Not "sq": the manuals write SQL often enough that l follows sq a third of the time.
    for before in ["e", "a", "n"] { #expect(shareOfU(table.distribution(after: before + "q")) > 0.9) }
    #expect(shareOfU(table.distribution(after: "sq")) > 0.5)
    // At the start of a word u still leads by far, but the fortunes' "QOTD" (quote of the day,
    // 99 times) and "Q:" answers are real text: P(u | ^q) is 0.88 of the letters, not 0.9.
    let initial = table.distribution(after: "q")
    #expect(shareOfU(initial) > 0.85)
    #expect((0..<initial.letterCount).allSatisfy { $0 == u || initial[$0] < initial[u] / 5 })
  }

  @Test("No context gives the word-initial frequencies", arguments: EnglishTable.Source.allCases)
  func noContext(source: EnglishTable.Source) {
    let table = source.table
    let initial = table.initial
    for distribution in [table.distribution(after: .wordStart), table.distribution(after: ""),
                         table.distribution(after: "the "), table.distribution(after: "no.")] {
      #expect(distribution.count == initial.count)
      #expect(distribution.endOfWordIndex == nil)
      #expect(distribution.indices.allSatisfy { distribution.weight(at: $0) == initial.weight(at: $0) })
    }
    var top = [0]
    _ = initial.topLetters(into: &top)
    #expect(top[0] == EnglishTable.letter("t"))
  }

  @Test("An unknown letter gives the uniform distribution; unknown then a letter, the bigram",
        arguments: EnglishTable.Source.allCases)
  func fallbacks(source: EnglishTable.Source) {
    let table = source.table
    let uniform = table.distribution(after: "é")
    #expect(uniform.isUniform)
    #expect(uniform.count == 27)
    #expect(abs(uniform.reduce(0, +) - 1) < 1e-9)
    let t = LetterSymbol(letterIndex: EnglishTable.letter("t"))
    let bigram = table.distribution(after: LetterContext(previous: .unknownLetter, last: t))
    let afterWordStart = table.distribution(after: LetterContext(previous: .boundary, last: t))
    #expect(!bigram.isUniform)
    // The bigram row differs from the word-initial trigram row ^t.
    #expect(bigram.indices.contains { bigram.weight(at: $0) != afterWordStart.weight(at: $0) })
  }

  @Test("Every distribution in the table sums to 1 ± 1e-6 (and its weights to exactly 65,536)",
        arguments: EnglishTable.Source.allCases)
  func everyDistributionSums(source: EnglishTable.Source) {
    let table = source.table
    let n = table.letterCount
    var contexts: [LetterContext] = [.wordStart, LetterContext(previous: .unknownLetter, last: .unknownLetter)]
    for last in 0..<n {
      contexts.append(LetterContext(previous: .unknownLetter, last: LetterSymbol(letterIndex: last)))
      contexts.append(LetterContext(previous: .boundary, last: LetterSymbol(letterIndex: last)))
      for previous in 0..<n {
        contexts.append(LetterContext(previous: LetterSymbol(letterIndex: previous), last: LetterSymbol(letterIndex: last)))
      }
    }
    #expect(contexts.count == 2 + 2 * 26 + 26 * 26)
    var failures = 0
    for distribution in contexts.map(table.distribution(after:)) + [table.unigram, table.initial] {
      let sum = distribution.reduce(0, +)
      if abs(sum - 1) > 1e-6 { failures += 1 }
      if !distribution.isUniform {
        let weights = distribution.indices.reduce(UInt32(0)) { $0 + distribution.weight(at: $1) }
        if weights != 65_536 || distribution.indices.contains(where: { distribution.weight(at: $0) == 0 }) { failures += 1 }
      }
    }
    #expect(failures == 0)
  }

  @Test("Three letters of context: after \"wi-t-h\" the word ends, after \"^th\" e is likelier than after any \"th\"",
        arguments: EnglishTable.Source.allCases)
  func fourgramContext(source: EnglishTable.Source) {
    let table = source.table
    let e = EnglishTable.letter("e")
    let t = LetterSymbol(letterIndex: EnglishTable.letter("t")), h = LetterSymbol(letterIndex: EnglishTable.letter("h"))
    let trigram = table.distribution(after: LetterContext(previous: t, last: h))
    let withContext = table.distribution(after: "with")
    let wordStart = table.distribution(after: " th")
    var top = [0]
    _ = trigram.topLetters(into: &top)
    #expect(top[0] == e)  // "th" anywhere: mostly "the", "other", "then"
    // end of word is not a letter, so compare it directly: "with" ends far more often than not
    #expect(withContext[withContext.endOfWordIndex!] > 0.5)
    #expect(withContext[withContext.endOfWordIndex!] > 4 * trigram[trigram.endOfWordIndex!])
    #expect(wordStart[e] > trigram[e])
    // Context the table did not keep: the trigram row, exactly.
    let rare = table.distribution(after: LetterContext(earlier: LetterSymbol(letterIndex: EnglishTable.letter("z")), previous: t, last: h))
    #expect(rare.indices.allSatisfy { rare.weight(at: $0) == trigram.weight(at: $0) })
  }

  @Test("Exactly the QUAD section's contexts differ from their trigram rows, and each sums to 65,536",
        arguments: EnglishTable.Source.allCases)
  func everyFourgramRow(source: EnglishTable.Source) {
    let table = source.table
    let n = table.letterCount
    #expect(table.quadgramRowCount > 0)
    var differing = 0, badSums = 0
    for previous in 0..<n {
      for last in 0..<n {
        let p = LetterSymbol(letterIndex: previous), l = LetterSymbol(letterIndex: last)
        let trigram = table.distribution(after: LetterContext(previous: p, last: l))
        for earlier in (0..<n).map(LetterSymbol.init(letterIndex:)) + [.boundary] {
          let row = table.distribution(after: LetterContext(earlier: earlier, previous: p, last: l))
          if row.indices.contains(where: { row.weight(at: $0) != trigram.weight(at: $0) }) { differing += 1 }
          if row.indices.reduce(UInt32(0), { $0 + row.weight(at: $1) }) != 65_536 { badSums += 1 }
        }
      }
    }
    #expect(differing == table.quadgramRowCount)
    #expect(badSums == 0)
  }

  @Test("topLetters fills the caller's buffer best first and stops at its size")
  func topLetters() {
    let distribution = EnglishTable.mapped.distribution(after: "th")
    var three = [Int](repeating: -1, count: 3)
    #expect(distribution.topLetters(into: &three) == 3)
    #expect(three[0] == EnglishTable.letter("e"))
    #expect(distribution[three[0]] >= distribution[three[1]] && distribution[three[1]] >= distribution[three[2]])
    var all = [Int](repeating: -1, count: 40)
    #expect(distribution.topLetters(into: &all) == 26)
    #expect(Set(all.prefix(26)) == Set(0..<26))
    var none: [Int] = []
    #expect(distribution.topLetters(into: &none) == 0)
  }
}
