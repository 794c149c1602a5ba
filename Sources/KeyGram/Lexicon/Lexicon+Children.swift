extension Lexicon {
  /// Calls `body(letter, child, share)` for each child of `node` in letter order
  /// (`LexiconTrieView.forEachChild(of:_:)`).
  @inline(__always)
  func forEachChild(of node: Int, _ body: (Int, Int, Int) -> Void) { trie.forEachChild(of: node, body) }

  /// The total a node's child shares and end share add up to: a share out of it is a probability.
  static var shareTotal: Int { Int(TableFormat.Lexicon.shareTotal) }
}

/// Walks the children of a lexicon node and a word-history node together, paired by letter, so
/// a search over both tries sees each letter once. Fixed memory: two buffers over the alphabet.
final class MergedChildWalk {
  let letterCount: Int
  /// The lexicon's trie (nil: a table without a lexicon), held as plain values for the search's loops.
  let trie: LexiconTrieView?
  /// Per letter, the history child met in this walk, valid where `stampOfLetter` is the walk's stamp.
  private let historyChildOfLetter: IntBuffer
  private let stampOfLetter: IntBuffer
  private var stamp = 0

  init(letterCount: Int, trie: LexiconTrieView?) {
    self.letterCount = letterCount
    self.trie = trie
    historyChildOfLetter = IntBuffer(repeating: 0, count: Swift.max(letterCount, 1))
    stampOfLetter = IntBuffer(repeating: 0, count: Swift.max(letterCount, 1))
  }

  /// The bytes of its buffers.
  var bytes: Int { 8 * (historyChildOfLetter.count + stampOfLetter.count) }

  /// Calls `body(letter, lexicon child, its share, history child)` for each letter of the
  /// alphabet that leads on from (`lexiconNode`, `historyNode`) in either trie (−1: not in that
  /// one), the lexicon's children first, in letter order, then the history's own.
  @inline(__always)
  func forEach(lexiconNode: Int32, history: WordHistory?, node historyNode: Int32,
               _ body: (Int, Int32, Int, Int32) -> Void) {
    stamp &+= 1
    if historyNode >= 0, let history {
      var child = history.firstChildNode(of: Int(historyNode))
      while child != 0 {
        let letter = history.letter(ofNode: child)
        if letter < letterCount {
          historyChildOfLetter[letter] = child
          stampOfLetter[letter] = stamp
        }
        child = history.nextSiblingNode(of: child)
      }
    }
    if lexiconNode >= 0, let trie {
      trie.forEachChild(of: Int(lexiconNode)) { letter, child, share in
        guard letter < letterCount else { return }
        var historyChild: Int32 = -1
        if stampOfLetter[letter] == stamp {
          historyChild = Int32(truncatingIfNeeded: historyChildOfLetter[letter])
          stampOfLetter[letter] = 0
        }
        body(letter, Int32(truncatingIfNeeded: child), share, historyChild)
      }
    }
    if historyNode >= 0, let history {
      var child = history.firstChildNode(of: Int(historyNode))
      while child != 0 {
        let letter = history.letter(ofNode: child)
        if letter < letterCount && stampOfLetter[letter] == stamp { body(letter, -1, 0, Int32(truncatingIfNeeded: child)) }
        child = history.nextSiblingNode(of: child)
      }
    }
  }
}
