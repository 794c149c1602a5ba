import Testing
@testable import KeyGramPipeline

@Suite("Normalise: smoothing and quantising")
struct NormaliseTests {
  @Test func quantisedRowsSumExactlyWithNoZero() {
    let rows: [[Double]] = [
      [0.5, 0.5],
      [1, 0, 0, 0],  // zeros still get a unit
      [1e-9, 1 - 2e-9, 1e-9],
      (0..<27).map { 1 / Double($0 + 1) },
      [Double](repeating: 1, count: 3),  // 65,536 is not divisible by 3
    ]
    for row in rows {
      let weights = Quantise.row(row)
      #expect(weights.map(UInt32.init).reduce(0, +) == 65_536, "\(row)")
      #expect(!weights.contains(0), "\(row)")
    }
  }

  @Test func largestRemainderByHand() {
    // Thirds: 21,845.33 each; the one spare unit goes to the first (ties keep index order).
    #expect(Quantise.row([1, 1, 1]) == [21_846, 21_845, 21_845])
    // 0.7/0.2/0.1 of 65,536 = 45,875.2 / 13,107.2 / 6,553.6: floors sum to 65,535, the .6 gets the unit.
    #expect(Quantise.row([0.7, 0.2, 0.1]) == [45_875, 13_107, 6_554])
    // Near-zero entries floor to 1; the excess unit comes off the entry that can spare it.
    #expect(Quantise.row([1e-12, 1e-12, 1]) == [1, 1, 65_534])
  }

  @Test func wittenBellByHand() {
    // Counts 3, 1, 0 (C = 4, T = 2) over a uniform backoff of 1/3:
    // P = (c + 2/3) / 6 → 11/18, 5/18, 2/18.
    let p = Smooth.wittenBell([3, 1, 0], backoff: [1.0 / 3, 1.0 / 3, 1.0 / 3])
    #expect(abs(p[0] - 11.0 / 18) < 1e-12 && abs(p[1] - 5.0 / 18) < 1e-12 && abs(p[2] - 2.0 / 18) < 1e-12)
    // An unseen context is its backoff.
    #expect(Smooth.wittenBell([0, 0], backoff: [0.25, 0.75]) == [0.25, 0.75])
  }

  @Test func everyRowOfARealModelIsNormalised() {
    let model = Pipeline.normalise(Fixtures.count("the quick brown fox jumps over the lazy dog; the end."))
    // 4-gram contexts (a, b, c), b and c letters: a word of L letters has L − 1 of them, so
    // the 2+4+4+2+4+3+3+2+2 of the distinct words the quick brown fox jumps over lazy dog end.
    #expect(model.quadgram.count == 26)
    #expect(model.allRows.count == 2 + 26 + 27 * 26 + 26)
    for row in model.allRows {
      #expect(row.map(UInt32.init).reduce(0, +) == 65_536)
      #expect(!row.contains(0))
    }
  }

  @Test func smoothedProbabilitiesFollowTheCounts() {
    let model = Smooth.model(from: Fixtures.count(String(repeating: "the then that ", count: 50)))
    let t = 19, h = 7, e = 4, a = 0
    #expect(model.bigram[t].firstIndex(of: model.bigram[t].max()!) == h)
    #expect(model.trigram[t * 26 + h][e] > model.trigram[t * 26 + h][a])
    for row in [model.unigram, model.initial] + model.bigram + model.trigram {
      #expect(abs(row.reduce(0, +) - 1) < 1e-9)
      #expect(row.allSatisfy { $0 > 0 })
    }
  }
}
