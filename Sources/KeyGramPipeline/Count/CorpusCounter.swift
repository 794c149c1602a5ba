import KeyGram

/// The count stage over a whole build: running text goes to one `LetterCounter` (and, when its
/// source feeds words, to a `TextWordCounter`), word-frequency lists to one
/// `FrequencyListCounter`, and their counts add up at the end.
package struct CorpusCounter: Counter {
  package let decoder: LetterDecoder
  private var text: LetterCounter
  /// Made only if a frequency list appears: its 4-gram array is large.
  private var lists: FrequencyListCounter?
  private var listPaths: [String] = []
  private var readingList = false
  /// What the current text file feeds.
  private var textSource = SourceRule(files: "*", feeds: .letters)
  /// The current text file's words, when its source feeds them.
  private var fileWords: SplitTextWordCounter?
  /// The words of every text file so far, times their sources' weights.
  private var textWords: WordCounts
  /// The word pairs of running text whose source feeds `pairs`.
  private var pairCounter: PairCounter
  private var feedsPairs = false
  /// How running text writes its words (every text file, whatever it feeds), once each.
  private var formText: FormTextCounter
  /// Where the CPU time of the second core's share of the counting goes, if anywhere.
  package var timing: CPUTiming?
  /// Whether running text's written forms are read: a table without a lexicon has no forms.
  private let countsForms: Bool
  /// How a list of written forms writes its words (sources that feed `forms`).
  private var formList: FormListCounter
  /// The words a list of accepted words holds (sources that feed `accepts`).
  private var acceptedList: FormListCounter
  /// The pairs of a list of misspellings (sources that feed `misspellings`).
  private var misspellingList: MisspellingListCounter
  /// The words of a list of offensive words (sources that feed `offensive`).
  private var offensiveList: FormListCounter
  /// Which of those lists the current file is, if any.
  private var listFeed: SourceRule.Feeds = []
  private var path = ""
  /// The current file's text bytes so far, and the invalid UTF-8 count when it started.
  private var fileTextBytes: UInt64 = 0
  private var invalidUTF8AtFileStart: UInt64 = 0
  /// Distinct words each word count holds in memory before spilling a sorted run.
  package let wordMemoryCap: Int
  /// False when only some lines of each file are counted (`keygram count --part`): a word
  /// list's part may then hold no words.
  package let wholeFiles: Bool

  package init(decoder: LetterDecoder, wordMemoryCap: Int = WordCounts.defaultMemoryCap, wholeFiles: Bool = true, countsForms: Bool = true) {
    self.decoder = decoder
    self.countsForms = countsForms
    self.wordMemoryCap = wordMemoryCap
    self.wholeFiles = wholeFiles
    textWords = WordCounts(memoryCap: wordMemoryCap)
    formText = FormTextCounter(decoder: decoder, memoryCap: wordMemoryCap)
    formList = FormListCounter(decoder: decoder, memoryCap: wordMemoryCap)
    acceptedList = FormListCounter(decoder: decoder, kind: .accepted, memoryCap: wordMemoryCap)
    misspellingList = MisspellingListCounter(decoder: decoder, memoryCap: wordMemoryCap)
    offensiveList = FormListCounter(decoder: decoder, kind: .offensive, memoryCap: wordMemoryCap)
    pairCounter = PairCounter(decoder: decoder, wordMemoryCap: wordMemoryCap)
    text = LetterCounter(decoder: decoder)
  }

  /// True for a word-frequency list rather than running text: a name with ".freq." in it
  /// (en/count_1w.freq.txt, de/leipzig.freq.gz).
  package static func isFrequencyList(_ path: String) -> Bool { SourceRule.isFrequencyList(path) }

  /// The next input; `isFrequencyList` says which counter reads it, `source` what it feeds.
  /// Each feeds the letters, the words or both.
  package mutating func startFile(_ path: String, isFrequencyList: Bool,
                                 source: SourceRule = SourceRule(files: "*", feeds: .letters)) {
    readingList = isFrequencyList
    self.path = path
    fileTextBytes = 0
    invalidUTF8AtFileStart = text.invalidUTF8
    listFeed = isFrequencyList ? [] : source.feeds.intersection(SourceRule.Feeds.lists)
    feedsPairs = !isFrequencyList && source.feeds.contains(.pairs)
    if feedsPairs { pairCounter.startFile(occurrenceCount: source.pairOccurrenceCount) }
    guard isFrequencyList else {
      textSource = source
      fileWords = source.feeds.contains(.words) ? SplitTextWordCounter(decoder: decoder, wordMemoryCap: wordMemoryCap) : nil
      return
    }
    listPaths.append(path)
    if lists == nil {
      lists = FrequencyListCounter(decoder: decoder, path: path, source: source, wordMemoryCap: wordMemoryCap)
      lists!.requiresWords = wholeFiles
    } else {
      lists!.startFile(path: path, source: source)
    }
  }

  package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
    if fileTextBytes == 0 { try Self.refuseKeyGramFile(startingWith: chunk, path: path) }
    fileTextBytes += UInt64(chunk.count)
    if readingList {
      try lists!.consume(chunk)
      try lists!.spillIfFull()
      return
    }
    switch listFeed {
    case .forms:
      formList.consume(chunk)
      try formList.spillIfFull()
      return
    case .accepts:
      acceptedList.consume(chunk)
      try acceptedList.spillIfFull()
      return
    case .misspellings:
      misspellingList.consume(chunk)
      try misspellingList.spillIfFull()
      return
    case .offensive:
      offensiveList.consume(chunk)
      try offensiveList.spillIfFull()
      return
    default: break
    }
    let feedsLetters = textSource.feeds.contains(.letters)
    if var words = fileWords {
      // The chunk's words are counted on two cores, its letters beside the first part's.
      fileWords = nil
      do {
        try words.consume(chunk, timing: timing) {
          if feedsLetters { text.consume(chunk) }
          if countsForms { formText.consume(chunk) }
        }
        if feedsPairs { try pairCounter.consume(chunk) }
      } catch let error as CountOverflow {
        throw CountOverflowError(error, paths: [path])
      }
      try words.spillIfFull()
      fileWords = words
    } else if feedsPairs {
      // The written forms on one core, the letters and the pairs on the other: the forms cost
      // the most (measured on English, forms 1.5 × pairs, letters a fifth of the pairs).
      do {
        try bothAtOnce({
          if countsForms { formText.consume(chunk) }
        }, {
          if feedsLetters { text.consume(chunk) }
          try pairCounter.consume(chunk)
        }, timing: timing)
      } catch let error as CountOverflow {
        throw CountOverflowError(error, paths: [path])
      }
    } else {
      if feedsLetters { text.consume(chunk) }
      if countsForms { formText.consume(chunk) }
    }
    if feedsPairs { try pairCounter.spillIfFull() }
    try formText.spillIfFull()
  }

  package mutating func finishFile() throws {
    if readingList {
      try lists!.finishFile()
      return
    }
    switch listFeed {
    case .forms: return formList.finishFile()
    case .accepts: return acceptedList.finishFile()
    case .misspellings: return misspellingList.finishFile()
    case .offensive: return offensiveList.finishFile()
    default: break
    }
    formText.finishFile()
    if feedsPairs {
      do { try pairCounter.finishFile() } catch let error as CountOverflow { throw CountOverflowError(error, paths: [path]) }
      try pairCounter.spillIfFull()
    }
    if textSource.feeds.contains(.letters) {
      text.finishFile()
      try refuseNonText()
    }
    guard var counter = fileWords else { return }
    fileWords = nil
    do {
      try counter.finishFile()
      textWords = try textWords + counter.words().weighted(by: textSource.wordWeight)
    } catch let error as CountOverflow {
      throw CountOverflowError(error, paths: [path])
    }
    try textWords.spillIfFull()
  }

  /// The checks `build` makes of each file's text, for a whole text read at once (the
  /// simulator's): none of KeyGram's binaries, and at most 1% invalid UTF-8.
  package static func refuseNonText(_ bytes: [UInt8], path: String) throws(CorpusError) {
    try refuseKeyGramFile(startingWith: bytes.prefix(8), path: path)
    var invalid: UInt64 = 0, first: Int?
    bytes.withUnsafeBufferPointer { bytes in
      var i = 0
      while i < bytes.count {
        if bytes[i] < 0x80 { i += 1; continue }
        switch UTF8Sequence.decode(bytes, at: i) {
        case .scalar(_, let length): i += length
        case .invalid(let length): invalid += 1; first = first ?? i; i += length
        case .needMoreBytes: invalid += 1; first = first ?? i; i = bytes.count
        }
      }
    }
    guard Double(invalid) > Double(bytes.count) * CorpusError.maximumInvalidShare else { return }
    throw CorpusError(path: path, kind: .notText(invalidSequences: invalid, textBytes: UInt64(bytes.count), firstAt: first))
  }

  /// A table or count file given as text would count its binary as letters: refused by magic.
  static func refuseKeyGramFile(startingWith start: some Collection<UInt8>, path: String) throws(CorpusError) {
    let head = Array(start.prefix(8))
    if head == TableFormat.magic { throw CorpusError(path: path, kind: .keygramFile("a KeyGram table (KEYGRAM magic)")) }
    if head == CountFile.magic { throw CorpusError(path: path, kind: .keygramFile("a KeyGram count file (KGCOUNT magic); build from it with --counts")) }
  }

  /// A file whose text is more than 1% invalid UTF-8 is a binary or another encoding: refused,
  /// naming its first bad byte (found by reading the file again, off the counting path).
  private func refuseNonText() throws(CorpusError) {
    let invalid = text.invalidUTF8 - invalidUTF8AtFileStart
    guard Double(invalid) > Double(fileTextBytes) * CorpusError.maximumInvalidShare else { return }
    throw CorpusError(path: path, kind: .notText(invalidSequences: invalid, textBytes: fileTextBytes,
                                                 firstAt: UTF8Sequence.firstInvalidOffset(inFileAt: path)))
  }

  /// The word counts of every source that feeds words: lists and running text.
  package func words() throws(CountOverflowError) -> WordCounts {
    guard let lists else { return textWords }
    do { return try lists.words + textWords } catch { throw CountOverflowError(error, paths: listPaths + [path]) }
  }

  /// The word pairs of every running text and list that feeds them (`PairCounter`,
  /// `FrequencyListCounter`), in thousandths (`SourceRule.pairCountUnit`).
  package func pairs() throws(CountOverflowError) -> WordCounts {
    guard let lists, !lists.pairs.counts.isEmpty || lists.pairs.spilledRuns > 0 else { return pairCounter.pairs }
    do { return try pairCounter.pairs + lists.pairs } catch { throw CountOverflowError(error, paths: listPaths + [path]) }
  }

  /// The form evidence of every source: the word lists' (words they feed), the running text's,
  /// and the lists of written forms, accepted words and misspellings.
  package func forms() throws(CountOverflowError) -> FormEvidence {
    do {
      let written = try formText.evidence + formList.evidence + acceptedList.evidence + misspellingList.evidence + offensiveList.evidence
      guard let lists else { return written }
      return try lists.forms + written
    } catch {
      throw CountOverflowError(error, paths: listPaths + [path])
    }
  }

  /// The running text's counts and the lists' together; an error names the lists if the sum
  /// would pass UInt64.max.
  package func counts() throws(CountOverflowError) -> NgramCounts {
    guard let lists else { return text.counts }
    do {
      return try text.counts + lists.counts
    } catch {
      throw CountOverflowError(error, paths: listPaths)
    }
  }
}

