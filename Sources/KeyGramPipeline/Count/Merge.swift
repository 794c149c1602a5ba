import KeyGram

/// The count stage across shards: the exact sum of count files. N-gram counts and totals are
/// added in memory (their size depends on the alphabet only); the words are a k-way merge of
/// the files' sorted word lists, one word per file in memory, so merging is bounded whatever
/// the vocabulary. Addition is associative and commutative, and a file's inputs are kept
/// sorted by name, so any grouping and order of merges gives the same bytes.
public enum Merge {
  /// How the counts being merged must have been counted: the first file's, or a language's.
  public struct Expectation: Equatable, Sendable {
    public var languageCode: String
    public var alphabet: [Unicode.Scalar]
    public var rulesDigest: FileDigest

    public init(language: Language) {
      languageCode = language.code
      alphabet = language.alphabet
      rulesDigest = CountFile.rulesDigest(of: language)
    }

    init(_ head: CountFile.Head) {
      languageCode = head.languageCode
      alphabet = head.alphabet
      rulesDigest = head.rulesDigest
    }

    /// Refuses `reader` unless it was counted for the same language, alphabet and rules.
    public func check(_ reader: CountFile.Reader) throws(CountFileError) {
      let head = reader.head
      guard head.languageCode == languageCode else {
        throw CountFileError(path: reader.path, byteOffset: reader.languageOffset,
                             kind: .otherLanguage(expected: languageCode, found: head.languageCode))
      }
      guard head.alphabet == alphabet else {
        throw CountFileError(path: reader.path, byteOffset: reader.alphabetOffset,
                             kind: .otherAlphabet(expected: String(String.UnicodeScalarView(alphabet)),
                                                  found: String(String.UnicodeScalarView(head.alphabet))))
      }
      guard head.rulesDigest == rulesDigest else {
        throw CountFileError(path: reader.path, byteOffset: reader.rulesOffset, kind: .otherRules)
      }
    }
  }

  /// Opens and checks every file: each must be whole (size, state, CRC) and counted like the
  /// first, or like `expected` when given. Zero files are an error.
  public static func open(_ paths: [String], expecting expected: Expectation? = nil) throws(CountFileError) -> [CountFile.Reader] {
    guard !paths.isEmpty else { throw CountFileError(path: "merge", kind: .noCountFiles) }
    var readers: [CountFile.Reader] = []
    for path in paths {
      let reader = try CountFile.Reader(path: path)
      try (expected ?? readers.first.map { Expectation($0.head) })?.check(reader)
      readers.append(reader)
    }
    return readers
  }

  /// The sum of the readers' heads: n-gram counts, totals, and their inputs, sorted by name.
  /// An input (or a part of one) named in two files is refused (it would be counted twice),
  /// as is one name with two different files behind it; parts of one input are joined.
  public static func head(of readers: [CountFile.Reader]) throws(CountFileError) -> CountFile.Head {
    var head = readers[0].head
    var inputs: [String: (input: CountFile.Input, path: String)] = [:]
    for input in head.inputs { inputs[input.file.name] = (input, readers[0].path) }
    for reader in readers.dropFirst() {
      let other = reader.head
      for input in other.inputs {
        guard let (known, path) = inputs[input.file.name] else {
          inputs[input.file.name] = (input, reader.path)
          continue
        }
        guard known.file == input.file, known.partCount == input.partCount else {
          throw CountFileError(path: reader.path, kind: .inputDiffers(name: input.file.name, otherPath: path))
        }
        guard Set(known.parts).isDisjoint(with: input.parts) else {
          throw CountFileError(path: reader.path, kind: .duplicateInput(name: input.file.name, otherPath: path))
        }
        var joined = known
        joined.parts = (known.parts + input.parts).sorted()
        inputs[input.file.name] = (joined, path)
      }
      do {
        head.counts = try head.counts + other.counts
      } catch {
        throw CountFileError(path: reader.path, kind: .countOverflow(error.count))
      }
      func add(_ a: UInt64, _ b: UInt64, _ what: String) throws(CountFileError) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw CountFileError(path: reader.path, kind: .countOverflow(what)) }
        return sum
      }
      head.droppedWords = try add(head.droppedWords, other.droppedWords, "dropped words")
      head.compressedBytes = try add(head.compressedBytes, other.compressedBytes, "bytes stored")
      head.uncompressedBytes = try add(head.uncompressedBytes, other.uncompressedBytes, "bytes of text")
    }
    head.inputs = inputs.values.map(\.input).sorted { $0.file.name < $1.file.name }
    return head
  }

  /// Streams the sum of the readers' word lists to `sink`, in increasing word order: a k-way
  /// merge holding one word per reader.
  public static func words(of readers: [any SortedWordSource],
                           into sink: ([UInt8], UInt64) throws -> Void) throws {
    var heap = WordHeap()
    for (index, reader) in readers.enumerated() {
      if let entry = try reader.nextWord() { heap.push(.init(word: entry.word, count: entry.count, source: index)) }
    }
    while let smallest = heap.pop() {
      var count = smallest.count
      var sources = [smallest.source]
      while let next = heap.peek, next.word == smallest.word {
        let entry = heap.pop()!
        let (sum, overflow) = count.addingReportingOverflow(entry.count)
        guard !overflow else {
          throw CountFileError(path: readers[entry.source].name, kind: .countOverflow("the count of a word"))
        }
        count = sum
        sources.append(entry.source)
      }
      try sink(smallest.word, count)
      for source in sources {
        if let entry = try readers[source].nextWord() { heap.push(.init(word: entry.word, count: entry.count, source: source)) }
      }
    }
  }

  /// `keygram merge`: sums the count files at `paths` into a new count file at `output`,
  /// written atomically. Returns the merged head and the number of distinct words.
  @discardableResult
  public static func files(_ paths: [String], into output: String) throws -> (head: CountFile.Head, words: UInt64) {
    let readers = try open(paths)
    let head = try head(of: readers)
    let writer = try CountFile.Writer(path: output, head: head)
    var words: UInt64 = 0
    try Self.words(of: readers) { word, count in
      try writer.add(word, count: count)
      words += 1
    }
    try writer.commit()
    return (head, words)
  }

  /// `keygram build --counts`: the summed counts of `paths`, checked against `language`, as the
  /// count stage would have returned them.
  public static func load(_ paths: [String], language: Language,
                          wordMemoryCap: Int = WordCounts.defaultMemoryCap) throws -> (NgramCounts, WordCounts, Provenance) {
    let readers = try open(paths, expecting: Expectation(language: language))
    let head = try head(of: readers)
    if let partial = head.inputs.first(where: { !$0.isComplete }) {
      let path = readers.last { $0.head.inputs.contains { $0.file.name == partial.file.name } }!.path
      throw CountFileError(path: path, kind: .incompleteInput(name: partial.file.name, parts: partial.parts, of: partial.partCount))
    }
    var words = WordCounts(memoryCap: wordMemoryCap)
    try words.addDropped(head.droppedWords)
    try Self.words(of: readers) { word, count in
      try words.add(word, count: count)
      try words.spillIfFull()
    }
    return (head.counts, words, head.provenance)
  }
}

/// A binary min-heap of words from the merge's inputs, smallest word first (ties by input).
struct WordHeap {
  struct Entry {
    var word: [UInt8]
    var count: UInt64
    var source: Int
  }

  private var entries: [Entry] = []

  var peek: Entry? { entries.first }

  private static func less(_ a: Entry, _ b: Entry) -> Bool {
    a.word == b.word ? a.source < b.source : a.word.lexicographicallyPrecedes(b.word)
  }

  mutating func push(_ entry: Entry) {
    entries.append(entry)
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.less(entries[child], entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var smallest = parent
      if left < entries.count, Self.less(entries[left], entries[smallest]) { smallest = left }
      if right < entries.count, Self.less(entries[right], entries[smallest]) { smallest = right }
      guard smallest != parent else { break }
      entries.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
