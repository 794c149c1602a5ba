extension WordHistory {
  /// Traps if the trie is inconsistent: its node count, its shape (every live node reached
  /// once from the root, through siblings of distinct letters, its parent link back to the node
  /// it was reached from) and its counts (never negative, a node's at least its children's
  /// together), or the pairs are (more than `pairCapacity`, keys not strictly increasing, a
  /// node not live or a second word at the root, a count not finite or not above 0), however
  /// often it compacted and forgot; for
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
        precondition(Int(parents[child]) == node, "node \(child) has parent \(parents[child]), reached from \(node)")
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
    precondition(keptPairCount >= 0 && keptPairCount <= pairCapacity, "\(keptPairCount) pairs kept, capacity \(pairCapacity)")
    for index in 0..<keptPairCount {
      let key = pairKeys[index], first = Int(key >> 16), second = Int(key & 0xFFFF)
      precondition(index == 0 || pairKeys[index - 1] < key, "pair \(index) is out of order")
      precondition(first < nodeCount && second > 0 && second < nodeCount, "pair \(index) (\(first), \(second)) is not between live words")
      precondition(pairCounts[index].isFinite && pairCounts[index] > 0, "pair \(index) has count \(pairCounts[index])")
    }
    #endif
  }

  /// Compacts the trie now, as a full one would be (every count halved, the pairs with them).
  @_spi(Testing) public func _compactForTesting() { compact() }

  #if KEYGRAM_INTERNAL_CHECKS
  /// Breaks one promise on purpose (a node counted more than its parent), so a test can see
  /// `_checkInvariants()` catch it. Debug builds only.
  @_spi(Testing) public func _breakInvariantForTesting() {
    let child = Int(firstChild[0])
    if child != 0 { counts[child] = counts[0] + 1 }
  }

  /// Breaks a pair on purpose (its second word moved past the live nodes), so a test can see
  /// `_checkInvariants()` catch it. Debug builds only.
  @_spi(Testing) public func _breakPairInvariantForTesting() {
    guard keptPairCount > 0 else { return }
    pairKeys[keptPairCount - 1] = pairKeys[keptPairCount - 1] & 0xFFFF_0000 | UInt32(nodeCount)
  }
  #endif
}
