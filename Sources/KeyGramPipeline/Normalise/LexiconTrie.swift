import KeyGram

/// The lexicon's trie before it becomes bytes (`LexiconSection`): the top words by count,
/// nodes in breadth-first order (node 0 the root, each node's children contiguous and sorted
/// by letter), and each node's share of its parent's row, quantised to
/// `TableFormat.Lexicon.shareTotal` (65,535) with `Quantise.counts` from the subtree masses (a node's row: its children's masses, then the
/// count of the word ending at it, 0 when its prefix is not a word).
///
/// Deterministic: the same words and counts in any order give the same trie.
package struct LexiconTrie: Equatable, Sendable {
  package let letterCount: Int
  /// The letter on the edge into each node; the root's is 0xFF.
  package let labels: [UInt8]
  /// Each node's share of its parent's row, out of 65,535; the root's is 65,535.
  package let shares: [UInt16]
  /// Each node's child count.
  package let degrees: [UInt8]
  package let wordCount: Int
  /// The sum of the kept words' counts.
  package let totalMass: UInt64
  /// The length of the longest kept word.
  package let maximumDepth: Int
  /// How closely the quantised shares hold the kept words' counts.
  package let fidelity: LexiconFidelity

  package var nodeCount: Int { labels.count }

  /// The trie of the `maximumWords` words with the highest counts (ties: the word whose
  /// letters come first), among those of 1 ... `maximumWordLength` letters with a nonzero
  /// count. Letters are indices 0 ..< `letterCount`. nil when no word qualifies.
  package init?(counts: [[UInt8]: UInt64], letterCount: Int, maximumWords: Int,
               maximumWordLength: Int = WordCounts.maximumLength) {
    precondition((2...TableFormat.maximumLetterCount).contains(letterCount), "\(letterCount) letters")
    precondition((1...TableFormat.Lexicon.maximumDepth).contains(maximumWordLength), "words of up to \(maximumWordLength) letters")
    var candidates: [(letters: [UInt8], count: UInt64)] = []
    for (letters, count) in counts where count > 0 && (1...maximumWordLength).contains(letters.count) {
      precondition(letters.allSatisfy { Int($0) < letterCount }, "a word has a letter past \(letterCount)")
      candidates.append((letters, count))
    }
    guard !candidates.isEmpty, maximumWords > 0 else { return nil }
    // The top words: by count, then by letters, so the cut is the same whatever the input order.
    candidates.sort { $0.count != $1.count ? $0.count > $1.count : $0.letters.lexicographicallyPrecedes($1.letters) }
    var kept = Array(candidates.prefix(maximumWords))
    // Letter order: a prefix comes before its extensions, and each node's words are a range.
    kept.sort { $0.letters.lexicographicallyPrecedes($1.letters) }
    self.init(sortedWords: kept, letterCount: letterCount)
  }

  /// The same from a list, where a word listed twice counts the sum of its counts.
  package init?(words: [(letters: [UInt8], count: UInt64)], letterCount: Int, maximumWords: Int,
               maximumWordLength: Int = WordCounts.maximumLength) {
    var counts: [[UInt8]: UInt64] = [:]
    for word in words { counts[word.letters, default: 0] += word.count }
    self.init(counts: counts, letterCount: letterCount, maximumWords: maximumWords, maximumWordLength: maximumWordLength)
  }

  /// Breadth first over ranges of the sorted words: a node is the range of words that share
  /// its prefix; its children split the range by the next letter.
  private init(sortedWords words: [(letters: [UInt8], count: UInt64)], letterCount: Int) {
    var mass: [UInt64] = [0]  // mass[i]: the counts of words before i
    for word in words { mass.append(mass[mass.count - 1] + word.count) }
    precondition(mass[words.count] <= Quantise.maximumCountTotal, "the lexicon's counts sum past \(Quantise.maximumCountTotal)")
    var labels: [UInt8] = [TableFormat.Lexicon.rootLabel]
    var shares: [UInt16] = [UInt16(TableFormat.Lexicon.shareTotal)]
    var degrees: [UInt8] = []
    // Each queued node's range of words, depth, and quantised probability of its prefix.
    var queue: [(lower: Int, upper: Int, depth: Int, reach: Double)] = [(0, words.count, 0, 1)]
    var fidelity = LexiconFidelity()
    let wordMass = Double(mass[words.count])
    var head = 0
    var wordCount = 0
    var deepest = 0
    var rowMasses: [UInt64] = []
    while head < queue.count {
      let (lower, upper, depth, reach) = queue[head]
      head += 1
      deepest = max(deepest, depth)
      var index = lower
      var endMass: UInt64 = 0
      if words[index].letters.count == depth {  // the word that ends here sorts first
        endMass = words[index].count
        wordCount += 1
        index += 1
      }
      rowMasses.removeAll(keepingCapacity: true)
      let firstChild = labels.count
      while index < upper {
        let letter = words[index].letters[depth]
        var next = index + 1
        while next < upper && words[next].letters[depth] == letter { next += 1 }
        queue.append((index, next, depth + 1, 0))
        labels.append(letter)
        rowMasses.append(mass[next] - mass[index])
        index = next
      }
      degrees.append(UInt8(rowMasses.count))
      rowMasses.append(endMass)
      let total = Int(TableFormat.Lexicon.shareTotal)
      let row = Quantise.counts(rowMasses, total: total)
      for child in 0..<(row.count - 1) {
        shares.append(UInt16(row[child]))
        queue[queue.count - row.count + 1 + child].reach = reach * Double(row[child]) / Double(total)
      }
      fidelity.addRow(masses: rowMasses, weights: row, total: total)
      if endMass > 0 {
        fidelity.addWord(frequency: Double(endMass) / wordMass, weight: reach * Double(row[row.count - 1]) / Double(total))
      }
      precondition(shares.count == labels.count && labels.count == firstChild + row.count - 1)
    }
    self.letterCount = letterCount
    self.labels = labels
    self.shares = shares
    self.degrees = degrees
    self.wordCount = wordCount
    totalMass = mass[words.count]
    maximumDepth = deepest
    self.fidelity = fidelity
  }
}

extension LexiconTrie {
  /// The trie of the words `choice` keeps, each node's row quantised to 65,535; nil when it keeps
  /// none. The kept words' counts must sum to at most `Quantise.maximumCountTotal` (2⁵⁴) for exact
  /// quantising: else an error naming `sources`, the inputs that fed the words.
  package init?(choice: LexiconChoice, letterCount: Int, sources: [String]) throws {
    let kept = choice.kept
    guard !kept.isEmpty else { return nil }
    var total: UInt64 = 0
    for word in kept {
      let (sum, overflow) = total.addingReportingOverflow(word.count)
      guard !overflow, sum <= Quantise.maximumCountTotal else { throw LexiconMassError(paths: sources) }
      total = sum
    }
    self.init(words: kept.map { (letters: Symbol.letterIndices($0.word), count: $0.count) }, letterCount: letterCount,
              maximumWords: kept.count)
  }
}

/// The lexicon's words count too much to quantise exactly: their counts sum past 2⁵⁴.
public struct LexiconMassError: Error, Equatable, CustomStringConvertible {
  /// The sources that feed the lexicon.
  public var paths: [String]
  public var description: String {
    (paths.isEmpty ? "" : paths.joined(separator: ", ") + ": ")
      + "the lexicon's most frequent words count more than \(Quantise.maximumCountTotal) (2^54) together; "
      + "give these sources a smaller weight in language.json's sources"
  }
}
