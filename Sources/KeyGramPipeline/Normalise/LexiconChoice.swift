import KeyGram

/// Which words the lexicon keeps: the most frequent words of the word lists, in order, less the
/// misspellings, until it holds `maximumWords` (docs/Languages.md, "Words that are misspellings").
/// A word is a misspelling when the language's dictionary does not accept it and either
///
/// - **dictionary neighbour**: one slip (`Slip`) turns it into a word the dictionary accepts that
///   the word lists count at least `Rule.ratio(letters:slip:)` times as often; or
/// - **listed**: a list of misspellings (a source that feeds `misspellings`) names it, with a
///   correction whose every word the dictionary accepts and the word lists count at least
///   `Rule.listRatio` times as often, and with no correction that is the word itself written
///   with apostrophes ("thered" for "there'd": that is how the word is written, not a misspelling);
///
/// unless the corpus's own text disagrees (for any slip but marks left off): it writes the word
/// at least `Rule.textUses` times (away from a sentence start) and the other word (each word of
/// the correction) fewer than that ratio times as often. What the edited text itself uses in
/// proportion is a word of the language (French manuals' "function" beside "fonction"); typos in
/// it ("teh" three times in the English fortunes, beside 60,000 "the") are not.
///
/// Which words the dictionary accepts comes from the form evidence: the written forms of a source
/// that feeds `forms` and the words of one that feeds `accepts`, in any case, apostrophes aside.
/// A language without either has no dictionary: only a word written without the marks of a word
/// `Rule.noDictionaryMarksRatio` times as frequent is left out (Turkish `icin`, Finnish `etta`),
/// since no other slip tells a misspelling from a word without one. Deterministic: the
/// words are visited as `WordCounts.top` orders them (by count, then by letters), and so are
/// their neighbours and corrections.
package struct LexiconChoice: Sendable {
  /// The rule's numbers, in one place (docs/Languages.md repeats them).
  package enum Rule {
    /// A swap or a doubling in a word of `longWordLetters` letters or more: its neighbour is
    /// at least this many times as frequent.
    package static let ratio: UInt64 = 20
    package static let longWordLetters = 6
    /// Shorter words, and the other slips: five times the ratio.
    package static let strictRatio: UInt64 = 100
    /// Words of `shortWordLetters` letters or fewer: fifty times the ratio. Short words sit
    /// among many abbreviations and names, one slip from common words.
    package static let shortWordRatio: UInt64 = 1_000
    package static let shortWordLetters = 3
    /// A replaced, added or dropped letter counts only in words of this many letters or more.
    package static let otherSlipLetters = 8
    /// The last two letters may be swapped only in words of this many letters or fewer.
    package static let endSwapLetters = 4
    /// Without a dictionary, marks left off only, from a word this many times as frequent.
    package static let noDictionaryMarksRatio: UInt64 = strictRatio
    /// Marks left off that the layout types on their base letter's key (Spanish á on a, French é
    /// on e): the decoder reads such a touch as the marked letter at no cost, so a word a quarter
    /// of the ratio as rare as its marked twin (Spanish tambien, 16 times rarer than también; aqui, 6)
    /// is that twin typed plainly, and keeping it would only stop the decoder writing the twin.
    package static let baseKeyMarksRatio: UInt64 = ratio / 4
    /// A listed misspelling's correction is at least this many times as frequent.
    package static let listRatio: UInt64 = 10
    /// A word the corpus text writes this many times (away from a sentence start), and the other
    /// word fewer than the rule's ratio times as often, is no misspelling.
    package static let textUses: UInt64 = 2

    /// False when the corpus text writes the word `uses` times and the other word `otherUses`
    /// times, and so disagrees that the word is a misspelling at `ratio`.
    package static func textAgrees(uses: UInt64, otherUses: UInt64, ratio: UInt64) -> Bool {
      guard uses >= textUses else { return true }
      let (needed, overflow) = uses.multipliedReportingOverflow(by: ratio)
      return !overflow && otherUses >= needed
    }

    /// How many times as frequent a neighbour one `slip` away from a word of `letters` letters must be.
    /// Marks left off take the ratio at every length: the neighbour is the one word they belong to.
    package static func ratio(letters: Int, slip: Slip) -> UInt64 {
      if slip == .marks { return ratio }
      if letters <= shortWordLetters { return shortWordRatio }
      if letters < longWordLetters || slip == .other { return strictRatio }
      return ratio
    }
  }

  /// The slips the dictionary-neighbour rule undoes. The first letter never changes, and the
  /// last only by a swap of the last two letters in a word of `Rule.endSwapLetters` letters or
  /// fewer (teh, adn): names and words of other languages differ from common words at their
  /// ends (Farr and far, nationale and national, Alexandre and Alexander, categorise and categories).
  /// Marks are the exception: any letter may lose its own (etre, informacion).
  package enum Slip: String, Sendable, Equatable {
    /// Two neighbouring letters swapped (teh, recieve).
    case swap
    /// A letter inside the word doubled, or a double letter made single (adress, begining).
    case double
    /// In words of `Rule.otherSlipLetters` letters or more, a letter inside the word replaced,
    /// added or dropped (definately, goverment).
    case other
    /// Letters written without their marks, any number of them, in a word of 2 letters or more
    /// (Spanish informacion, German fur, Polish sie, Swedish fran): each the base letter
    /// `KeyGramTable.markedLetterBase(of:)` gives, which the alphabet holds. The ratio is
    /// `Rule.baseKeyMarksRatio` where the layout types every one on its base letter's key.
    case marks
  }

  /// Why a word was left out.
  package enum Reason: Sendable, Equatable {
    /// One `slip` from `word` (letter symbols), which the dictionary accepts and the word lists
    /// count `count` times.
    case neighbour(of: [UInt8], count: UInt64, slip: Slip)
    /// Named by the list of misspellings, with `correction` (its words' letter symbols); the
    /// rarest of its words counts `count`.
    case listed(correction: [[UInt8]], count: UInt64)
  }

  /// A word left out: its letter symbols, its count in the word lists, and why.
  package struct Removal: Sendable, Equatable {
    package var word: [UInt8]
    package var count: UInt64
    package var reason: Reason
  }

  /// The words kept, most frequent first (ties by letters), as `WordCounts.top` gives them.
  package private(set) var kept: [(word: [UInt8], count: UInt64)] = []
  /// The known words: the next most frequent words after the lexicon's, by the same rule, too
  /// rare to suggest but real (`KNOW`, `KnownWords`); at most `maximumKnownWords`.
  package private(set) var known: [[UInt8]] = []
  /// The misspellings the rule left out of the known words (not in `removed`), in the order met.
  package private(set) var knownRemoved: [Removal] = []
  /// The words left out, in the order they were met.
  package private(set) var removed: [Removal] = []
  /// False when no source says which words the dictionary accepts: nothing is left out.
  package private(set) var hasDictionary = false

  /// Words left out by each rule.
  package var neighbourRemovals: Int { removed.count(where: { if case .neighbour = $0.reason { true } else { false } }) }
  package var listedRemovals: Int { removed.count(where: { if case .listed = $0.reason { true } else { false } }) }
  /// Of the dictionary neighbours, the words written without their marks.
  package var markRemovals: Int { removed.count(where: { if case .neighbour(_, _, .marks) = $0.reason { true } else { false } }) }

  /// The lexicon of at most `maximumWords` words of `words`, with the misspellings `forms` shows
  /// left out, and after it at most `maximumKnownWords` known words. Empty when `maximumWords` is 0.
  package static func make(words: WordCounts, forms: FormEvidence, language: Language, maximumWords: Int,
                           maximumKnownWords: Int = 0) throws -> LexiconChoice {
    guard maximumWords > 0 else { return LexiconChoice() }
    let wanted = maximumWords.addingReportingOverflow(Swift.max(maximumKnownWords, 0))
    let total = wanted.overflow ? Int.max : wanted.partialValue
    // The words to visit: twice what is kept first, more only if misspellings took over half.
    var limit = total <= Int.max / 2 ? 2 * total : Int.max
    while true {
      let top = try words.top(limit)
      let choice = try choose(from: top, forms: forms, language: language, maximumWords: maximumWords, maximumKnownWords: maximumKnownWords)
      if choice.kept.count + choice.known.count >= total || top.count < limit || limit == Int.max { return choice }
      limit = limit <= Int.max / 2 ? 2 * limit : Int.max
    }
  }

  /// The rule over `top`, the word lists' most frequent words in order.
  static func choose(from top: [(word: [UInt8], count: UInt64)], forms: FormEvidence, language: Language,
                     maximumWords: Int, maximumKnownWords: Int = 0) throws -> LexiconChoice {
    var position: [[UInt8]: Int] = [:]
    position.reserveCapacity(top.count)
    for (index, entry) in top.enumerated() { position[entry.word] = index }

    // The evidence about these words: accepted, written by the text, listed as misspellings.
    var accepted = [Bool](repeating: false, count: top.count)
    // Accepted in lowercase or capitalised, not only in capitals or mixed case (French CA, cA).
    var acceptedAsAWord = [Bool](repeating: false, count: top.count)
    var textUses = [UInt64](repeating: 0, count: top.count)
    var corrections: [Int: [[[UInt8]]]] = [:]
    var choice = LexiconChoice()
    let spelling = FormEvidence.Spelling(language: language)
    try forms.forEachSorted { key, count in
      guard let kind = key.first.flatMap(FormEvidence.Kind.init(rawValue:)) else { return }
      switch kind {
      case .accepted, .dictionary:
        choice.hasDictionary = true
        if let word = spelling.word(of: key)?.word, let index = position[word.symbols] {
          accepted[index] = true
          if kind == .accepted || word.capitals <= 1 { acceptedAsAWord[index] = true }
        }
      case .text:
        if let word = spelling.word(of: key)?.word.symbols, let index = position[word] { textUses[index] &+= count }
      case .misspelling:
        if let pair = spelling.misspelling(of: key), let index = position[pair.misspelling] {
          corrections[index, default: []].append(pair.correction)
        }
      case .list, .offensive: break
      }
    }

    // Without a dictionary, every word may be the marked one, and no other slip is looked up.
    let neighbours = NeighbourIndex(top: top, accepted: accepted, textUses: textUses, markBases: markBases(of: language),
                                    onBaseKey: marksOnBaseKeys(of: language), everyWordMarked: !choice.hasDictionary)
    let letterCount = language.alphabet.count
    for (index, entry) in top.enumerated() {
      let inLexicon = choice.kept.count < maximumWords
      guard inLexicon || choice.known.count < maximumKnownWords else { break }
      var removal: Removal?
      if !choice.hasDictionary {
        if let found = neighbours.bestMarked(for: entry.word, count: entry.count, ratio: Rule.noDictionaryMarksRatio) {
          removal = Removal(word: entry.word, count: entry.count, reason: .neighbour(of: top[found].word, count: top[found].count, slip: .marks))
        }
      } else if !accepted[index] {
        if let found = neighbours.best(for: entry.word, count: entry.count, textUses: textUses[index], letterCount: letterCount) {
          removal = Removal(word: entry.word, count: entry.count,
                            reason: .neighbour(of: top[found.index].word, count: top[found.index].count, slip: found.slip))
        } else if let listed = corrections[index],
                  let correction = listedCorrection(listed, for: entry.word, count: entry.count, textUses: textUses[index], top: top, position: position,
                                                    accepted: accepted, allTextUses: textUses) {
          removal = Removal(word: entry.word, count: entry.count, reason: .listed(correction: correction.words, count: correction.count))
        }
      } else if !acceptedAsAWord[index],
                let found = neighbours.bestMarked(for: entry.word, count: entry.count, ratio: Rule.ratio, onBaseKeyRatio: Rule.baseKeyMarksRatio) {
        // An acronym or a symbol the dictionary writes only in capitals is no word typed in lowercase: French ca is ça.
        removal = Removal(word: entry.word, count: entry.count, reason: .neighbour(of: top[found].word, count: top[found].count, slip: .marks))
      }
      switch (removal, inLexicon) {
      case (let removal?, true): choice.removed.append(removal)
      case (nil, true): choice.kept.append(entry)
      case (let removal?, false): choice.knownRemoved.append(removal)
      case (nil, false): choice.known.append(entry.word)
      }
    }
    return choice
  }

  /// Per letter symbol, the symbol of the letter written for it when its marks are left off
  /// (`KeyGramTable.markedLetterBases(alphabet:)`, as the decoder reads them), or 0: none.
  static func markBases(of language: Language) -> [UInt8] {
    var bases = [UInt8](repeating: 0, count: 256)
    for (index, base) in KeyGramTable.markedLetterBases(alphabet: language.alphabet).enumerated() where base >= 0 {
      bases[Int(Symbol.letter(index))] = Symbol.letter(base)
    }
    return bases
  }

  /// Per letter symbol, whether it is a marked letter that the language's layout types on its
  /// base letter's key (`markBases(of:)`); false for all without a layout.
  static func marksOnBaseKeys(of language: Language) -> [Bool] {
    var onBaseKey = [Bool](repeating: false, count: 256)
    let bases = markBases(of: language), index = language.letterIndex
    for key in language.layout?.keys ?? [] {
      let symbols = Set(key.compactMap { index[$0].map(Symbol.letter) })
      for symbol in symbols where bases[Int(symbol)] != 0 && symbols.contains(bases[Int(symbol)]) { onBaseKey[Int(symbol)] = true }
    }
    return onBaseKey
  }

  /// Of `listed`, the corrections of `word` whose every word the dictionary accepts and the lists
  /// count at least `Rule.listRatio` times as often as the misspelling's `count` (and the text
  /// does not disagree, by the misspelling's `textUses`); none when one is `word` itself. The one named is the one
  /// of fewest words, then whose rarest word is the most frequent, then the first in key order.
  private static func listedCorrection(_ listed: [[[UInt8]]], for word: [UInt8], count: UInt64, textUses: UInt64, top: [(word: [UInt8], count: UInt64)],
                                       position: [[UInt8]: Int], accepted: [Bool], allTextUses: [UInt64]) -> (words: [[UInt8]], count: UInt64)? {
    let (needed, overflow) = count.multipliedReportingOverflow(by: Rule.listRatio)
    guard !overflow else { return nil }
    // The list writes the word itself with apostrophes: it is a word, written otherwise.
    guard !listed.contains([word]) else { return nil }
    var best: (words: [[UInt8]], count: UInt64)?
    for correction in listed {
      var rarest = UInt64.max
      let holds = correction.allSatisfy { word in
        guard let index = position[word], accepted[index], top[index].count >= needed,
              Rule.textAgrees(uses: textUses, otherUses: allTextUses[index], ratio: Rule.listRatio) else { return false }
        rarest = Swift.min(rarest, top[index].count)
        return true
      }
      guard holds else { continue }
      if let current = best, (current.words.count, -Int64(clamping: current.count)) <= (correction.count, -Int64(clamping: rarest)) { continue }
      best = (correction, rarest)
    }
    return best
  }

  /// What the choice says of one word (letter symbols): kept, left out, or neither (below the
  /// lexicon's size cut, or not in the word lists).
  package enum Verdict: Sendable, Equatable {
    case kept(rank: Int, count: UInt64)
    case removed(Removal)
    /// A known word beyond the lexicon, `rank` among them.
    case known(rank: Int)
    case notChosen
  }

  package func verdict(for word: [UInt8]) -> Verdict {
    if let rank = kept.firstIndex(where: { $0.word == word }) { return .kept(rank: rank + 1, count: kept[rank].count) }
    if let removal = removed.first(where: { $0.word == word }) ?? knownRemoved.first(where: { $0.word == word }) { return .removed(removal) }
    if let rank = known.firstIndex(of: word) { return .known(rank: rank + 1) }
    return .notChosen
  }
}

/// The accepted words of the visited list, found by the letters of a word one slip away: the
/// slips are made in a reused buffer and looked up by their hash, so the search allocates
/// nothing per neighbour (a word of 10 letters has about 600 neighbours of the other slips).
private struct NeighbourIndex {
  let top: [(word: [UInt8], count: UInt64)]
  /// How often the corpus text writes each of `top`.
  let textUses: [UInt64]
  /// Positions in `top` of the accepted words, by the hash of their letters.
  private var positions: [UInt64: [Int32]] = [:]
  /// Per letter symbol, the one written for it without its marks, or 0 (`LexiconChoice.markBases(of:)`).
  let markBases: [UInt8]
  /// Per letter symbol, whether the layout types it on its base letter's key (`LexiconChoice.marksOnBaseKeys(of:)`).
  let onBaseKey: [Bool]
  /// Positions in `top` of the accepted words (every word: `everyWordMarked`) that have a marked
  /// letter, by the hash of their letters with every mark left off.
  private var markedPositions: [UInt64: [Int32]] = [:]

  init(top: [(word: [UInt8], count: UInt64)], accepted: [Bool], textUses: [UInt64], markBases: [UInt8], onBaseKey: [Bool],
       everyWordMarked: Bool = false) {
    self.top = top
    self.textUses = textUses
    self.markBases = markBases
    self.onBaseKey = onBaseKey
    for (index, entry) in top.enumerated() where accepted[index] || everyWordMarked {
      if accepted[index] { entry.word.withUnsafeBufferPointer { positions[Self.hash($0), default: []].append(Int32(index)) } }
      let unmarked = unmarked(entry.word)
      guard unmarked != entry.word else { continue }
      unmarked.withUnsafeBufferPointer { markedPositions[Self.hash($0), default: []].append(Int32(index)) }
    }
  }

  /// `word` with every marked letter written as its base letter.
  func unmarked(_ word: [UInt8]) -> [UInt8] { word.map { markBases[Int($0)] != 0 ? markBases[Int($0)] : $0 } }

  static func hash(_ letters: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for letter in letters { hash = (hash ^ UInt64(letter)) &* 0x100_0000_01b3 }
    return hash
  }

  /// The most frequent accepted word that `word` writes without some of its marks, at least
  /// `ratio` times `count`, or `onBaseKeyRatio` times where every mark left off is typed on its
  /// base letter's key (ties: the first in `top`); none for a word of one letter.
  func bestMarked(for word: [UInt8], count: UInt64, ratio: UInt64, onBaseKeyRatio: UInt64? = nil) -> Int? {
    let length = word.count
    let needed = count.multipliedReportingOverflow(by: ratio)
    let neededOnBaseKey = count.multipliedReportingOverflow(by: onBaseKeyRatio ?? ratio)
    guard length >= 2, !needed.overflow, !neededOnBaseKey.overflow else { return nil }
    let found = unmarked(word).withUnsafeBufferPointer { markedPositions[Self.hash($0)] } ?? []
    // No text veto: text that writes words without their marks was typed without them (the
    // ASCII fortunes write Italian piu 935 times) or quotes another language (French manuals' general).
    return found.map(Int.init).filter { index in
      let candidate = top[index].word
      guard candidate.count == length, candidate != word, zip(word, candidate).allSatisfy({ $0 == $1 || $0 == markBases[Int($1)] }) else {
        return false
      }
      let everyMarkOnBaseKey = zip(word, candidate).allSatisfy { $0 == $1 || onBaseKey[Int($1)] }
      return top[index].count >= (everyMarkOnBaseKey ? neededOnBaseKey : needed).partialValue
    }.min()
  }

  /// The most frequent accepted word one slip from `word` (ties: the first in `top`), whose
  /// count is at least the rule's ratio times `count` and with which the text, writing `word`
  /// `uses` times, agrees; and the slip.
  func best(for word: [UInt8], count: UInt64, textUses uses: UInt64, letterCount: Int) -> (index: Int, slip: LexiconChoice.Slip)? {
    let length = word.count
    var best: (index: Int, slip: LexiconChoice.Slip)?
    var buffer = [UInt8](repeating: 0, count: length + 1)
    func consider(_ candidateLength: Int, _ slip: LexiconChoice.Slip) {
      let ratio = LexiconChoice.Rule.ratio(letters: length, slip: slip)
      let (needed, overflow) = count.multipliedReportingOverflow(by: ratio)
      guard !overflow else { return }
      buffer.withUnsafeBufferPointer { all in
        let candidate = UnsafeBufferPointer(rebasing: all[..<candidateLength])
        guard let found = positions[Self.hash(candidate)] else { return }
        for index in found.map(Int.init) where top[index].count >= needed && top[index].word.elementsEqual(candidate)
          && LexiconChoice.Rule.textAgrees(uses: uses, otherUses: textUses[index], ratio: ratio) {
          if best == nil || index < best!.index { best = (index, slip) }
        }
      }
    }
    if let marked = bestMarked(for: word, count: count, ratio: LexiconChoice.Rule.ratio(letters: length, slip: .marks),
                               onBaseKeyRatio: LexiconChoice.Rule.baseKeyMarksRatio) {
      best = (marked, .marks)
    }
    // Two neighbouring letters swapped, the first never; the last two only in short words.
    if length >= 3 {
      for i in 1..<(length <= LexiconChoice.Rule.endSwapLetters ? length - 1 : length - 2) where word[i] != word[i + 1] {
        for j in 0..<length { buffer[j] = word[j] }
        buffer.swapAt(i, i + 1)
        consider(length, .swap)
      }
    }
    // A letter inside the word doubled, or a double inside it made single.
    if length >= 3 {
      for i in 1..<(length - 1) {
        for j in 0...i { buffer[j] = word[j] }
        for j in i..<length { buffer[j + 1] = word[j] }
        consider(length + 1, .double)
      }
    }
    if length >= 4 {
      for i in 1..<(length - 2) where word[i] == word[i + 1] {
        for j in 0..<i { buffer[j] = word[j] }
        for j in (i + 1)..<length { buffer[j - 1] = word[j] }
        consider(length - 1, .double)
      }
    }
    // In long words, a letter inside replaced, dropped, or added between two letters.
    if length >= LexiconChoice.Rule.otherSlipLetters {
      for i in 1..<(length - 1) {
        for j in 0..<length { buffer[j] = word[j] }
        for letter in 0..<letterCount {
          let symbol = Symbol.letter(letter)
          guard symbol != word[i] else { continue }
          buffer[i] = symbol
          consider(length, .other)
        }
        for j in 0..<i { buffer[j] = word[j] }
        for j in (i + 1)..<length { buffer[j - 1] = word[j] }
        consider(length - 1, .other)
      }
      for i in 1..<length {
        for j in 0..<i { buffer[j] = word[j] }
        for j in i..<length { buffer[j + 1] = word[j] }
        for letter in 0..<letterCount {
          buffer[i] = Symbol.letter(letter)
          consider(length + 1, .other)
        }
      }
    }
    return best
  }
}
