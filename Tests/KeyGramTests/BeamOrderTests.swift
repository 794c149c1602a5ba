@testable import KeyGram
import Testing

/// The beam's best-first order of a step's partial words: a full sort and the merge of the skip
/// slots into the main slots' kept order give the same order, ties in slot order, main first.
@Suite("Beam order")
struct BeamOrderTests {
  /// Step 1 of a beam of 4 main and 2 skip slots, filled with `main` and `skips` scores.
  func beam(main: [Float], skips: [Float]) -> Beam {
    let beam = Beam(width: 4, omissionWidth: 2, steps: 2)
    for (scores, base, capacity) in [(main, 4 + 2, 4), (skips, 4 + 2 + 4, 2)] {
      beam.beginHeap()
      for score in scores {
        beam.insert(base: base, capacity: capacity, lexicon: -1, history: -1, parent: -1, info: 0,
                    logEvidence: 0, historyCount: 0, touchScore: score, score: score)
      }
      if base == 6 { beam.endMainHeap(step: 1) } else { beam.omissionCount[1] = beam.heapCount }
    }
    return beam
  }

  func order(_ beam: Beam, count: Int) -> [Float] { (0..<count).map { beam.score[beam.order[$0]] } }

  @Test func mergedOrderIsTheFullSort() {
    // Slots 6–9 hold -2, -1, -3, -1 (heap order as inserted), slots 10–11 hold -1, -4.
    let merged = beam(main: [-2, -1, -3, -1], skips: [-1, -4])
    #expect(merged.sortSlots(step: 1, withSkipSlots: false) == 4)
    #expect(order(merged, count: 4) == [-1, -1, -2, -3])
    #expect(merged.sortSlots(step: 1, withSkipSlots: true) == 6)
    let full = beam(main: [-2, -1, -3, -1], skips: [-1, -4])
    #expect(full.sortSlots(step: 1, withSkipSlots: true) == 6)  // no kept order: sorted whole
    #expect(order(merged, count: 6) == [-1, -1, -1, -2, -3, -4])
    #expect((0..<6).map { merged.order[$0] } == (0..<6).map { full.order[$0] })
    // The ties of -1: main slots 7 and 9, then skip slot 10.
    #expect((0..<3).map { merged.order[$0] } == [7, 9, 10])
  }

  @Test func aRebuiltStepDropsItsKeptOrder() {
    let beam = beam(main: [-2, -1], skips: [-3])
    _ = beam.sortSlots(step: 1, withSkipSlots: false)
    beam.beginHeap()
    for score: Float in [-5, -0.5, -6] {
      beam.insert(base: 6, capacity: 4, lexicon: -1, history: -1, parent: -1, info: 0, logEvidence: 0, historyCount: 0, touchScore: score, score: score)
    }
    beam.endMainHeap(step: 1)
    #expect(beam.sortSlots(step: 1, withSkipSlots: true) == 4)
    #expect(order(beam, count: 4) == [-0.5, -3, -5, -6])
  }
}
