/// The count stage over a whole build: running text goes to one `LetterCounter`, word-frequency
/// lists to one `FrequencyListCounter`, and their counts add up at the end.
public struct CorpusCounter {
  public let decoder: LetterDecoder
  private var text: LetterCounter
  /// Made only if a frequency list appears: its 4-gram array is large.
  private var lists: FrequencyListCounter?
  private var listPaths: [String] = []
  private var readingList = false

  public init(decoder: LetterDecoder) {
    self.decoder = decoder
    text = LetterCounter(decoder: decoder)
  }

  /// True for a word-frequency list rather than running text: a name with ".freq." in it
  /// (en/count_1w.freq.txt, de/leipzig.freq.gz).
  public static func isFrequencyList(_ path: String) -> Bool {
    let name = path.split(separator: "/").last ?? ""
    return name.contains(".freq.") || name.hasSuffix(".freq")
  }

  /// The next input; `isFrequencyList` says which counter reads it, `source` what it feeds.
  /// Running text feeds the letters only; a list feeds letters, words or both.
  public mutating func startFile(_ path: String, isFrequencyList: Bool,
                                 source: SourceRule = SourceRule(files: "*", feeds: .letters)) throws(SourceError) {
    readingList = isFrequencyList
    guard isFrequencyList else {
      guard source.feeds == .letters else {
        throw SourceError(path: path, problem: "running text can feed the letters only; word counts come from frequency lists (*.freq.*)")
      }
      return
    }
    listPaths.append(path)
    if lists == nil {
      lists = FrequencyListCounter(decoder: decoder, path: path, source: source)
    } else {
      lists!.startFile(path: path, source: source)
    }
  }

  public mutating func consume(_ chunk: UnsafeRawBufferPointer) throws {
    if readingList { try lists!.consume(chunk) } else { text.consume(chunk) }
  }

  public mutating func finishFile() throws {
    if readingList { try lists!.finishFile() } else { text.finishFile() }
  }

  /// The word counts of every list that feeds words.
  public var words: WordCounts { lists?.words ?? WordCounts() }

  /// The running text's counts and the lists' together; an error names the lists if the sum
  /// would pass UInt64.max.
  public func counts() throws(CountOverflowError) -> NgramCounts {
    guard let lists else { return text.counts }
    do {
      return try text.counts + lists.counts
    } catch {
      throw CountOverflowError(count: error.count, paths: listPaths)
    }
  }
}

/// A corpus file that its language's `sources` rule cannot apply to.
public struct SourceError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var problem: String
  public var description: String { "\(path): \(problem)" }
}
