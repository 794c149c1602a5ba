import KeyGram
import KeyGramLab
import Testing

/// The misspelling bench on the shipped English table, with pairs whose outcome is known.
@Suite("Misspelling bench")
struct MisspellingBenchTests {
  let bench = MisspellingBench(table: SimulatorTests.english, layout: SimulatorTests.layout,
                               letterKeys: LetterKeyMap(layout: SimulatorTests.layout, table: SimulatorTests.english))

  @Test("pairs are read as letters; a pair with a letter outside the alphabet is skipped; a malformed line names its number")
  func reading() throws {
    let read = try bench.pairs(fromLines: ["# intended<TAB>misspelling", "with\twiht", "café\tcafe", "", "access\tacess"])
    #expect(read.pairs.count == 2 && read.skipped == 1)
    #expect(read.pairs[0].intended.count == 4 && read.pairs[0].misspelling.count == 4)
    #expect(throws: MisspellingBenchError.self) { try bench.pairs(fromLines: ["with\twiht", "without a tab"]) }
    do {
      _ = try bench.pairs(fromLines: ["with\twiht", "without a tab"])
    } catch let error as MisspellingBenchError {
      #expect(error.line == 2 && error.description.hasPrefix("line 2: "))
    }
  }

  @Test("typed at the keys' centres: offered corrections are counted in the top three, applied ones as corrected; correct words typed once each")
  func counting() throws {
    let read = try bench.pairs(fromLines: ["with\twiht", "access\tacess", "with\twithh"])
    var applying = WordDecoder.Parameters()
    (applying.spellingMargin, applying.omissionSpellingMargin) = (0, 0)
    let applied = bench.run(read.pairs, parameters: applying, sigma: 8, seed: 1)
    #expect(applied.pairs == 3 && applied.atCentres.typed == 3 && applied.noisy.typed == 3)
    #expect(applied.intendedInLexicon == 3 && applied.misspellingInLexicon == 0)
    #expect(applied.atCentres.corrected == 3 && applied.atCentres.inTopThree == 3 && applied.atCentres.miscorrected == 0)
    // "with" and "access", each typed right once at the centres and left as typed.
    #expect(applied.atCentres.correctWords == 2 && applied.atCentres.broken == 0)
    var off = WordDecoder.Parameters()
    (off.omissionCost, off.extraTouchCost, off.doubledLetterCost, off.transpositionCost, off.vowelSubstitutionCost) = (.infinity, .infinity, .infinity, .infinity, .infinity)
    let touchOnly = bench.run(read.pairs, parameters: off, sigma: 8, seed: 1)
    #expect(touchOnly.atCentres.corrected == 0 && touchOnly.atCentres.inTopThree == 0)
  }

  @Test("the decision log sees each misspelling's decision at the keys' centres, in the list's order")
  func decisionLog() throws {
    let read = try bench.pairs(fromLines: ["with\twiht", "access\tacess"])
    var applying = WordDecoder.Parameters()
    (applying.spellingMargin, applying.omissionSpellingMargin) = (0, 0)
    var logged: [(String, String, Bool)] = []
    let result = bench.run(read.pairs, parameters: applying, sigma: 8, seed: 1) { pair, decision in
      logged.append((decision.typed.text, decision.best.text, decision.replaces))
      #expect(pair.misspelling.count == decision.typedLength)
    }
    #expect(logged.map(\.0) == ["wiht", "acess"] && logged.map(\.1) == ["with", "access"] && logged.allSatisfy(\.2))
    #expect(result.atCentres.corrected == 2)
  }
}
