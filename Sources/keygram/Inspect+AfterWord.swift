import Foundation
import KeyGram
import KeyGramPipeline

/// `inspect --after-word WORD`: the word-pair model's next-word distribution after a word (or
/// the sentence start, `^`), P(w | v) = (q + γ · P_lexicon(w)) / 65,535, over every lexicon word.
extension Keygram.Inspect {
  func listNextWords(_ table: KeyGramTable, after typed: String) throws {
    guard let lexicon = table.lexicon else { throw CLIError("\(self.table): the table has no lexicon") }
    guard let pairs = table.wordPairs else { throw CLIError("\(self.table): the table has no word pairs (PAIR): built with --pair-bytes 0, or no source feeds pairs") }
    let previous = try Self.wordID(typed, in: table, lexicon: lexicon)
    let row = pairs.row(after: previous)
    var weights: [UInt32: Int] = [:]
    for entry in row.start..<row.end {
      let (word, weight) = pairs.entry(at: entry)
      weights[word.rawValue] = weight
    }
    // Every word: one without an entry has P = γ · P_lexicon / 65,535.
    var candidates: [(word: WordID, q: Int, p: Double)] = []
    for node in 1..<lexicon.nodeCount {
      let word = WordID(node: LexiconNode(index: UInt32(node)))
      guard lexicon.isWord(word) else { continue }
      let q = weights[word.rawValue] ?? 0
      let lexical = exp(Double(lexicon.logProbability(of: word)))
      candidates.append((word, q, (Double(q) + Double(row.backoff) * lexical) / Double(WordPairs.rowTotal)))
    }
    let ranked = candidates.sorted { $0.p != $1.p ? $0.p > $1.p : $0.word < $1.word }.prefix(top ?? 20)
    let spell = { (word: WordID) -> String in
      var letters = [Character](repeating: " ", count: lexicon.depth(of: word.node))
      lexicon.forEachLetterBackwards(of: word.node) { position, letter in letters[position] = Character(table.letter(at: letter)) }
      return String(letters)
    }
    if json {
      print(try OrderedJSONEncoder().encode(NextWordsJSON(
        language: table.languageCode, after: previous.map(spell) ?? "^", pairs: row.count, backoff: row.backoff,
        next: ranked.map { NextWordsJSON.Next(word: spell($0.word), q: $0.q, p: $0.p) })))
      return
    }
    let name = previous.map { "\"\(spell($0))\"" } ?? "the sentence start"
    print("after \(name): \(row.count) pair\(row.count == 1 ? "" : "s") kept, backoff γ = \(row.backoff) of \(WordPairs.rowTotal)"
          + (row.count == 0 ? " (no row: the lexicon's own probabilities)" : ""))
    for (word, q, p) in ranked { print("  \(spell(word))  q \(q)  P \(String(format: "%.4f", p))") }
  }

  /// The lexicon word `typed` spells, read by the table's letters (apostrophes dropped), or nil
  /// for `^`, the sentence start.
  static func wordID(_ typed: String, in table: KeyGramTable, lexicon: Lexicon) throws -> WordID? {
    guard typed != "^" else { return nil }
    var letters: [Int] = []
    for scalar in typed.unicodeScalars where !TypingContext.isApostrophe(scalar) {
      guard let letter = table.letterIndex(of: scalar) else {
        throw CLIError("--after-word \(Printable.quoted(typed)): \(Printable.quoted(String(scalar))) is no letter of the table's alphabet")
      }
      letters.append(letter)
    }
    guard let word = lexicon.wordID(spelledBy: letters) else {
      throw CLIError("--after-word \(Printable.quoted(typed)): not a word of the table's lexicon")
    }
    return word
  }
}

/// `inspect --after-word WORD --json`: the pairs the row keeps, its backoff γ (out of 65,535),
/// and the likeliest next words with their pair weight q and probability p.
struct NextWordsJSON: Encodable {
  struct Next: Encodable {
    var word: String
    var q: Int
    var p: Double
  }
  var language: String
  var after: String
  var pairs: Int
  var backoff: Int
  var next: [Next]
}
