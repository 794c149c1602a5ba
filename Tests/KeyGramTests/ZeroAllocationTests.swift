#if canImport(MallocCounter)
@_spi(Testing) import KeyGram
import Testing
import KeyGramTables

/// The hot paths allocate nothing: each test runs ≥ 100,000 iterations of one path between
/// two reads of the thread's malloc counter (after a warm-up run), for both the memory-mapped
/// and the generated-Swift table.
@Suite("Zero allocation", .serialized)
struct ZeroAllocationTests {
  static let iterations = 100_000
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  /// Touches spread over the letter rows, computed before measuring.
  static let touches: [TouchPoint] = {
    var generator = SplitMix64(seed: 99)
    return (0..<256).map { _ in
      TouchPoint(x: Float(generator.next() % 3750) / 10, y: Float(generator.next() % 1620) / 10)
    }
  }()

  @Test("The counter sees allocations (control)")
  func control() {
    var sink: [Int] = []
    let count = mallocs {
      for index in 0..<1000 { sink = [index] }
    }
    #expect(count >= 1000)
    #expect(sink == [999])
  }

  @Test("Distribution lookups", arguments: EnglishTable.Source.allCases)
  func lookup(source: EnglishTable.Source) {
    let table = source.table
    let n = table.letterCount
    var total: UInt64 = 0
    let count = mallocs {
      for index in 0..<Self.iterations {
        let previous = index % (n + 2) == n ? LetterSymbol.boundary : LetterSymbol(rawValue: UInt8(index % (n + 2) % n))
        let context = LetterContext(previous: previous, last: LetterSymbol(rawValue: UInt8(index / 7 % n)))
        let distribution = table.distribution(after: context)
        total &+= UInt64(distribution.weight(at: index % n))
        total &+= UInt64(distribution.probability(ofLetter: index % n) * 1000)
        total &+= UInt64(table.letterIndex(of: "e") ?? 0) &+ UInt64(table.symbol(for: "é").rawValue)
      }
    }
    #expect(count == 0)
    #expect(total > 0)
  }

  @Test("topLetters(into:) a caller's buffer", arguments: EnglishTable.Source.allCases)
  func topLetters(source: EnglishTable.Source) {
    let distribution = source.table.distribution(after: "th")
    var top = [Int](repeating: 0, count: 5)
    var total = 0
    let count = mallocs {
      for _ in 0..<Self.iterations { total &+= distribution.topLetters(into: &top) }
    }
    #expect(total == 5 * 2 * Self.iterations)  // the warm-up run and the measured one
    #expect(count == 0)
  }

  @Test("Recording keystrokes and updating both resolvers", arguments: EnglishTable.Source.allCases)
  func recordAndUpdate(source: EnglishTable.Source) {
    let table = source.table
    let boundary = BoundaryShiftResolver(layout: layout, table: table)
    let gaussian = GaussianKeyResolver(layout: layout, table: table)
    var context = TypingContext(table: table)
    let text: [Unicode.Scalar] = Array("the quick brown fox doesn’t jump. Naïve é 42 ".unicodeScalars)
    var wordsSeen = 0
    let count = mallocs {
      for index in 0..<Self.iterations {
        switch index % 11 {
        case 3: context.recordDeletion()
        case 7: context.recordBoundary()
        default: context.record(text[index % text.count])
        }
        boundary.update(for: context)
        gaussian.update(for: context)
        if context.wordContext.previousWord != nil { wordsSeen += 1 }
      }
    }
    #expect(count == 0)
    #expect(wordsSeen > 0)
    #expect(context.recomputeCount > 0 && boundary.recomputeCount > 0 && gaussian.recomputeCount > 0)
    context._checkInvariants()
  }

  @Test("Recording NFD text, combining marks composed, through every entry point")
  func recordCombiningMarks() throws {
    let table = try KeyGramTable(embedded: KeyGramTables.french)
    var context = TypingContext(table: table)
    let text = "le cafe\u{301} na\u{308}ve, voila\u{300} Ç\u{301}a\u{303} "
    let scalars = Array(text.unicodeScalars), characters = Array(text)
    var composed = 0
    let count = mallocs {
      for index in 0..<(Self.iterations / 10) {
        switch index % 4 {
        case 0: context.reset(textBeforeCursor: text)
        case 1: context.record(contentsOf: text)
        case 2: context.record(characters[index % characters.count])
        default: context.record(scalars[index % scalars.count])
        }
        composed &+= table.context(after: text).last.rawValue == 0 ? 0 : 1
      }
    }
    #expect(count == 0)
    #expect(composed > 0)
    context._checkInvariants()
  }

  @Test("Boundary-shift resolves", arguments: EnglishTable.Source.allCases)
  func boundaryResolve(source: EnglishTable.Source) {
    let resolver = BoundaryShiftResolver(layout: layout, table: source.table)
    var context = TypingContext(table: source.table)
    context.record("t")
    resolver.update(for: context)
    let touches = Self.touches
    var total = 0
    let count = mallocs {
      for index in 0..<Self.iterations { total &+= resolver.resolve(touches[index & 255])?.rawValue ?? 0 }
    }
    #expect(count == 0)
    #expect(total > 0)
  }

  @Test("Gaussian resolves", arguments: EnglishTable.Source.allCases)
  func gaussianResolve(source: EnglishTable.Source) {
    let resolver = GaussianKeyResolver(layout: layout, table: source.table)
    var context = TypingContext(table: source.table)
    context.record("t")
    resolver.update(for: context)
    let touches = Self.touches
    var total = 0
    let count = mallocs {
      for index in 0..<Self.iterations { total &+= resolver.resolve(touches[index & 255])?.rawValue ?? 0 }
    }
    #expect(count == 0)
    #expect(total > 0)
  }

  @Test("Gaussian resolves timed touches (speed-aware spread)", arguments: EnglishTable.Source.allCases)
  func gaussianResolveTimed(source: EnglishTable.Source) {
    let resolver = GaussianKeyResolver(layout: layout, table: source.table)
    var context = TypingContext(table: source.table)
    context.record("t")
    resolver.update(for: context)
    let timed = Self.touches
    var total = 0
    var time = 0.0
    let count = mallocs {
      for index in 0..<Self.iterations {
        var touch = timed[index & 255]
        time += 0.12 + Double(index & 7) * 0.035  // 120 to 365 ms apart: no pause falls back
        touch.timestamp = time
        total &+= resolver.resolve(touch)?.rawValue ?? 0
      }
    }
    #expect(count == 0)
    #expect(total > 0)
  }

  @Test("Static resolves and a whole keystroke cycle", arguments: EnglishTable.Source.allCases)
  func keystrokeCycle(source: EnglishTable.Source) {
    let fixed = StaticKeyResolver(layout: layout)
    let resolver = GaussianKeyResolver(layout: layout, table: source.table)
    var context = TypingContext(table: source.table)
    let touches = Self.touches
    var total = 0
    let count = mallocs {
      for index in 0..<Self.iterations {
        // touchDown → resolve → record what was typed → update for the next touch.
        let touch = touches[index & 255]
        let key = resolver.resolve(touch) ?? 0
        total &+= fixed.resolve(touch)?.rawValue ?? 0
        if let letter = layout[key].letter { context.record(letter) } else { context.recordBoundary() }
        if index % 9 == 0 { context.recordBoundary() }
        resolver.update(for: context)
      }
    }
    #expect(count == 0)
    #expect(total > 0)
  }
}

/// The word decoder allocates everything at init: touches, decisions, suggestions, word ends,
/// undo, history and touch-model learning allocate nothing afterwards.
@Suite("Word decoder allocation", .serialized)
struct WordDecoderAllocationTests {
  static let touches = 8_000
  let layout = KeyboardLayout.iPhonePortraitQWERTY

  @Test("typing, suggesting, deciding, finishing and undoing words", arguments: EnglishTable.Source.allCases)
  func decoding(source: EnglishTable.Source) {
    let table = source.table
    let history = WordHistory()
    let model = TouchModel(layout: layout)
    // Spaces left out are put in (not only offered), so splits, their undo and their learning run too.
    var parameters = WordDecoder.Parameters()
    (parameters.omittedSpaceMargin, parameters.unpairedSplitMargin) = (0, 0)
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters, wordHistory: history)
    // Words, each letter touched a little off its key's centre (some nearer a neighbour), in
    // parallel arrays: a debug build boxes tuples as it iterates an array of them.
    var generator = SplitMix64(seed: 5)
    let resolver = GaussianKeyResolver(layout: layout, table: table)
    var points: [[TouchPoint]] = [], keys: [[KeyIndex]] = [], letters: [[Int]] = []
    // "thisis", "ofthe" and "techspeak" are read as two words (a split put in, undone, or offered).
    // "num", a space tap near b, then "ers" are read as one word ("numbers", a join).
    let wordList = ["keyboard", "the", "decoder", "qwfpgj", "allocation", "hears", "sloppy", "jargon", "thisis", "ofthe", "techspeak", "num", "ers"]
    for word in wordList {
      points.append([]); keys.append([]); letters.append([])
      for scalar in word.unicodeScalars {
        let frame = layout[layout.keyIndex(ofLetter: scalar)!].frame
        var touch = TouchPoint(x: frame.midX + Float(Int(generator.next() % 41) - 20), y: frame.midY + Float(Int(generator.next() % 21) - 10))
        if word == "num" || word == "ers" { touch = TouchPoint(x: frame.midX, y: frame.midY) }
        let shown = resolver.resolve(touch)!
        points[points.count - 1].append(touch)
        keys[keys.count - 1].append(shown)
        letters[letters.count - 1].append(table.letterIndex(of: layout[shown].letter ?? scalar) ?? 0)
      }
    }
    var total = 0
    var replaced = 0, splits = 0
    var typingContext = TypingContext(table: table)
    typingContext.record(contentsOf: "I saw the ")
    let wordContext = typingContext.wordContext
    // Taps on shift and backspace inside words, which the decoder may take for letters.
    let shift = layout.keyIndex(of: .shift)!, backspace = layout.keyIndex(of: .backspace)!
    let shiftTap = TouchPoint(x: layout[shift].frame.maxX - 4, y: layout[shift].frame.midY)
    let backspaceTap = TouchPoint(x: layout[backspace].frame.minX + 4, y: layout[backspace].frame.midY)
    // Space taps: at the bar's centre, and after "num" past its top edge towards b (the
    // resolver gave the space bar a touch between the rows).
    let space = layout.keyIndex(of: .space)!, b = layout[layout.keyIndex(ofLetter: "b")!].frame
    let spaceCentre = TouchPoint(x: layout[space].frame.midX, y: layout[space].frame.midY)
    let spaceSlip = TouchPoint(x: spaceCentre.x + (b.midX - spaceCentre.x) * 0.55, y: spaceCentre.y + (b.midY - spaceCentre.y) * 0.55)
    let num = wordList.firstIndex(of: "num")!
    var joins = 0, suggestedJoins = 0, undoneJoins = 0
    let count = mallocs {
      var typed = 0, word = 0
      while typed < Self.touches {
        let w = word % points.count
        for index in 0..<points[w].count {
          if index == 2 && word % 4 == 1 { decoder.addTapWithoutLetter(shiftTap, key: shift) }
          if index == 3 && word % 4 == 2 { decoder.removeLast(tappedAt: backspaceTap, key: backspace) }
          decoder.add(points[w][index], key: keys[w][index], letter: letters[w][index])
          // Every third word's suggestions also read the typed letters as two words.
          let twoWords = word % 3 == 0
          let suggestions = word % 2 == 0 ? decoder.suggestions(limit: 3, readingTwoWords: twoWords)
            : decoder.suggestions(after: wordContext, limit: 3, readingTwoWords: twoWords)
          for position in 0..<suggestions.count { total &+= suggestions[position].count }
          if let split = suggestions.split { total &+= split.first.count + split.second.count }
          // After the slip, "e" of "ers" is offered "number": the joined word's completion.
          if let join = suggestions.join { total &+= join.word.count; suggestedJoins += 1 }
          typed += 1
        }
        if word % 5 == 4 { decoder.removeLast() }
        let decision = word % 2 == 0 ? decoder.decide(limit: 3) : decoder.decide(after: wordContext, limit: 3)
        total &+= decision.alternativeCount
        if let split = decision.split, split.replaces {
          splits += 1
          history.learn(length: split.first.count) { split.first.letter(at: $0) }
          history.learn(length: split.second.count) { split.second.letter(at: $0) }
        } else if w != num && w != num + 1 {
          // The joined words stay unlearned, so the history never protects them.
          let best = decision.best
          history.learn(length: best.count) { best.letter(at: $0) }
        }
        if decision.join?.replaces == true { joins += 1 }
        decoder.finishWord(decision, teaching: model)
        decoder.noteSpaceTap(w == num ? spaceSlip : spaceCentre, key: space)
        if decision.replaces || decision.split?.replaces == true || decision.join?.replaces == true {
          replaced += 1
          if word % 3 == 0, let restored = decoder.undoReplacement(teaching: model) {
            total &+= restored.restored.count
            if let previous = restored.restoredPrevious { total &+= previous.count; undoneJoins += 1 }
            decoder.finishWord(decoder.decide(), teaching: model)
          }
        }
        decoder.adapt(to: model)
        word += 1
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(total > 0 && replaced > 0 && splits > 0 && joins > 0 && suggestedJoins > 0 && undoneJoins > 0,
            "\(splits) splits, \(joins) joins, \(suggestedJoins) joins suggested, \(undoneJoins) undone")
  }
}

extension WordDecoderAllocationTests {
  @Test("a word's last letter on the space bar, put in at the next space (emissio, n on the bar, space)", arguments: EnglishTable.Source.allCases)
  func lastLetterJoin(source: EnglishTable.Source) {
    let table = source.table
    // The spread stays put, so every round's word stands as the first did.
    var parameters = WordDecoder.Parameters()
    parameters.learnsSpread = false
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters, wordHistory: WordHistory())
    let space = layout.keyIndex(of: .space)!, spaceFrame = layout[space].frame, n = layout[layout.keyIndex(ofLetter: "n")!].frame
    let centre = TouchPoint(x: spaceFrame.midX, y: spaceFrame.midY)
    let slip = TouchPoint(x: centre.x + (n.midX - centre.x) * 0.55, y: centre.y + (n.midY - centre.y) * 0.55)
    let keys = "emissio".unicodeScalars.map { layout.keyIndex(ofLetter: $0)! }
    let letters = "emissio".unicodeScalars.map { table.letterIndex(of: $0)! }
    var joins = 0
    let count = mallocs {
      for _ in 0..<200 {
        for index in keys.indices {
          decoder.add(TouchPoint(x: layout[keys[index]].frame.midX, y: layout[keys[index]].frame.midY), key: keys[index], letter: letters[index])
        }
        decoder.finishWord(decoder.decide())
        decoder.noteSpaceTap(slip, key: space)
        decoder.finishWord(decoder.decide())
        if let join = decoder.noteSpaceTap(centre, key: space), join.word.count == 8 { joins += 1 }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(joins == 400)
  }

  @Test("two words where one was typed, the second read by the joiner (avtrst: a test)", arguments: EnglishTable.Source.allCases)
  func splitWithDecodedSecondWord(source: EnglishTable.Source) {
    let table = source.table
    var parameters = WordDecoder.Parameters()
    parameters.learnsSpread = false
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters)
    let space = layout.keyIndex(of: .space)!, spaceFrame = layout[space].frame
    func frame(_ letter: Unicode.Scalar) -> KeyFrame { layout[layout.keyIndex(ofLetter: letter)!].frame }
    // The v 5 pt above the space bar; the e of "test" 60% of the way to r.
    let points = [TouchPoint(x: frame("a").midX, y: frame("a").midY), TouchPoint(x: frame("v").midX, y: spaceFrame.minY - 5),
                  TouchPoint(x: frame("t").midX, y: frame("t").midY),
                  TouchPoint(x: frame("e").midX + (frame("r").midX - frame("e").midX) * 0.6, y: frame("e").midY),
                  TouchPoint(x: frame("s").midX, y: frame("s").midY), TouchPoint(x: frame("t").midX, y: frame("t").midY)]
    let keys = "avtrst".unicodeScalars.map { layout.keyIndex(ofLetter: $0)! }
    let letters = "avtrst".unicodeScalars.map { table.letterIndex(of: $0)! }
    let centre = TouchPoint(x: spaceFrame.midX, y: spaceFrame.midY), e = table.letterIndex(of: "e")!
    var splits = 0
    let count = mallocs {
      for _ in 0..<200 {
        for index in keys.indices { decoder.add(points[index], key: keys[index], letter: letters[index]) }
        let decision = decoder.decide()
        // "test": its second letter is the e the r touch was read as.
        if let split = decision.split, split.replaces, split.second.count == 4, split.second.letter(at: 1) == e { splits += 1 }
        decoder.finishWord(decision)
        decoder.noteSpaceTap(centre, key: space)
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(splits == 400)  // 200 rounds, run twice by `mallocs` (a warm-up, then counted)
  }

  @Test("a mark key's tap read across the word: French bonjour, its n on the apostrophe key (bo, ', jour)")
  func markTapJoin() throws {
    let table = try KeyGramTable(embedded: KeyGramTables.french)
    let layout = KeyboardLayout.iPhonePortrait(for: table), letterKeys = LetterKeyMap(layout: layout, table: table)
    // The spread stays put, so every round's words stand as the first did.
    var parameters = WordDecoder.Parameters(table: table)
    parameters.learnsSpread = false
    let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters)
    let apostrophe = try #require(layout.keyIndex(of: .punctuation("'"))), mark = layout[apostrophe].frame
    let n = layout[try #require(layout.keyIndex(ofLetter: "n"))].frame
    let slip = TouchPoint(x: mark.midX + (n.midX - mark.midX) * 0.4, y: mark.midY)
    let keys = "bojour".unicodeScalars.map { layout.keyIndex(ofLetter: $0)! }
    let letters = "bojour".unicodeScalars.map { table.letterIndex(of: $0)! }
    var joins = 0
    let count = mallocs {
      for _ in 0..<200 {
        for index in keys.indices {
          decoder.add(TouchPoint(x: layout[keys[index]].frame.midX, y: layout[keys[index]].frame.midY), key: keys[index], letter: letters[index])
          // "bo" ends at the apostrophe, which the keyboard typed.
          if index == 1 {
            decoder.finishWord(decoder.decide())
            decoder.noteSpaceTap(slip, key: apostrophe)
          }
        }
        let decision = decoder.decide()
        if let join = decision.join, join.replaces, join.word.count == 7 { joins += 1 }
        decoder.finishWord(decision)
      }
    }
    #expect(count == 0, "\(count) mallocs")
    // Both runs of the body: every round joins.
    #expect(joins == 400)
  }

  @Test("a word typed without its marks read with them: German fur as für, ü on its own key")
  func markedLetterReading() throws {
    let table = try KeyGramTable(embedded: KeyGramTables.german)
    let layout = KeyboardLayout.iPhonePortrait(for: table), letterKeys = LetterKeyMap(layout: layout, table: table)
    var parameters = WordDecoder.Parameters(table: table)
    (parameters.markedLetterCost, parameters.learnsSpread) = (3, false)
    let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters)
    let keys = "fur".unicodeScalars.map { layout.keyIndex(ofLetter: $0)! }, letters = "fur".unicodeScalars.map { table.letterIndex(of: $0)! }
    var read = 0
    let count = mallocs {
      for _ in 0..<200 {
        for index in keys.indices {
          decoder.add(TouchPoint(x: layout[keys[index]].frame.midX, y: layout[keys[index]].frame.midY), key: keys[index], letter: letters[index])
        }
        let decision = decoder.decide()
        if decision.replaces && decision.best.count == 3 && decision.best.letter(at: 1) == table.letterIndex(of: "ü") { read += 1 }
        decoder.reset()
      }
    }
    #expect(count == 0, "\(count) mallocs")
    // Both runs of the body: every round reads für.
    #expect(read == 400)
  }

  @Test("a known word past the lexicon typed and decided: the filter's lookup (graffito stands)", arguments: EnglishTable.Source.allCases)
  func knownWord(source: EnglishTable.Source) {
    let table = source.table
    // Margins at which a spelling edit would replace it, were it not known.
    var parameters = WordDecoder.Parameters()
    (parameters.spellingMargin, parameters.omissionSpellingMargin, parameters.margin) = (0, 0, 0)
    let decoder = WordDecoder(table: table, layout: layout, parameters: parameters)
    let keys = "graffito".unicodeScalars.map { layout.keyIndex(ofLetter: $0)! }
    let letters = "graffito".unicodeScalars.map { table.letterIndex(of: $0)! }
    var stood = 0
    let count = mallocs {
      for _ in 0..<200 {
        decoder.reset()
        for index in keys.indices {
          decoder.add(TouchPoint(x: layout[keys[index]].frame.midX, y: layout[keys[index]].frame.midY), key: keys[index], letter: letters[index])
        }
        let decision = decoder.decide()
        if !decision.replaces && decision.typed.source == .knownWord { stood += 1 }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(stood == 400)
  }

  @Test("the suggestion bar after a space: next words after a word, at a sentence start and after an unknown word, with a history", arguments: EnglishTable.Source.allCases)
  func nextWords(source: EnglishTable.Source) {
    let table = source.table
    let history = WordHistory()
    var typingContext = TypingContext(table: table, wordHistory: history)
    let decoder = WordDecoder(table: table, layout: layout, wordHistory: history)
    var contexts: [WordContext] = [.textStart, .unknown]
    for text in ["I saw the ", "It is. ", "one of ", "qwfpgj "] {
      typingContext.record(contentsOf: text)
      contexts.append(typingContext.wordContext)
    }
    var total = 0
    let count = mallocs {
      for round in 0..<2_000 {
        let words = decoder.nextWords(after: contexts[round % contexts.count], limit: 3)
        for position in 0..<words.count {
          let word = words[position]
          for scalar in 0..<word.writtenCount { total &+= Int(word.writtenScalar(at: scalar).value) }
        }
        if round % 7 == 0 { typingContext.record(contentsOf: "the ") }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(total > 0)
    #expect(decoder.nextWords(after: contexts[2], limit: 3).count == 3)
  }

  @Test("written forms: typing with capitals, deciding, suggesting and reading the written words")
  func writtenForms() {
    let table = FormTable.table
    let decoder = WordDecoder(table: table, layout: layout)
    var points: [[TouchPoint]] = [], keys: [[KeyIndex]] = [], letters: [[Int]] = [], capitals: [[Bool]] = []
    for word in ["dont", "Hsus", "HAUS", "i", "its", "Bill", "youre", "iPhone", "Qwx"] {
      points.append([]); keys.append([]); letters.append([]); capitals.append([])
      for scalar in word.unicodeScalars {
        let isCapital = scalar.value >= 0x41 && scalar.value <= 0x5A
        let lower = isCapital ? Unicode.Scalar(scalar.value + 0x20)! : scalar
        let key = layout.keyIndex(ofLetter: lower)!
        points[points.count - 1].append(TouchPoint(x: layout[key].frame.midX, y: layout[key].frame.midY))
        keys[keys.count - 1].append(key)
        letters[letters.count - 1].append(table.letterIndex(of: lower)!)
        capitals[capitals.count - 1].append(isCapital)
      }
    }
    var total = 0, replaced = 0
    let count = mallocs {
      for word in 0..<400 {
        let w = word % points.count
        for index in 0..<points[w].count {
          decoder.add(points[w][index], key: keys[w][index], letter: letters[w][index], isCapital: capitals[w][index])
          let suggestions = decoder.suggestions(limit: 4)
          for position in 0..<suggestions.count {
            let suggestion = suggestions[position]
            for scalar in 0..<suggestion.writtenCount { total &+= Int(suggestion.writtenScalar(at: scalar).value) }
          }
        }
        let decision = decoder.decide(limit: 4)
        for index in 0..<decision.alternativeCount {
          let alternative = decision.alternative(at: index)
          for scalar in 0..<alternative.writtenCount { total &+= Int(alternative.writtenScalar(at: scalar).value) }
          total &+= alternative.formIndex ?? 0
        }
        decoder.finishWord(decision)
        if decision.replaces {
          replaced += 1
          if let restored = decoder.undoReplacement() {
            total &+= restored.restored.writtenCount
            decoder.finishWord(decoder.decide())
          }
        }
      }
    }
    #expect(count == 0, "\(count) mallocs")
    #expect(total > 0 && replaced > 0)
  }
}

/// Opening is not the hot path, but a keyboard opens its table at every launch: count it too.
/// Only optimised builds are meaningful here: unspecialised generic code in debug builds boxes
/// array elements as it iterates (about 90 mallocs for the section list, over 200 with every section). `make test` also runs
/// this suite with `-c release`.
@Suite("Allocations at open")
struct OpenAllocationTests {
  @Test func mappingTheTableAllocatesAlmostNothing() {
    var failed = false
    let count = mallocs {
      do { _ = try KeyGramTable(contentsOf: EnglishTable.path) } catch { failed = true }
    }
    #expect(!failed)
    #if !DEBUG
    // The table object and its section list.
    #expect(count <= 3, "\(count) mallocs")
    #endif
    // Unoptimised builds allocate in unspecialised generic code: a loose bound there.
    #expect(count < 400, "\(count) mallocs")
  }

  /// The exact count docs/Benchmarks.md states for an open in an optimised build, over 100 opens (after
  /// a warm-up open), so no one-time or amortised allocation hides in a single measurement.
  @Test(arguments: EnglishTable.Source.allCases)
  func everyOpenMakesExactlyTheStatedMallocs(source: EnglishTable.Source) {
    let opens = 100
    var failed = false
    let count = mallocs {
      for _ in 0..<opens {
        do {
          switch source {
          case .mapped: _ = try KeyGramTable(contentsOf: EnglishTable.path)
          case .embedded: _ = try KeyGramTable(embedded: KeyGramTables.english)
          }
        } catch { failed = true }
      }
    }
    #expect(!failed)
    #if !DEBUG
    let stated: UInt64 = source == .mapped ? Self.mallocsPerMappedOpen : Self.mallocsPerEmbeddedOpen
    #expect(count == UInt64(opens) * stated, "\(Double(count) / Double(opens)) mallocs per \(source) open")
    #endif
  }

  /// Per open in a release build: the table object and its section list; embedded, also the
  /// decoded image (docs/Benchmarks.md, "Performance").
  static let mallocsPerMappedOpen: UInt64 = 2
  static let mallocsPerEmbeddedOpen: UInt64 = 3

  @Test func checkingTheCRCAllocatesNothing() {
    let table = EnglishTable.mapped
    var crc: UInt32 = 0
    let count = mallocs { for _ in 0..<100 { crc ^= table.bytes.crc32(readingAsZero: TableFormat.Offset.crc32) } }
    #expect(crc == 0)  // an even number of equal CRCs
    #expect(count == 0, "\(count) mallocs")
  }

  @Test func decodingTheEmbeddedTableAllocatesAlmostNothing() {
    var failed = false
    let count = mallocs {
      do { _ = try KeyGramTable(embedded: KeyGramTables.english) } catch { failed = true }
    }
    #expect(!failed)
    #if !DEBUG
    // The table object, its section list, and the decoded image.
    #expect(count <= 3, "\(count) mallocs")
    #endif
    // Unoptimised builds allocate in unspecialised generic code: a loose bound there.
    #expect(count < 400, "\(count) mallocs")
  }
}
#endif
