/// A node of a `Lexicon`'s trie: a word prefix. Node 0 is the root (the empty prefix).
@frozen
public struct LexiconNode: Hashable, Sendable {
  /// The node's breadth-first index.
  public let index: UInt32

  /// For tests and tools; a lookup with a node that is not the lexicon's answers nil or 0.
  @inlinable
  package init(index: UInt32) { self.index = index }
}

/// A read-only view of a table's `LEXI` section (format 2.0, docs/TableFormat.md): a static
/// trie over the lexicon's words whose nodes give P(next letter or end of word | prefix), each
/// row quantised to 65,535.
///
/// Opening checks only what is cheap (`init(validating:letterCount:)`, O(nodes / 16));
/// `verifyStructure()` checks the rest. Every lookup stays inside the section and every loop is
/// bounded even when the structure is wrong, so a damaged section gives wrong answers, never a
/// bad read. A lexicon from `KeyGramTable.lexicon` holds its table, so it and its rows stay
/// valid however long they are kept.
@frozen
public struct Lexicon: Sendable {
  /// The trie's bytes and offsets: what every lookup reads.
  @usableFromInline package let trie: LexiconTrieView
  /// The table whose memory `section` is, kept alive; nil only inside the table itself.
  @usableFromInline var owner: KeyGramTable?
  /// How many nodes the trie has, the root included.
  public let nodeCount: Int
  /// How many words end in the trie.
  public let wordCount: Int
  /// The sum of the counts of the lexicon's words (before quantising): the root's evidence.
  public let totalMass: UInt64
  /// The size of the table's alphabet, which labels every edge.
  public let letterCount: Int
  /// The length of the longest word.
  public let maximumDepth: Int
  /// The section's bytes.
  @inlinable var section: TableBytes { trie.section }
  @inlinable var sharesOffset: Int { trie.sharesOffset }
  @inlinable var degreesOffset: Int { trie.degreesOffset }
  @inlinable var samplesOffset: Int { trie.samplesOffset }

  /// Checks the head, the length, the padding and the first-child samples (the first is 1,
  /// they never decrease, none is past the last node): enough for every lookup to stay in
  /// bounds. Everything else is `verifyStructure()`'s job.
  package init(validating section: TableBytes, letterCount: Int) throws(KeyGramTableError) {
    typealias L = TableFormat.Lexicon
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "LEXI", reason: reason) }
    guard section.count >= L.headSize else { throw bad("shorter than its head") }
    let nodes = Int(section.uint32(at: L.Offset.nodeCount))
    let words = Int(section.uint32(at: L.Offset.wordCount))
    let mass = section.uint64(at: L.Offset.totalMass)
    let letters = Int(section.uint16(at: L.Offset.letterCount))
    let stride = Int(section.uint16(at: L.Offset.sampleStride))
    let depth = Int(section.uint16(at: L.Offset.maximumDepth))
    guard letters == letterCount else { throw bad("\(letters) letters, the table has \(letterCount)") }
    guard stride == L.sampleStride else { throw bad("sample stride \(stride), expected \(L.sampleStride)") }
    guard (1...L.maximumDepth).contains(depth) else { throw bad("maximum depth \(depth), expected 1 ... \(L.maximumDepth)") }
    for offset in L.Offset.reserved..<L.headSize where section.uint8(at: offset) != 0 {
      throw bad("reserved byte \(offset) is not zero")
    }
    // A section of `count` bytes holds fewer than `count` nodes, so the length below cannot overflow.
    guard nodes >= 2, nodes < section.count else { throw bad("\(nodes) nodes in \(section.count) bytes") }
    guard section.count == L.length(nodeCount: nodes) else {
      throw bad("length \(section.count), expected \(L.length(nodeCount: nodes)) for \(nodes) nodes")
    }
    guard words >= 1, words < nodes else { throw bad("\(words) words for \(nodes) nodes") }
    guard mass >= UInt64(words) else { throw bad("total mass \(mass) below the word count \(words)") }
    let samples = L.samplesOffset(nodeCount: nodes)
    for offset in L.byteArraysEnd(nodeCount: nodes)..<samples where section.uint8(at: offset) != 0 {
      throw bad("padding byte \(offset) is not zero")
    }
    for offset in L.samplesEnd(nodeCount: nodes)..<section.count where section.uint8(at: offset) != 0 {
      throw bad("padding byte \(offset) is not zero")
    }
    guard section.uint8(at: L.labelsOffset) == L.rootLabel,
          UInt32(section.uint16(at: L.sharesOffset(nodeCount: nodes))) == L.shareTotal else {
      throw bad("the root's label or share is wrong")
    }
    var previous: UInt32 = 1
    for k in 0..<L.sampleCount(nodeCount: nodes) {
      let sample = section.uint32(at: samples + 4 * k)
      guard k > 0 || sample == 1 else { throw bad("first-child sample 0 is \(sample), expected 1") }
      guard sample >= previous, Int(sample) <= nodes else {
        throw bad("first-child sample \(k) is \(sample) (previous \(previous), \(nodes) nodes)")
      }
      previous = sample
    }
    trie = LexiconTrieView(section: section, nodeCount: nodes)
    owner = nil
    nodeCount = nodes
    wordCount = words
    totalMass = mass
    self.letterCount = letterCount
    maximumDepth = depth
  }

  /// The empty prefix.
  @inlinable public var root: LexiconNode { LexiconNode(index: 0) }

  /// The node for `prefix` + `letter`, or nil when no lexicon word continues that way (or the
  /// node is not this lexicon's, or the section's structure is damaged there). O(children).
  @inlinable
  public func child(of node: LexiconNode, letter: Int) -> LexiconNode? {
    guard letter < letterCount else { return nil }
    let child = trie.child(of: Int(node.index), letter: letter)
    return child >= 0 ? LexiconNode(index: UInt32(truncatingIfNeeded: child)) : nil
  }

  /// The node of the prefix spelled by `letters` (letter indices), or nil when no lexicon word
  /// starts that way: a walk from the root, O(letters × children), no allocation.
  @inlinable
  public func node(spelledBy letters: some Sequence<Int>) -> LexiconNode? {
    var node = root
    for letter in letters {
      guard let next = child(of: node, letter: letter) else { return nil }
      node = next
    }
    return node
  }

  /// The node where the lexicon word spelled by `letters` ends (its terminal node, which
  /// `KeyGramTable.writtenForms(of:)` takes), or nil when `letters` are not a lexicon word.
  /// No allocation.
  @inlinable
  public func word(spelledBy letters: some Sequence<Int>) -> LexiconNode? {
    guard let node = node(spelledBy: letters), node.index != 0, endShare(of: node) > 0 else { return nil }
    return node
  }

  /// The node's share of its parent's row, out of 65,535 (the root's is 65,535).
  @inlinable
  public func share(of node: LexiconNode) -> UInt32 {
    let v = Int(node.index)
    guard v < nodeCount else { return 0 }
    return UInt32(section.uint16(at: sharesOffset + 2 * v))
  }

  /// The letter on the edge into `node` (nil for the root).
  @inlinable
  public func letter(of node: LexiconNode) -> Int? {
    let v = Int(node.index)
    guard v > 0, v < nodeCount else { return nil }
    return Int(section.uint8(at: TableFormat.Lexicon.labelsOffset + v))
  }

  /// The node's number of children.
  @inlinable
  public func childCount(of node: LexiconNode) -> Int {
    let v = Int(node.index)
    guard v < nodeCount else { return 0 }
    return Int(section.uint8(at: degreesOffset + v))
  }

  /// P(the word ends at `node`), out of 65,535: 65,535 minus the children's shares. 0 for the root
  /// and every prefix that is not a word; 65,535 for a leaf.
  @inlinable
  public func endShare(of node: LexiconNode) -> UInt32 { UInt32(trie.endShare(of: Int(node.index))) }

  /// The node's row: P(next letter) for each child and P(end of word), out of 65,535.
  /// An empty row (no children, end weight 0) for a node that is not this lexicon's or whose
  /// children the damaged section puts out of bounds.
  @inlinable
  public func row(of node: LexiconNode) -> LexiconRow {
    let v = Int(node.index)
    guard v < nodeCount else { return LexiconRow(self, first: 0, childCount: 0, endWeight: 0) }
    let degree = Int(section.uint8(at: degreesOffset + v))
    guard degree > 0 else {
      return LexiconRow(self, first: 0, childCount: 0, endWeight: TableFormat.Lexicon.shareTotal)
    }
    guard let first = firstChild(of: v, degree: degree) else {
      return LexiconRow(self, first: 0, childCount: 0, endWeight: 0)
    }
    var sum: UInt32 = 0
    for index in first..<(first + degree) { sum += UInt32(section.uint16(at: sharesOffset + 2 * index)) }
    let end = sum < TableFormat.Lexicon.shareTotal ? TableFormat.Lexicon.shareTotal - sum : 0
    return LexiconRow(self, first: first, childCount: degree, endWeight: end)
  }

  /// The index of `v`'s first child, nil where the damaged section puts it out of bounds
  /// (`LexiconTrieView.firstChild(of:degree:)`). `v` < `nodeCount`; `degree` is `v`'s.
  @inlinable @inline(__always)
  func firstChild(of v: Int, degree: Int) -> Int? { trie.firstChild(of: v, degree: degree) }
}

/// One node's row of the lexicon: its children in label order, each with its share out of
/// 65,535, and the end-of-word share. Allocation-free; holds the table as its lexicon does.
/// Letters without a child have weight 0. For a blend over all letters, walk `0 ..< childCount`
/// beside the letters (both are in letter order) rather than calling `weight(ofLetter:)` per letter.
@frozen
public struct LexiconRow: Sendable {
  @usableFromInline let section: TableBytes
  @usableFromInline let owner: KeyGramTable?
  @usableFromInline let sharesOffset: Int
  /// The index of the first child.
  @usableFromInline let first: Int
  /// How many children the node has: the letters that can follow its prefix.
  public let childCount: Int
  /// P(end of word), out of 65,535.
  public let endWeight: UInt32

  @inlinable
  init(_ lexicon: Lexicon, first: Int, childCount: Int, endWeight: UInt32) {
    self.section = lexicon.section
    self.owner = lexicon.owner
    self.sharesOffset = lexicon.sharesOffset
    self.first = first
    self.childCount = childCount
    self.endWeight = endWeight
  }

  /// The letter of the `index`-th child (0 ..< `childCount`), in increasing letter order.
  @inlinable @inline(__always)
  public func letter(at index: Int) -> Int {
    precondition(index >= 0 && index < childCount, "LexiconRow index out of range")
    return Int(section.uint8(at: TableFormat.Lexicon.labelsOffset + first + index))
  }

  /// The share of the `index`-th child, out of 65,535.
  @inlinable @inline(__always)
  public func weight(at index: Int) -> UInt32 {
    precondition(index >= 0 && index < childCount, "LexiconRow index out of range")
    return UInt32(section.uint16(at: sharesOffset + 2 * (first + index)))
  }

  /// P(next letter is `letter`), out of 65,535; 0 when no word continues with it. O(children).
  @inlinable
  public func weight(ofLetter letter: Int) -> UInt32 {
    var index = 0
    while index < childCount {
      let label = Int(section.uint8(at: TableFormat.Lexicon.labelsOffset + first + index))
      if label >= letter { return label == letter ? UInt32(section.uint16(at: sharesOffset + 2 * (first + index))) : 0 }
      index += 1
    }
    return 0
  }
}

extension Lexicon: Equatable {
  /// The same shape and place in a table image: equal lexicons of two openings of one file
  /// compare equal, whatever memory they read.
  public static func == (lhs: Lexicon, rhs: Lexicon) -> Bool {
    lhs.nodeCount == rhs.nodeCount && lhs.wordCount == rhs.wordCount && lhs.totalMass == rhs.totalMass
      && lhs.letterCount == rhs.letterCount && lhs.maximumDepth == rhs.maximumDepth && lhs.section.count == rhs.section.count
  }
}

extension KeyGramTable {
  /// How the lexicon word ending at `node` is written (format 2.2 `FORM`), best first; a word
  /// without an entry, and every word of a table without `FORM`, has its plain lowercase form
  /// alone. O(log entries), no allocation.
  public func writtenForms(of node: LexiconNode) -> WrittenForms { writtenForms(ofNode: Int(node.index)) }
}
