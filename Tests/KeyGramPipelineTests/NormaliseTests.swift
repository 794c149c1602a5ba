import Foundation
import KeyGram
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
    let model = QuantisedModel(counts: Fixtures.count("the quick brown fox jumps over the lazy dog; the end."))
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

  @Test func quadgramRowsBackOffToTheirTrigramRow() {
    // "abc abd": the 4-gram contexts whose last two symbols are letters are ^ab (c and d once
    // each), abc and abd (the end of the word once each), in (previous, last, earlier) order.
    let model = Smooth.model(from: Fixtures.count("abc abd"))
    #expect(model.quadgram.map(\.context) == [Self.context(26, 0, 1, letterCount: 26),
                                              Self.context(0, 1, 2, letterCount: 26),
                                              Self.context(0, 1, 3, letterCount: 26)])
    #expect(model.quadgram.map(\.occurrences) == [2, 1, 1])
    // ^ab: C = 2, T = 2, so P(x) = (c(x) + 2 · P(x | ab)) / 4 over trigram row ab (index 0 · 26 + 1).
    let backoff = model.trigram[1]
    let row = model.quadgram[0].entries
    #expect(abs(row[2] - (1 + 2 * backoff[2]) / 4) < 1e-15 && abs(row[3] - (1 + 2 * backoff[3]) / 4) < 1e-15)
    #expect(abs(row[0] - 2 * backoff[0] / 4) < 1e-15 && abs(row[26] - 2 * backoff[26] / 4) < 1e-15)
    for quadgram in model.quadgram { #expect(abs(quadgram.entries.reduce(0, +) - 1) < 1e-12) }
  }

  /// The runtime's context of a 4-gram row given by table indices (earlier = N: word start).
  static func context(_ earlier: Int, _ previous: Int, _ last: Int, letterCount: Int) -> LetterContext {
    LetterContext(earlier: Symbol.runtime(tableIndex: earlier, letterCount: letterCount),
                  previous: LetterSymbol(letterIndex: previous), last: LetterSymbol(letterIndex: last))
  }

  /// A two-letter model (rows of a, b, end) whose 4-gram rows have gains worked out by hand.
  /// Trigram rows 0–3 (the letter pairs aa, ab, ba, bb) are q = (1/4, 1/4, 1/2); the word-start
  /// rows ^a, ^b (4, 5) are (1/2, 1/4, 1/4), so a row measured against the wrong one gains differently.
  static let q = [0.25, 0.25, 0.5]
  static let handModel: SmoothedModel = {
    func row(_ earlier: Int, _ previous: Int, _ last: Int, _ weights: [Double], _ occurrences: UInt64) -> QuadgramRow<Double> {
      QuadgramRow(context: context(earlier, previous, last, letterCount: 2), entries: weights, occurrences: occurrences)
    }
    return SmoothedModel(
      letterCount: 2, unigram: [0.5, 0.5], initial: [0.5, 0.5],
      bigram: [[0.25, 0.25, 0.5], [0.25, 0.25, 0.5]],
      trigram: [q, q, q, q, [0.5, 0.25, 0.25], [0.5, 0.25, 0.25]],
      quadgram: [
        // occurrences × Σ p · log2(p / q), p = 0 terms dropped:
        row(0, 0, 0, [0.5, 0.25, 0.25], 8),  // 8 × (½·1 + ¼·0 + ¼·(−1)) = 8 × ¼ = 2
        row(2, 0, 0, q, 100),                // its trigram row exactly: 0, however common
        row(1, 0, 1, [0, 0, 1], 3),          // 3 × 1·log2(2) = 3
        row(0, 1, 0, [1, 0, 0], 1),          // 1 × 1·log2(4) = 2, a tie with the first row
        row(2, 1, 1, [0.5, 0.5, 0], 5),      // 5 × (½·1 + ½·1) = 5
      ])
  }()

  @Test func pruningGainByHand() {
    let model = Self.handModel
    let gains = model.quadgram.map { Prune.gain(of: $0, against: model.trigramRow(under: $0.context)) }
    #expect(gains == [2, 0, 3, 2, 5])
    // The first row against the word-start row (½, ¼, ¼) instead: it is that row, so no gain.
    #expect(Prune.gain(of: model.quadgram[0], against: [0.5, 0.25, 0.25]) == 0)
    // A row with a non-power-of-two ratio: 4 × (⅛·log2(½) + ⅛·log2(½) + ¾·log2(3/2)) = 3·log2(3) − 4.
    let row = QuadgramRow(context: Self.context(0, 0, 0, letterCount: 2), entries: [0.125, 0.125, 0.75], occurrences: 4)
    #expect(abs(Prune.gain(of: row, against: Self.q) - (3 * log2(3.0) - 4)) < 1e-12)
  }

  @Test func pruningKeepsTheLargestGainsInContextOrder() {
    let model = Self.handModel
    let rows = model.quadgram
    // Gains 2, 0, 3, 2, 5: by gain, rows 4, 2, then 0 before 3 (a tie goes to the earlier
    // context); row 1 gains nothing and is never kept.
    let expected: [Int: [Int]] = [0: [], 1: [4], 2: [2, 4], 3: [0, 2, 4], 4: [0, 2, 3, 4], 5: [0, 2, 3, 4], 100: [0, 2, 3, 4]]
    for (limit, indices) in expected {
      let pruned = Prune.quadgrams(model, keeping: limit)
      #expect(pruned.quadgram == indices.map { rows[$0] }, "keeping \(limit)")
      #expect(pruned.trigram == model.trigram && pruned.bigram == model.bigram && pruned.initial == model.initial)
    }
    #expect(Prune.quadgrams(model, keeping: -1).quadgram.isEmpty)
  }

  @Test func pruningARealModel() {
    let model = Smooth.model(from: Fixtures.count(String(repeating: "the then that this there these those other ", count: 5)
                                                  + "the quick brown fox jumps over the lazy dog"))
    func gain(_ row: QuadgramRow<Double>) -> Double { Prune.gain(of: row, against: model.trigramRow(under: row.context)) }
    let positive = model.quadgram.filter { gain($0) > 0 }.count
    #expect(model.quadgram.count > 20 && positive > 10)
    #expect(Prune.quadgrams(model, keeping: 0).quadgram.isEmpty)
    for limit in [1, 2, 7, positive, model.quadgram.count + 3] {
      let kept = Prune.quadgrams(model, keeping: limit).quadgram
      #expect(kept.count == min(limit, positive), "keeping \(limit)")
      #expect(zip(kept, kept.dropFirst()).allSatisfy { QuadgramRow.inSectionOrder($0, $1) }, "keeping \(limit): not in context order")
      let dropped = model.quadgram.filter { row in !kept.contains { $0.context == row.context } }
      #expect(kept.map(gain).min()! >= dropped.map(gain).max() ?? 0, "keeping \(limit)")
      #expect(kept.allSatisfy { row in model.quadgram.contains(row) })
    }
  }

  /// Three rows for letters a, b, c (groups previous · 3 + last; bit earlier, 3 = word start).
  static let sectionRows: [QuadgramRow<UInt16>] = [
    QuadgramRow(context: Self.context(3, 0, 1, letterCount: 3), entries: [0x0102, 0x0304, 0x0506, 0xF6F4], occurrences: 9),
    QuadgramRow(context: Self.context(0, 2, 0, letterCount: 3), entries: [0x1112, 0x1314, 0x1516, 0xC6C4], occurrences: 8),
    QuadgramRow(context: Self.context(2, 2, 0, letterCount: 3), entries: [0x2122, 0x2324, 0x2526, 0x9694], occurrences: 7),
  ]

  static func littleEndian(_ value: UInt64, _ byteCount: Int) -> [UInt8] {
    (0..<byteCount).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  @Test func quadgramSectionByHand() {
    let section = TableImage.quadgramSection(Self.sectionRows, letterCount: 3)
    // Head 16, masks 9 × 8, ranks 9 × 4, rows 3 × 4 × 2.
    #expect(section.count == 16 + 72 + 36 + 24)
    #expect(section.count == TableFormat.Quadgram.length(letterCount: 3, rows: 3))
    #expect(Array(section[0..<16]) == [3, 0, 0, 0] + [UInt8](repeating: 0, count: 12))
    // ^ab: group 0 · 3 + 1 = 1, bit 3; aca and cca: group 2 · 3 + 0 = 6, bits 0 and 2.
    let masks: [UInt64] = [0, 0b1000, 0, 0, 0, 0, 0b101, 0, 0]
    #expect(Array(section[16..<88]) == masks.flatMap { Self.littleEndian($0, 8) })
    #expect(section[16 + 8 * 1] == 8 && section[16 + 8 * 6] == 5)
    // Ranks: the mask bits in the groups before each one.
    let ranks: [UInt64] = [0, 0, 1, 1, 1, 1, 1, 3, 3]
    #expect(Array(section[88..<124]) == ranks.flatMap { Self.littleEndian($0, 4) })
    #expect(Array(section[124...]) == [0x02, 0x01, 0x04, 0x03, 0x06, 0x05, 0xF4, 0xF6,
                                       0x12, 0x11, 0x14, 0x13, 0x16, 0x15, 0xC4, 0xC6,
                                       0x22, 0x21, 0x24, 0x23, 0x26, 0x25, 0x94, 0x96])
  }

  @Test func quadgramSectionWordStartBitInTheHighWord() {
    // 40 letters: word start is bit 40, in the second UInt32 of the mask (its byte 5).
    let weights = (0..<41).map { UInt16($0 == 40 ? 65_536 - 40 * 1_000 : 1_000) }
    let row = QuadgramRow(context: Self.context(40, 39, 39, letterCount: 40), entries: weights, occurrences: 1)
    let section = TableImage.quadgramSection([row], letterCount: 40)
    #expect(section.count == 16 + 12 * 1_600 + 2 * 41)
    let lastMask = 16 + 8 * 1_599
    #expect(Array(section[lastMask..<(lastMask + 8)]) == [0, 0, 0, 0, 0, 1, 0, 0])
    #expect(section[16..<lastMask].allSatisfy { $0 == 0 })
    #expect(section[(16 + 8 * 1_600)..<(16 + 12 * 1_600)].allSatisfy { $0 == 0 })  // no bit before the last group
    #expect(Array(section[(16 + 12 * 1_600)...]) == weights.flatMap { Self.littleEndian(UInt64($0), 2) })
  }

  @Test func quadgramRowsThroughATable() throws {
    // The same three rows in a whole table for the alphabet abc: each 4-gram context finds its
    // row; a context without one falls back to its trigram row, which here is 16,384 ± its index.
    let n = 3
    let trigram = (0..<12).map { i in [UInt16(16_384 + i), UInt16(16_384 - i), 16_384, 16_384] }
    let model = QuantisedModel(letterCount: n, unigram: [21_846, 21_845, 21_845], initial: [21_846, 21_845, 21_845],
                               bigram: [[UInt16]](repeating: [16_384, 16_384, 16_384, 16_384], count: n),
                               trigram: trigram, quadgram: Self.sectionRows)
    let image = TableImage.make(language: Fixtures.language("abc"), model: model, provenance: nil,
                                asciiLetterIndices: LetterDecoder(language: Fixtures.language("abc")).asciiLetterIndices)
    let table = try KeyGramTable(copying: image)
    #expect(table.quadgramRowCount == 3)
    let a = LetterSymbol(letterIndex: 0), b = LetterSymbol(letterIndex: 1), c = LetterSymbol(letterIndex: 2)
    func weights(_ earlier: LetterSymbol, _ previous: LetterSymbol, _ last: LetterSymbol) -> [UInt16] {
      let distribution = table.distribution(after: LetterContext(earlier: earlier, previous: previous, last: last))
      return distribution.indices.map { UInt16(distribution.weight(at: $0)) }
    }
    #expect(weights(.boundary, a, b) == Self.sectionRows[0].entries)
    #expect(weights(a, c, a) == Self.sectionRows[1].entries)
    #expect(weights(c, c, a) == Self.sectionRows[2].entries)
    #expect(weights(b, c, a) == trigram[6])         // no "bca" row: trigram row ca (2 · 3 + 0)
    #expect(weights(.boundary, c, a) == trigram[6])  // nor "^ca"
    #expect(weights(c, a, b) == trigram[1])          // group ab has only the word-start row
    #expect(weights(.unknownLetter, a, b) == trigram[1])
  }
}
