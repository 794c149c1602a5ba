@_spi(Testing) import KeyGram
import Testing

/// The word decoder, the word history and the touch model keep their bookkeeping through every
/// operation (`_checkInvariants()`, compiled into debug builds), and the checks catch a state
/// broken on purpose.
@Suite("Stateful invariants")
struct StatefulInvariantTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  func centre(_ scalar: Unicode.Scalar) -> TouchPoint {
    let frame = layout[layout.index(scalar)].frame
    return TouchPoint(x: frame.midX, y: frame.midY)
  }

  /// Touches `word`'s keys, each `shift` points right of its centre, every 0.2 s when timed.
  func type(_ word: String, into decoder: WordDecoder, shift: Float = 0, timed: Bool = false, check: () -> Void) {
    for (position, scalar) in word.unicodeScalars.enumerated() {
      var point = centre(scalar)
      point.x += shift
      if timed { point.timestamp = Double(position) * 0.2 }
      decoder.add(point, key: layout.index(scalar), letter: EnglishTable.letter(scalar))
      check()
    }
  }

  @Test("the decoder, its history and its touch model stay consistent through typing, deciding, undo and learning")
  func decoderThroughAWorkingDay() {
    let history = WordHistory(capacity: 64)
    let model = TouchModel(layout: layout)
    let decoder = WordDecoder(table: table, layout: layout, parameters: .init(), wordHistory: history)
    func check() {
      decoder._checkInvariants()
      history._checkInvariants()
      model._checkInvariants()
    }
    check()
    for (index, word) in ["the", "quick", "brwon", "fox", "jumps", "over", "teh", "lazy", "dog", "qiick"].enumerated() {
      type(word, into: decoder, shift: Float(index % 3) * 4, timed: index % 2 == 0, check: check)
      _ = decoder.suggestions()
      check()
      let decision = decoder.decide(limit: 5)
      check()
      decoder.finishWord(decision, teaching: model)
      let stood = decision.replaces ? decision.best : decision.typed
      history.learn(length: stood.count) { stood.letter(at: $0) }
      check()
      if decision.replaces, index % 2 == 1 {
        _ = decoder.undoReplacement(teaching: model)
        check()
      }
      decoder.adapt(to: model)
      check()
    }
    // Backspaces past the word's start, a word longer than the buffer, a touch off the keyboard.
    type("ab", into: decoder, check: check)
    for _ in 0..<4 { decoder.removeLast(); check() }
    type(String(repeating: "abcdefghij", count: 6), into: decoder, check: check)
    for _ in 0..<20 { decoder.removeLast(); check() }
    _ = decoder.decide()
    check()
    decoder.add(TouchPoint(x: .nan, y: .infinity), key: KeyIndex(-1), letter: 999)
    check()
    _ = decoder.decide()
    decoder.removeLast()  // the bad touch goes, and the word can be decoded again
    check()
    _ = decoder.decide()
    check()
    decoder.reset()
    check()
  }

  @Test("a small history stays a tree of consistent counts through compaction, unlearning and forgetting")
  func historyThroughCompaction() {
    let history = WordHistory(capacity: 64)
    var seed: UInt64 = 42
    for round in 0..<400 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let length = Int(seed >> 60) + 1
      let letters = (0..<length).map { Int((seed >> (UInt64($0) * 3)) & 7) }
      history.learn(length: letters.count) { letters[$0] }
      if round % 7 == 0 { history.unlearn(length: letters.count) { letters[$0] } }
      history._checkInvariants()
    }
    #expect(history.nodeCount <= 64)
    history.removeAll()
    history._checkInvariants()
    #expect(history.nodeCount == 1)
  }

  @Test("a touch model keeps its pending ring and sums in range through overflow, retraction, reset and reload")
  func touchModelThroughItsRing() throws {
    let model = TouchModel(layout: layout)
    for index in 0..<(TouchModel.pendingCapacity + 10) {
      let key = KeyIndex(index % layout.keys.count)
      let frame = layout[key].frame
      model.observe(TouchPoint(x: frame.midX + Float(index % 5), y: frame.midY, timestamp: Double(index) * 0.15), key: key)
      model._checkInvariants()
    }
    model.observe(TouchPoint(x: 1e30, y: -1e30), key: KeyIndex(0))
    model.observe(TouchPoint(x: .nan, y: 0), key: KeyIndex(0))
    model._checkInvariants()
    model.retractLast()
    model.commit()
    model._checkInvariants()
    let reloaded = try TouchModel(bytes: model.bytes, layout: layout)
    reloaded._checkInvariants()
    model.reset()
    model._checkInvariants()
  }

  #if DEBUG && !os(Windows)
  @Test("the checks catch a decoder, a history, a history's pairs and a touch model broken on purpose")
  func brokenStatesAreCaught() async {
    await #expect(processExitsWith: .failure) {
      let decoder = WordDecoder(table: EnglishTable.mapped, layout: .iPhonePortraitQWERTY)
      decoder._breakInvariantForTesting()
      decoder._checkInvariants()
    }
    await #expect(processExitsWith: .failure) {
      let history = WordHistory()
      history.learn(length: 2) { $0 }
      history._breakInvariantForTesting()
      history._checkInvariants()
    }
    await #expect(processExitsWith: .failure) {
      let history = WordHistory()
      let first = history.learn(length: 2) { $0 }!, second = history.learn(length: 3) { $0 + 1 }!
      history.learnPair(first: first, second: second)
      history._checkInvariants()  // sound so far
      history._breakPairInvariantForTesting()
      history._checkInvariants()
    }
    await #expect(processExitsWith: .failure) {
      let model = TouchModel(layout: .iPhonePortraitQWERTY)
      model._breakInvariantForTesting()
      model._checkInvariants()
    }
  }
  #endif
}
