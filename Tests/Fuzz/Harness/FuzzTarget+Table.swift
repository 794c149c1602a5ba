import KeyGram

/// The runtime loader: whatever bytes it accepts, every query afterwards stays in bounds (the
/// sanitizer watches the heap copy `init(copying:)` makes) and terminates. Promises checked:
/// every lexicon child lies after its parent and inside the trie, a cursor step agrees
/// with `child(of:letter:)`, and each flagged offensive word is found by its lookup.
extension FuzzTarget {
  static func table(_ input: [UInt8], _ findings: inout FuzzFindings) {
    let fixed = ChecksumFixup.table(input)
    for image in fixed == input ? [input] : [input, fixed] {
      guard let table = try? KeyGramTable(copying: image) else { continue }
      walk(table, &findings)
    }
  }

  /// Reads everything a keyboard can ask of `table`.
  static func walk(_ table: KeyGramTable, _ findings: inout FuzzFindings) {
    var sink: UInt64 = 0
    let n = table.letterCount
    sink &+= UInt64(table.languageCode.utf8.count + table.languageName.utf8.count)
    for index in 0..<n {
      sink &+= UInt64(table.letter(at: index).value &+ table.uppercaseLetter(at: index).value)
      sink &+= UInt64(table.letterIndex(of: table.uppercaseLetter(at: index)) ?? 0)
    }
    for byte in 0..<128 { sink &+= UInt64(table.letterIndex(of: Unicode.Scalar(UInt8(byte))) ?? 0) }
    sink &+= sum(table.unigram) &+ sum(table.initial)
    // Every context: word start, an unknown letter and each letter, in each of the three places.
    let symbols = [LetterSymbol.boundary, .unknownLetter] + (0..<n).map { LetterSymbol(letterIndex: $0) }
    for earlier in symbols {
      for previous in symbols {
        for last in symbols {
          let row = table.distribution(after: LetterContext(earlier: earlier, previous: previous, last: last))
          findings.expect(row.count == n || row.count == n + 1, "a row of \(row.count) weights for \(n) letters")
          sink &+= sum(row)
        }
      }
    }
    for context in table.quadgramContexts { sink &+= sum(table.distribution(after: context)) }
    if let keyboard = table.keyboardLayout { sink &+= UInt64(keyboard.rows.count + keyboard.keyIndexOfLetter.count) }
    if let lexicon = table.lexicon { sink &+= walk(lexicon, letterCount: n, &findings) }
    if let offensive = table.offensiveWords {
      // Open checked the ids ascend: each one read back is found, and a node between two is not.
      let ids = offensive.ids
      for (index, id) in ids.enumerated() {
        findings.expect(offensive.contains(id), "flagged word \(id.rawValue) at \(index) is not found")
        if index > 0, ids[index - 1].rawValue + 1 < id.rawValue {
          findings.expect(!offensive.contains(WordID(node: LexiconNode(index: id.rawValue - 1))), "node \(id.rawValue - 1) found, not flagged")
        }
        sink &+= UInt64(id.rawValue)
      }
    }
    blackHole(sink)
  }

  private static func sum(_ row: LetterDistribution) -> UInt64 {
    var total: UInt64 = 0
    for index in row.indices { total &+= UInt64(row.weight(at: index)) }
    return total
  }

  /// Visits every node reachable from the root once, reading its row and stepping a cursor
  /// by every letter (and two outside the alphabet) from it.
  private static func walk(_ lexicon: Lexicon, letterCount n: Int, _ findings: inout FuzzFindings) -> UInt64 {
    var sink: UInt64 = 0
    var visited = [Bool](repeating: false, count: lexicon.nodeCount)
    var pending = [(node: lexicon.root, cursor: LexiconCursor(lexicon: lexicon))]
    visited[0] = true
    while let (node, cursor) = pending.popLast() {
      let row = lexicon.row(of: node)
      for index in 0..<row.childCount { sink &+= UInt64(row.letter(at: index)) &+ UInt64(row.weight(at: index)) }
      sink &+= UInt64(row.endWeight &+ lexicon.endShare(of: node) &+ lexicon.share(of: node))
      sink &+= UInt64(lexicon.letter(of: node) ?? 0) &+ UInt64(lexicon.childCount(of: node))
      sink &+= UInt64(cursor.row(in: lexicon).childCount)
      for letter in -1...n {
        sink &+= UInt64(row.weight(ofLetter: letter))
        var next = cursor
        next.step(letter: letter, in: lexicon)
        sink &+= UInt64(next.evidence.bitPattern) &+ UInt64(next.relativeEvidence.bitPattern)
        guard let child = lexicon.child(of: node, letter: letter) else {
          findings.expect(next.isParked, "a cursor at node \(node.index) stepped by \(letter) where no child is")
          continue
        }
        let index = Int(child.index)
        findings.expect(index > Int(node.index) && index < lexicon.nodeCount,
                        "node \(node.index)'s child \(index) is not after it inside \(lexicon.nodeCount) nodes")
        findings.expect(!next.isParked && next.node == child, "a cursor at node \(node.index) stepped by \(letter) missed child \(index)")
        guard index < lexicon.nodeCount, !visited[index] else { continue }
        visited[index] = true
        pending.append((child, next))
      }
    }
    return sink
  }
}

/// Keeps a value alive so the optimiser cannot drop the reads that made it.
@inline(never)
func blackHole(_ value: UInt64) {
  if value == 0x5EED_F00D_5EED_F00D { print("") }
}
