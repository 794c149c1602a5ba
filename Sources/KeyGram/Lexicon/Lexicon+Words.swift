/// Walking a word up from its terminal node: its parent, letters and probability, for the
/// word-pair model, whose ids name terminal nodes. Each step is a binary search over the
/// first-child samples and at most 16 byte reads; nothing allocates.
extension Lexicon {
  /// The parent of `node`, nil for the root (or a node the damaged section does not place).
  public func parent(of node: LexiconNode) -> LexiconNode? {
    let v = Int(node.index)
    guard v > 0, v < nodeCount else { return nil }
    let stride = TableFormat.Lexicon.sampleStride
    // The last sample at or before v: children are contiguous in parent order, so v's parent
    // lies in that block.
    var low = 0, high = (nodeCount + stride - 1) / stride
    while high - low > 1 {
      let middle = (low + high) / 2
      if Int(section.uint32(at: samplesOffset + 4 * middle)) <= v { low = middle } else { high = middle }
    }
    var first = Int(section.uint32(at: samplesOffset + 4 * low))
    var u = low * stride
    while u < Swift.min(v, (low + 1) * stride) {
      let degree = Int(section.uint8(at: degreesOffset + u))
      if first <= v && v < first + degree { return LexiconNode(index: UInt32(truncatingIfNeeded: u)) }
      first += degree
      u += 1
    }
    return nil
  }

  /// The number of letters of the prefix at `node` (0 for the root), at most `maximumDepth`.
  public func depth(of node: LexiconNode) -> Int {
    var depth = 0, current = node
    while depth < maximumDepth, let up = parent(of: current) {
      depth += 1
      current = up
    }
    return depth
  }

  /// Calls `body(position, letter)` for each letter of the word or prefix at `node`, last
  /// letter first; returns its length.
  @discardableResult
  public func forEachLetterBackwards(of node: LexiconNode, _ body: (Int, Int) -> Void) -> Int {
    let length = depth(of: node)
    var position = length, current = node
    while position > 0, let letter = letter(of: current), let up = parent(of: current) {
      position -= 1
      body(position, letter)
      current = up
    }
    return length
  }

  /// log P_lexicon(`word`): the log shares along its path plus its end share, each out of
  /// 65,535; −∞ for an id that ends no word.
  public func logProbability(of word: WordID) -> Float {
    spellBackwards(word) { _, _ in }.logProbability
  }

  /// Walks `word` up to the root once: `body(positionFromEnd, letter)` for each letter, the
  /// last letter first at position 0; returns the word's length and log P_lexicon(`word`)
  /// (−∞ for an id that ends no word). One walk where letters and probability would take two.
  @discardableResult
  public func spellBackwards(_ word: WordID, _ body: (Int, Int) -> Void) -> (length: Int, logProbability: Float) {
    let end = endShare(of: word.node)
    guard word.rawValue != 0, end > 0 else { return (0, -.infinity) }
    let logTotal = system_logf(Float(TableFormat.Lexicon.shareTotal))
    var logProbability = system_logf(Float(end)) - logTotal
    var current = word.node, length = 0
    while length < maximumDepth, let letter = letter(of: current), let up = parent(of: current) {
      body(length, letter)
      logProbability += system_logf(Float(share(of: current))) - logTotal
      current = up
      length += 1
    }
    return (length, logProbability)
  }
}
