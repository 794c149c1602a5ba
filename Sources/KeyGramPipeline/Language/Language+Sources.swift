/// What one corpus source contributes to a table, from `sources` in language.json.
public struct SourceRule: Sendable, Equatable {
  /// What a source's text is counted for.
  public struct Feeds: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The letter n-grams: unigrams, initials, bigrams, trigrams, 4-grams.
    public static let letters = Feeds(rawValue: 1)
    /// The word counts behind the lexicon.
    public static let words = Feeds(rawValue: 2)
    /// How words are written, and nothing else: a list of written forms, one per line (a
    /// Hunspell dictionary's), read for the capitals of words the text holds too few times. The
    /// words it holds are also words the dictionary accepts, never misspellings.
    public static let forms = Feeds(rawValue: 4)
    /// Words the language's dictionary accepts, and nothing else: one per line, in any case
    /// (Hunspell's compounds and forms its expanded list lacks). They are never misspellings.
    public static let accepts = Feeds(rawValue: 8)
    /// Known misspellings, and nothing else: `misspelling<TAB>correction` lines (codespell's
    /// list), which the lexicon leaves out (docs/Languages.md, "Words that are misspellings").
    public static let misspellings = Feeds(rawValue: 16)
    /// Consecutive word pairs of running text, for the word-pair model (`PAIR`): only beside
    /// `letters`, on a rule for running text.
    public static let pairs = Feeds(rawValue: 32)
    /// Offensive words, and nothing else: one per line, in any case, which the table flags
    /// (`OFFN`) so that the runtime never suggests them.
    public static let offensive = Feeds(rawValue: 64)

    /// The feeds that are a list of their own: each feeds nothing else, and no counts.
    public static let lists: Feeds = [.forms, .accepts, .misspellings, .offensive]
  }

  /// A file name in the language's folder, or a pattern with `*` (any run of characters).
  public var files: String
  public var feeds: Feeds
  /// Multiplies the source's word counts, so lists on different scales can be mixed.
  public var wordWeight: Double
  /// Multiplies the source's word-pair counts: a narrow or old text counts less in the pairs
  /// while its letters count in full, and a list of pairs counted elsewhere is brought to the
  /// running text's scale.
  public var pairWeight: Double

  /// Pair counts are kept in thousandths of an occurrence, so a weight below 1 is exact in any sharding.
  public static let pairCountUnit: UInt64 = 1000

  public init(files: String, feeds: Feeds, wordWeight: Double = 1, pairWeight: Double = 1) {
    precondition(wordWeight.isFinite && wordWeight > 0, "a source's word weight is a positive number, not \(wordWeight)")
    precondition(pairWeight.isFinite && pairWeight > 0, "a source's pair weight is a positive number, not \(pairWeight)")
    self.files = files
    self.feeds = feeds
    self.wordWeight = wordWeight
    self.pairWeight = pairWeight
  }

  /// An occurrence of a pair of running text under this rule, in thousandths (at least 1).
  public var pairOccurrenceCount: UInt64 { Swift.max(1, UInt64((pairWeight * Double(Self.pairCountUnit)).rounded())) }

  /// True for a word-frequency list rather than running text: a name with ".freq." in it
  /// (en/count_1w.freq.txt, de/leipzig.freq.gz); a list of word pairs is one too.
  public static func isFrequencyList(_ name: String) -> Bool {
    let name = name.split(separator: "/").last ?? ""
    return name.contains(".freq.") || name.hasSuffix(".freq")
  }

  /// Without a `sources` entry every file feeds the letters only.
  public static let lettersOnly = [SourceRule(files: "*", feeds: .letters)]

  /// True when `name` (a file name, no folder) is one of this rule's files.
  public func matches(_ name: String) -> Bool { Self.glob(Array(files.unicodeScalars)[...], Array(name.unicodeScalars)[...]) }

  private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let first = pattern.first else { return name.isEmpty }
    if first == "*" {
      var rest = name
      while true {
        if glob(pattern.dropFirst(), rest) { return true }
        guard !rest.isEmpty else { return false }
        rest = rest.dropFirst()
      }
    }
    guard let head = name.first, head == first else { return false }
    return glob(pattern.dropFirst(), name.dropFirst())
  }
}

extension Language {
  /// The rule for the corpus file at `path`: the first of `sources` whose files match its
  /// name; a file no rule names feeds the letters, as every file does without `sources`.
  public func source(for path: String) -> SourceRule {
    let name = String(path.split(separator: "/").last ?? "")
    return sources.first { $0.matches(name) } ?? SourceRule(files: name, feeds: .letters)
  }

  /// True when some source feeds the lexicon.
  public var countsWords: Bool { sources.contains { $0.feeds.contains(.words) } }

  /// True when some source says which words the language's dictionary accepts (`forms` or
  /// `accepts`): without one, the lexicon leaves no word out as a misspelling.
  public var hasDictionary: Bool { sources.contains { !$0.feeds.intersection([.forms, .accepts]).isEmpty } }
}

extension Language {
  /// This language with no source feeding pairs: a table built without a lexicon or with no
  /// byte for `PAIR` has no use for them, so they are not counted.
  package var withoutPairs: Language {
    var language = self
    for index in language.sources.indices { language.sources[index].feeds.remove(.pairs) }
    return language
  }

  /// This language with each of `paths` feeding the lexicon as well as the letters (and the pairs
  /// where the manifest's rule for it does), ahead of the manifest's rules: a build's
  /// `--lexicon-from text` (and verify's, to build it again).
  public func feedingWords(fromText paths: [String]) -> Language {
    var language = self
    let names = Set(paths.map { String($0.split(separator: "/").last ?? "") })
    // Each keeps the pairs its own rule counts.
    language.sources = names.sorted().map { name in
      SourceRule(files: name, feeds: SourceRule.Feeds([.letters, .words]).union(source(for: name).feeds.intersection(.pairs)))
    } + sources
    return language
  }
}

/// Where a table built from the user's own files takes its lexicon's words.
public enum LexiconOrigin: String, CaseIterable, Sendable {
  /// The word lists of the language's corpus folder (the files its manifest says feed words).
  case language
  /// The words of the user's own text.
  case text
}

