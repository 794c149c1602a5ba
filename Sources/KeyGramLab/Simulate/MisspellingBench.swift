import Foundation
import KeyGram

/// Real misspellings typed on a keyboard, each decided by a `WordDecoder` at the word's end:
/// how many it corrects at space, how often the intended word is among its first three
/// alternatives, and how many correct words it breaks. Typed at the keys' centres (the spelling
/// mistake alone) and with Gaussian touch noise through `GaussianKeyResolver` (both kinds of
/// error). A fresh decoder with no word history, as a new user's keyboard.
public struct MisspellingBench {
  /// An intended word and a misspelling of it, as letter indices of the table's alphabet.
  public struct Pair: Sendable {
    public var intended: [Int]
    public var misspelling: [Int]
  }

  /// How the decoder did on one way of typing.
  public struct Tally: Sendable, Equatable {
    /// Misspellings typed.
    public var typed = 0
    /// Replaced by the intended word at space.
    public var corrected = 0
    /// The intended word among the decision's first three words.
    public var inTopThree = 0
    /// Replaced by another word than the intended one.
    public var miscorrected = 0
    /// Correct words typed (the intended words, each once), and those the decoder replaced.
    public var correctWords = 0
    public var broken = 0
  }

  /// The bench's figures.
  public struct Result: Sendable {
    /// Pairs read, and those left out because a letter is outside the table's alphabet.
    public var pairs = 0
    public var skipped = 0
    /// Pairs whose intended word, and whose misspelling, is a word of the table's lexicon.
    public var intendedInLexicon = 0
    public var misspellingInLexicon = 0
    public var atCentres = Tally()
    public var noisy = Tally()
    /// The touch noise of `noisy`, in points.
    public var sigma: Float = 0
  }

  public let table: KeyGramTable
  public let layout: KeyboardLayout
  public let letterKeys: LetterKeyMap

  public init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap) {
    self.table = table
    self.layout = layout
    self.letterKeys = letterKeys
  }

  /// The pairs of a file of `intended<TAB>misspelling` lines (gzip or plain, `#` comments), as
  /// letters of the table's alphabet; lines with a letter outside it are counted as skipped.
  public func pairs(fromLines lines: [Substring]) throws -> (pairs: [Pair], skipped: Int) {
    var pairs: [Pair] = [], skipped = 0
    for (number, line) in lines.enumerated() where !line.isEmpty && !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
        throw MisspellingBenchError(line: number + 1, reason: "expected \"intended<TAB>misspelling\"")
      }
      let intended = fields[0].unicodeScalars.map { table.letterIndex(of: $0) }, wrong = fields[1].unicodeScalars.map { table.letterIndex(of: $0) }
      guard !intended.contains(nil), !wrong.contains(nil), (intended + wrong).allSatisfy({ letterKeys.keyIndex(ofLetter: $0!) != nil }) else {
        skipped += 1
        continue
      }
      pairs.append(Pair(intended: intended.map { $0! }, misspelling: wrong.map { $0! }))
    }
    return (pairs, skipped)
  }

  /// Types every pair's misspelling, and each intended word once, at the keys' centres and
  /// with touch noise σ (seeded), each decided by a fresh decoder with `parameters`;
  /// `decisionLog` sees each misspelling's decision at the keys' centres.
  public func run(_ pairs: [Pair], skipped: Int = 0, parameters: WordDecoder.Parameters = .init(), sigma: Float = 8, seed: UInt64 = 1,
                  decisionLog: ((Pair, WordDecision) -> Void)? = nil) -> Result {
    var result = Result()
    result.pairs = pairs.count + skipped
    result.skipped = skipped
    result.sigma = sigma
    let lexicon = table.lexicon
    for pair in pairs {
      if lexicon?.word(spelledBy: pair.intended) != nil { result.intendedInLexicon += 1 }
      if lexicon?.word(spelledBy: pair.misspelling) != nil { result.misspellingInLexicon += 1 }
    }
    let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters)
    let resolver = GaussianKeyResolver(layout: layout, letterKeys: letterKeys)
    var random = SeededRandom(seed: seed)
    var seen = Set<[Int]>()
    for pair in pairs {
      let atCentres = tally(&result.atCentres, pair, decoder) { type($0, into: decoder) }
      decisionLog?(pair, atCentres)
      tally(&result.noisy, pair, decoder) { type($0, into: decoder, resolver: resolver, sigma: sigma, random: &random) }
      guard seen.insert(pair.intended).inserted else { continue }
      for noisy in [false, true] {
        let typed = noisy ? type(pair.intended, into: decoder, resolver: resolver, sigma: sigma, random: &random) : type(pair.intended, into: decoder)
        guard typed == pair.intended else { continue }  // a touch missed: not a correct word
        let decision = decoder.decide(limit: 3)
        if noisy { result.noisy.correctWords += 1 } else { result.atCentres.correctWords += 1 }
        // Two words in place of one are a broken word too.
        if decision.split?.replaces == true || decision.replaces && letters(of: decision.best) != pair.intended {
          if noisy { result.noisy.broken += 1 } else { result.atCentres.broken += 1 }
        }
      }
    }
    return result
  }

  @discardableResult
  private func tally(_ tally: inout Tally, _ pair: Pair, _ decoder: WordDecoder, typing: ([Int]) -> [Int]) -> WordDecision {
    _ = typing(pair.misspelling)
    let decision = decoder.decide(limit: 3)
    tally.typed += 1
    if decision.split?.replaces == true {
      tally.miscorrected += 1
    } else if decision.replaces {
      if letters(of: decision.best) == pair.intended { tally.corrected += 1 } else { tally.miscorrected += 1 }
    }
    if (0..<Swift.min(decision.alternativeCount, 3)).contains(where: { letters(of: decision.alternative(at: $0)) == pair.intended }) {
      tally.inTopThree += 1
    }
    return decision
  }

  private func letters(of word: DecodedWord) -> [Int] { (0..<word.count).map { word.letter(at: $0) } }

  /// Types `word` at its keys' centres; returns the letters shown.
  @discardableResult
  private func type(_ word: [Int], into decoder: WordDecoder) -> [Int] {
    decoder.reset()
    for letter in word {
      let key = letterKeys.keyIndex(ofLetter: letter)!
      let frame = layout[key].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: letter)
    }
    return word
  }

  /// Types `word` with Gaussian noise σ around its keys' centres, each touch resolved by the
  /// Gaussian resolver after the word's letters so far; returns the letters shown.
  private func type(_ word: [Int], into decoder: WordDecoder, resolver: GaussianKeyResolver, sigma: Float, random: inout SeededRandom) -> [Int] {
    decoder.reset()
    var context = TypingContext(table: table)
    var shown: [Int] = []
    for letter in word {
      resolver.update(for: context)
      let frame = layout[letterKeys.keyIndex(ofLetter: letter)!].frame
      let (dx, dy) = random.normalPair()
      let touch = TouchPoint(x: frame.midX + Float(dx) * sigma, y: frame.midY + Float(dy) * sigma)
      let key = resolver.resolve(touch)!
      let typed = letterKeys.letters(onKey: key).first ?? -1
      decoder.add(touch, key: key, letter: typed)
      shown.append(typed)
      if typed >= 0 { context.record(table.letter(at: typed)) } else { context.recordBoundary() }
    }
    return shown
  }
}

/// A misspelling list's line that is not `intended<TAB>misspelling`.
public struct MisspellingBenchError: Error, CustomStringConvertible {
  public let line: Int
  public let reason: String
  public var description: String { "line \(line): \(reason)" }
}

extension MisspellingBench {
  /// Misspellings for a language without a list: each distinct lexicon word of `words` written
  /// with its marked letters as their base letters (`también` as `tambien`, `für` as `fur`),
  /// where that writing is no lexicon word. Words the table cannot type are left out.
  public func marksLeftOff(of words: [String]) -> [Pair] {
    guard let lexicon = table.lexicon else { return [] }
    let alphabet = (0..<table.letterCount).map { table.letter(at: $0) }
    let bases = KeyGramTable.markedLetterBases(alphabet: alphabet)
    var seen = Set<[Int]>(), pairs: [Pair] = []
    for word in words {
      let letters = word.lowercased().unicodeScalars.map { table.letterIndex(of: $0) }
      guard !letters.contains(nil) else { continue }
      let intended = letters.map { $0! }
      guard intended.contains(where: { bases[$0] >= 0 }), seen.insert(intended).inserted,
            intended.allSatisfy({ letterKeys.keyIndex(ofLetter: $0) != nil }), lexicon.wordID(spelledBy: intended) != nil else { continue }
      let plain = intended.map { bases[$0] >= 0 ? bases[$0] : $0 }
      guard plain.allSatisfy({ letterKeys.keyIndex(ofLetter: $0) != nil }), lexicon.wordID(spelledBy: plain) == nil else { continue }
      pairs.append(Pair(intended: intended, misspelling: plain))
    }
    return pairs
  }
}
