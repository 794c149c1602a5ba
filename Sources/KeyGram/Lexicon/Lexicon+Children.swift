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
    var walk = start(lexiconNode: lexiconNode, history: history, node: historyNode)
    while let child = next(&walk, history: history) { body(child.letter, child.lexicon, child.share, child.history) }
  }

  /// Starts a walk over the letters in `letters` that lead on from (`lexiconNode`,
  /// `historyNode`); `next(_:history:)` takes it on. One walk at a time: starting another
  /// ends this one.
  @inline(__always)
  func start(lexiconNode: Int32, history: WordHistory?, node historyNode: Int32, letters: LetterMask = .all) -> Cursor {
    stamp &+= 1
    var historyFirst = 0
    if historyNode >= 0, let history {
      historyFirst = history.firstChildNode(of: Int(historyNode))
      var child = historyFirst
      while child != 0 {
        let letter = history.letter(ofNode: child)
        if letter < letterCount {
          historyChildOfLetter[letter] = child
          stampOfLetter[letter] = stamp
        }
        child = history.nextSiblingNode(of: child)
      }
    }
    let lexiconChildren = lexiconNode >= 0 ? trie?.children(of: Int(lexiconNode)) ?? 0..<0 : 0..<0
    return Cursor(lexiconChild: lexiconChildren.lowerBound, lexiconEnd: lexiconChildren.upperBound, historyChild: historyFirst, letters: letters)
  }

  /// The walk's next letter: a lexicon child (with the history child of its letter, or −1),
  /// then a history child the lexicon lacks (lexicon −1, share 0); nil at the end. `history` is
  /// the one the walk started with.
  @inline(__always)
  func next(_ walk: inout Cursor, history: WordHistory?) -> Child? {
    while walk.lexiconChild < walk.lexiconEnd, let trie {
      let child = walk.lexiconChild
      walk.lexiconChild &+= 1
      let letter = trie.letter(of: child)
      guard letter < letterCount, walk.letters.contains(letter) else { continue }
      var historyChild: Int32 = -1
      if stampOfLetter[letter] == stamp {
        historyChild = Int32(truncatingIfNeeded: historyChildOfLetter[letter])
        stampOfLetter[letter] = 0
      }
      return Child(letter: letter, lexicon: Int32(truncatingIfNeeded: child), share: trie.shareOfChild(child), history: historyChild)
    }
    while walk.historyChild != 0, let history {
      let child = walk.historyChild
      walk.historyChild = history.nextSiblingNode(of: child)
      let letter = history.letter(ofNode: child)
      if letter < letterCount && walk.letters.contains(letter) && stampOfLetter[letter] == stamp {
        return Child(letter: letter, lexicon: -1, share: 0, history: Int32(truncatingIfNeeded: child))
      }
    }
    return nil
  }

  /// Where a walk stands: the lexicon's children still to come, then the history's.
  struct Cursor {
    var lexiconChild: Int
    let lexiconEnd: Int
    /// The history child the second half of the walk looks at next (0: none).
    var historyChild: Int
    /// The letters walked; the others are passed over in both tries before their shares are read.
    let letters: LetterMask
  }

  /// A letter a walk reached: its lexicon child and share, and its history child (−1: none).
  struct Child {
    let letter: Int
    let lexicon: Int32
    let share: Int
    let history: Int32
  }
}
