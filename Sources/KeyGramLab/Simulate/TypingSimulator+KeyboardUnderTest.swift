import KeyGram

extension TypingSimulator {
  /// One method's keyboard, driven through the engine calls a keyboard makes: its typing context
  /// records every keystroke, its resolver updates for the context and resolves the touch, its
  /// word decoder (decoded methods) decides each word, and its touch model (adaptive methods)
  /// learns the touches. It keeps the keys it typed and committed of the current word.
  struct KeyboardUnderTest {
    let method: Method
    /// The method's place in `run`'s methods, for the decision log.
    let index: Int
    let table: KeyGramTable
    let layout: KeyboardLayout
    let errors: Errors
    let resolver: any KeyResolver
    var context: TypingContext
    let decoder: WordDecoder?
    let touchModel: TouchModel?
    /// Each letter's key index (-1: none), and the keys that type a letter.
    let keyOfLetter: [Int]
    let letterKeyIndices: [Int]
    /// Whether the text each word was committed as is kept (`committedText`).
    let keepsText: Bool
    let decisionLog: ((LoggedDecision) -> Void)?
    /// The current word: the keys it typed and the keys it committed (-1: no key), and with
    /// `keepsText` the text it committed.
    var typedKeys: [Int] = []
    var committedKeys: [Int] = []
    var committedText = ""
    /// The letters of the last word it committed (for the decision log).
    var previousWord: [Int] = []
    /// The current word's intended keys when the typist spelled it right, and whether the typist
    /// undoes a replacement of it if it was typed exactly (`startWord`).
    var spelledRight: [Int]?
    var undoesReplacement = false
    /// Whether the current word's replacement was undone, and whether the typist misspelled it.
    var wasUndone = false
    var isMisspelled: Bool { spelledRight == nil }

    /// The keyboard of method `index` of `simulator`'s run. Lexicon and history methods blend by
    /// `lexiconBalance`; a history method's context and decoder share one `WordHistory`.
    init(_ method: Method, index: Int, simulator: TypingSimulator, errors: Errors, lexiconBalance: Float,
         historyBalance: Float, historyCapacity: Int, keyOfLetter: [Int], letterKeyIndices: [Int], keepsText: Bool,
         decisionLog: ((LoggedDecision) -> Void)?) {
      let (table, layout, letterKeys) = (simulator.table, simulator.layout, simulator.letterKeys)
      self.method = method
      self.index = index
      self.table = table
      self.layout = layout
      self.errors = errors
      switch method.kind {
      case .static: resolver = StaticKeyResolver(layout: layout)
      case .boundaryShift(let parameters): resolver = BoundaryShiftResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      case .gaussian(let parameters): resolver = GaussianKeyResolver(layout: layout, letterKeys: letterKeys, parameters: parameters)
      }
      let history = method.context == .history ? WordHistory(capacity: historyCapacity, balance: historyBalance) : nil
      context = TypingContext(table: table, lexiconBalance: method.context == .lexicon || method.context == .history ? lexiconBalance : .infinity,
                              wordHistory: history)
      decoder = method.decoder.map { WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: $0, wordHistory: history) }
      // The model's speed term is shaped by its resolver's FFitts constants.
      if method.adaptive {
        var parameters = TouchModel.Parameters()
        if case .gaussian(let gaussian) = method.kind { parameters.motion = gaussian.motion }
        touchModel = TouchModel(layout: layout, parameters: parameters)
      } else {
        touchModel = nil
      }
      self.keyOfLetter = keyOfLetter
      self.letterKeyIndices = letterKeyIndices
      self.keepsText = keepsText
      self.decisionLog = decisionLog
    }

    var isDecoded: Bool { decoder != nil }

    /// The nearest letter key to `touch`, for `specialKeysTypeLetters`.
    func nearestLetterKey(_ touch: TouchPoint) -> KeyIndex {
      let key = letterKeyIndices.min { a, b in
        let fa = layout.keys[a].frame, fb = layout.keys[b].frame
        let da = (fa.midX - touch.x) * (fa.midX - touch.x) + (fa.midY - touch.y) * (fa.midY - touch.y)
        let db = (fb.midX - touch.x) * (fb.midX - touch.x) + (fb.midY - touch.y) * (fb.midY - touch.y)
        return da < db
      }!
      return KeyIndex(key)
    }

    /// Types one touch aimed at `key` for the text's letter `letter`, and returns the key it
    /// resolved. `isCapital`: the host capitalises the letter (a decoded method types it as a
    /// capital). `intendedLetters`: the word's letters so far, for the decision log.
    mutating func type(_ aimed: TouchPoint, key: KeyIndex, letter: Int, isCapital: Bool, intendedLetters: [Int]) -> KeyIndex? {
      let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
      if let weighted = resolver as? any WeightedKeyResolver {
        let letters = context.letterContext
        switch method.context {
        case .fourgram, .lexicon, .history, .none: weighted.update(for: context)
        case .trigram:
          weighted.update(with: letters.earlier.isLetter || letters.earlier == .boundary
            ? table.distribution(after: LetterContext(previous: letters.previous, last: letters.last)) : context.distribution)
        case .bigram:
          weighted.update(with: letters.last.isLetter ? table.distribution(after: .bigram(letters.last)) : context.distribution)
        }
      }
      var resolved = resolver.resolve(touch)
      if method.specialKeysTypeLetters && decoder != nil, let shown = resolved, layout[shown].isSpecial {
        resolved = nearestLetterKey(touch)
      }
      let decoded = decoder != nil
      typedKeys.append(resolved?.rawValue ?? -1)
      // A decoded method's word ends at a key without a letter: decided before that key.
      if decoded && (resolved.flatMap { layout[$0].letter } == nil) { decideWord(intendedLetters: intendedLetters) }
      committedKeys.append(resolved?.rawValue ?? -1)
      // Corrected, a miss is deleted, so never learned; uncorrected, it stays typed and is.
      if !decoded, let resolved, resolved == key || errors == .uncorrected { touchModel?.observe(touch, key: resolved) }
      if decoded {
        // What it typed, uncorrected; a key without a letter ends the word there.
        if let resolved, let capLetter = layout[resolved].letter, let capIndex = table.letterIndex(of: capLetter) {
          // On the intended key the typist gets the intended letter (é by a long press on e).
          let shown = resolved == key ? letter : capIndex
          decoder!.add(touch, key: resolved, letter: shown, isCapital: isCapital)
          context.record(table.letter(at: shown))
        } else {
          context.recordBoundary()
        }
        return resolved
      }
      switch errors {
      case .corrected: context.record(table.letter(at: letter))
      case .uncorrected:
        // What the method typed: the intended letter on the intended key (é by a long press
        // on e), the letter on the cap of another letter key, or a boundary for another key.
        if let resolved, let typedLetter = layout[resolved].letter {
          context.record(resolved == key ? table.letter(at: letter) : typedLetter)
        } else {
          context.recordBoundary()
        }
      }
      return resolved
    }

    /// A word of the text starts: `spelledRight` its intended keys, nil when the typist
    /// misspells it; `undoes`: the typist undoes a wrong replacement of it.
    mutating func startWord(spelledRight: [Int]?, undoes: Bool) {
      self.spelledRight = spelledRight
      undoesReplacement = undoes
    }

    /// Applies the decoder's decision to what it typed since the last decision.
    @discardableResult
    mutating func decideWord(intendedLetters: [Int]) -> WordDecision? {
      guard let decoder else { return nil }
      let decision = decoder.decide(after: context.wordContext, limit: decisionLog == nil ? 1 : WordDecoder.maximumAlternatives)
      if let decisionLog, decision.isDecoded {
        decisionLog(LoggedDecision(method: index, previous: previousWord, intended: intendedLetters, decision: decision))
      }
      let committedWord = decision.replaces ? decision.best : decision.typed
      previousWord = (0..<committedWord.count).map { committedWord.letter(at: $0) }
      if keepsText { committedText += committedWord.text }
      if decision.replaces {
        for _ in 0..<decision.typedLength { context.recordDeletion() }
        committedKeys.removeLast(decoder.typedCount)
        let best = decision.best
        for position in 0..<best.count {
          context.record(table.letter(at: best.letter(at: position)))
          committedKeys.append(keyOfLetter[best.letter(at: position)])
        }
      }
      decoder.finishWord(decision, teaching: touchModel)
      return decision
    }

    /// The typist's backspace right after the decoder replaced a word they typed as meant: the
    /// host puts the typed letters back (`undoReplacement`), and the typist types the boundary
    /// again. The committed keys keep the replacement: it was a broken word all the same.
    mutating func undo(_ decision: WordDecision, endsSentence: Bool) {
      guard let decoder else { return }
      context.recordDeletion()
      for _ in 0..<decision.best.count { context.recordDeletion() }
      let typed = decision.typed
      for position in 0..<typed.count { context.record(table.letter(at: typed.letter(at: position))) }
      guard decoder.undoReplacement(teaching: touchModel) != nil else { return }
      let again = decoder.decide(after: context.wordContext, limit: 1)
      decoder.finishWord(again, teaching: touchModel)
      context.record(endsSentence ? "." : " ")
      wasUndone = true
    }

    /// A boundary of the text: the decoder decides the word, the context records the boundary
    /// (a full stop when the next word starts a sentence, so its word context knows), and an
    /// adaptive method adapts to what its touch model has learnt.
    mutating func endWord(intendedLetters: [Int], endsSentence: Bool) {
      let decision = decoder != nil ? decideWord(intendedLetters: intendedLetters) : nil
      context.record(endsSentence ? "." : " ")
      if let decision, decision.replaces, undoesReplacement, let spelledRight, typedKeys == spelledRight, committedKeys != spelledRight {
        undo(decision, endsSentence: endsSentence)
      }
      if let touchModel {
        if decoder == nil { touchModel.commit() }
        (resolver as? GaussianKeyResolver)?.adapt(to: touchModel)
        (resolver as? BoundaryShiftResolver)?.adapt(to: touchModel)
        decoder?.adapt(to: touchModel)
      }
    }

    /// Forgets the word's keys and text once they are tallied.
    mutating func clearWord() {
      committedText = ""
      wasUndone = false
      typedKeys.removeAll(keepingCapacity: true)
      committedKeys.removeAll(keepingCapacity: true)
    }
  }
}
