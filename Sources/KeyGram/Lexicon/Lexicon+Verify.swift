/// The whole-structure check (`keygram verify`) and the word listing (`inspect --words`):
/// tools only, both allocate.
extension Lexicon {
  /// Everything opening does not check, in one pass over the nodes: labels are letters and
  /// strictly increasing among siblings; the degrees add up to nodeCount − 1 with every
  /// node's children after it (so the nodes form one tree in breadth-first order); the samples
  /// equal the running sums of the degrees; every share is ≥ 1 and no row's children exceed 65,535;
  /// the root is not a word; the word count and the maximum depth are right. Returns the
  /// problems found (at most `limit`, then a count of the rest); empty when the section is sound.
  package func verifyStructure(limit: Int = 32) -> [String] {
    typealias L = TableFormat.Lexicon
    var problems = Problems(limit: limit)
    func report(_ problem: @autoclosure () -> String) { problems.report(problem()) }
    let n = nodeCount
    var depth = [UInt8](repeating: 0, count: n)
    var next = 1  // first child of the node being visited: 1 + the degrees before it
    var words = 0
    var deepest = 0
    for v in 0..<n {
      if v % L.sampleStride == 0 {
        let sample = Int(section.uint32(at: samplesOffset + 4 * (v / L.sampleStride)))
        if sample != next { report("first-child sample \(v / L.sampleStride) is \(sample), expected \(next)") }
      }
      let label = section.uint8(at: L.labelsOffset + v)
      if v == 0 {
        if label != L.rootLabel { report("the root's label is \(label), expected \(L.rootLabel)") }
      } else if Int(label) >= letterCount {
        report("node \(v) has label \(label) of \(letterCount) letters")
      }
      let share = UInt32(section.uint16(at: sharesOffset + 2 * v))
      if v == 0 ? share != L.shareTotal : share == 0 { report("node \(v) has share \(share)") }
      let degree = Int(section.uint8(at: degreesOffset + v))
      guard degree > 0 else {
        words += 1  // a leaf's end share is the whole row
        if v == 0 { report("the root is a leaf: the lexicon has the empty word") }
        continue
      }
      guard next > v, next + degree <= n else {
        report("node \(v)'s children \(next) ..< \(next + degree) are not after it inside \(n) nodes")
        next += degree
        continue
      }
      var sum: UInt32 = 0
      var previousLabel = -1
      for child in next..<(next + degree) {
        sum += UInt32(section.uint16(at: sharesOffset + 2 * child))
        let childLabel = Int(section.uint8(at: L.labelsOffset + child))
        if childLabel <= previousLabel { report("node \(v)'s children are not in strictly increasing letter order at node \(child)") }
        previousLabel = childLabel
        depth[child] = depth[v] &+ 1
      }
      if sum > L.shareTotal {
        report("node \(v)'s children share \(sum) of \(L.shareTotal)")
      } else if sum < L.shareTotal {
        if v == 0 { report("the root is a word (end share \(L.shareTotal - sum))") }
        words += 1
      }
      next += degree
    }
    if next != n { report("the degrees add up to \(next - 1), expected \(n - 1)") }
    if words != wordCount { report("\(words) nodes end a word, the head says \(wordCount)") }
    for v in 0..<n where Int(depth[v]) > deepest { deepest = Int(depth[v]) }
    if deepest != maximumDepth { report("the deepest node is at depth \(deepest), the head says \(maximumDepth)") }
    return problems.list
  }

  /// The first `limit` problems, then how many more.
  struct Problems {
    let limit: Int
    var found: [String] = []
    var more = 0
    mutating func report(_ problem: @autoclosure () -> String) {
      if found.count < limit { found.append(problem()) } else { more += 1 }
    }
    var list: [String] { more > 0 ? found + ["… and \(more) more"] : found }
  }

  /// A lexicon word and its weight: the evidence at its node × its end share / 65,535, the
  /// expected count of the word itself.
  public struct Word: Sendable, Equatable {
    /// The word's letters, as indices into the table's alphabet.
    public let letters: [UInt8]
    /// Its expected count: the evidence at its node × its end share ÷ 65,535.
    public let weight: Float
  }

  /// Up to `limit` words, depth first in letter order (for `inspect --words`). Bounded on a
  /// damaged section too: at most nodeCount nodes are visited and none deeper than maximumDepth.
  public func words(limit: Int = .max) -> [Word] {
    var result: [Word] = []
    guard limit > 0 else { return result }
    var prefix: [UInt8] = []
    // (node, depth, evidence), children pushed in reverse so the smallest letter comes first.
    var stack: [(node: Int, depth: Int, evidence: Float)] = [(0, 0, Float(totalMass))]
    var visits = 0
    while let (v, depth, evidence) = stack.popLast(), visits < nodeCount {
      visits += 1
      prefix.removeLast(prefix.count - max(0, depth - 1))
      if depth > 0 { prefix.append(section.uint8(at: TableFormat.Lexicon.labelsOffset + v)) }
      let row = row(of: LexiconNode(index: UInt32(v)))
      if row.endWeight > 0, v > 0 {
        result.append(Word(letters: prefix, weight: evidence * Float(row.endWeight) * (1 / Float(TableFormat.Lexicon.shareTotal))))
        if result.count >= limit { break }
      }
      guard depth < maximumDepth else { continue }
      var index = row.childCount
      while index > 0 {
        index -= 1
        stack.append((row.first + index, depth + 1, evidence * Float(row.weight(at: index)) * (1 / Float(TableFormat.Lexicon.shareTotal))))
      }
    }
    return result
  }
}
