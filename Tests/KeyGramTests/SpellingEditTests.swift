@_spi(Testing) import KeyGram
import KeyGramTables
import Testing

/// Spelling mistakes typed at the keys' centres, on the shipped English table: each edit move
/// finds the intended word, a typed lexicon word is only offered a correction, and undo
/// restores what was typed.
@Suite("Spelling edits in the word decoder")
struct SpellingEditTests {
  let table = EnglishTable.mapped
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  /// Parameters whose spelling corrections replace non-words as soon as they beat them.
  static var applying: WordDecoder.Parameters {
    var parameters = WordDecoder.Parameters()
    (parameters.spellingMargin, parameters.omissionSpellingMargin) = (0, 0)
    return parameters
  }

  /// Parameters whose best word always replaces a non-word.
  static var eager: WordDecoder.Parameters {
    var parameters = applying
    parameters.margin = 0
    return parameters
  }

  func decoder(_ parameters: WordDecoder.Parameters = .init()) -> WordDecoder {
    WordDecoder(table: table, layout: layout, parameters: parameters)
  }

  /// Types `word` with every touch at its key's centre.
  func type(_ word: String, into decoder: WordDecoder) {
    for scalar in word.unicodeScalars {
      let key = layout.index(scalar)
      let frame = layout[key].frame
      decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: EnglishTable.letter(scalar))
    }
  }

  func alternatives(_ decision: WordDecision) -> [String] { (0..<decision.alternativeCount).map { decision.alternative(at: $0).text } }

  @Test("each edit kind finds the intended word: transposition, a doubled letter left out or typed twice, a vowel for a vowel",
        arguments: [("wiht", "with"), ("acess", "access"), ("withh", "with"), ("relevent", "relevant"), ("sentance", "sentence")])
  func editsFindTheWord(typed: String, intended: String) throws {
    #expect(table.lexicon?.word(spelledBy: typed.unicodeScalars.map { EnglishTable.letter($0) }) == nil, "\(typed) must be no lexicon word")
    let offering = decoder()
    type(typed, into: offering)
    let offered = offering.decide(limit: 3)
    #expect(alternatives(offered).contains(intended), "\(typed): \(alternatives(offered))")
    let index = try #require(alternatives(offered).firstIndex(of: intended))
    #expect(offered.alternative(at: index).correctsSpelling)
    // The best word when nothing holds the correction back: a spelling edit costs less than its word gains.
    let eager = decoder(Self.eager)
    type(typed, into: eager)
    let applied = eager.decide(limit: 3)
    #expect(applied.replaces && applied.best.text == intended, "\(typed) → \(applied.best.text)")
  }

  @Test("a second letter left out (apart or together) or a second extra touch finds the word at the second-edit cost, and not at ∞",
        arguments: [("acomodation", "accommodation"), ("accomdation", "accommodation"), ("abovemtioned", "abovementioned"), ("ussuallly", "usually")])
  func secondEdits(typed: String, intended: String) throws {
    #expect(table.lexicon?.word(spelledBy: typed.unicodeScalars.map { EnglishTable.letter($0) }) == nil, "\(typed) must be no lexicon word")
    func offered(secondEditCost: Float) -> [String] {
      var parameters = WordDecoder.Parameters()
      parameters.secondEditCost = secondEditCost
      let decoder = decoder(parameters)
      type(typed, into: decoder)
      return alternatives(decoder.decide(limit: 3))
    }
    let twice = offered(secondEditCost: WordDecoder.Parameters().secondEditCost), once = offered(secondEditCost: .infinity)
    #expect(twice.first == intended, "\(typed): \(twice)")
    #expect(!once.contains(intended), "\(typed) with one edit of each kind: \(once)")
  }

  @Test("a consonant written for one that sounds alike is offered first and never applied, even when every correction is; off at ∞",
        arguments: [("sylinder", "cylinder"), ("komplete", "complete")])
  func alikeConsonants(typed: String, intended: String) throws {
    #expect(table.lexicon?.word(spelledBy: typed.unicodeScalars.map { EnglishTable.letter($0) }) == nil, "\(typed) must be no lexicon word")
    let eager = decoder(Self.eager)
    type(typed, into: eager)
    let decision = eager.decide(limit: 3)
    #expect(alternatives(decision).first == intended, "\(typed): \(alternatives(decision))")
    #expect(decision.best.correctsSpelling && !decision.replaces, "\(typed) replaced by \(decision.best.text)")
    var off = Self.eager
    off.consonantSubstitutionCost = .infinity
    let unaware = decoder(off)
    type(typed, into: unaware)
    #expect(!alternatives(unaware.decide(limit: 3)).contains(intended), "\(typed) with no consonant edit: \(alternatives(unaware.decide(limit: 3)))")
  }

  @Test("consonants sound alike by their base letters, in Latin and Cyrillic; vowels and far consonants do not")
  func consonantSounds() throws {
    let russian = try KeyGramTable(embedded: KeyGramTables.russian)
    func alike(_ table: KeyGramTable, _ a: Unicode.Scalar, _ b: Unicode.Scalar) throws -> Bool {
      let first = try #require(table.letterIndex(of: a)), second = try #require(table.letterIndex(of: b))
      return table.consonantSounds(first) & table.consonantSounds(second) != 0
    }
    for (a, b) in [("c", "s"), ("c", "k"), ("s", "z"), ("b", "p"), ("d", "t"), ("f", "v")] as [(Unicode.Scalar, Unicode.Scalar)] {
      #expect(try alike(table, a, b), "\(a) and \(b)")
    }
    for (a, b) in [("m", "n"), ("k", "s"), ("a", "e"), ("r", "l")] as [(Unicode.Scalar, Unicode.Scalar)] {
      #expect(try !alike(table, a, b), "\(a) and \(b)")
    }
    #expect(try alike(russian, "з", "с") && alike(russian, "ж", "ш") && !alike(russian, "м", "н"))
  }

  @Test("a typed lexicon word is offered a spelling correction, never replaced by it")
  func lexiconWordsStand() throws {
    let decoder = decoder(Self.applying)
    type("form", into: decoder)
    let decision = decoder.decide(limit: 4)
    #expect(!decision.replaces)
    #expect(decision.typed.text == "form")
    let from = try #require(alternatives(decision).firstIndex(of: "from"), "\(alternatives(decision))")
    #expect(decision.alternative(at: from).correctsSpelling)
  }

  @Test("with the default spelling margin a near correction is offered, not applied; with none it is applied and undo restores the typed letters")
  func marginAndUndo() throws {
    let offering = decoder()
    type("wiht", into: offering)
    #expect(!offering.decide().replaces || offering.decide().margin > offering.parameters.omissionSpellingMargin)
    let applying = decoder(Self.applying)
    type("wiht", into: applying)
    let decision = applying.decide()
    #expect(decision.replaces && decision.best.text == "with")
    applying.finishWord(decision)
    let restored = try #require(applying.undoReplacement())
    #expect(restored.restored.text == "wiht" && restored.replaced.text == "with")
    #expect(!applying.decide().replaces)
    applying._checkInvariants()
  }

  @Test("with every spelling edit off the decoder decides as a touch-only decoder: wiht stands, no alternative corrects spelling")
  func editsOff() {
    let decoder = decoder(.withoutSpellingEdits)
    type("wiht", into: decoder)
    let decision = decoder.decide(limit: 8)
    #expect(!alternatives(decision).contains("with"))
    #expect((0..<decision.alternativeCount).allSatisfy { !decision.alternative(at: $0).correctsSpelling })
  }

  @Test("a correction that only leaves a letter out or swaps neighbours replaces at the omission spelling margin; a vowel for a vowel needs the spelling margin")
  func marginsByKind() throws {
    func decision(_ typed: String, omission: Float, spelling: Float) -> WordDecision {
      var parameters = WordDecoder.Parameters()
      parameters.autocorrection = .modest  // the margins as set
      (parameters.omissionSpellingMargin, parameters.spellingMargin) = (omission, spelling)
      let decoder = decoder(parameters)
      type(typed, into: decoder)
      return decoder.decide(limit: 3)
    }
    // "wierd" → "weird" by a swap, margin 9 nats: replaced when the omission margin is below it, whatever the spelling margin.
    let swapped = decision("wierd", omission: 6, spelling: 100)
    #expect(swapped.best.text == "weird" && swapped.replaces && swapped.margin > 6 && swapped.margin < 12, "\(swapped.margin)")
    #expect(!decision("wierd", omission: 12, spelling: 0).replaces)
    // "definately" → "definitely" by a vowel: the omission margin does not apply.
    let vowel = decision("definately", omission: 0, spelling: 15)
    #expect(vowel.best.text == "definitely" && !vowel.replaces)
    #expect(decision("definately", omission: 100, spelling: 0).replaces)
    // No limit by default: a margin set above the length-scaled preset's limits stands.
    #expect(!decision("wiht", omission: 20, spelling: 20).replaces)
  }

  @Test("a correction into a common word replaces at the common-word margin; one into a rarer word, or with the margin at ∞, keeps its own")
  func commonWordMargin() throws {
    func decision(_ typed: String, margin: Float, logProbability: Float = -8) -> WordDecision {
      var parameters = WordDecoder.Parameters()
      parameters.autocorrection = .modest  // the margins as set
      (parameters.commonWordSpellingMargin, parameters.commonWordLogProbability) = (margin, logProbability)
      let decoder = decoder(parameters)
      type(typed, into: decoder)
      return decoder.decide(limit: 3)
    }
    // "becouse" → "because" by a vowel, 6.2 nats: below the spelling margin, above a common-word margin of 4.
    let plain = decision("becouse", margin: .infinity)
    #expect(plain.best.text == "because" && !plain.replaces && plain.margin > 4 && plain.margin < 15, "\(plain.margin)")
    let common = decision("becouse", margin: 4)
    #expect(common.best.text == "because" && common.replaces && common.margin == plain.margin)
    // "because" is about the 100th word, log P ≈ −6.8: not common at a threshold of −6.
    #expect(!decision("becouse", margin: 4, logProbability: -6).replaces)
    // "definitely" (about the 1,160th word, log P ≈ −9.3) is no common word at −8: "definately" keeps the spelling margin.
    let rare = decision("definately", margin: 0)
    #expect(rare.best.text == "definitely" && !rare.replaces)
    #expect(decision("definately", margin: 0, logProbability: -11).replaces)
    // The common-word margin only ever comes nearer: "wierd" (a swap, 9 nats) stands replaced under a margin of 100.
    #expect(decision("wierd", margin: 100, logProbability: -20).replaces)
  }

  @Test("the length-scaled preset replaces a short swap up to its limit, keeps a short omission and replaces a long one")
  func lengthScaledPreset() {
    func decision(_ typed: String) -> WordDecision {
      var preset = WordDecoder.Parameters.lengthScaledSpellingMargins
      preset.autocorrection = .modest  // the margins as set
      let decoder = decoder(preset)
      type(typed, into: decoder)
      return decoder.decide(limit: 3)
    }
    // wiht: 4 letters, margin min(0 + 3 × 5, 9) = 9, beaten by 13.8 nats.
    let wiht = decision("wiht")
    #expect(wiht.replaces && wiht.best.text == "with", "\(wiht.best.text) by \(wiht.margin)")
    // acess: 5 letters, margin 10, beaten by 4.5 nats: offered only.
    let acess = decision("acess")
    #expect(!acess.replaces && acess.best.text == "access", "\(acess.best.text) by \(acess.margin)")
    // accomodate: 10 letters, margin 0.
    let accomodate = decision("accomodate")
    #expect(accomodate.replaces && accomodate.best.text == "accommodate", "\(accomodate.best.text) by \(accomodate.margin)")
  }

  @Test("below a floor of 0, a long slip replaces typed letters that score better than it; at the floor 0 it is only offered")
  func marginFloor() throws {
    func decision(floor: Float) -> WordDecision {
      var parameters = WordDecoder.Parameters.lengthScaledSpellingMargins
      parameters.autocorrection = .modest  // the margins as set
      parameters.spellingMarginFloor = floor
      let decoder = decoder(parameters)
      type("abstaction", into: decoder)
      return decoder.decide(limit: 3)
    }
    // abstaction: 10 letters, a letter left out; margin 0 + 5 × (7 − 10) = −15, held at the floor.
    let floored = decision(floor: -10), unfloored = decision(floor: 0)
    try #require(floored.best.text == "abstraction" && floored.best.correctsSpelling, "\(floored.best.text)")
    #expect(floored.margin < 0 && floored.margin > -10, "abstraction leads by \(floored.margin)")
    #expect(floored.replaces)
    #expect(!unfloored.replaces && unfloored.best.text == "abstraction" && unfloored.margin == floored.margin)
  }

  @Test("the spelling margins come nearer by the per-letter step for each typed letter past the reference length, go no lower than 0 and no higher than their limits",
        arguments: [("wierd", "weird", true, true), ("definately", "definitely", false, true), ("accomodation", "accommodation", true, false)])
  func marginsByLength(typed: String, intended: String, onlyOmittedOrSwapped: Bool, lengthDecides: Bool) throws {
    var outcomes = Set<Bool>()
    for (perLetter, length, limit) in [(Float(0), Float(7), Float(9)), (2, 7, 9), (5, 7, 100), (5, 4, 9), (5, 12, 9), (50, 3, 100), (50, 12, 9), (50, 12, 100)] {
      var parameters = WordDecoder.Parameters()
      parameters.autocorrection = .modest  // the margins as set
      (parameters.spellingMarginPerLetter, parameters.spellingMarginLength, parameters.margin) = (perLetter, length, 0)
      (parameters.omissionSpellingMarginLimit, parameters.spellingMarginLimit) = (limit, limit)
      let decoder = decoder(parameters)
      type(typed, into: decoder)
      let decision = decoder.decide(limit: 3)
      try #require(decision.best.text == intended && decision.best.correctsSpelling, "\(typed) → \(decision.best.text)")
      let base = onlyOmittedOrSwapped ? parameters.omissionSpellingMargin : parameters.spellingMargin
      let scaled = max(0, base + perLetter * (length - Float(typed.count)))
      let expected = min(scaled, limit)
      #expect(decision.replaces == (decision.margin > expected), "\(typed) at \(perLetter)/letter from \(length): margin \(decision.margin), needs \(expected)")
      outcomes.insert(decision.replaces)
    }
    // The settings above both replace and keep the nearer corrections: the length decides.
    #expect(outcomes == (lengthDecides ? [true, false] : [true]), "\(typed): \(outcomes)")
  }

  @Test("a letter added or left out at a word's edge costs the word-edge cost: at ∞, gamez is no longer offered game, and a doubled letter is exempt",
        arguments: [("gamez", "game", false), ("untill", "until", true), ("pgame", "game", false)])
  func wordEdges(typed: String, intended: String, isDoubledLetter: Bool) {
    // A beam wide enough to keep an edit at the first touch (20 nats down at cost 4) to the end:
    // this tests the cost, not the beam.
    var wide = Self.eager
    wide.beamWidth = 32
    wide.omissionBeamWidth = 16
    var free = wide, closed = wide
    free.wordEdgeEditCost = 0
    closed.wordEdgeEditCost = .infinity
    let open = decoder(free), edged = decoder(closed)
    type(typed, into: open)
    type(typed, into: edged)
    #expect(alternatives(open.decide(limit: 8)).contains(intended), "\(typed): \(alternatives(open.decide(limit: 8)))")
    #expect(alternatives(edged.decide(limit: 8)).contains(intended) == isDoubledLetter, "\(typed): \(alternatives(edged.decide(limit: 8)))")
    // A finite cost lowers the edge correction's score by exactly that much.
    var priced = wide
    priced.wordEdgeEditCost = 4
    let costing = decoder(priced)
    type(typed, into: costing)
    let cheap = open.decide(limit: 8), dear = costing.decide(limit: 8)
    if let a = (0..<cheap.alternativeCount).first(where: { cheap.alternative(at: $0).text == intended }),
       let b = (0..<dear.alternativeCount).first(where: { dear.alternative(at: $0).text == intended }) {
      #expect(abs(cheap.alternative(at: a).score - dear.alternative(at: b).score - (isDoubledLetter ? 0 : 4)) < 1e-3)
    } else {
      Issue.record("\(typed): \(intended) missing at cost 4: \(alternatives(dear))")
    }
  }

  @Test("a vowel written for one of a word's last two letters costs the word-edge cost: Russian endings stand")
  func endingsStand() throws {
    let russian = try KeyGramTable(embedded: KeyGramTables.russian)
    let layout = KeyboardLayout.iPhonePortrait(for: russian)
    let keys = LetterKeyMap(layout: layout, table: russian)
    func decision(_ word: String, edge: Float) -> [String] {
      var parameters = Self.eager
      parameters.wordEdgeEditCost = edge
      let decoder = WordDecoder(table: russian, layout: layout, letterKeys: keys, parameters: parameters)
      for scalar in word.unicodeScalars {
        let letter = russian.letterIndex(of: scalar)!, key = keys.keyIndex(ofLetter: letter)!
        let frame = layout[key].frame
        decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: letter)
      }
      return alternatives(decoder.decide(limit: 8))
    }
    // у and и are far apart on ЙЦУКЕН: only the vowel edit reaches the other ending.
    #expect(decision("кибернетику", edge: 0).contains("кибернетики"), "\(decision("кибернетику", edge: 0))")
    #expect(!decision("кибернетику", edge: .infinity).contains("кибернетики"), "\(decision("кибернетику", edge: .infinity))")
    #expect(!decision("компромиссам", edge: .infinity).contains("компромиссом"))
  }

  @Test("vowels by their base letter, in Latin, Greek and Cyrillic alphabets; й is a consonant")
  func vowels() throws {
    let english = table
    #expect(english.isVowel(EnglishTable.letter("a")) && english.isVowel(EnglishTable.letter("y")) && !english.isVowel(EnglishTable.letter("t")))
    for (embedded, vowel, consonant) in [(KeyGramTables.french, "é", "ç"), (KeyGramTables.russian, "ё", "й"), (KeyGramTables.greek, "ά", "σ")] as [(EmbeddedTable, Unicode.Scalar, Unicode.Scalar)] {
      let table = try KeyGramTable(embedded: embedded)
      let vowelIndex = try #require(table.letterIndex(of: vowel)), consonantIndex = try #require(table.letterIndex(of: consonant))
      #expect(table.isVowel(vowelIndex) && !table.isVowel(consonantIndex), "\(table.languageCode): \(vowel) \(consonant)")
    }
  }
}
