/// The table's head words (the lexicon's likeliest, listed in `PAIR`) spelled and scored once, at
/// init: they are most of the bar's candidates after a space, and reading them here spares a
/// walk up the lexicon per word on every call. Empty for a table without word pairs.
struct HeadWords {
  let count: Int
  /// Letters per word at most: the lexicon's deepest word.
  let stride: Int
  let ids: Int32Buffer
  let logProbabilities: FloatBuffer
  let lengths: Int32Buffer
  /// `count` × `stride` letters, each word's in reading order.
  let letters: Int32Buffer

  init(table: KeyGramTable) {
    let lexicon = table.sections.lexicon, pairs = lexicon == nil ? nil : table.wordPairs
    count = pairs?.headWordCount ?? 0
    stride = Swift.max(lexicon?.maximumDepth ?? 1, 1)
    ids = Int32Buffer(repeating: 0, count: count)
    logProbabilities = FloatBuffer(repeating: -.infinity, count: count)
    lengths = Int32Buffer(repeating: 0, count: count)
    letters = Int32Buffer(repeating: 0, count: count * stride)
    guard let lexicon, let pairs else { return }
    for index in 0..<count {
      let word = pairs.headWord(at: index)
      ids[index] = Int32(bitPattern: word.rawValue)
      let base = index * stride
      // Written last letter first (the walk's order), then turned round.
      let (length, logProbability) = lexicon.spellBackwards(word) { fromEnd, letter in
        if fromEnd < stride { letters[base + fromEnd] = Int32(letter) }
      }
      let written = Swift.min(length, stride)
      for position in 0..<written / 2 {
        let last = base + written - 1 - position, letter = letters[base + position]
        letters[base + position] = letters[last]
        letters[last] = letter
      }
      logProbabilities[index] = logProbability
      lengths[index] = Int32(written)
    }
  }

  /// The head-word index of lexicon word `id`, or −1.
  func index(of id: Int32) -> Int32 {
    for index in 0..<count where ids[index] == id { return Int32(index) }
    return -1
  }

  /// Letter `position` of head word `index`.
  @inline(__always)
  func letter(_ position: Int, ofWord index: Int) -> Int { Int(letters[index * stride + position]) }

  var bytes: Int { 4 * (ids.count + logProbabilities.count + lengths.count + letters.count) }
}
