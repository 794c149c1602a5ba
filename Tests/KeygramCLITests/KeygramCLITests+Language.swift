import Foundation
import Testing

/// simulate, tune and plot take the language positionally, as build, count, inspect and verify
/// do; `--lang` stays a hidden alias so scripts keep working.
extension KeygramCLITests {
  @Test("simulate, tune and plot read the language positionally and by --lang, the same", arguments: [
    (["simulate", "--limit", "2000", "--json"], ["simulate"], ["--limit", "2000", "--json"]),
    (["tune", "--limit", "2000", "--history"], ["tune"], ["--limit", "2000", "--history"]),
  ] as [([String], [String], [String])])
  func languageBothWays(_ reference: [String], command: [String], options: [String]) throws {
    let positional = try keygram(command + ["en"] + options)
    let aliased = try keygram(command + ["--lang", "en"] + options)
    let defaulted = try keygram(reference)
    #expect(positional.status == 0, "\(positional.stderr)")
    #expect(positional.withoutTimings.stdout == aliased.withoutTimings.stdout)
    #expect(positional.withoutTimings.stdout == defaulted.withoutTimings.stdout)
  }

  @Test func plotReadsTheLanguagePositionallyAndByLang() throws {
    let root = try scratch()
    let positional = try keygram("plot", "bigrams", "ru", "--out", "\(root)/positional.svg")
    let aliased = try keygram("plot", "bigrams", "--lang", "ru", "--out", "\(root)/aliased.svg")
    #expect(positional.status == 0 && aliased.status == 0, "\(positional.stderr) \(aliased.stderr)")
    let first = try Data(contentsOf: URL(fileURLWithPath: "\(root)/positional.svg"))
    let second = try Data(contentsOf: URL(fileURLWithPath: "\(root)/aliased.svg"))
    #expect(first == second && !first.isEmpty)
  }

  @Test func aShortSimulationWarnsThatItsRatiosAreNoisy() throws {
    // 4,000 letters at σ 8 pt: about 70 static errors, under both floors.
    let short = try keygram("simulate", "en", "--limit", "4000")
    #expect(short.status == 0, "\(short.stderr)")
    #expect(short.stderr.hasPrefix("warning: 4000 keystrokes and ") && short.stderr.contains("too noisy to quote"), "\(short.stderr)")
    // The held-out English text: 572,010 keystrokes and thousands of static errors, no warning.
    let long = try keygram("simulate", "en", "--limit", "60000", "--sigma", "10")
    #expect(long.status == 0 && long.stderr.isEmpty, "\(long.stderr)")
  }

  @Test func twoDifferentLanguagesAreRefused() throws {
    let run = try keygram("simulate", "en", "--lang", "de", "--limit", "100")
    #expect(run.status != 0)
    #expect(run.stderr.contains("the language is given twice: en and --lang de."))
  }

  @Test func timedSimulationComparesFixedSpeedAwareAndLearnedSpreads() throws {
    let run = try keygram("simulate", "en", "--limit", "4000", "--timed", "--dual-gaussian", "--fixed-sigma", "7", "9", "--decode")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("Timed typist: Fitts a 0.05 s, b 0.144 s/bit, tempo spread 0.3, taps 0.15–0.45 s, dual-Gaussian spread: σa 3.0 pt"))
    for row in ["fixed σ = 7.0 |", "fixed σ = 9.0 |", "speed-aware |", "speed-aware, learned |", "speed-aware, decoded |",
                "speed-aware, learned, decoded |"] {
      #expect(run.stdout.contains(row), "\(row)")
    }
    let refused = try keygram("simulate", "en", "--dual-gaussian")
    #expect(refused.status != 0 && refused.stderr.contains("--dual-gaussian needs --timed."))
    let badRange = try keygram("simulate", "en", "--timed", "--tap-range", "0.4-0.2")
    #expect(badRange.status != 0 && badRange.stderr.contains("--tap-range"))
  }
}
