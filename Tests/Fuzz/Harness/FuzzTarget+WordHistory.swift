@_spi(Testing) import KeyGram

/// A saved word history (`WordHistory(bytes:capacity:pairCapacity:)`), then words and pairs
/// learned into it. Input: byte 0 picks the capacities (64 or 256 nodes; 0, 8 or 2,048 pairs);
/// the rest is the saved history, tried as it is and, when its node and pair counts fit the
/// input, cut to their length with its CRC-32 fixed up, so mutations reach the nodes and pairs;
/// bytes past it are operations: learn a word (and the pair after the last word learned),
/// unlearn a word or a pair, compact, forget everything, typed text through a `TypingContext`.
/// Promises checked: an error has a message; an accepted history passes `_checkInvariants()`
/// (compiled in for fuzzing) after loading and after every operation; its own `bytes` reload to
/// the same bytes, before and after the operations, with the same pair counts.
extension FuzzTarget {
  static func wordHistory(_ input: [UInt8], _ findings: inout FuzzFindings) {
    guard let setup = input.first else { return }
    let capacity = setup & 1 == 0 ? 64 : 256
    let pairCapacity = [0, 8, 2048, 8][Int(setup >> 1 & 3)]
    let saved = Array(input.dropFirst())
    var fitted = saved, operations: [UInt8] = []
    if saved.count >= 24 {
      func word(_ offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(saved[offset + $1]) << (8 * $1) } }
      let nodes = word(8), pairs = word(12)
      let length = nodes >= 1 && nodes <= 65_536 && pairs <= 1 << 20 ? 24 + 8 * (nodes - 1) + 8 * pairs : Int.max
      if length <= saved.count {
        fitted = Array(saved[0..<(length - 4)])
        let crc = TouchModel.crc32(fitted)
        for shift in 0..<4 { fitted.append(UInt8(truncatingIfNeeded: crc >> UInt32(8 * shift))) }
        operations = Array(saved[length...])
      }
    }
    for bytes in fitted == saved ? [saved] : [saved, fitted] {
      let history: WordHistory
      do {
        history = try WordHistory(bytes: bytes, capacity: capacity, pairCapacity: pairCapacity)
      } catch {
        findings.expect(!error.description.isEmpty, "an error without a message")
        continue
      }
      history._checkInvariants()
      checkReload(history, capacity: capacity, pairCapacity: pairCapacity, &findings)
      guard bytes == fitted else { continue }
      var reader = FuzzOperandReader(bytes: operations, position: 0)
      var context = TypingContext(table: wordDecoderTable, wordHistory: history)
      var last: Int?
      while let operation = reader.byte() {
        let length = Int(reader.byte() ?? 0) % 6 + 1
        let letters = reader.bytes(length).map { Int($0) % 40 }
        guard !letters.isEmpty else { break }
        switch operation % 8 {
        case 0, 1:
          let node = history.learn(length: letters.count) { letters[$0] }
          if let node { history.learnPair(first: last ?? WordHistory.sentenceStartNode, second: node) }
          last = node
        case 2: history.unlearn(length: letters.count) { letters[$0] }
        case 3: history.unlearnPair(first: Int(letters[0]), second: Int(letters.last ?? 0))
        case 4: history._compactForTesting()
        case 5: if operation == 5 { history.removeAll() }
        default:
          // Letters of the fixture's alphabet (a–z), then a space or a full stop.
          for letter in letters { context.record(Unicode.Scalar(UInt8(97 + letter % 26))) }
          context.record(operation & 0x80 != 0 ? "." : " ")
          if operation & 0x40 != 0 { context.recordDeletion() }
        }
        history._checkInvariants()
        if let first = context.wordContext.previousNode(in: history) {
          var total: Float = 0
          history.forEachPair(after: first) { second, count in
            total += count
            findings.expect(history.pairCount(first: first, second: second) == count, "a pair's count differs by lookup")
            findings.expect(history.wordLetters(ofNode: second) { _, _ in } == history.wordLength(ofNode: second), "a word's letters and length differ")
          }
          findings.expect(total == history.pairTotal(after: first), "a row's total differs")
        }
      }
      checkReload(history, capacity: capacity, pairCapacity: pairCapacity, &findings)
    }
  }

  /// `history`'s bytes reload to the same bytes, with the same word and pair counts.
  private static func checkReload(_ history: WordHistory, capacity: Int, pairCapacity: Int, _ findings: inout FuzzFindings) {
    let bytes = history.bytes
    do {
      let reloaded = try WordHistory(bytes: bytes, capacity: capacity, pairCapacity: pairCapacity)
      reloaded._checkInvariants()
      findings.expect(reloaded.bytes == bytes, "a saved history reloads to other bytes")
      findings.expect(reloaded.keptPairCount == history.keptPairCount && reloaded.wordCount == history.wordCount, "a saved history reloads with other counts")
    } catch {
      findings.expect(false, "a history's own bytes are refused: \(error)")
    }
  }
}
