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
    /// What tapping a key without a letter does.
    let keyEffects: KeyEffects
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
    /// The letters of the last word it committed (for the decision log).
    var previousWord: [Int] = []
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
      self.keyEffects = keyEffects
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
      var resolved = resolve(touch)
      if method.specialKeysTypeLetters && decoder != nil, let shown = resolved, layout[shown].isSpecial {
        resolved = nearestLetterKey(touch)
      }
      wordTyped.append(resolved?.rawValue ?? -1)
      // The space before this word stands once a tap other than backspace follows it.
      if closable && !(keyEffects == .real && resolved.map { layout[$0].role } == .backspace) { closeSegment() }
      if keyEffects == .real, let special = resolved.map({ layout[$0] }), special.isSpecial || numberLayer {
        if special.isSpecial { segment.keyWithoutLetter = true }
        apply(special.role, intendedLetters: intendedLetters, tap: resolved.map { (touch, $0) })
        return resolved
      }
      if keyEffects == .real && resolved == nil { return nil }
      let decoded = decoder != nil, typesLetter = resolved.flatMap { layout[$0].letter } != nil
      segment.typed.append(resolved?.rawValue ?? -1)
      if !typesLetter { segment.keyWithoutLetter = true }
      // A decoded method's word ends at a key without a letter: decided before that key.
      if decoded && !typesLetter { decideWord(intendedLetters: intendedLetters) }
      segment.committed.append(resolved?.rawValue ?? -1)
      // Corrected, a miss is deleted, so never learned; uncorrected, it stays typed and is.
      if !decoded, let resolved, resolved == key || errors == .uncorrected { touchModel?.observe(touch, key: resolved) }
      let capital = isCapital || shiftPending
      if let resolved, layout[resolved].letter != nil { shiftPending = false }
      if decoded {
        // What it typed, uncorrected; a key without a letter ends the word there.
        if let resolved, let capLetter = layout[resolved].letter, let capIndex = table.letterIndex(of: capLetter) {
          // On the intended key the typist gets the intended letter (é by a long press on e).
          let shown = resolved == key ? letter : capIndex
          decoder!.add(touch, key: resolved, letter: shown, isCapital: capital)
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
    /// `tap`: the touch and the key it landed on, which a decoder keeps as a key tap.
    mutating func apply(_ role: Key.Role, intendedLetters: [Int], tap: (touch: TouchPoint, key: KeyIndex)?) {
      switch role {
      case .space, .returnKey:
        typeSpace(intendedLetters: intendedLetters)
        if let tap { decoder?.noteSpaceTap(tap.touch, key: tap.key) }
      case .backspace:
        deleteBackward(tap: tap)
      case .shift, .other:
        if role == .shift && !numberLayer { shiftPending = true }
        if let tap, !numberLayer { decoder?.addTapWithoutLetter(tap.touch, key: tap.key) }
      case .modeChange:
        if decoder != nil { decideWord(intendedLetters: intendedLetters) }
        numberLayer.toggle()
      case .punctuation, .letter:
        // A mark, or a digit or symbol on the number layer: no letter, and the word ends there.
        if decoder != nil { decideWord(intendedLetters: intendedLetters) }
        segment.typed.append(-1)
        segment.committed.append(-1)
        context.recordBoundary()
        // A mark key of the letter rows (French ', Greek ;) may have been a letter, as a space tap may.
        if case .punctuation = role, !numberLayer, let tap { decoder?.noteSpaceTap(tap.touch, key: tap.key) }
      }
    }

    /// The typist's own backspace, aimed at its key: it deletes the letter before where it lands
    /// on backspace, and does what the key it lands on does elsewhere.
    mutating func tapBackspace(_ aimed: TouchPoint, intendedLetters: [Int]) {
      let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
      guard let resolved = resolve(touch) else { return }
      if layout[resolved].letter != nil && !numberLayer {
        type(resolvedLetterKey: resolved, touch: touch, intendedLetters: intendedLetters)
      } else if layout[resolved].role == .backspace || keyEffects == .real {
        apply(layout[resolved].role, intendedLetters: intendedLetters, tap: (touch, resolved))
      } else {
        // Every key without a letter ends the word: the backspace acts as one.
        segment.keyWithoutLetter = true
        apply(.space, intendedLetters: intendedLetters, tap: nil)
      }
    }

    /// A space typed inside a word: the word is decided and a boundary committed.
    mutating func typeSpace(intendedLetters: [Int]) {
      if decoder != nil { decideWord(intendedLetters: intendedLetters) }
      segment.typed.append(Segment.boundaryMark)
      segment.committed.append(Segment.boundaryMark)
      context.record(" ")
      numberLayer = false
    }

    /// Backspace: deletes the character before, the word's last letter or the space before it;
    /// a decoder keeps the `tap` with the deleted letter's touch.
    mutating func deleteBackward(tap: (touch: TouchPoint, key: KeyIndex)?) {
      guard let last = segment.committed.last else { return }
      segment.committed.removeLast()
      if !segment.typed.isEmpty { segment.typed.removeLast() }
      context.recordDeletion()
      if last == Segment.boundaryMark {
        // The space before the word goes: it joins the word before, unless the decoder puts it back.
        closable = false
        if let decoder, let tap { decoder.removeLast(tappedAt: tap.touch, key: tap.key) }
      } else if last >= 0, let decoder, decoder.touchCount > 0 {
        if let tap { decoder.removeLast(tappedAt: tap.touch, key: tap.key) } else { decoder.removeLast() }
      }
    }

    /// A word of the text starts: `spelledRight` its intended keys, nil when the typist
    /// misspells it; `undoes`: the typist undoes a wrong replacement of it.
    mutating func startWord(spelledRight: [Int]?, undoes: Bool) {
      self.spelledRight = spelledRight
      undoesReplacement = undoes
      wordTyped.removeAll(keepingCapacity: true)
    }

    /// Applies the decoder's decision to what it typed since the last decision.
    @discardableResult
    mutating func decideWord(intendedLetters: [Int]) -> WordDecision? {
      guard let decoder else { return nil }
      let decision = decoder.decide(after: context.wordContext, limit: decisionLog == nil ? 1 : WordDecoder.maximumAlternatives)
      if let decisionLog, decision.isDecoded {
        decisionLog(LoggedDecision(method: index, previous: previousWord, intended: intendedLetters,
                                   spanned: segment.words.map(\.letters), decision: decision))
      }
      if let join = decision.join, join.replaces {
        // One word in place of the previous word, the space tapped and the typed letters.
        previousWord = (0..<join.word.count).map { join.word.letter(at: $0) }
        // A space the text has too closed the segment: the two are scored as one now.
        if segment.committed.count < join.replacedCharacterCount, let earlier = closed.popLast() { segment = earlier.followed(by: segment) }
        if keepsText { segment.committedText = String(segment.committedText.unicodeScalars.dropLast(join.replacedCharacterCount - 1 - decision.typedLength)) + join.word.text }
        for _ in 0..<join.replacedCharacterCount { context.recordDeletion() }
        segment.committed.removeLast(join.replacedCharacterCount)
        commit(join.word)
      } else if let split = decision.split, split.replaces {
        // Two words in place of the typed letters, as a host types them: the first, a space, the second.
        previousWord = (0..<split.second.count).map { split.second.letter(at: $0) }
        if keepsText { segment.committedText += split.text }
        for _ in 0..<decision.typedLength { context.recordDeletion() }
        segment.committed.removeLast(decoder.typedCount)
        commit(split.first)
        context.record(" ")
        segment.committed.append(Segment.boundaryMark)
        commit(split.second)
      } else {
        let committedWord = decision.replaces ? decision.best : decision.typed
        previousWord = (0..<committedWord.count).map { committedWord.letter(at: $0) }
        if keepsText { segment.committedText += committedWord.text }
        if decision.replaces {
          for _ in 0..<decision.typedLength { context.recordDeletion() }
          segment.committed.removeLast(decoder.typedCount)
          if decision.restoresSpace {
            context.record(" ")
            segment.committed.append(Segment.boundaryMark)
          }
          commit(decision.best)
        }
      }
      decoder.finishWord(decision, teaching: touchModel)
      return decision
    }

    /// `word`'s letters typed into the text and the committed keys.
    private mutating func commit(_ word: DecodedWord) {
      for position in 0..<word.count {
        context.record(table.letter(at: word.letter(at: position)))
        segment.committed.append(keyOfLetter[word.letter(at: position)])
      }
    }

    /// A join that the typist's own space put in (`noteSpaceTap`): the word before a space tap
    /// that typed its last letter, that tap and this space, replaced by the word and this space.
    mutating func putIn(lastLetter join: WordJoin, endsSentence: Bool) {
      previousWord = (0..<join.word.count).map { join.word.letter(at: $0) }
      // A space the text has too closed the segment: the two are scored as one now.
      if segment.committed.count < join.replacedCharacterCount, let earlier = closed.popLast() { segment = earlier.followed(by: segment) }
      if keepsText { segment.committedText = String(segment.committedText.unicodeScalars.dropLast(join.replacedCharacterCount - 2)) + join.word.text }
      for _ in 0..<join.replacedCharacterCount { context.recordDeletion() }
      segment.committed.removeLast(join.replacedCharacterCount)
      commit(join.word)
      context.record(endsSentence ? "." : " ")
      segment.committed.append(Segment.boundaryMark)
    }

    /// The typist's backspace right after the decoder replaced a word they typed as meant: the
    /// host puts the typed letters back (`undoReplacement`), and the typist types the boundary
    /// again. The committed keys keep the replacement: it was a broken word all the same.
    mutating func undo(_ decision: WordDecision, endsSentence: Bool) {
      guard let decoder else { return }
      context.recordDeletion()
      let split = decision.split.flatMap { $0.replaces ? $0 : nil }
      let replacedCount = split.map { $0.first.count + 1 + $0.second.count } ?? decision.best.count
      for _ in 0..<replacedCount { context.recordDeletion() }
      let typed = decision.typed
      for position in 0..<typed.count { context.record(table.letter(at: typed.letter(at: position))) }
      guard decoder.undoReplacement(teaching: touchModel) != nil else { return }
      let again = decoder.decide(after: context.wordContext, limit: 1)
      decoder.finishWord(again, teaching: touchModel)
      context.record(endsSentence ? "." : " ")
      segment.wasUndone = true
    }

    /// A boundary of the text after `word`, as the typist makes it (`boundary`): a space typed or
    /// tapped ends the word (the decoder decides it, the context records the boundary, a full
    /// stop when the next word starts a sentence, so its word context knows); a space left out
    /// or a tap that typed no space lets the next word run on. An adaptive method adapts to
    /// what its touch model has learnt.
    mutating func endWord(_ word: SegmentWord, intendedLetters: [Int], endsSentence: Bool, boundary: Boundary) {
      // The segment's words so far are the ones this word's decision may span.
      defer { segment.words.append(word) }
      var typesSpace = true
      switch boundary {
      case .typed: break
      case .omitted:
        typesSpace = method.specialKeysTypeLetters && decoder != nil
        segment.omittedSpace = segment.omittedSpace || !typesSpace
      case .tapped(let aimed):
        if !(method.specialKeysTypeLetters && decoder != nil) {
          let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
          let resolved = resolve(touch)
          let role = resolved.map { layout[$0].role }
          let typesLetter = resolved.map { layout[$0].letter != nil } ?? false
          typesSpace = keyEffects == .real ? role == .space || role == .returnKey : !typesLetter
          if !typesSpace {
            segment.spaceTapMissed = true
            if let resolved, typesLetter && !numberLayer {
              type(resolvedLetterKey: resolved, touch: touch, intendedLetters: intendedLetters)
            } else if let role {
              apply(role, intendedLetters: intendedLetters, tap: resolved.map { (touch, $0) })
            }
          }
        }
      }
      if typesSpace {
        let wordKeys = Segment.words(of: segment.committed).last ?? []
        let decision = decoder != nil ? decideWord(intendedLetters: intendedLetters) : nil
        var lastLetter: WordJoin?
        if case .tapped(let aimed) = boundary, let decoder, !method.specialKeysTypeLetters {
          let touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y)
          if let key = resolve(touch), layout[key].role == .space || layout[key].role == .returnKey {
            lastLetter = decoder.noteSpaceTap(touch, key: key)
          }
        }
        context.record(endsSentence ? "." : " ")
        let committedNow = Segment.words(of: segment.committed).last ?? []
        // The typist undoes a word's own replacement; a join across the space before it is not undone here.
        if let decision, decision.replaces || decision.split?.replaces == true, decision.join?.replaces != true, undoesReplacement,
           let spelledRight, segment.words.isEmpty, wordKeys == spelledRight, committedNow != spelledRight {
          undo(decision, endsSentence: endsSentence)
        }
        segment.typed.append(Segment.boundaryMark)
        segment.committed.append(Segment.boundaryMark)
        if let lastLetter { putIn(lastLetter: lastLetter, endsSentence: endsSentence) }
        numberLayer = false
        closable = true
      }
      if let touchModel {
        if decoder == nil { touchModel.commit() }
        (resolver as? GaussianKeyResolver)?.adapt(to: touchModel)
        (resolver as? BoundaryShiftResolver)?.adapt(to: touchModel)
        decoder?.adapt(to: touchModel)
      }
    }

    /// A space-bar tap that landed on letter key `key`: it types that key's letter into the word.
    mutating func type(resolvedLetterKey key: KeyIndex, touch: TouchPoint, intendedLetters: [Int]) {
      guard let capLetter = layout[key].letter, let letter = table.letterIndex(of: capLetter) else { return }
      segment.typed.append(key.rawValue)
      segment.committed.append(key.rawValue)
      if let decoder {
        decoder.add(touch, key: key, letter: letter, isCapital: shiftPending)
      } else if errors == .uncorrected {
        touchModel?.observe(touch, key: key)
      }
      shiftPending = false
      if decoder != nil || errors == .uncorrected { context.record(capLetter) }
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
