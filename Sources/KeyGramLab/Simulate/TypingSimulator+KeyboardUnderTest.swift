@_spi(Lab) import KeyGram

extension TypingSimulator {
  /// One method's keyboard. A decoded method is the keyboard engine a user ships
  /// (`TypingEngine`, TypingSimulator+Engine.swift): the typist's taps go in as events and its
  /// edits come back into the committed text. A method without a decoder measures a resolver
  /// alone: its typing context records every keystroke, its resolver updates for the context
  /// and resolves the touch, and its touch model (adaptive methods) learns the touches. It keeps
  /// the keys it typed and committed of the current word.
  struct KeyboardUnderTest {
    let method: Method
    /// The method's place in `run`'s methods, for the decision log.
    let index: Int
    let table: KeyGramTable
    let layout: KeyboardLayout
    let errors: Errors
    /// A decoded method's keyboard engine; nil for a resolver alone.
    let engine: TypingEngine?
    let resolver: any KeyResolver
    var context: TypingContext
    let touchModel: TouchModel?
    /// Each letter's key index (-1: none), and the keys that type a letter.
    let keyOfLetter: [Int]
    let letterKeyIndices: [Int]
    /// Whether the text each word was committed as is kept (`committedText`).
    let keepsText: Bool
    /// The decision log's view of the words around each decision, when there is a log.
    let logState: DecisionLogState?
    /// What tapping a key without a letter does (a decoded method's keys do what they do on a phone).
    let keyEffects: KeyEffects
    /// The number page's keys, where a touch after "123" lands (the letter layout's cells).
    let numberPage: StaticKeyResolver
    /// The space bar and its centre, where a typed space lands.
    let spaceKey: KeyIndex?
    let spaceCentre: TouchPoint
    /// The keys each tap of the current word of the text resolved to (-1: none), for the word log.
    var wordTyped: [Int] = []
    /// The open segment: the text's words since the last boundary the keyboard typed too, and
    /// the keys typed and committed since.
    var segment = Segment()
    /// Segments closed and not yet tallied.
    var closed: [Segment] = []
    /// Whether the segment ended with a boundary that stands once the next tap is no backspace.
    var closable = false
    /// Shift was tapped: the next letter is a capital. The number layer is showing ("123").
    var shiftPending = false
    var numberLayer = false
    /// The current word's intended keys when the typist spelled it right, and whether the typist
    /// undoes a replacement of it if it was typed exactly (`startWord`).
    var spelledRight: [Int]?
    var undoesReplacement = false
    var isMisspelled: Bool { spelledRight == nil }

    /// The keyboard of method `index` of `simulator`'s run. Lexicon and history methods blend by
    /// `lexiconBalance`; a history method's context and decoder share one `WordHistory`.
    init(_ method: Method, index: Int, simulator: TypingSimulator, errors: Errors, lexiconBalance: Float,
         historyBalance: Float, historyCapacity: Int, keyOfLetter: [Int], letterKeyIndices: [Int], keepsText: Bool,
         keyEffects: KeyEffects, decisionLog: ((LoggedDecision) -> Void)?) {
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
      engine = Self.engine(for: method, table: table, layout: layout, lexiconBalance: lexiconBalance, historyBalance: historyBalance,
                           historyCapacity: historyCapacity)
      // The model's speed term is shaped by its resolver's FFitts constants.
      if method.adaptive && engine == nil {
        var parameters = TouchModel.Parameters()
        if case .gaussian(let gaussian) = method.kind { parameters.motion = gaussian.motion }
        touchModel = TouchModel(layout: layout, parameters: parameters)
      } else {
        touchModel = nil
      }
      if let engine, let decisionLog {
        let state = DecisionLogState()
        logState = state
        engine.decisionObserver = { decision in
          if decision.isDecoded {
            decisionLog(LoggedDecision(method: index, previous: state.previous, intended: state.intended, spanned: state.spanned,
                                       decision: decision))
          }
          let stood = decision.replaces ? decision.best : decision.typed
          state.previous = (0..<stood.count).map { stood.letter(at: $0) }
        }
      } else {
        logState = nil
      }
      self.keyOfLetter = keyOfLetter
      self.letterKeyIndices = letterKeyIndices
      self.keepsText = keepsText
      self.keyEffects = engine == nil ? keyEffects : .real
      numberPage = StaticKeyResolver(layout: layout)
      spaceKey = layout.keyIndex(of: .space)
      spaceCentre = spaceKey.map { TouchPoint(x: layout[$0].frame.midX, y: layout[$0].frame.midY) } ?? TouchPoint(x: 0, y: 0)
    }

    var isDecoded: Bool { engine != nil }

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
    /// resolved. `isCapital`: the host capitalises the letter (the engine does so itself).
    mutating func type(_ aimed: TouchPoint, key: KeyIndex, letter: Int, isCapital: Bool, intendedLetters: [Int]) -> KeyIndex? {
      let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
      if let engine { return typeThroughEngine(touch, engine: engine) }
      let resolved = resolve(touch)
      wordTyped.append(resolved?.rawValue ?? -1)
      // The space before this word stands once a tap other than backspace follows it.
      if closable && !(keyEffects == .real && resolved.map { layout[$0].role } == .backspace) { closeSegment() }
      if keyEffects == .real, let special = resolved.map({ layout[$0] }), special.isSpecial || numberLayer {
        if special.isSpecial { segment.keyWithoutLetter = true }
        apply(special.role)
        return resolved
      }
      if keyEffects == .real && resolved == nil { return nil }
      let typesLetter = resolved.flatMap { layout[$0].letter } != nil
      segment.typed.append(resolved?.rawValue ?? -1)
      if !typesLetter { segment.keyWithoutLetter = true }
      segment.committed.append(resolved?.rawValue ?? -1)
      // Corrected, a miss is deleted, so never learned; uncorrected, it stays typed and is.
      if let resolved, resolved == key || errors == .uncorrected { touchModel?.observe(touch, key: resolved) }
      if let resolved, layout[resolved].letter != nil { shiftPending = false }
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

    /// The key `touch` resolves to, the resolver first updated for the context.
    mutating func resolve(_ touch: TouchPoint) -> KeyIndex? {
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
      return resolver.resolve(touch)
    }

    /// A tap with `KeyEffects.real` on a key of `role` (or, on the number layer, on any key):
    /// what that key does on a phone.
    mutating func apply(_ role: Key.Role) {
      switch role {
      case .space, .returnKey:
        typeSpace()
      case .backspace:
        deleteBackward()
      case .shift, .other:
        if role == .shift && !numberLayer { shiftPending = true }
      case .modeChange:
        numberLayer.toggle()
      case .punctuation, .letter:
        // A mark, or a digit or symbol on the number layer: no letter, and the word ends there.
        segment.typed.append(-1)
        segment.committed.append(-1)
        context.recordBoundary()
      }
    }

    /// The typist's own backspace, aimed at its key: it deletes the letter before where it lands
    /// on backspace, and does what the key it lands on does elsewhere.
    mutating func tapBackspace(_ aimed: TouchPoint, intendedLetters: [Int]) {
      let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
      if let engine { return tapBackspaceThroughEngine(touch, engine: engine) }
      guard let resolved = resolve(touch) else { return }
      if layout[resolved].letter != nil && !numberLayer {
        type(resolvedLetterKey: resolved, touch: touch)
      } else if layout[resolved].role == .backspace || keyEffects == .real {
        apply(layout[resolved].role)
      } else {
        // Every key without a letter ends the word: the backspace acts as one.
        segment.keyWithoutLetter = true
        apply(.space)
      }
    }

    /// A space typed inside a word: a boundary committed.
    mutating func typeSpace() {
      segment.typed.append(Segment.boundaryMark)
      segment.committed.append(Segment.boundaryMark)
      context.record(" ")
      numberLayer = false
    }

    /// Backspace: deletes the character before, the word's last letter or the space before it.
    mutating func deleteBackward() {
      guard let last = segment.committed.last else { return }
      segment.committed.removeLast()
      if !segment.typed.isEmpty { segment.typed.removeLast() }
      context.recordDeletion()
      // The space before the word goes: it joins the word before.
      if last == Segment.boundaryMark { closable = false }
    }

    /// A word of the text starts: `spelledRight` its intended keys, nil when the typist
    /// misspells it; `undoes`: the typist undoes a wrong replacement of it.
    mutating func startWord(spelledRight: [Int]?, undoes: Bool) {
      self.spelledRight = spelledRight
      undoesReplacement = undoes
      wordTyped.removeAll(keepingCapacity: true)
    }

    /// A boundary of the text after `word`, as the typist makes it (`boundary`): a space typed or
    /// tapped ends the word (the context records the boundary, a full stop when the next word
    /// starts a sentence, so its word context knows); a space left out or a tap that typed no
    /// space lets the next word run on. An adaptive method adapts to what its model has learnt.
    mutating func endWord(_ word: SegmentWord, intendedLetters: [Int], endsSentence: Bool, boundary: Boundary) {
      if let engine {
        return endWordThroughEngine(word, engine: engine, intendedLetters: intendedLetters, endsSentence: endsSentence, boundary: boundary)
      }
      // The segment's words so far are the ones this word's boundary may span.
      defer { segment.words.append(word) }
      var typesSpace = true
      switch boundary {
      case .typed: break
      case .omitted:
        typesSpace = false
        segment.omittedSpace = true
      case .tapped(let aimed):
        let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
        let resolved = resolve(touch)
        let role = resolved.map { layout[$0].role }
        let typesLetter = resolved.map { layout[$0].letter != nil } ?? false
        typesSpace = keyEffects == .real ? role == .space || role == .returnKey : !typesLetter
        if !typesSpace {
          segment.spaceTapMissed = true
          if let resolved, typesLetter && !numberLayer {
            type(resolvedLetterKey: resolved, touch: touch)
          } else if let role {
            apply(role)
          }
        }
      }
      if typesSpace {
        context.record(endsSentence ? "." : " ")
        segment.typed.append(Segment.boundaryMark)
        segment.committed.append(Segment.boundaryMark)
        numberLayer = false
        closable = true
      }
      if let touchModel {
        touchModel.commit()
        (resolver as? GaussianKeyResolver)?.adapt(to: touchModel)
        (resolver as? BoundaryShiftResolver)?.adapt(to: touchModel)
      }
    }

    /// A space-bar tap that landed on letter key `key`: it types that key's letter into the word.
    mutating func type(resolvedLetterKey key: KeyIndex, touch: TouchPoint) {
      guard let capLetter = layout[key].letter else { return }
      segment.typed.append(key.rawValue)
      segment.committed.append(key.rawValue)
      if errors == .uncorrected { touchModel?.observe(touch, key: key) }
      shiftPending = false
      if errors == .uncorrected { context.record(capLetter) }
    }

    /// Closes the open segment for the tally.
    mutating func closeSegment() {
      closable = false
      guard !segment.words.isEmpty else {
        segment = Segment()
        return
      }
      closed.append(segment)
      segment = Segment()
    }
  }
}
