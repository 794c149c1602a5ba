import Foundation
import KeyGram

/// Types text on a keyboard with noisy touches and counts how often each resolver gets the
/// intended key, through the same engine calls a keyboard makes: the typing context records
/// every keystroke, each resolver updates for the context, then resolves the touch.
///
/// The typist aims at the centre of the intended key's cap; each touch lands at that point
/// plus an optional systematic offset, plus the key's own offset (drawn once per key from
/// N(0, keyOffsetSpread²) per axis), plus 2-D Gaussian noise (σx, σy in points, times the row's
/// `rowSpread` factor). With
/// `Errors.corrected` each method's context holds the intended text, as if every error were
/// noticed and corrected; with `.uncorrected` it holds what that method actually typed.
public struct TypingSimulator {
  /// How the simulated typist touches.
  public struct Touches: Sendable {
    public var sigmaX: Float
    public var sigmaY: Float
    public var offsetX: Float
    public var offsetY: Float
    /// The spread s of each key's own offset, N(0, s²) per axis, drawn once per run: a user who
    /// hits some keys high and others left. 0: none.
    public var keyOffsetSpread: Float
    /// Each row's noise as a multiple of σ (top row first); missing rows are 1.
    public var rowSpread: [Float]
    public var seed: UInt64
    /// The chance that the typist skips a letter (no touch at all), and that a touch is doubled
    /// (a second touch aimed at the same key, with its own noise). Drawn from a stream of their
    /// own, so 0 leaves every other touch as it was.
    public var omitRate: Double
    public var extraRate: Double
    /// When the typist's touches happen (timestamps), nil: untimed touches, as before timing.
    public var timing: Timing?
    /// The dual-Gaussian typist's spread (σa and elongation): each touch's σ² = σa² + σr², σr
    /// from FFitts law with `timing`'s constants. nil: the fixed σx, σy, whatever the speed.
    public var dualGaussian: DualGaussian?

    public init(sigmaX: Float = 8, sigmaY: Float = 8, offsetX: Float = 0, offsetY: Float = 0,
                keyOffsetSpread: Float = 0, rowSpread: [Float] = [], seed: UInt64 = 1,
                omitRate: Double = 0, extraRate: Double = 0, timing: Timing? = nil, dualGaussian: DualGaussian? = nil) {
      self.sigmaX = sigmaX
      self.sigmaY = sigmaY
      self.offsetX = offsetX
      self.offsetY = offsetY
      self.keyOffsetSpread = keyOffsetSpread
      self.rowSpread = rowSpread
      self.seed = seed
      self.omitRate = omitRate
      self.extraRate = extraRate
      self.timing = timing
      self.dualGaussian = dualGaussian
    }
  }

  /// A typist whose time between taps follows Fitts' law, T = a + b · log2(A / W + 1) for a
  /// move of A points to a key W points wide, times a lognormal tempo factor per tap (the
  /// same typist is sometimes quicker, sometimes slower), clamped to `tapRange`.
  public struct Timing: Sendable, Equatable {
    /// Fitts' intercept a and slope b, in seconds and seconds per bit.
    public var fittsIntercept: Double
    public var fittsSlope: Double
    /// The standard deviation of ln(T / T_Fitts): how much one tap's tempo varies.
    public var tempoSpread: Double
    /// Every tap's time is clamped to this range, in seconds.
    public var tapRange: ClosedRange<Double>
    /// The time between a word's last letter and the next word's first (the space between).
    public var wordPause: Double

    public init(fittsIntercept: Double, fittsSlope: Double, tempoSpread: Double, tapRange: ClosedRange<Double>, wordPause: Double) {
      self.fittsIntercept = fittsIntercept
      self.fittsSlope = fittsSlope
      self.tempoSpread = tempoSpread
      self.tapRange = tapRange
      self.wordPause = wordPause
    }

    /// The time of a tap after a move of `distance` points to a key `width` points wide, with
    /// standard normal deviate `z` for its tempo.
    public func tapTime(distance: Double, width: Double, z: Double) -> Double {
      let fitts = fittsIntercept + fittsSlope * Foundation.log2(distance / Swift.max(width, 1) + 1)
      let time = fitts * Foundation.exp(tempoSpread * z)
      return Swift.min(Swift.max(time, tapRange.lowerBound), tapRange.upperBound)
    }
  }

  /// The dual-Gaussian spread of a typist's touches (FFitts law; Rotational Dual Gaussian).
  public struct DualGaussian: Sendable, Equatable {
    /// σa, the finger's absolute precision, in points.
    public var absoluteSigma: Double
    /// σr∥ / σr⊥: the relative part's elongation along the movement (1: round).
    public var elongation: Double
    /// The relative part's σr never exceeds this, in points (a move faster than the intercept).
    public var maximumRelativeSigma: Double

    public init(absoluteSigma: Double, elongation: Double = 1, maximumRelativeSigma: Double = 30) {
      self.absoluteSigma = absoluteSigma
      self.elongation = elongation
      self.maximumRelativeSigma = maximumRelativeSigma
    }

    /// σr from FFitts law: A / (√(2πe) · (2^((T − a) / b) − 1)), at most `maximumRelativeSigma`.
    public func relativeSigma(distance: Double, time: Double, timing: Timing) -> Double {
      guard distance > 0 else { return 0 }
      let ratio = Foundation.pow(2, (time - timing.fittsIntercept) / timing.fittsSlope) - 1
      guard ratio > 0 else { return maximumRelativeSigma }
      return Swift.min(distance / ((2 * Double.pi * M_E).squareRoot() * ratio), maximumRelativeSigma)
    }
  }

  /// One resolver under test, with how much context it gets.
  public struct Method: Sendable {
    public enum Kind: Sendable, Equatable {
      case `static`
      case boundaryShift(BoundaryShiftResolver.Parameters)
      case gaussian(GaussianKeyResolver.Parameters)
    }
    /// How much of what was typed the resolver's prior sees: nothing, one letter, two, three
    /// (the table's `QUAD` rows where it has them, else the trigram row), three and the
    /// whole word so far (the 4-gram row blended with the table's lexicon), or all that and the
    /// words typed so far (a `WordHistory` learning as the text is typed, blended in).
    public enum Context: String, Sendable, CaseIterable { case none, bigram, trigram, fourgram = "4-gram", lexicon, history }
    public var name: String
    public var kind: Kind
    public var context: Context
    /// Learns where this typist touches (a `TouchModel` fed the method's accepted keystrokes,
    /// committed at each word's end) and adapts the resolver to it.
    public var adaptive: Bool
    /// Types uncorrected and applies a `WordDecoder`'s decision at each word's end, with these
    /// parameters: "…, decoded" rows. nil: no decoder.
    public var decoder: WordDecoder.Parameters?
    /// Whether the resolver (and decoder) see the touches' timestamps; false: untimed touches,
    /// so the spread is fixed.
    public var timed: Bool = true
    /// With a decoder: a touch that resolves to a key without a letter (shift, backspace,
    /// space …) inside a word types the nearest letter key instead and is decoded with the
    /// word, rather than ending it there.
    public var specialKeysTypeLetters: Bool

    public init(name: String, kind: Kind, context: Context, adaptive: Bool = false, decoder: WordDecoder.Parameters? = nil,
                specialKeysTypeLetters: Bool = false, timed: Bool = true) {
      self.timed = timed
      self.name = name
      self.kind = kind
      self.context = context
      self.adaptive = adaptive
      self.decoder = decoder
      self.specialKeysTypeLetters = specialKeysTypeLetters
    }

    /// The Gaussian × prior methods of `methods` with lexicon or history context again, with a
    /// word decoder of `parameters` (its history is the method's): "…, decoded" rows.
    public static func decodedVariants(of methods: [Method], parameters: WordDecoder.Parameters = .init()) -> [Method] {
      methods.compactMap { method in
        guard case .gaussian(let gaussian) = method.kind, gaussian.anchorFraction > 0, method.decoder == nil,
              method.context == .lexicon || method.context == .history else { return nil }
        // The decoder scores with its resolver's spread: σ and the speed-aware motion.
        var decoder = parameters
        decoder.motion = gaussian.motion
        decoder.sigmaX = gaussian.sigmaX
        decoder.sigmaY = gaussian.sigmaY
        return Method(name: method.name + ", decoded", kind: method.kind, context: method.context, adaptive: method.adaptive,
                      decoder: decoder, timed: method.timed)
      }
    }

    /// The boundary-shift and Gaussian × prior (anchored) methods of `methods` again, adaptive:
    /// "…, adaptive" rows.
    public static func adaptiveVariants(of methods: [Method]) -> [Method] {
      methods.compactMap { method in
        switch method.kind {
        case .static: return nil
        case .gaussian(let parameters) where parameters.anchorFraction == 0: return nil
        case .boundaryShift, .gaussian:
          return Method(name: method.name + ", adaptive", kind: method.kind, context: method.context, adaptive: true, timed: method.timed)
        }
      }
    }

    /// For timed touches: static, then Gaussian × prior with `context` scoring every touch with
    /// each fixed σ of `fixedSigmas` (untimed), with the speed-aware spread of `motion`, and
    /// adaptive (a `TouchModel`) at the first fixed σ and speed-aware: the learned one.
    public static func spreadComparison(fixedSigmas: [Float], motion: TouchMotion.Parameters = .init(),
                                        context: Context = .lexicon) -> [Method] {
      var methods = [Method(name: "static", kind: .static, context: .none)]
      for sigma in fixedSigmas {
        var fixed = GaussianKeyResolver.Parameters(sigmaX: sigma, sigmaY: sigma)
        fixed.motion = motion
        methods.append(Method(name: "Gaussian × prior, \(context.rawValue), fixed σ = \(sigma)", kind: .gaussian(fixed), context: context,
                              timed: false))
      }
      var speedAware = GaussianKeyResolver.Parameters()
      speedAware.motion = motion
      methods.append(Method(name: "Gaussian × prior, \(context.rawValue), speed-aware", kind: .gaussian(speedAware), context: context))
      if let sigma = fixedSigmas.first {
        var fixed = GaussianKeyResolver.Parameters(sigmaX: sigma, sigmaY: sigma)
        fixed.motion = motion
        methods.append(Method(name: "Gaussian × prior, \(context.rawValue), fixed σ = \(sigma), adaptive", kind: .gaussian(fixed),
                              context: context, adaptive: true, timed: false))
      }
      methods.append(Method(name: "Gaussian × prior, \(context.rawValue), speed-aware, learned", kind: .gaussian(speedAware),
                            context: context, adaptive: true))
      return methods
    }

    /// Static, then boundary shift and Gaussian × prior with and without anchoring, each with
    /// bigram, trigram, 4-gram and lexicon context, all with the engine's default parameters.
    public static var standard: [Method] { standard(lexicon: true) }

    /// `standard`, with the lexicon rows only when `lexicon` is true (a table that has one).
    public static func standard(lexicon: Bool) -> [Method] {
      let contexts: [Context] = lexicon ? [.bigram, .trigram, .fourgram, .lexicon, .history] : [.bigram, .trigram, .fourgram, .history]
      let boundary = BoundaryShiftResolver.Parameters()
      let gaussian = GaussianKeyResolver.Parameters()
      var unanchored = gaussian
      unanchored.anchorFraction = 0
      var methods = [Method(name: "static", kind: .static, context: .none)]
      for context in contexts {
        methods.append(Method(name: "boundary shift, \(context.rawValue)", kind: .boundaryShift(boundary), context: context))
      }
      for context in contexts {
        methods.append(Method(name: "Gaussian × prior, \(context.rawValue)", kind: .gaussian(gaussian), context: context))
      }
      for context in contexts {
        methods.append(Method(name: "Gaussian × prior, no anchor, \(context.rawValue)", kind: .gaussian(unanchored), context: context))
      }
      return methods
    }
  }

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

  /// What each method's context holds after a miss.
  public enum Errors: String, Sendable, CaseIterable {
    /// The intended letter, as if every error were noticed and fixed at once.
    case corrected
    /// The letter on the key the method resolved, as on a phone before anyone corrects it: one
    /// miss sends the lexicon cursor astray for the rest of the word.
    case uncorrected
  }

  /// A keystroke of the text: a letter index, or a boundary (space, punctuation, …).
  public enum Keystroke: Equatable, Sendable {
    case letter(Int)
    case boundary
  }

  public let table: KeyGramTable
  public let layout: KeyboardLayout
  public let letterKeys: LetterKeyMap

  public init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap) {
    self.table = table
    self.layout = layout
    self.letterKeys = letterKeys
  }

  /// The keystrokes that type `text`: letters of the table's alphabet that have a key, and
  /// boundaries (runs collapsed). Apostrophes are skipped or end the word, as the table's rule
  /// says the context reads them; a letter the table lacks is a boundary here (nobody can aim
  /// at a key it has not got).
  public func keystrokes(of text: String, limit: Int? = nil) -> [Keystroke] { typing(of: text, limit: limit).keystrokes }

  /// One word as typed, for `run`'s `wordLog`: the intended letters, the touches (none for a
  /// skipped letter, two for a doubled one) and what static resolution typed (key indices).
  public struct TypedWord {
    public var intended: [Int]
    public var touches: [TouchPoint]
    public var staticKeys: [KeyIndex]
  }

  /// One decoded word, for `run`'s `decisionLog`: the previous word the method committed, the
  /// intended letters, and the decoder's decision (typed letters, alternatives, scores).
  public struct LoggedDecision {
    public var method: Int
    public var previous: [Int]
    public var intended: [Int]
    public var decision: WordDecision
  }

  /// Per-block tallies of one method, for the bootstrap.
  struct Tally {
    var letterErrors = 0
    var wordErrors = 0
    var fixed = 0
    var broken = 0
  }

  /// Types `keystrokes` once, with every method seeing the same touches. Lexicon and history
  /// methods blend by `lexiconBalance` (see `TypingContext`); the others see no lexicon. Each
  /// history method starts with an empty `WordHistory` of `historyCapacity` nodes blended by
  /// `historyBalance`, which learns every word its context sees completed. Decoded methods type
  /// uncorrected and apply their `WordDecoder`'s decision when each word ends. `wordLog`, if
  /// given, sees every word. With `written` (one per word of `keystrokes`, `typing(of:)`), the
  /// typist types in lowercase but for a sentence's first letter, which the host capitalises;
  /// a decoded word with the right letters but other apostrophes than the text's is a word
  /// error, and other capitals a case error (`MethodResult.writtenForms`).
  public func run(_ keystrokes: [Keystroke], written: [WrittenWord]? = nil, touches: Touches, methods: [Method] = Method.standard,
                  errors: Errors = .corrected, lexiconBalance: Float = TypingContext.defaultLexiconBalance,
                  historyBalance: Float = WordHistory.defaultBalance,
                  historyCapacity: Int = WordHistory.defaultCapacity, curveWindow: Int = 500,
                  wordLog: ((TypedWord) -> Void)? = nil, decisionLog: ((LoggedDecision) -> Void)? = nil) -> Result {
    let resolvers: [any KeyResolver] = methods.map { method in
      switch method.kind {
      case .static: return StaticKeyResolver(layout: layout)
      case .boundaryShift(let parameters): return BoundaryShiftResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      case .gaussian(let parameters): return GaussianKeyResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      }
    }
    // The typist's own offsets, drawn once from their own stream so the touch noise stays the same.
    var offsetRandom = SeededRandom(seed: touches.seed ^ 0x0FF5_E75E)
    let aims = layout.keys.map { key in
      let (nx, ny) = touches.keyOffsetSpread > 0 ? offsetRandom.normalPair() : (0, 0)
      return TouchPoint(x: key.frame.midX + touches.keyOffsetSpread * Float(nx), y: key.frame.midY + touches.keyOffsetSpread * Float(ny))
    }
    let rowSpread = layout.keys.indices.map { key in
      let row = layout.rowIndex(ofKey: KeyIndex(key)) ?? 0
      return row < touches.rowSpread.count ? touches.rowSpread[row] : 1
    }
    // Each model's speed term is shaped by its resolver's FFitts constants.
    let touchModels = methods.map { method -> TouchModel? in
      guard method.adaptive else { return nil }
      var parameters = TouchModel.Parameters()
      if case .gaussian(let gaussian) = method.kind { parameters.motion = gaussian.motion }
      return TouchModel(layout: layout, parameters: parameters)
    }
    // The typist's clock and tempo, from a stream of their own so the touch noise stays the same.
    var timingRandom = SeededRandom(seed: touches.seed ^ 0x7A9_715E)
    var clock = 1000.0
    let spaceAim = layout.keys.filter(\.isSpecial).max { $0.frame.width < $1.frame.width }
      .map { TouchPoint(x: $0.frame.midX, y: $0.frame.midY) } ?? TouchPoint(x: layout.bounds.midX, y: layout.bounds.maxY)
    let curveWindow = Swift.max(1, curveWindow)
    var curve: [[Int]] = []
    var random = SeededRandom(seed: touches.seed)
    var slipRandom = SeededRandom(seed: touches.seed ^ 0x5_11B5)
    var contexts = methods.map { method in
      TypingContext(table: table, lexiconBalance: method.context == .lexicon || method.context == .history ? lexiconBalance : .infinity,
                    wordHistory: method.context == .history ? WordHistory(capacity: historyCapacity, balance: historyBalance) : nil)
    }
    let decoders: [WordDecoder?] = methods.indices.map { index in
      methods[index].decoder.map { WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: $0,
                                               wordHistory: contexts[index].wordHistory) }
    }
    let keyOfLetter = (0..<table.letterCount).map { letterKeys.keyIndex(ofLetter: $0)?.rawValue ?? -1 }
    let letterCount = keystrokes.reduce(0) { $0 + ($1 == .boundary ? 0 : 1) }
    let blockCount = Swift.max(1, Swift.min(200, letterCount / 50))
    var blocks = [[Tally]](repeating: [Tally](repeating: Tally(), count: methods.count), count: blockCount)
    // The current word: intended keys, and per method what it typed (keys) and committed.
    var intended: [Int] = [], intendedLetters: [Int] = [], wordTouches: [TouchPoint] = []
    var typedKeys = [[Int]](repeating: [], count: methods.count)
    var committedKeys = [[Int]](repeating: [], count: methods.count)
    var typed = 0, words = 0, wordBlock = 0
    // Without slips, an undecoded method's letter errors are its keystrokes' errors, each
    // counted in its own keystroke's block (words can span two blocks).
    let slips = touches.omitRate > 0 || touches.extraRate > 0
    let perWord = methods.indices.map { slips || decoders[$0] != nil }
    // Per decoded method, the letters of the last word it committed (for the decision log).
    var previousWords = [[Int]](repeating: [], count: methods.count)
    // Per decoded method, the text it committed for the current word, and its written-form tally.
    var committedTexts = [String](repeating: "", count: methods.count)
    var writtenTallies = [WrittenFormTally](repeating: WrittenFormTally(), count: methods.count)
    // The nearest letter key to each point, for `specialKeysTypeLetters`.
    let letterKeyIndices = layout.keys.indices.filter { !layout.keys[$0].isSpecial }
    func nearestLetterKey(_ touch: TouchPoint) -> KeyIndex {
      let key = letterKeyIndices.min { a, b in
        let fa = layout.keys[a].frame, fb = layout.keys[b].frame
        let da = (fa.midX - touch.x) * (fa.midX - touch.x) + (fa.midY - touch.y) * (fa.midY - touch.y)
        let db = (fb.midX - touch.x) * (fb.midX - touch.x) + (fb.midY - touch.y) * (fb.midY - touch.y)
        return da < db
      }!
      return KeyIndex(key)
    }

    /// Applies decoded method `index`'s decision to what it typed since its last word end.
    func decideWord(_ index: Int) {
      guard let decoder = decoders[index] else { return }
      let decision = decoder.decide(limit: decisionLog == nil ? 1 : WordDecoder.maximumAlternatives)
      if let decisionLog, decision.isDecoded {
        decisionLog(LoggedDecision(method: index, previous: previousWords[index], intended: intendedLetters, decision: decision))
      }
      let committedWord = decision.replaces ? decision.best : decision.typed
      previousWords[index] = (0..<committedWord.count).map { committedWord.letter(at: $0) }
      if written != nil { committedTexts[index] += committedWord.text }
      if decision.replaces {
        for _ in 0..<decision.typedLength { contexts[index].recordDeletion() }
        committedKeys[index].removeLast(decoder.typedCount)
        let best = decision.best
        for position in 0..<best.count {
          contexts[index].record(table.letter(at: best.letter(at: position)))
          committedKeys[index].append(keyOfLetter[best.letter(at: position)])
        }
      }
      decoder.finishWord(decision, teaching: touchModels[index])
    }

    func endWord() {
      for index in contexts.indices {
        if decoders[index] != nil { decideWord(index) }
        contexts[index].recordBoundary()
        if let model = touchModels[index] {
          if decoders[index] == nil { model.commit() }
          (resolvers[index] as? GaussianKeyResolver)?.adapt(to: model)
          (resolvers[index] as? BoundaryShiftResolver)?.adapt(to: model)
          decoders[index]?.adapt(to: model)
        }
      }
      guard !intended.isEmpty else { return }
      words += 1
      if let wordLog {
        let staticKeys = methods.first?.kind == .static ? typedKeys[0].map { KeyIndex($0) } : []
        wordLog(TypedWord(intended: intendedLetters, touches: wordTouches, staticKeys: staticKeys))
      }
      let writtenWord = written.flatMap { words - 1 < $0.count ? $0[words - 1] : nil }
      for index in methods.indices {
        // A word written with an apostrophe is never typed right where no apostrophe is typed.
        let typedRight = Self.letterErrors(typedKeys[index], intended) == 0 && !(writtenWord?.hasApostrophe ?? false)
        let committedErrors = Self.letterErrors(committedKeys[index], intended)
        var apostrophesRight = true
        if let writtenWord, decoders[index] != nil, committedErrors == 0 {
          apostrophesRight = tally(writtenWord, committed: committedTexts[index], letters: intendedLetters, into: &writtenTallies[index])
        }
        committedTexts[index] = ""
        if perWord[index] { blocks[wordBlock][index].letterErrors += committedErrors }
        if committedErrors > 0 || !apostrophesRight { blocks[wordBlock][index].wordErrors += 1 }
        if decoders[index] != nil {
          if !typedRight && committedErrors == 0 && apostrophesRight { blocks[wordBlock][index].fixed += 1 }
          if typedRight && (committedErrors > 0 || !apostrophesRight) { blocks[wordBlock][index].broken += 1 }
        }
        typedKeys[index].removeAll(keepingCapacity: true)
        committedKeys[index].removeAll(keepingCapacity: true)
      }
      intended.removeAll(keepingCapacity: true)
      intendedLetters.removeAll(keepingCapacity: true)
      wordTouches.removeAll(keepingCapacity: true)
    }

    for keystroke in keystrokes {
      guard case .letter(let letter) = keystroke else {
        endWord()
        continue
      }
      let key = letterKeys.keyIndex(ofLetter: letter)!
      if intended.isEmpty { wordBlock = typed * blockCount / letterCount }
      intended.append(key.rawValue)
      intendedLetters.append(letter)
      if typed % curveWindow == 0 { curve.append([Int](repeating: 0, count: methods.count)) }
      let block = typed * blockCount / letterCount
      typed += 1
      let skipped = touches.omitRate > 0 && slipRandom.unit() <= touches.omitRate
      let doubled = touches.extraRate > 0 && slipRandom.unit() <= touches.extraRate
      let touchCount = skipped ? 0 : (doubled ? 2 : 1)
      for repeatIndex in 0..<touchCount {
        let (nx, ny) = random.normalPair()
        let spread = rowSpread[key.rawValue]
        var touch = TouchPoint(x: aims[key.rawValue].x + touches.offsetX + spread * touches.sigmaX * Float(nx),
                               y: aims[key.rawValue].y + touches.offsetY + spread * touches.sigmaY * Float(ny))
        if let timing = touches.timing {
          // The finger moves from the previous aim (the space bar's at a word's start) in Fitts' time.
          let from = repeatIndex > 0 ? aims[key.rawValue] : (intended.count > 1 ? aims[intended[intended.count - 2]] : spaceAim)
          let to = aims[key.rawValue]
          let dx = Double(to.x - from.x), dy = Double(to.y - from.y), distance = (dx * dx + dy * dy).squareRoot()
          let time = timing.tapTime(distance: distance, width: Double(layout[key].frame.width), z: timingRandom.normalPair().0)
          clock += time + (repeatIndex == 0 && intended.count == 1 ? timing.wordPause : 0)
          if let dual = touches.dualGaussian {
            let relative = dual.relativeSigma(distance: distance, time: time, timing: timing)
            let along = (dual.absoluteSigma * dual.absoluteSigma + relative * relative * dual.elongation).squareRoot()
            let across = (dual.absoluteSigma * dual.absoluteSigma + relative * relative / dual.elongation).squareRoot()
            let cosine = distance > 0 ? dx / distance : 1, sine = distance > 0 ? dy / distance : 0
            let u = along * nx, v = across * ny
            touch = TouchPoint(x: aims[key.rawValue].x + touches.offsetX + Float(spread) * Float(u * cosine - v * sine),
                               y: aims[key.rawValue].y + touches.offsetY + Float(spread) * Float(u * sine + v * cosine))
          }
          touch.timestamp = clock
        }
        if wordLog != nil { wordTouches.append(touch) }
        let intendedScalar = table.letter(at: letter)
        let untimed = TouchPoint(x: touch.x, y: touch.y)
        for (index, resolver) in resolvers.enumerated() {
          let context = contexts[index]
          let touch = methods[index].timed ? touch : untimed
          if let weighted = resolver as? any WeightedKeyResolver {
            let letters = context.letterContext
            switch methods[index].context {
            case .fourgram, .lexicon, .history, .none: weighted.update(for: context)
            case .trigram:
              weighted.update(with: letters.earlier.isLetter || letters.earlier == .boundary
                ? table.distribution(after: LetterContext(previous: letters.previous, last: letters.last)) : context.distribution)
            case .bigram:
              weighted.update(with: letters.last.isLetter ? table.distribution(after: .bigram(letters.last)) : context.distribution)
            }
          }
          var resolved = resolver.resolve(touch)
          if methods[index].specialKeysTypeLetters && decoders[index] != nil, let shown = resolved, layout[shown].isSpecial {
            resolved = nearestLetterKey(touch)
          }
          if repeatIndex == 0 && resolved != key {
            curve[curve.count - 1][index] += 1
            if !perWord[index] { blocks[block][index].letterErrors += 1 }
          }
          let decoded = decoders[index] != nil
          typedKeys[index].append(resolved?.rawValue ?? -1)
          // A decoded method's word ends at a key without a letter: decided before that key.
          if decoded && (resolved.flatMap { layout[$0].letter } == nil) { decideWord(index) }
          committedKeys[index].append(resolved?.rawValue ?? -1)
          // Corrected, a miss is deleted, so never learned; uncorrected, it stays typed and is.
          if !decoded, let resolved, resolved == key || errors == .uncorrected { touchModels[index]?.observe(touch, key: resolved) }
          if decoded {
            // What it typed, uncorrected; a key without a letter ends the word there.
            if let resolved, let capLetter = layout[resolved].letter, let capIndex = table.letterIndex(of: capLetter) {
              // On the intended key the typist gets the intended letter (é by a long press on e).
              let shown = resolved == key ? letter : capIndex
              // The host capitalises a sentence's first letter; the typist types the rest in lowercase.
              let capital = repeatIndex == 0 && intended.count == 1 && (written.map { words < $0.count && $0[words].startsSentence } ?? false)
              decoders[index]!.add(touch, key: resolved, letter: shown, isCapital: capital)
              contexts[index].record(table.letter(at: shown))
            } else {
              contexts[index].recordBoundary()
            }
            continue
          }
          switch errors {
          case .corrected: contexts[index].record(intendedScalar)
          case .uncorrected:
            // What the method typed: the intended letter on the intended key (é by a long press
            // on e), the letter on the cap of another letter key, or a boundary for another key.
            if let resolved, let typedLetter = layout[resolved].letter {
              contexts[index].record(resolved == key ? intendedScalar : typedLetter)
            } else {
              contexts[index].recordBoundary()
            }
          }
        }
      }
    }
    endWord()
    var results = Self.summarise(blocks, methods: methods, keystrokes: typed, words: words, seed: touches.seed)
    if written != nil {
      for index in results.indices where decoders[index] != nil { results[index].writtenForms = writtenTallies[index] }
    }
    return Result(keystrokes: typed, words: words, touches: touches, methods: results,
                  learningCurve: curve, curveWindow: curveWindow)
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
  static func summarise(_ blocks: [[Tally]], methods: [Method], keystrokes: Int, words: Int, seed: UInt64) -> [MethodResult] {
    func totals(_ field: (Tally) -> Int) -> [Int] { methods.indices.map { method in blocks.reduce(0) { $0 + field($1[method]) } } }
    let letters = totals(\.letterErrors), wordErrors = totals(\.wordErrors), fixed = totals(\.fixed), broken = totals(\.broken)
    var random = SeededRandom(seed: seed ^ 0xB007_57A9)
    let resamples = 2000
    var ratios = [[Double]](repeating: [], count: methods.count), wordRatios = ratios, rates = ratios, fixedCounts = ratios, brokenCounts = ratios
    for _ in 0..<resamples {
      var sums = [Tally](repeating: Tally(), count: methods.count)
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
                   wordsBroken: broken[index], wordsBrokenInterval: interval(brokenCounts[index]))
    }
  }
}
