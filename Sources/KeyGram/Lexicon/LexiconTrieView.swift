/// A lexicon's trie as plain values: the section's window and the offsets into it, with no
/// reference to its table. The decoder's inner loops pass it around for nothing, where copying a
/// `Lexicon` retains and releases its table; whoever holds a trie also holds that table.
/// Nodes are breadth-first indices (0: the root); −1 stands for "no node".
@frozen @usableFromInline
package struct LexiconTrieView: @unchecked Sendable {
  /// The `LEXI` section's bytes.
  @usableFromInline let section: TableBytes
  /// How many nodes the trie has, the root included.
  @usableFromInline package let nodeCount: Int
  @usableFromInline let sharesOffset: Int
  @usableFromInline let degreesOffset: Int
  @usableFromInline let samplesOffset: Int

  /// A trie over a section that `Lexicon(validating:letterCount:)` has checked.
  init(section: TableBytes, nodeCount: Int) {
    self.section = section
    self.nodeCount = nodeCount
    sharesOffset = TableFormat.Lexicon.sharesOffset(nodeCount: nodeCount)
    degreesOffset = TableFormat.Lexicon.degreesOffset(nodeCount: nodeCount)
    samplesOffset = TableFormat.Lexicon.samplesOffset(nodeCount: nodeCount)
  }

  /// The index of `v`'s first child: its block's sample plus the degrees of the nodes before
  /// it in the block (at most 15 byte reads). nil unless the children lie after `v` and inside
  /// the section, which keeps every read in bounds and every walk moving forward.
  /// `v` < `nodeCount`; `degree` is `v`'s.
  @inlinable @inline(__always)
  func firstChild(of v: Int, degree: Int) -> Int? {
    let blockStart = v & ~(TableFormat.Lexicon.sampleStride - 1)
    // Validated offsets: the sums stay inside the section, so they cannot overflow.
    var first = Int(section.uint32(at: samplesOffset &+ 4 &* (v >> 4)))
    var u = blockStart
    while u < v {
      first &+= Int(section.uint8(at: degreesOffset &+ u))
      u &+= 1
    }
    guard first > v, first + degree <= nodeCount else { return nil }
    return first
  }

  /// The child of `node` by `letter` (a letter index), or −1 when no word continues that way,
  /// `node` is −1 or not this trie's, or the section is damaged there. O(children).
  @inlinable @inline(__always)
  package func child(of node: Int, letter: Int) -> Int {
    guard letter >= 0, letter < 256 else { return -1 }
    for index in children(of: node) {  // labels are sorted: stop at the first one not below the letter
      let label = self.letter(of: index)
      if label >= letter { return label == letter ? index : -1 }
    }
    return -1
  }

  /// The node's share of its parent's row, out of 65,535; 0 for a node that is not this trie's.
  @inlinable @inline(__always)
  package func share(of node: Int) -> Int {
    guard node >= 0, node < nodeCount else { return 0 }
    return Int(section.uint16(at: sharesOffset + 2 * node))
  }

  /// P(the word ends at `node`), out of 65,535: 65,535 minus its children's shares; 0 for a
  /// node that is not this trie's or whose children the damaged section puts out of bounds.
  @inlinable
  package func endShare(of node: Int) -> Int {
    guard node >= 0, node < nodeCount else { return 0 }
    let degree = Int(section.uint8(at: degreesOffset + node)), total = Int(TableFormat.Lexicon.shareTotal)
    guard degree > 0 else { return total }
    guard let first = firstChild(of: node, degree: degree) else { return 0 }
    var sum = 0
    for child in first..<(first + degree) { sum += Int(section.uint16(at: sharesOffset + 2 * child)) }
    return Swift.max(total - sum, 0)
  }

  /// The indices of `node`'s children (empty when it has none, is −1 or not this trie's, or the
  /// section is damaged there), in letter order.
  @inlinable @inline(__always)
  package func children(of node: Int) -> Range<Int> {
    guard node >= 0, node < nodeCount else { return 0..<0 }
    let degree = Int(section.uint8(at: degreesOffset + node))
    guard degree > 0, let first = firstChild(of: node, degree: degree) else { return 0..<0 }
    return first..<(first &+ degree)
  }

  /// The letter on the edge into `node`, a child from `children(of:)`.
  @inlinable @inline(__always)
  package func letter(of node: Int) -> Int { Int(section.uint8(at: TableFormat.Lexicon.labelsOffset &+ node)) }

  /// The share of `node`, a child from `children(of:)`: no bounds test, the range was checked.
  @inlinable @inline(__always)
  package func shareOfChild(_ node: Int) -> Int { Int(section.uint16(at: sharesOffset &+ 2 &* node)) }

  /// Calls `body(letter, child, share)` for each child of `node` in letter order: the trie's
  /// children without its bytes. O(children) after the O(1) rank of the first child.
  @inlinable @inline(__always)
  package func forEachChild(of node: Int, _ body: (Int, Int, Int) -> Void) {
    for child in children(of: node) { body(letter(of: child), child, shareOfChild(child)) }
  }
}

/// A node's children looked up by ascending letters: each lookup resumes where the last stopped,
/// so a sorted list of letters costs one pass over the children and one rank of the first child.
@frozen @usableFromInline
struct LetterScan {
  @usableFromInline let trie: LexiconTrieView?
  @usableFromInline var next: Int
  @usableFromInline let end: Int

  /// The children of `node` in `trie` (none when either is missing: −1 or nil).
  @inlinable @inline(__always)
  init(trie: LexiconTrieView?, node: Int32) {
    self.trie = trie
    let range = node >= 0 ? trie?.children(of: Int(node)) ?? 0..<0 : 0..<0
    (next, end) = (range.lowerBound, range.upperBound)
  }

  /// The child by `letter`, or −1; `letter` is not below the one asked before.
  @inlinable @inline(__always)
  mutating func child(letter: Int) -> Int32 {
    guard let trie else { return -1 }
    while next < end {
      let label = trie.letter(of: next)
      if label >= letter { return label == letter ? Int32(truncatingIfNeeded: next) : -1 }
      next &+= 1
    }
    return -1
  }
}
