/// The whole-section check of `PAIR` for `keygram verify`: a tool's pass, it allocates.
extension WordPairs {
  /// Everything opening does not check: first-word ids strictly increasing, each 0 (the
  /// sentence start) or a word of `lexicon`; row offsets from 0 to *E*, strictly increasing;
  /// second-word ids strictly increasing within each row, each a word; every weight and backoff
  /// ≥ 1; each row's weights plus its backoff exactly 65,535; head words distinct words, best
  /// first by the lexicon's probability; every padding byte zero. Returns the problems found (at
  /// most `limit`, then a count of the rest); empty when the section is sound.
  package func verifyStructure(lexicon: Lexicon, limit: Int = 32) -> [String] {
    typealias P = TableFormat.Pairs
    var problems = Lexicon.Problems(limit: limit)
    func report(_ problem: @autoclosure () -> String) { problems.report(problem()) }
    let rows = layout.rowCount, entries = layout.entryCount
    var previousFirst: Int64 = -1
    var previousEnd = 0
    if rows > 0, section.uint32(at: layout.rowOffsetsOffset) != 0 { report("row 0 starts at entry \(section.uint32(at: layout.rowOffsetsOffset)), not 0") }
    for index in 0..<rows {
      let first = section.uint32(at: P.firstWordsOffset() + 4 * index)
      if Int64(first) <= previousFirst { report("row \(index)'s first word \(first) is not above the one before (\(previousFirst))") }
      previousFirst = Int64(first)
      if first != P.sentenceStart && !lexicon.isWord(WordID(node: LexiconNode(index: first))) {
        report("row \(index)'s first word \(first) ends no lexicon word")
      }
      let start = Int(section.uint32(at: layout.rowOffsetsOffset + 4 * index))
      let end = Int(section.uint32(at: layout.rowOffsetsOffset + 4 * index + 4))
      guard start == previousEnd, start < end, end <= entries else {
        report("row \(index)'s entries \(start) ..< \(end) do not follow \(previousEnd) inside \(entries)")
        previousEnd = Swift.max(previousEnd, Swift.min(end, entries))
        continue
      }
      previousEnd = end
      let backoff = UInt32(section.uint16(at: layout.backoffsOffset + 2 * index))
      if backoff == 0 { report("row \(index) backs off with weight 0") }
      var sum = backoff
      var previousSecond: Int64 = -1
      for entry in start..<end {
        let second = section.uint32(at: layout.secondWordsOffset + 4 * entry)
        let weight = UInt32(section.uint16(at: layout.weightsOffset + 2 * entry))
        if Int64(second) <= previousSecond { report("entry \(entry) (row \(index)): second word \(second) is not above the one before") }
        previousSecond = Int64(second)
        if !lexicon.isWord(WordID(node: LexiconNode(index: second))) { report("entry \(entry) (row \(index)): second word \(second) ends no lexicon word") }
        if weight == 0 { report("entry \(entry) (row \(index)) has weight 0") }
        sum += weight
      }
      if sum != P.rowTotal { report("row \(index) (first word \(first)) sums to \(sum), not \(P.rowTotal)") }
    }
    if previousEnd != entries { report("the rows end at entry \(previousEnd), the head counts \(entries)") }
    var seen = Set<UInt32>()
    var previousProbability = Float.infinity
    for index in 0..<layout.headWordCount {
      let word = headWord(at: index)
      guard lexicon.isWord(word) else {
        report("head word \(index) (\(word.rawValue)) ends no lexicon word")
        continue
      }
      if !seen.insert(word.rawValue).inserted { report("head word \(index) (\(word.rawValue)) is listed twice") }
      let probability = lexicon.logProbability(of: word)
      if probability > previousProbability { report("head word \(index) (\(word.rawValue)) is likelier than the one before it") }
      previousProbability = probability
    }
    let paddings = [(layout.backoffsOffset + 2 * rows, layout.secondWordsOffset),
                    (layout.weightsOffset + 2 * entries, layout.headWordsOffset),
                    (layout.headWordsOffset + 4 * layout.headWordCount, section.count)]
    for (from, to) in paddings {
      for offset in from..<to where section.uint8(at: offset) != 0 { report("padding byte \(offset) is not zero") }
    }
    return problems.list
  }
}
