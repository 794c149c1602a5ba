import Foundation
import KeyGram

/// Next-word prediction measured on a text, through the calls a keyboard makes: before each
/// word the suggestion bar shows `WordDecoder.nextWords(after:limit:)` for the word context a
/// `TypingContext` fed the text holds; while the word is typed (each touch at its key's
/// centre) it shows `suggestions(after:limit:)`. The typist takes the word as soon as it is
/// among the first three (one tap, which also types the space). Also the pair model's
/// perplexity over the text's lexicon words, beside the lexicon's unigram.
public struct NextWordBench {
  public let table: KeyGramTable
  public let layout: KeyboardLayout
  public let letterKeys: LetterKeyMap

  public init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap) {
    self.table = table
    self.layout = layout
    self.letterKeys = letterKeys
  }

  /// How the bar did on a text.
  public struct Result: Sendable, Equatable {
    /// The text's words, and those the lexicon holds (only they can be predicted).
    public var words = 0
    public var lexiconWords = 0
    /// Words that were first (top-1) or among the first three (top-3) of `nextWords` before their
    /// first letter.
    public var top1 = 0
    public var top3 = 0
    /// The same for the unigram baseline: the lexicon's three likeliest words, always.
    public var unigramTop1 = 0
    public var unigramTop3 = 0
    /// Keystrokes to type the text (each word's letters and a space), and with the bar: the
    /// letters typed before the word showed in the first three, and one tap.
    public var keystrokes = 0
    public var keystrokesWithBar = 0
    /// Words the table flags as offensive that the bar offered (next words and completions),
    /// other than one the history holds as the user's own: 0 while the decoder blocks them.
    public var offensiveOffered = 0
    /// The words scored for perplexity (the lexicon words), and Σ ln P(word | context) under the
    /// pair model and Σ ln P(word) under the lexicon alone.
    public var scoredWords = 0
    public var pairLogProbability = 0.0
    public var unigramLogProbability = 0.0

    /// 1 − keystrokes with the bar ÷ keystrokes.
    public var keystrokeSavings: Double { keystrokes > 0 ? 1 - Double(keystrokesWithBar) / Double(keystrokes) : 0 }
    public var pairPerplexity: Double { scoredWords > 0 ? exp(-pairLogProbability / Double(scoredWords)) : .nan }
    public var unigramPerplexity: Double { scoredWords > 0 ? exp(-unigramLogProbability / Double(scoredWords)) : .nan }
  }

  /// Runs the bar over `words` (`TypingSimulator.typing(of:)`), with a `WordHistory` learning the
  /// text as it is typed when `history`. Each word's context is its sentence start or the word
  /// before.
  public func run(_ words: [TypingSimulator.WrittenWord], history: Bool, parameters: WordDecoder.Parameters = .init()) -> Result {
    var result = Result()
    guard let lexicon = table.lexicon else { return result }
    let wordHistory = history ? WordHistory() : nil
    var context = TypingContext(table: table, wordHistory: wordHistory)
    let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters, wordHistory: wordHistory)
    let pairs = table.wordPairs
    let heads = (0..<Swift.min(3, pairs?.headWordCount ?? 0)).map { pairs!.headWord(at: $0) }
    for (index, word) in words.enumerated() {
      let letters = word.text.unicodeScalars.compactMap { table.letterIndex(of: $0) }
      guard !letters.isEmpty else { continue }
      result.words += 1
      result.keystrokes += letters.count + 1
      let wordContext = context.wordContext
      let id = lexicon.wordID(spelledBy: letters)
      if let id {
        result.lexiconWords += 1
        if heads.first == id { result.unigramTop1 += 1 }
        if heads.contains(id) { result.unigramTop3 += 1 }
        if let pairs {
          let row = pairs.row(after: wordContext.isSentenceStart ? nil : wordContext.previousWord)
          let known = wordContext.isSentenceStart || wordContext.previousWord != nil
          let logUnigram = Double(lexicon.logProbability(of: id))
          let conditional = pairs.probability(of: id, in: known ? row : .empty, lexiconProbability: Float(exp(logUnigram)))
          result.scoredWords += 1
          result.unigramLogProbability += logUnigram
          result.pairLogProbability += Double(Swift.max(logf(conditional), -1e30))
        }
      }
      result.keystrokesWithBar += keystrokesWithBar(letters, context: wordContext, decoder: decoder, result: &result)
      // The text goes on: the word, then a full stop when the next word starts a sentence.
      for scalar in word.text.unicodeScalars { context.record(scalar) }
      let nextStartsSentence = index + 1 < words.count && words[index + 1].startsSentence
      context.record(nextStartsSentence ? "." : " ")
    }
    return result
  }

  /// The keystrokes one word takes with the bar, counting its top-1 and top-3 before a letter.
  func keystrokesWithBar(_ letters: [Int], context: WordContext, decoder: WordDecoder, result: inout Result) -> Int {
    decoder.reset()
    let before = decoder.nextWords(after: context, limit: 3)
    result.offensiveOffered += offensiveCount(before, decoder: decoder)
    if let first = before.first, Self.spells(first, letters) { result.top1 += 1 }
    if before.contains(where: { Self.spells($0, letters) }) {
      result.top3 += 1
      return 1
    }
    for (typed, letter) in letters.enumerated() {
      guard let key = letterKeys.keyIndex(ofLetter: letter) else { return letters.count + 1 }
      let frame = layout.keys[key.rawValue].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: letter, isCapital: false)
      // Taking the word after its last letter saves nothing: the space costs the same tap.
      guard typed + 1 < letters.count else { break }
      let offered = decoder.suggestions(after: context, limit: 3)
      result.offensiveOffered += offensiveCount(offered, decoder: decoder)
      if offered.contains(where: { Self.spells($0, letters) }) { return typed + 2 }
    }
    return letters.count + 1
  }

  /// How many of `words` the table flags as offensive and the history does not hold as the
  /// user's own (`Parameters.historyTargetCount` times).
  func offensiveCount(_ words: WordSuggestions, decoder: WordDecoder) -> Int {
    guard let offensive = table.offensiveWords else { return 0 }
    var count = 0
    for word in words {
      guard let id = word.wordID, offensive.contains(id) else { continue }
      if let history = decoder.wordHistory,
         history.count(ofWord: (0..<word.count).map { word.letter(at: $0) }) >= decoder.parameters.historyTargetCount { continue }
      count += 1
    }
    return count
  }

  static func spells(_ word: DecodedWord, _ letters: [Int]) -> Bool {
    word.count == letters.count && letters.indices.allSatisfy { word.letter(at: $0) == letters[$0] }
  }
}
