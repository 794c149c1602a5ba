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
    /// word decoder of `parameters` (its history is the method's) that does not read the
    /// previous word: "…, decoded" rows; with `wordContext`, each again with the decoder reading
    /// it at `parameters.contextWeight`: "…, decoded, word context" rows.
    public static func decodedVariants(of methods: [Method], parameters: WordDecoder.Parameters = .init(),
                                       wordContext: Bool = false) -> [Method] {
      var plain = parameters
      plain.contextWeight = 0
      let decoded = decodedVariants(of: methods, decoder: plain, suffix: "")
      return wordContext ? decoded + decodedVariants(of: methods, decoder: parameters, suffix: ", word context") : decoded
    }

    static func decodedVariants(of methods: [Method], decoder parameters: WordDecoder.Parameters, suffix: String) -> [Method] {
      methods.compactMap { method in
        guard case .gaussian(let gaussian) = method.kind, gaussian.anchorFraction > 0, method.decoder == nil,
              method.context == .lexicon || method.context == .history else { return nil }
        // The decoder scores with its resolver's spread: σ and the speed-aware motion.
        var decoder = parameters
        decoder.motion = gaussian.motion
        decoder.sigmaX = gaussian.sigmaX
        decoder.sigmaY = gaussian.sigmaY
        return Method(name: method.name + ", decoded" + suffix, kind: method.kind, context: method.context, adaptive: method.adaptive,
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
    /// The words of the text before `intended` that the decision spans: the typist's space
    /// between them typed no space, so they were typed as one word.
    public var spanned: [[Int]] = []
    public var decision: WordDecision
  }

  /// Types `keystrokes` once, with every method seeing the same touches. Lexicon and history
  /// methods blend by `lexiconBalance` (see `TypingContext`); the others see no lexicon. Each
  /// history method starts with an empty `WordHistory` of `historyCapacity` nodes blended by
  /// `historyBalance`, which learns every word its context sees completed. Decoded methods type
  /// uncorrected and apply their `WordDecoder`'s decision when each word ends. `wordLog`, if
  /// given, sees every word. With `written` (one per word of `keystrokes`, `typing(of:)`), the
  /// typist types in lowercase but for a sentence's first letter, which the host capitalises;
  /// a decoded word with the right letters but other apostrophes than the text's is a word
  /// error, and other capitals a case error (`MethodResult.writtenForms`). With
  /// `touches.misspellRate`, the typist writes some words as `misspellings` lists them
  /// (intended letters → misspellings) and is scored against the intended word. `keyEffects`
  /// says what a tap on a key without a letter does; `touches.spaceTaps` and
  /// `touches.spaceOmitRate` how the typist makes the spaces. Each word of the text is scored
  /// within its segment: the words between two boundaries that the text and the keyboard both
  /// have, so a word is right only when it is committed exactly, with its own boundaries.
  public func run(_ keystrokes: [Keystroke], written: [WrittenWord]? = nil, touches: Touches, methods: [Method] = Method.standard,
                  errors: Errors = .corrected, keyEffects: KeyEffects = .endWord, lexiconBalance: Float = TypingContext.defaultLexiconBalance,
                  historyBalance: Float = WordHistory.defaultBalance,
                  historyCapacity: Int = WordHistory.defaultCapacity, curveWindow: Int = 500,
                  misspellings: [[Int]: [[Int]]] = [:],
                  wordLog: ((TypedWord) -> Void)? = nil, decisionLog: ((LoggedDecision) -> Void)? = nil) -> Result {
    var typist = Typist(layout: layout, touches: touches)
    let keyOfLetter = (0..<table.letterCount).map { letterKeys.keyIndex(ofLetter: $0)?.rawValue ?? -1 }
    let letterKeyIndices = layout.keys.indices.filter { !layout.keys[$0].isSpecial }
    let vowels = (0..<table.letterCount).filter { table.isVowel($0) && keyOfLetter[$0] >= 0 && layout[KeyIndex(keyOfLetter[$0])].letter == table.letter(at: $0) }
    var keyboards = methods.indices.map { index in
      KeyboardUnderTest(methods[index], index: index, simulator: self, errors: errors, lexiconBalance: lexiconBalance,
                        historyBalance: historyBalance, historyCapacity: historyCapacity, keyOfLetter: keyOfLetter,
                        letterKeyIndices: letterKeyIndices, keepsText: written != nil, keyEffects: keyEffects, decisionLog: decisionLog)
    }
    var tally = Tally(simulator: self, methods: methods, decoded: keyboards.map(\.isDecoded), keystrokes: keystrokes, written: written,
                      slips: touches.omitRate > 0 || touches.extraRate > 0 || touches.misspellRate > 0
                        || keyEffects == .real || touches.spaceTaps || touches.spaceOmitRate > 0 || touches.noticeRate > 0, curveWindow: curveWindow)
    // The current word: its letters as the text has them, and their keys.
    var intendedLetters: [Int] = [], intended: [Int] = []

    // Types the word of `intendedLetters` as the typist spells it.
    func typeWord() {
      let spelled = typist.spelling(of: intendedLetters, misspellings: misspellings, isVowel: table.isVowel, vowels: vowels)
      let undoes = typist.undoesReplacement()
      for index in keyboards.indices { keyboards[index].startWord(spelledRight: spelled == intendedLetters ? intended : nil, undoes: undoes) }
      var wordTouches: [TouchPoint] = []
      var previous: Int?
      // The host capitalises a sentence's first letter; the typist types the rest in lowercase.
      let capital = tally.wordStartsSentence
      for (position, letter) in spelled.enumerated() {
        if position < intendedLetters.count { tally.countLetter(startsWord: position == 0) }
        let key = letterKeys.keyIndex(ofLetter: letter)!
        for (repeatIndex, touch) in typist.touches(for: key, after: previous).enumerated() {
          if wordLog != nil { wordTouches.append(touch) }
          let correction = repeatIndex == 0 ? typist.correction(for: key) : nil
          for index in keyboards.indices {
            let isCapital = position == 0 && repeatIndex == 0 && capital
            let resolved = keyboards[index].type(touch, key: key, letter: letter, isCapital: isCapital, intendedLetters: intendedLetters)
            if repeatIndex == 0 { tally.countKeystroke(of: index, resolved: resolved, key: key) }
            // The typist sees a wrong letter and puts it right: backspace, then the letter again.
            if let correction, resolved != key {
              keyboards[index].tapBackspace(correction.backspace, intendedLetters: intendedLetters)
              _ = keyboards[index].type(correction.again, key: key, letter: letter, isCapital: isCapital, intendedLetters: intendedLetters)
            }
          }
        }
        previous = key.rawValue
      }
      for _ in spelled.count..<Swift.max(spelled.count, intendedLetters.count) { tally.countLetter(startsWord: false) }
      if let wordLog {
        let staticKeys = methods.first?.kind == .static ? keyboards[0].wordTyped.map { KeyIndex($0) } : []
        wordLog(TypedWord(intended: intendedLetters, touches: wordTouches, staticKeys: staticKeys))
      }
    }

    func tallyClosedSegments() {
      for index in keyboards.indices where !keyboards[index].closed.isEmpty {
        for segment in keyboards[index].closed { tally.count(segment, of: index) }
        keyboards[index].closed.removeAll(keepingCapacity: true)
      }
    }

    func endWord(last: Bool = false) {
      // The word after this boundary: the one being typed if none was, else the next.
      let endsSentence = intendedLetters.isEmpty ? tally.wordStartsSentence : tally.nextWordStartsSentence
      if !intendedLetters.isEmpty { typeWord() }
      guard !intended.isEmpty else { return }
      let word = SegmentWord(keys: intended, letters: intendedLetters, index: tally.words, block: tally.wordBlock,
                             isMisspelled: keyboards.first?.isMisspelled ?? false)
      // The space after the text's last word is typed: nothing follows it.
      let boundary = last ? .typed : typist.boundary()
      for index in keyboards.indices {
        keyboards[index].endWord(word, intendedLetters: intendedLetters, endsSentence: endsSentence, boundary: boundary)
      }
      tally.countWordEnded()
      tallyClosedSegments()
      intended.removeAll(keepingCapacity: true)
      intendedLetters.removeAll(keepingCapacity: true)
    }

    for (position, keystroke) in keystrokes.enumerated() {
      guard case .letter(let letter) = keystroke else {
        endWord(last: position == keystrokes.count - 1)
        continue
      }
      intended.append(letterKeys.keyIndex(ofLetter: letter)!.rawValue)
      intendedLetters.append(letter)
    }
    endWord(last: true)
    for index in keyboards.indices { keyboards[index].closeSegment() }
    tallyClosedSegments()
    var result = tally.result(touches: touches)
    result.keyEffects = keyEffects
    return result
  }
}
