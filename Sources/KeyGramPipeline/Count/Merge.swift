import HeapModule
import KeyGram

/// The count stage across shards: the exact sum of count files, in bounded memory whatever
/// the number of files. A first pass reads one file at a time, adding its n-gram entries
/// straight into one dense accumulator (allocated once, after a budget check); a second pass
/// k-way merges the files' sorted word lists, at most `Spill.fanIn` files at a time (more go
/// through sorted runs in `$TMPDIR`), holding one word and a small buffer per open file.
/// Addition is associative and commutative, and a file's inputs are kept sorted by name, so
/// any grouping and order of merges gives the same bytes.
package enum Merge {
  /// How the counts being merged must have been counted: the first file's, or a language's.
  package struct Expectation: Equatable, Sendable {
    package var languageCode: String
    package var alphabet: [Unicode.Scalar]
    package var rulesDigest: FileDigest

    package init(language: Language) {
      languageCode = language.code
      alphabet = language.alphabet
      rulesDigest = CountFile.rulesDigest(of: language)
    }

    init(_ identity: CountFile.Reader.Identity) {
      languageCode = identity.languageCode
      alphabet = identity.alphabet
      rulesDigest = identity.rulesDigest
    }

    /// Refuses `reader` unless it was counted for the same language, alphabet and rules.
    package func check(_ reader: CountFile.Reader) throws(CountFileError) {
      try check(CountFile.Reader.Identity(
        path: reader.path, languageCode: reader.head.languageCode, alphabet: reader.head.alphabet,
        rulesDigest: reader.head.rulesDigest, inputs: reader.head.inputs, languageOffset: reader.languageOffset,
        alphabetOffset: reader.alphabetOffset, rulesOffset: reader.rulesOffset))
    }

    func check(_ identity: CountFile.Reader.Identity) throws(CountFileError) {
      guard identity.languageCode == languageCode else {
        throw CountFileError(path: identity.path, byteOffset: identity.languageOffset,
                             kind: .otherLanguage(expected: languageCode, found: identity.languageCode))
      }
      guard identity.alphabet == alphabet else {
        throw CountFileError(path: identity.path, byteOffset: identity.alphabetOffset,
                             kind: .otherAlphabet(expected: String(String.UnicodeScalarView(alphabet)),
                                                  found: String(String.UnicodeScalarView(identity.alphabet))))
      }
      guard identity.rulesDigest == rulesDigest else {
        throw CountFileError(path: identity.path, byteOffset: identity.rulesOffset, kind: .otherRules)
      }
    }
  }

  /// The most memory the n-gram accumulator may take: 256 MiB, above the largest any legal
  /// alphabet needs (63 letters' 4-grams and trigrams, 136 MB).
  package static let defaultNgramBudget = 256 << 20

  /// The bytes of the dense accumulator for `letterCount` letters: 4-grams (up to 63 letters)
  /// and trigrams, 8 bytes a count.
  package static func accumulatorBytes(letterCount: Int) -> Int {
    let width = letterCount + 1, cube = width * width * width
    return 8 * (cube + (NgramCounts.countsQuadgrams(letterCount: letterCount) ? cube * width : 0))
  }

  /// The buffer each count file's word stream reads through in the second pass.
  static let wordBufferSize = 16 << 10

  /// The sum of the heads of the files at `paths`, read one at a time, each checked to be
  /// whole (size, state, CRC) and counted like the first, or like `expected` when given,
  /// before any of its n-grams is read. An input (or a part of one) named in two files is
  /// refused (it would be counted twice), as is one name with two different files behind it;
  /// parts of one input are joined. Zero files are an error. Returns, too, each file's CRC-32
  /// and, per input name, the last file that names it.
  static func sumOfHeads(_ paths: [String], expecting expected: Expectation?, ngramBudget: Int) throws(CountFileError)
    -> (head: CountFile.Head, checksums: [UInt32], lastNaming: [String: String]) {
    guard !paths.isEmpty else { throw CountFileError(path: "merge", kind: .noCountFiles) }
    var expectation = expected
    var counts: NgramCounts?
    var symbols: UInt64 = 0
    var inputs: [String: (input: CountFile.Input, path: String)] = [:]
    var sum: CountFile.Head?
    var checksums: [UInt32] = []
    var lastNaming: [String: String] = [:]
    for path in paths {
      let reader = try CountFile.Reader(path: path, bufferSize: wordBufferSize, check: { identity throws(CountFileError) in
        if let expectation { try expectation.check(identity) }
        expectation = expectation ?? Expectation(identity)
        // Every count file `count` and `merge` write names its inputs: that is what refuses a twice-added file.
        guard !identity.inputs.isEmpty else { throw CountFileError(path: path, kind: .noInputs) }
        for input in identity.inputs {
          lastNaming[input.file.name] = path
          guard let (known, knownPath) = inputs[input.file.name] else {
            inputs[input.file.name] = (input, path)
            continue
          }
          guard known.file == input.file, known.partCount == input.partCount else {
            throw CountFileError(path: path, kind: .inputDiffers(name: input.file.name, otherPath: knownPath))
          }
          guard Set(known.parts).isDisjoint(with: input.parts) else {
            throw CountFileError(path: path, kind: .duplicateInput(name: input.file.name, otherPath: knownPath))
          }
          var joined = known
          joined.parts = (known.parts + input.parts).sorted()
          inputs[input.file.name] = (joined, knownPath)
        }
        guard counts == nil else { return }
        let letterCount = identity.alphabet.count, bytes = accumulatorBytes(letterCount: letterCount)
        guard bytes <= ngramBudget else {
          throw CountFileError(path: path, byteOffset: CountFile.Offset.letterCount,
                               kind: .overBudget(letters: letterCount, bytes: bytes, budget: ngramBudget))
        }
        counts = NgramCounts(letterCount: letterCount)
      }, ngram: { index, count throws(CountFileError) in
        // Every cell is at most the symbols counted, so keeping their sum in range keeps each cell.
        let (total, overflow) = symbols.addingReportingOverflow(count)
        guard !overflow else { throw CountFileError(path: path, kind: .countOverflow("the symbols counted")) }
        symbols = total
        counts!.addStored(index: index, count: count)
      })
      checksums.append(reader.checksum)
      let other = reader.head
      guard var head = sum else {
        sum = other
        continue
      }
      func add(_ a: UInt64, _ b: UInt64, _ what: String) throws(CountFileError) -> UInt64 {
        let (total, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw CountFileError(path: path, kind: .countOverflow(what)) }
        return total
      }
      head.counts.outsideAlphabet = try add(head.counts.outsideAlphabet, other.counts.outsideAlphabet, "the letters outside the alphabet")
      head.counts.invalidUTF8 = try add(head.counts.invalidUTF8, other.counts.invalidUTF8, "the invalid UTF-8 sequences")
      head.counts.frequencyListWords = try add(head.counts.frequencyListWords, other.counts.frequencyListWords, "the frequency-list words")
      head.droppedWords = try add(head.droppedWords, other.droppedWords, "dropped words")
      head.storedBytes = try add(head.storedBytes, other.storedBytes, "bytes stored")
      head.textBytes = try add(head.textBytes, other.textBytes, "bytes of text")
      sum = head
    }
    guard var head = sum, var total = counts else { throw CountFileError(path: "merge", kind: .noCountFiles) }
    total.outsideAlphabet = head.counts.outsideAlphabet
    total.invalidUTF8 = head.counts.invalidUTF8
    total.frequencyListWords = head.counts.frequencyListWords
    head.counts = total
    head.inputs = inputs.values.map(\.input).sorted { $0.file.name < $1.file.name }
    return (head, checksums, lastNaming)
  }

  /// Streams the sum of the word lists of the files at `paths` to `sink`, in increasing word
  /// order, with at most `Spill.fanIn` files open at once: more are merged a group at a time
  /// into sorted runs, which are then merged. Each file must still carry `checksums`' CRC.
  /// With `list` `.forms` or `.pairs`, the files' form evidence or word pairs instead, merged alike.
  static func words(ofFiles paths: [String], checksums: [UInt32], list: List = .words,
                    into sink: ([UInt8], UInt64) throws -> Void) throws {
    func open(_ index: Int) throws(CountFileError) -> any SortedWordSource {
      let reader = try openReader(index)
      switch list {
      case .words: return reader
      case .forms: return reader.formSource
      case .pairs: return reader.pairSource
      }
    }
    func openReader(_ index: Int) throws(CountFileError) -> CountFile.Reader {
      let reader = try CountFile.Reader(path: paths[index], bufferSize: wordBufferSize, check: { _ throws(CountFileError) in },
                                        ngram: { _, _ throws(CountFileError) in })
      guard reader.checksum == checksums[index] else {
        throw CountFileError(path: paths[index], byteOffset: CountFile.Offset.crc, kind: .malformed("the file changed during the merge"))
      }
      return reader
    }
    guard paths.count > Spill.fanIn else {
      try words(of: paths.indices.map(open), into: sink)
      return
    }
    var runs: [Spill.Run] = []
    for group in stride(from: 0, to: paths.count, by: Spill.fanIn) {
      let writer = try Spill.Writer()
      try words(of: (group..<Swift.min(group + Spill.fanIn, paths.count)).map(open)) { word, count in
        try writer.add(word, count: count)
      }
      runs.append(try writer.finish())
      if runs.count == Spill.fanIn { runs = [try Spill.merge(runs)] }
    }
    try words(of: runs.map(Spill.Reader.init), into: sink)
  }

  /// The sorted lists of a count file, in their order.
  enum List { case words, forms, pairs }

  /// Streams the sum of the readers' word lists to `sink`, in increasing word order: a k-way
  /// merge holding one word per reader.
  package static func words(of readers: [any SortedWordSource],
                           into sink: ([UInt8], UInt64) throws -> Void) throws {
    var heap = Heap<MergeEntry>()
    for (index, reader) in readers.enumerated() {
      if let entry = try reader.nextWord() { heap.insert(MergeEntry(word: entry.word, count: entry.count, source: index)) }
    }
    while let smallest = heap.popMin() {
      var count = smallest.count
      var sources = [smallest.source]
      while let next = heap.min, next.word == smallest.word {
        let entry = heap.popMin()!
        let (sum, overflow) = count.addingReportingOverflow(entry.count)
        guard !overflow else {
          throw CountFileError(path: readers[entry.source].name, kind: .countOverflow("the count of a word"))
        }
        count = sum
        sources.append(entry.source)
      }
      try sink(smallest.word, count)
      for source in sources {
        if let entry = try readers[source].nextWord() { heap.insert(MergeEntry(word: entry.word, count: entry.count, source: source)) }
      }
    }
  }

  /// `keygram merge`: sums the count files at `paths` into a new count file at `output`,
  /// written atomically. Returns the merged head and the number of distinct words.
  @discardableResult
  package static func files(_ paths: [String], into output: String,
                           ngramBudget: Int = defaultNgramBudget) throws -> (head: CountFile.Head, words: UInt64) {
    let (head, checksums, _) = try sumOfHeads(paths, expecting: nil, ngramBudget: ngramBudget)
    let writer = try CountFile.Writer(path: output, head: head)
    var words: UInt64 = 0
    try Self.words(ofFiles: paths, checksums: checksums) { word, count in
      try writer.add(word, count: count)
      words += 1
    }
    try Self.words(ofFiles: paths, checksums: checksums, list: .forms) { key, count in try writer.addForm(key, count: count) }
    try Self.words(ofFiles: paths, checksums: checksums, list: .pairs) { key, count in try writer.addPair(key, count: count) }
    try writer.commit()
    return (head, words)
  }

  /// `keygram build --counts`: the summed counts of `paths`, checked against `language`, as the
  /// count stage would have returned them.
  package static func load(_ paths: [String], language: Language, wordMemoryCap: Int = WordCounts.defaultMemoryCap,
                          ngramBudget: Int = defaultNgramBudget) throws -> CorpusCounter.Counted {
    let (head, checksums, lastNaming) = try sumOfHeads(paths, expecting: Expectation(language: language), ngramBudget: ngramBudget)
    if let partial = head.inputs.first(where: { !$0.isComplete }) {
      throw CountFileError(path: lastNaming[partial.file.name] ?? paths[paths.count - 1],
                           kind: .incompleteInput(name: partial.file.name, parts: partial.parts, of: partial.partCount))
    }
    var words = WordCounts(memoryCap: wordMemoryCap)
    var forms = FormEvidence(memoryCap: wordMemoryCap)
    var pairs = WordCounts(memoryCap: wordMemoryCap, keyLimit: PairCounter.keyLimit)
    do {
      try words.addDropped(head.droppedWords)
      try Self.words(ofFiles: paths, checksums: checksums) { word, count in
        try words.add(word, count: count)
        try words.spillIfFull()
      }
      try Self.words(ofFiles: paths, checksums: checksums, list: .forms) { key, count in
        try forms.add(key: key, count: count)
        try forms.spillIfFull()
      }
      try Self.words(ofFiles: paths, checksums: checksums, list: .pairs) { key, count in
        try pairs.add(key, count: count)
        try pairs.spillIfFull()
      }
    } catch let error as CountOverflow {
      throw CountOverflowError(error, paths: paths)
    }
    return (head.counts, words, head.provenance, forms, pairs)
  }
}


/// One reader's next word in the k-way merge, ordered by word, then by reader.
struct MergeEntry: Comparable {
  var word: [UInt8]
  var count: UInt64
  var source: Int

  static func < (a: Self, b: Self) -> Bool {
    a.word == b.word ? a.source < b.source : a.word.lexicographicallyPrecedes(b.word)
  }

  static func == (a: Self, b: Self) -> Bool { a.word == b.word && a.source == b.source }
}
