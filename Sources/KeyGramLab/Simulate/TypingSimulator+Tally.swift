import KeyGram

extension TypingSimulator {
  /// What one method got wrong, and how that compares with the first method (static).
  public struct MethodResult: Sendable {
    public var method: Method
    /// Committed letter errors: per word, the letters on the wrong key when the committed word
    /// is as long as the intended one, else the edit distance (keys compared). Without skipped
    /// or doubled touches and without a decoder, exactly the keystrokes resolved to a wrong key.
    public var errors: Int
    public var errorRate: Double
    /// Errors of the baseline ÷ errors of this method (> 1: fewer errors than static).
    public var reduction: Double
    /// A 95% confidence interval for `reduction` (block bootstrap over the text).
    public var reductionInterval: ClosedRange<Double>
    /// Words committed with any wrong letter, their share of the words, its 95% interval, and the
    /// baseline's word errors ÷ this method's with its interval.
    public var wordErrors: Int
    public var wordErrorRate: Double
    public var wordErrorRateInterval: ClosedRange<Double>
    public var wordReduction: Double
    public var wordReductionInterval: ClosedRange<Double>
    /// Words typed wrong that the decoder committed right, and words typed right that it
    /// committed wrong (0 without a decoder), with 95% intervals of the counts.
    public var wordsFixed: Int
    public var wordsFixedInterval: ClosedRange<Double>
    public var wordsBroken: Int
    public var wordsBrokenInterval: ClosedRange<Double>
    /// Words the typist misspelled (`Touches.misspellRate`), and those the decoder committed as
    /// the intended word; replacements of right words the typist undid (`Touches.undoRate`).
    public var misspelledWords: Int = 0
    public var misspellingsCorrected: Int = 0
    public var replacementsUndone: Int = 0
    /// Of `wordsBroken`, those the typist reverted (`Touches.undoRate`): the rest stand.
    public var wordsBrokenReverted: Int = 0
    /// Words the table flags as offensive that the engine offered (on the bar at each word's
    /// end, or by a correction), other than the user's own: 0 while it blocks them.
    public var offensiveOffered: Int = 0
    /// How a decoded method wrote the words (capitals, apostrophes), when `run` was given the
    /// written words; nil otherwise.
    public var writtenForms: WrittenFormTally?
    /// Its committed letter errors and word errors by what went wrong, indexed by `ErrorClass`.
    public var errorClasses: [ClassErrors] = []
  }

  public struct Result: Sendable {
    public var keystrokes: Int
    /// Words typed (runs of letters between boundaries).
    public var words: Int
    public var touches: Touches
    /// What a key without a letter did.
    public var keyEffects: KeyEffects = .endWord
    public var methods: [MethodResult]
    /// Each method's errors in each window of `curveWindow` keystrokes, in typing order.
    public var learningCurve: [[Int]]
    public var curveWindow: Int
  }

  /// Counts what the methods type into the report, as the text is typed: each method's letter
  /// errors, word errors and the words its decoder fixed and broke, per block of the text for
  /// the bootstrap; its errors per window of keystrokes for the learning curve; and, with the
  /// written words, how its decoder wrote them.
  struct Tally {
    /// Per-block tallies of one method, for the bootstrap.
    struct Block {
      var letterErrors = 0
      var wordErrors = 0
      var fixed = 0
      var broken = 0
      var misspelled = 0
      var misspellingsCorrected = 0
      var undone = 0
      var brokenReverted = 0
      var offensive = 0
    }

    let simulator: TypingSimulator
    let methods: [Method]
    let decoded: [Bool]
    /// The text's words as written, one per word typed (`run`'s `written`).
    let written: [WrittenWord]?
    /// Without slips (and with keys that end the word, spaces typed), an undecoded method's letter errors are its keystrokes' errors, each
    /// counted in its own keystroke's block (words can span two blocks); the others' are
    /// counted per word, in the block of the word's first letter.
    let perWord: [Bool]
    let letterCount: Int
    let blockCount: Int
    let curveWindow: Int
    var blocks: [[Block]]
    var curve: [[Int]] = []
    var writtenTallies: [WrittenFormTally]
    /// Each method's errors by class (`ErrorClass`).
    var classes: [[ClassErrors]]
    /// Letters typed and words ended so far, and the blocks of the current letter and word.
    var typed = 0, words = 0, block = 0, wordBlock = 0

    init(simulator: TypingSimulator, methods: [Method], decoded: [Bool], keystrokes: [Keystroke], written: [WrittenWord]?,
         slips: Bool, curveWindow: Int) {
      self.simulator = simulator
      self.methods = methods
      self.decoded = decoded
      self.written = written
      perWord = methods.indices.map { slips || decoded[$0] }
      letterCount = keystrokes.reduce(0) { $0 + ($1 == .boundary ? 0 : 1) }
      blockCount = Swift.max(1, Swift.min(200, letterCount / 50))
      self.curveWindow = Swift.max(1, curveWindow)
      blocks = [[Block]](repeating: [Block](repeating: Block(), count: methods.count), count: blockCount)
      writtenTallies = [WrittenFormTally](repeating: WrittenFormTally(), count: methods.count)
      classes = [[ClassErrors]](repeating: [ClassErrors](repeating: ClassErrors(), count: ErrorClass.allCases.count), count: methods.count)
    }

    /// Whether the current word starts a sentence in the written text (false without it).
    var wordStartsSentence: Bool { written.map { words < $0.count && $0[words].startsSentence } ?? false }
    /// Whether the word after the current one starts a sentence.
    var nextWordStartsSentence: Bool { written.map { words + 1 < $0.count && $0[words + 1].startsSentence } ?? false }

    /// A letter of the text, the first of its word when `startsWord`, is about to be typed.
    mutating func countLetter(startsWord: Bool) {
      if startsWord { wordBlock = typed * blockCount / letterCount }
      if typed % curveWindow == 0 { curve.append([Int](repeating: 0, count: methods.count)) }
      block = typed * blockCount / letterCount
      typed += 1
    }

    /// Method `method` resolved the letter's aimed touch, meant for `key`, to `resolved`.
    mutating func countKeystroke(of method: Int, resolved: KeyIndex?, key: KeyIndex) {
      guard resolved != key else { return }
      curve[curve.count - 1][method] += 1
      if !perWord[method] { blocks[block][method].letterErrors += 1 }
    }

    /// A word of the text ended (its segment is tallied when it closes).
    mutating func countWordEnded() { words += 1 }

    /// A segment that method `method`'s keyboard closed: each of its words of the text is right
    /// when committed exactly, with its own boundaries. Where the keyboard committed as many
    /// words as the text has, each is compared with its own; otherwise the letter errors are
    /// the edit distance of the whole stretch (a boundary counting as a character), and a word
    /// is right when it stands, whole, in order, among the words committed.
    mutating func count(_ segment: Segment, of method: Int) {
      let intended = segment.words.map(\.keys)
      let committed = Segment.words(of: segment.committed), typed = Segment.words(of: segment.typed)
      let block = segment.words[0].block
      let errorClass = segment.errorClass
      var segmentLetterErrors = 0, segmentWordErrors = 0
      let oneToOne = committed.count == intended.count
      let exact = oneToOne ? [] : TypingSimulator.wordsCommittedExactly(intended, committed)
      if !oneToOne {
        segmentLetterErrors = TypingSimulator.letterErrors(Array(committed.joined(separator: [Segment.boundaryMark])), segment.intendedStream)
      }
      for (position, word) in segment.words.enumerated() {
        let writtenWord = written.flatMap { word.index < $0.count ? $0[word.index] : nil }
        // A word written with an apostrophe is never typed right where no apostrophe is typed.
        let typedRight = typed.count == intended.count && typed[position] == word.keys && !(writtenWord?.hasApostrophe ?? false)
        let committedErrors = oneToOne ? TypingSimulator.letterErrors(committed[position], word.keys) : (exact[position] ? 0 : 1)
        var apostrophesRight = true
        if let writtenWord, decoded[method], committedErrors == 0, intended.count == 1 {
          apostrophesRight = simulator.tally(writtenWord, committed: segment.committedText, letters: word.letters, into: &writtenTallies[method])
        }
        if oneToOne { segmentLetterErrors += committedErrors }
        let wrong = committedErrors > 0 || !apostrophesRight
        if wrong { segmentWordErrors += 1 }
        let wordBlock = word.block
        if wrong { blocks[wordBlock][method].wordErrors += 1 }
        if word.isMisspelled {
          blocks[wordBlock][method].misspelled += 1
          if !wrong { blocks[wordBlock][method].misspellingsCorrected += 1 }
        }
        if decoded[method] {
          if !typedRight && !wrong { blocks[wordBlock][method].fixed += 1 }
          if typedRight && wrong { blocks[wordBlock][method].broken += 1 }
          if typedRight && wrong && segment.revertedWords.contains(word.index) { blocks[wordBlock][method].brokenReverted += 1 }
        }
      }
      if segment.wasUndone { blocks[block][method].undone += 1 }
      blocks[block][method].offensive += segment.offensiveOffered
      if perWord[method] { blocks[block][method].letterErrors += segmentLetterErrors }
      classes[method][errorClass.rawValue].letterErrors += segmentLetterErrors
      classes[method][errorClass.rawValue].wordErrors += segmentWordErrors
      classes[method][errorClass.rawValue].words += segment.words.count
      classes[method][errorClass.rawValue].segments += 1
      if segmentWordErrors == 0 { classes[method][errorClass.rawValue].segmentsRight += 1 }
    }

    /// The report: error rates with their intervals, and with the written words each decoded
    /// method's written-form tally.
    func result(touches: Touches) -> Result {
      var results = TypingSimulator.summarise(blocks, methods: methods, keystrokes: typed, words: words, seed: touches.seed)
      if written != nil {
        for index in results.indices where decoded[index] { results[index].writtenForms = writtenTallies[index] }
      }
      for index in results.indices { results[index].errorClasses = classes[index] }
      return Result(keystrokes: typed, words: words, touches: touches, methods: results,
                    learningCurve: curve, curveWindow: curveWindow)
    }
  }

  /// Letters committed wrong: the keys that differ when the lengths match, else the edit distance.
  static func letterErrors(_ committed: [Int], _ intended: [Int]) -> Int {
    if committed.count == intended.count {
      var errors = 0
      for index in committed.indices where committed[index] != intended[index] { errors += 1 }
      return errors
    }
    var previous = Array(0...intended.count), current = [Int](repeating: 0, count: intended.count + 1)
    for (i, a) in committed.enumerated() {
      current[0] = i + 1
      for (j, b) in intended.enumerated() {
        current[j + 1] = Swift.min(previous[j] + (a == b ? 0 : 1), previous[j + 1] + 1, current[j] + 1)
      }
      swap(&previous, &current)
    }
    return previous[intended.count]
  }

  /// Error rates, and reductions against method 0 with block-bootstrap 95% intervals.
  static func summarise(_ blocks: [[Tally.Block]], methods: [Method], keystrokes: Int, words: Int, seed: UInt64) -> [MethodResult] {
    func totals(_ field: (Tally.Block) -> Int) -> [Int] { methods.indices.map { method in blocks.reduce(0) { $0 + field($1[method]) } } }
    let letters = totals(\.letterErrors), wordErrors = totals(\.wordErrors), fixed = totals(\.fixed), broken = totals(\.broken)
    let misspelled = totals(\.misspelled), misspellingsCorrected = totals(\.misspellingsCorrected), undone = totals(\.undone)
    let brokenReverted = totals(\.brokenReverted), offensive = totals(\.offensive)
    var random = SeededRandom(seed: seed ^ 0xB007_57A9)
    let resamples = 2000
    var ratios = [[Double]](repeating: [], count: methods.count), wordRatios = ratios, rates = ratios, fixedCounts = ratios, brokenCounts = ratios
    for _ in 0..<resamples {
      var sums = [Tally.Block](repeating: Tally.Block(), count: methods.count)
      for _ in blocks.indices {
        let block = blocks[Int(random.next() % UInt64(blocks.count))]
        for method in methods.indices {
          sums[method].letterErrors += block[method].letterErrors
          sums[method].wordErrors += block[method].wordErrors
          sums[method].fixed += block[method].fixed
          sums[method].broken += block[method].broken
        }
      }
      // Block sizes vary little, so the resampled words are taken as the text's.
      for method in methods.indices {
        ratios[method].append(Double(sums[0].letterErrors) / Double(Swift.max(sums[method].letterErrors, 1)))
        wordRatios[method].append(Double(sums[0].wordErrors) / Double(Swift.max(sums[method].wordErrors, 1)))
        rates[method].append(Double(sums[method].wordErrors) / Double(Swift.max(words, 1)))
        fixedCounts[method].append(Double(sums[method].fixed))
        brokenCounts[method].append(Double(sums[method].broken))
      }
    }
    func interval(_ values: [Double]) -> ClosedRange<Double> {
      let sorted = values.sorted()
      return sorted[Int(Double(resamples) * 0.025)]...sorted[Int(Double(resamples) * 0.975) - 1]
    }
    return methods.indices.map { index in
      MethodResult(method: methods[index], errors: letters[index],
                   errorRate: Double(letters[index]) / Double(Swift.max(keystrokes, 1)),
                   reduction: Double(letters[0]) / Double(Swift.max(letters[index], 1)),
                   reductionInterval: interval(ratios[index]),
                   wordErrors: wordErrors[index], wordErrorRate: Double(wordErrors[index]) / Double(Swift.max(words, 1)),
                   wordErrorRateInterval: interval(rates[index]),
                   wordReduction: Double(wordErrors[0]) / Double(Swift.max(wordErrors[index], 1)),
                   wordReductionInterval: interval(wordRatios[index]),
                   wordsFixed: fixed[index], wordsFixedInterval: interval(fixedCounts[index]),
                   wordsBroken: broken[index], wordsBrokenInterval: interval(brokenCounts[index]),
                   misspelledWords: misspelled[index], misspellingsCorrected: misspellingsCorrected[index], replacementsUndone: undone[index],
                   wordsBrokenReverted: brokenReverted[index], offensiveOffered: offensive[index])
    }
  }
}
