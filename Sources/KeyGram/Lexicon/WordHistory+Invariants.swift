extension WordHistory {
  /// Traps if the trie is inconsistent: its node count, its shape (every live node reached
  /// once from the root, through siblings of distinct letters) and its counts (never negative,
  /// a node's at least its children's together), however often it compacted and forgot; for
  /// tests and the fuzzer. Compiled in only with `KEYGRAM_INTERNAL_CHECKS` (debug builds of
  /// this package), as swift-collections does.
  @_spi(Testing) public func _checkInvariants() {
    #if KEYGRAM_INTERNAL_CHECKS
    precondition(capacity >= 64 && capacity <= Int(UInt16.max), "capacity \(capacity) out of range")
    precondition(nodeCount >= 1 && nodeCount <= capacity, "node count \(nodeCount) out of range")
    precondition(balance.isFinite && balance > 0, "balance \(balance) out of range")
    // A walk from the root, breadth first, in a fixed-size queue: nodes 1 ..< nodeCount each once.
    var reached = [Bool](repeating: false, count: nodeCount)
    var queue = [Int](repeating: 0, count: nodeCount), depth = [Int](repeating: 0, count: nodeCount)
    reached[0] = true
    var head = 0, tail = 1
    while head < tail {
      let node = queue[head]
      head += 1
      precondition(counts[node] >= 0 && counts[node].isFinite, "node \(node) has count \(counts[node])")
      var children: Float = 0
      var child = Int(firstChild[node])
      while child != 0 {
        precondition(child < nodeCount, "node \(node) has child \(child) past the \(nodeCount) live nodes")
        precondition(!reached[child], "node \(child) is reached twice")
        reached[child] = true
        precondition(letters[child] < UInt16.max, "node \(child) has letter \(letters[child])")
        var sibling = Int(firstChild[node])
        while sibling != child {
          precondition(letters[sibling] != letters[child], "node \(node) has two children for letter \(letters[child])")
          sibling = Int(nextSibling[sibling])
        }
        depth[child] = depth[node] + 1
        precondition(depth[child] <= Self.maximumWordLength, "node \(child) is deeper than the longest word")
        children += counts[child]
        queue[tail] = child
        tail += 1
        child = Int(nextSibling[child])
      }
      // Every word through a child passes through its parent; halving and forgetting keep that,
      // up to the rounding of a Float sum.
      precondition(children <= counts[node] * (1 + 1e-5) + 1e-5, "node \(node) counts \(counts[node]), its children \(children)")
    }
    precondition(tail == nodeCount, "\(nodeCount - tail) live nodes are unreachable from the root")
    #endif
  }

  #if KEYGRAM_INTERNAL_CHECKS
  /// Breaks one promise on purpose (a node counted more than its parent), so a test can see
  /// `_checkInvariants()` catch it. Debug builds only.
  @_spi(Testing) public func _breakInvariantForTesting() {
    let child = Int(firstChild[0])
    if child != 0 { counts[child] = counts[0] + 1 }
  }
  #endif
}
