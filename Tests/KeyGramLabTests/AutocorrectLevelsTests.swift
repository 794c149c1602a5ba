import KeyGram
import Testing
@testable import KeyGramLab

/// `AutocorrectLevels`: every level typed on the same touches of the English held-out text, by
/// a typist who reverts every wrong replacement of a word typed right.
@Suite("Typing simulator: autocorrect levels")
struct AutocorrectLevelsTests {
  @Test func everyLevelOnTheSameTouchesWithATypistWhoReverts() throws {
    let tests = SimulatorTests()
    let english = SimulatorTests.english
    let simulator = tests.simulator()
    let keystrokes = try tests.heldOutText(limit: 20_000)
    let bench = MisspellingBench(table: english, layout: simulator.layout, letterKeys: simulator.letterKeys)
    let pair = MisspellingBench.Pair(intended: "their".unicodeScalars.map { english.letterIndex(of: $0)! },
                                     misspelling: "thier".unicodeScalars.map { english.letterIndex(of: $0)! })
    let result = AutocorrectLevels.run(Autocorrection.allLevels, simulator: simulator, keystrokes: keystrokes, written: nil,
                                       touches: .init(sigmaX: 8, sigmaY: 8, undoRate: 1), parameters: WordDecoder.Parameters(table: english),
                                       wordContext: true, misspellings: [pair], bench: bench, sigma: 8)
    #expect(result.rows.map(\.level) == Autocorrection.allLevels)
    let off = result.rows[0]
    #expect(off.text.wordsBroken == 0 && off.revertKeystrokes == 0 && off.omittedSpacesRestored == 0)
    #expect(off.misspellings?.atCentres.corrected == 0)
    // thier is their from standard up (at the keys' centres).
    #expect(result.rows.map { $0.misspellings?.atCentres.corrected } == [0, 0, 1, 1])
    for row in result.rows {
      let broken = row.brokenPerThousand(words: result.words)
      #expect(broken.standing <= broken.seen)
      #expect(row.text.wordsBrokenReverted <= row.text.replacementsUndone)
    }
    // The typist reverts every replacement of a word typed right: at the strongest level some are.
    #expect(result.rows[3].text.wordsBrokenReverted > 0)
    #expect(result.rows[3].revertKeystrokes == 2 * result.rows[3].text.replacementsUndone)
  }
}
