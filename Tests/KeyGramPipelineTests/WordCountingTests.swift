import Foundation
import KeyGram
@testable import KeyGramPipeline
import Testing

/// Word counts for the lexicon, on texts small enough to count by hand.
@Suite("Word counting")
struct WordCountingTests {
  @Test func listWordsAreTrimmedAsFoundationsWhitespaceSetTrims() {
    // The counter trims without Foundation; it must keep the set's exact meaning: tab, Zs
    // (space, no-break space, em space, ideographic space) and U+200B, not newlines or other controls.
    let samples = ["word", " \tword\t ", "\u{00A0}word\u{3000}", "\u{2003}\u{2003}", "", " \u{0301}word ", "wo rd",
                   "\rword\r", "\nword\n", "\u{200B}word\u{200B}", "\u{1680}w\u{202F}", "\u{0085}word\u{000B}", " \u{1F600} ",
                   "\u{205F}\u{2000}\u{200A}w\u{200C}\u{FEFF}"]
    for sample in samples {
      #expect(FrequencyListCounter.trimmingWhitespace(Substring(sample)) == sample.trimmingCharacters(in: .whitespaces),
              "\(sample.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  /// The words of `text` (as strings) with their counts, fed in pieces of `chunkSize` bytes.
  static func words(of text: String, alphabet: String = "abcdefghijklmnopqrstuvwxyz", chunkSize: Int? = nil) throws -> ([String: UInt64], UInt64) {
    let language = Fixtures.language(alphabet)
    var counter = TextWordCounter(decoder: LetterDecoder(language: language))
    try Fixtures.feed(Array(text.utf8), chunkSize: chunkSize) { try counter.consume($0) }
    try counter.finishFile()
    var result: [String: UInt64] = [:]
    for (word, count) in counter.words.counts {
      result[String(String.UnicodeScalarView(word.map { language.alphabet[Symbol.letterIndex(of: $0)] }))] = count
    }
    return (result, counter.words.droppedWords)
  }

  // the ×3 (The, the, the), cat ×1, cats ×1 (CAT's: the apostrophe is transparent), dog ×1;
  // mp3 and 3rd touch a digit, café a letter English lacks: none of them is a word.
  static let text = "The cat, the CAT's mp3 café 3rd dog\nthe"
  static let expected: [String: UInt64] = ["the": 3, "cat": 1, "cats": 1, "dog": 1]

  @Test("running text: whole words, case-folded, apostrophes dropped, digits and foreign letters spoil a run")
  func countsWords() throws {
    let (words, dropped) = try Self.words(of: Self.text)
    #expect(words == Self.expected)
    #expect(dropped == 0)
  }

  @Test("the same counts whatever the chunk size", arguments: [1, 2, 3, 5, 7])
  func chunkBoundaries(size: Int) throws {
    #expect(try Self.words(of: Self.text, chunkSize: size).0 == Self.expected)
  }

  /// Word `n` of the vocabulary below: `n` written in base 26 with the letters a ... z, least
  /// significant first, so 20,000 distinct words of 1 to 4 letters.
  static func vocabularyWord(_ n: Int) -> String {
    var n = n, word = ""
    repeat {
      word.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(n % 26))))
      n /= 26
    } while n > 0
    return word
  }

  @Test("20,000 distinct words, word n said n % 3 + 1 times: batches of ended words and a table that grows, counted exactly")
  func manyWordsInOneChunk() throws {
    var text = "", expected: [String: UInt64] = [:]
    for n in 0..<20_000 {
      let word = Self.vocabularyWord(n)
      expected[word] = UInt64(n % 3 + 1)
      for _ in 0...(n % 3) { text += word + (n % 7 == 0 ? ", " : " ") }
    }
    #expect(expected.count == 20_000)
    #expect(try Self.words(of: text).0 == expected)
    #expect(try Self.words(of: text, chunkSize: 4099).0 == expected)
  }

  /// The words of `text` through `SplitTextWordCounter` (two counters, each chunk cut at word
  /// boundaries) in pieces of `chunkSize` bytes.
  static func splitWords(of text: String, alphabet: String = "abcdefghijklmnopqrstuvwxyzé", chunkSize: Int) throws -> [[UInt8]: UInt64] {
    var counter = SplitTextWordCounter(decoder: LetterDecoder(language: Fixtures.language(alphabet)))
    try Fixtures.feed(Array(text.utf8), chunkSize: chunkSize) { try counter.consume($0) }
    try counter.finishFile()
    return try counter.words().counts
  }

  @Test("two counters over the parts of each chunk count what one counter does", arguments: [1, 2, 3, 5, 16, 64, 1000, 1 << 20])
  func splitCountsAsOne(chunkSize: Int) throws {
    // Digits, foreign letters (é is not one here; ÿ and þ are), NFD marks (one right after a
    // space), apostrophes and long words: every rule that carries state from byte to byte.
    let tricky = "The cat, the CAT's mp3 café 3rd dog x9y 12 e\u{301}te \u{301}a don't "
      + String(repeating: "abcdefghijklmnopq", count: 3) + " \u{FF}bad\u{FE} end"
    var text = ""
    for n in 0..<3_000 { text += Self.vocabularyWord(n % 700) + (n % 11 == 0 ? tricky : " ") }
    let language = Fixtures.language("abcdefghijklmnopqrstuvwxyzé")
    var one = TextWordCounter(decoder: LetterDecoder(language: language))
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBytes { try one.consume($0) }
    try one.finishFile()
    #expect(one.words.counts.count > 700)
    #expect(try Self.splitWords(of: text, chunkSize: chunkSize) == one.words.counts)
  }

  @Test("a UTF-8 sequence cut by the end of the file spoils the word it ends")
  func truncatedSequenceAtTheEnd() throws {
    var counter = TextWordCounter(decoder: LetterDecoder(language: Fixtures.language()))
    try [UInt8]("dog abc".utf8 + [0xE2]).withUnsafeBytes { try counter.consume($0) }
    try counter.finishFile()
    #expect(counter.words.counts.count == 1)
  }

  @Test("NFD letters compose across chunks: é typed as e + U+0301 is the letter é")
  func combiningMarks() throws {
    let text = "cafe\u{301} café cafe"
    for size in [1, 2, 3, 100] {
      let (words, _) = try Self.words(of: text, alphabet: "abcdefghijklmnopqrstuvwxyzé", chunkSize: size)
      #expect(words == ["café": 2, "cafe": 1])
    }
  }

  /// Words are packed 8 letters to a UInt64 up to 16 letters, then kept whole: each length
  /// around those edges, and a combining mark composing the letter at each edge.
  @Test("words of 1, 7-9, 15-17 and 47-48 letters, and é composed at letters 8, 9, 16 and 17")
  func packedWordEdges() throws {
    let alphabet = "abcdefghijklmnopqrstuvwxyzé"
    let lengths = [1, 7, 8, 9, 15, 16, 17, 47, 48]
    let plain = lengths.map { String("abcdefghijklmnopqrstuvwxyz".cycled(to: $0)) }
    let accented = [8, 9, 16, 17].map { String("abcdefghijklmnopqrstuvwxyz".cycled(to: $0 - 1)) + "e\u{301}" }
    // Each plain word twice (once capitalised), each accented one once precomposed, once in NFD.
    let text = (plain + plain.map { $0.capitalized } + accented
      + accented.map { $0.replacingOccurrences(of: "e\u{301}", with: "é") }).joined(separator: " ")
    for size in [1, 7, 4096] {
      let (words, dropped) = try Self.words(of: text, alphabet: alphabet, chunkSize: size)
      var expected = Dictionary(uniqueKeysWithValues: plain.map { ($0, UInt64(2)) })
      for word in accented { expected[word.replacingOccurrences(of: "e\u{301}", with: "é")] = 2 }
      #expect(words == expected)
      #expect(dropped == 0)
    }
  }

  @Test("a memory cap of 3 words spills runs; the counts are the same exact values")
  func shortWordsSpillAtTheCap() throws {
    let text = "one two three four five six seven eight nine ten one two three one two one"
    var counter = TextWordCounter(decoder: LetterDecoder(language: Fixtures.language()), wordMemoryCap: 3)
    for word in text.split(separator: " ") {
      try Array((word + " ").utf8).withUnsafeBytes { try counter.consume($0) }
      try counter.spillIfFull()
    }
    try counter.finishFile()
    #expect(counter.words.spilledRuns > 0)
    let counts = try counter.words.sortedEntries()
    let language = Fixtures.language()
    let byWord = Dictionary(uniqueKeysWithValues: counts.map { (String(String.UnicodeScalarView($0.word.map { language.alphabet[Symbol.letterIndex(of: $0)] })), $0.count) })
    #expect(byWord == ["one": 4, "two": 3, "three": 2, "four": 1, "five": 1, "six": 1, "seven": 1, "eight": 1, "nine": 1, "ten": 1])
  }

  @Test("a word over 48 letters is dropped, and tallied")
  func longWords() throws {
    let long = String(repeating: "a", count: 49)
    let (words, dropped) = try Self.words(of: "ok \(long) \(String(repeating: "b", count: 48))")
    #expect(words == ["ok": 1, String(repeating: "b", count: 48): 1])
    #expect(dropped == 1)
  }

  @Test("weights multiply, round and keep every word at least 1")
  func weights() throws {
    var counts = WordCounts()
    try counts.add([1, 2], count: 10)
    try counts.add([3], count: 1)
    let weighted = try counts.weighted(by: 0.25)
    #expect(weighted.counts == [[1, 2]: 3, [3]: 1])  // 2.5 rounds half away from zero to 3; 0.25 is raised to 1
  }

  @Test("sources: the first matching rule says what a file feeds; unmatched files feed the letters")
  func sourceRules() {
    var language = Fixtures.language()
    language.sources = [SourceRule(files: "wordfreq.freq.gz", feeds: .words), SourceRule(files: "*.txt", feeds: [.letters, .words], wordWeight: 2)]
    #expect(language.source(for: "corpora/en/wordfreq.freq.gz").feeds == .words)
    #expect(language.source(for: "/x/a.txt").feeds == [.letters, .words])
    #expect(language.source(for: "/x/a.txt").wordWeight == 2)
    #expect(language.source(for: "kjv.gz").feeds == .letters)
    #expect(SourceRule(files: "a*b*c", feeds: .letters).matches("aXbYc"))
    #expect(!SourceRule(files: "a*b*c", feeds: .letters).matches("aXbY"))
  }

  @Test("a build counts words from text and lists together, each times its source's weight")
  func pipelineWords() throws {
    let folder = Fixtures.temporaryFolder()
    let text = folder + "/story.txt", list = folder + "/words.freq.txt"
    try Data("the cat the dog".utf8).write(to: URL(fileURLWithPath: text))
    try Data("the\t100\nzebra\t7\n".utf8).write(to: URL(fileURLWithPath: list))
    var language = Fixtures.language()
    language.sources = [SourceRule(files: "*.freq.*", feeds: .words), SourceRule(files: "*", feeds: [.letters, .words], wordWeight: 10)]
    let (counts, words, _, _, _) = try CorpusCounter.count([text, list], decoder: LetterDecoder(language: language))
    func word(_ letters: String) -> [UInt8] { letters.unicodeScalars.map { Symbol.letter(language.letterIndex[$0]!) } }
    #expect(words.counts == [word("the"): 100 + 2 * 10, word("cat"): 10, word("dog"): 10, word("zebra"): 7])
    // The list fed no letters: only the text's 12 letters were counted.
    #expect(counts.unigrams.reduce(0, +) == 12)
  }
}

/// A word list that feeds the lexicon, refused line by line with the file, line and byte.
@Suite("Word lists: bad input")
struct WordListBadInputTests {
  /// The error counting `list` (as a file named words.freq.txt that feeds words) throws.
  static func error(counting list: String) -> String? {
    var counter = FrequencyListCounter(decoder: LetterDecoder(language: Fixtures.language()), path: "words.freq.txt",
                                       source: SourceRule(files: "*", feeds: .words))
    do {
      try Array(list.utf8).withUnsafeBytes { try counter.consume($0) }
      try counter.finishFile()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test("each bad line names the file, the line and its byte offset", arguments: [
    ("the 10\ncat -3\n", "words.freq.txt:2 (text byte 7): negative count -3"),
    ("the 10\ncat ten\n", #"words.freq.txt:2 (text byte 7): expected "word<TAB>count" or "word count", found "cat ten""#),
    ("the 10\ncat\t\n", "words.freq.txt:2 (text byte 7): expected \"word<TAB>count\" or \"word count\", found \"cat\t\""),
    ("the 99999999999999999999\n", "words.freq.txt:1 (text byte 0): count out of range: 99999999999999999999 does not fit in 64 bits (at most 18446744073709551615)"),
    ("the 10\n\u{0}\u{0} 5\n", "words.freq.txt:2 (text byte 7): the word has a control character (U+0)"),
    ("the 10\nca\u{7}t 5\n", "words.freq.txt:2 (text byte 7): the word has a control character (U+7)"),
    ("123 10\n--- 5\n", "words.freq.txt:2 (text byte 13): no usable words: the list feeds the lexicon, but none of its words has a letter of the alphabet"),
    ("123 10\n--- 5", "words.freq.txt:2 (text byte 12): no usable words: the list feeds the lexicon, but none of its words has a letter of the alphabet"),
  ])
  func badLines(list: String, message: String) {
    #expect(Self.error(counting: list) == message)
  }

  @Test("word counts that overflow together are refused, not wrapped")
  func overflowingWordCounts() {
    let message = Self.error(counting: "the 18446744073709551615\nthe 1\n")
    #expect(message?.hasPrefix("words.freq.txt:2 (text byte 25): count out of range") == true, "\(message ?? "no error")")
  }

  @Test("word counts too large to quantise are an error naming the lists, and no table is written")
  func lexiconMassTooLarge() throws {
    let folder = Fixtures.temporaryFolder()
    let text = folder + "/story.txt", list = folder + "/words.freq.txt"
    try Data("the cat".utf8).write(to: URL(fileURLWithPath: text))
    // Each fits in 64 bits, and their sum too, but not in the 2^54 exact quantising allows.
    try Data("ab 10000000000000000\nba 10000000000000000\n".utf8).write(to: URL(fileURLWithPath: list))
    var language = Fixtures.language()
    language.sources = [SourceRule(files: "*.freq.*", feeds: .words), SourceRule(files: "*", feeds: .letters)]
    let tables = folder + "/tables"
    var request = Pipeline.Request(language: language, inputs: [text, list], tablesFolder: tables, swiftFolder: nil)
    request.minimumLetters = 0
    #expect(throws: LexiconMassError(paths: [list])) { _ = try Pipeline.build(request) }
    #expect(!FileManager.default.fileExists(atPath: tables + "/en.keygram"))
  }

  @Test("a good list gives each word its count")
  func goodList() throws {
    #expect(Self.error(counting: "the 10\nThe 5\ncat 1\n") == nil)
  }

  /// Plain ASCII lines are read from their bytes, the rest by the general rules: both kinds
  /// mixed, each word's count checked by hand, and the letters they feed.
  @Test("plain and general lines count alike: apostrophes, CRLF, spaces around the word, leading zeros, split and spoiled words")
  func plainAndGeneralLines() throws {
    let language = Fixtures.language()
    let list = "Don't\t5\r\n  cat \t7\nthe 007\nTHE\t1\n\u{2019}\t3\nwell-known 2\nmp3 4\ncafé 6\nthe 18446744073709551615\n"
    var counter = FrequencyListCounter(decoder: LetterDecoder(language: language), path: "words.freq.txt",
                                       source: SourceRule(files: "*", feeds: [.letters, .words]))
    var overflow: FrequencyListError?
    do {
      try Array(list.utf8).withUnsafeBytes { try counter.consume($0) }
    } catch let error as FrequencyListError {
      overflow = error
    }
    // The last line's count fits UInt64 but the letters it adds would pass it: refused, naming line 9.
    #expect(overflow?.line == 9)
    let spelled = { (word: [UInt8]) in String(String.UnicodeScalarView(word.map { language.alphabet[Symbol.letterIndex(of: $0)] })) }
    let words = Dictionary(uniqueKeysWithValues: counter.words.counts.map { (spelled($0.key), $0.value) })
    // Don't → dont; "’" alone is no word; well-known → well + known; mp3 and café are spoiled.
    #expect(words == ["dont": 5, "cat": 7, "the": 8, "well": 2, "known": 2])
    // Letters: dont ×5, cat ×7, the ×8, well ×2, known ×2, mp ×4, caf ×6 (é is no English letter).
    let unigrams = counter.counts.unigrams
    #expect(unigrams[19] == 5 + 7 + 8)  // t
    #expect(unigrams[0] == 7 + 6)  // a
  }
}

extension String {
  /// This string repeated and cut to `count` characters ("abc".cycled(to: 5) is "abcab").
  fileprivate func cycled(to count: Int) -> String {
    String(String(repeating: self, count: count / self.count + 1).prefix(count))
  }
}
