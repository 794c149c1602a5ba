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
    /// How a decoded method wrote the words (capitals, apostrophes), when `run` was given the
    /// written words; nil otherwise.
    public var writtenForms: WrittenFormTally?
  }

  public struct Result: Sendable {
    public var keystrokes: Int
    /// Words typed (runs of letters between boundaries).
    public var words: Int
    public var touches: Touches
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
    }

    let simulator: TypingSimulator
    let methods: [Method]
    let decoded: [Bool]
    /// The text's words as written, one per word typed (`run`'s `written`).
    let written: [WrittenWord]?
    /// Without slips, an undecoded method's letter errors are its keystrokes' errors, each
    /// counted in its own keystroke's block (words can span two blocks); the others' are
    /// counted per word, in the block of the word's first letter.
    let perWord: [Bool]
    let letterCount: Int
    let blockCount: Int
    let curveWindow: Int
    var blocks: [[Block]]
    var curve: [[Int]] = []
    var writtenTallies: [WrittenFormTally]
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

    /// A word of the text ended: `intended` its keys and `letters` its letters, and what each
    /// method's keyboard typed and committed of it.
    mutating func countWord(intended: [Int], letters: [Int], keyboards: [KeyboardUnderTest]) {
      words += 1
      let writtenWord = written.flatMap { words - 1 < $0.count ? $0[words - 1] : nil }
      for index in methods.indices {
        let keyboard = keyboards[index]
        // A word written with an apostrophe is never typed right where no apostrophe is typed.
        let typedRight = TypingSimulator.letterErrors(keyboard.typedKeys, intended) == 0 && !(writtenWord?.hasApostrophe ?? false)
        let committedErrors = TypingSimulator.letterErrors(keyboard.committedKeys, intended)
        var apostrophesRight = true
        if let writtenWord, decoded[index], committedErrors == 0 {
          apostrophesRight = simulator.tally(writtenWord, committed: keyboard.committedText, letters: letters, into: &writtenTallies[index])
        }
        if perWord[index] { blocks[wordBlock][index].letterErrors += committedErrors }
        if committedErrors > 0 || !apostrophesRight { blocks[wordBlock][index].wordErrors += 1 }
        if keyboard.isMisspelled {
          blocks[wordBlock][index].misspelled += 1
          if committedErrors == 0 && apostrophesRight { blocks[wordBlock][index].misspellingsCorrected += 1 }
        }
        if keyboard.wasUndone { blocks[wordBlock][index].undone += 1 }
        if decoded[index] {
          if !typedRight && committedErrors == 0 && apostrophesRight { blocks[wordBlock][index].fixed += 1 }
          if typedRight && (committedErrors > 0 || !apostrophesRight) { blocks[wordBlock][index].broken += 1 }
        }
      }
    }

    /// The report: error rates with their intervals, and with the written words each decoded
    /// method's written-form tally.
    func result(touches: Touches) -> Result {
      var results = TypingSimulator.summarise(blocks, methods: methods, keystrokes: typed, words: words, seed: touches.seed)
      if written != nil {
        for index in results.indices where decoded[index] { results[index].writtenForms = writtenTallies[index] }
      }
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
                   misspelledWords: misspelled[index], misspellingsCorrected: misspellingsCorrected[index], replacementsUndone: undone[index])
    }
  }
}
