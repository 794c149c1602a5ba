@_spi(Lab) import KeyGram

extension TypingSimulator.KeyboardUnderTest {
  /// The keyboard engine a decoded method ships: `TypingEngine` with the method's resolver,
  /// decoder and touch-model parameters; a method without history context keeps no word
  /// history, one that is not adaptive learns no touches.
  static func engine(for method: TypingSimulator.Method, table: KeyGramTable, layout: KeyboardLayout, lexiconBalance: Float,
                     historyBalance: Float, historyCapacity: Int) -> TypingEngine? {
    guard let decoder = method.decoder, case .gaussian(let gaussian) = method.kind else { return nil }
    var parameters = TypingEngine.Parameters()
    parameters.resolver = gaussian
    parameters.decoder = decoder
    parameters.touchModel.motion = gaussian.motion
    parameters.historyCapacity = historyCapacity
    parameters.historyBalance = historyBalance
    parameters.lexiconBalance = lexiconBalance
    parameters.keepsWordHistory = method.context == .history
    parameters.learnsTouches = method.adaptive
    let engine = TypingEngine(table: table, layout: layout, parameters: parameters)
    engine.settings.autocorrection = decoder.autocorrection
    return engine
  }

  /// Types one touch aimed at a letter through the engine and returns the key it resolved.
  /// The typist types in lowercase: the engine capitalises a sentence's first letter itself.
  /// On the number page (after "123") a touch types a digit, from the host's page.
  mutating func typeThroughEngine(_ touch: TouchPoint, engine: TypingEngine) -> KeyIndex? {
    if numberLayer, let shown = numberPage.resolve(touch), layout[shown].letter != nil {
      wordTyped.append(shown.rawValue)
      if closable { closeSegment() }
      segment.keyWithoutLetter = true
      segment.typed.append(-1)
      take(engine.insert("1"))
      return shown
    }
    let edit: TextEdit
    if method.specialKeysTypeLetters {
      // The oracle: a touch on a key without a letter is read as the nearest letter key's.
      var key = engine.resolver.resolve(touch, after: engine.context)
      if let shown = key, layout[shown].isSpecial { key = nearestLetterKey(touch) }
      edit = engine.tap(touch, on: key)
    } else {
      edit = engine.tap(touch)
    }
    wordTyped.append(edit.keyIndex?.rawValue ?? -1)
    if let key = edit.keyIndex, layout[key].isSpecial { segment.keyWithoutLetter = true }
    record(edit)
    return edit.keyIndex
  }

  /// A tap the typist made (a letter's, a backspace's, a space's) through the engine, as the
  /// segment sees it: the space before this word stands once a tap other than backspace
  /// follows it; what the tap typed; then the edit to the text.
  mutating func record(_ edit: TextEdit) {
    if closable && edit.key != .backspace { closeSegment() }
    switch edit.key {
    case .letter?: segment.typed.append(edit.keyIndex!.rawValue)
    case .space?, .returnKey?: segment.typed.append(TypingSimulator.Segment.boundaryMark)
    case .punctuation?: segment.typed.append(-1)
    case .backspace?: if !segment.typed.isEmpty { segment.typed.removeLast() }
    case .modeChange?: numberLayer.toggle()
    case .shift?, .other?, nil: break
    }
    take(edit)
  }

  /// Applies `edit` to the committed keys and text: its deletions (into the closed segment
  /// before, when it reaches back: the two are scored as one), then its characters.
  mutating func take(_ edit: TextEdit) {
    if edit.deleteCount > segment.committed.count, let earlier = closed.popLast() { segment = earlier.followed(by: segment) }
    let deleted = Swift.min(edit.deleteCount, segment.committed.count)
    segment.committed.removeLast(deleted)
    if keepsText { segment.committedText = String(segment.committedText.dropLast(deleted)) }
    let text = edit.text
    for scalar in text.unicodeScalars {
      if scalar == " " || scalar == "\n" {
        segment.committed.append(TypingSimulator.Segment.boundaryMark)
      } else if WordContext.endsSentence(scalar) {
        segment.committed.append(TypingSimulator.Segment.sentenceMark)
      } else if TypingContext.isApostrophe(scalar) && table.letterIndex(of: scalar) == nil {
        segment.committed.append(TypingSimulator.Segment.apostropheMark)
      } else if let letter = table.letterIndex(of: scalar), keyOfLetter[letter] >= 0 {
        segment.committed.append(keyOfLetter[letter])
      } else {
        segment.committed.append(-1)
      }
    }
    if keepsText { segment.committedText += text }
  }

  /// The typist's own backspace through the engine: where it lands, it acts.
  mutating func tapBackspaceThroughEngine(_ touch: TouchPoint, engine: TypingEngine) {
    let edit = engine.tap(touch)
    wordTyped.append(edit.keyIndex?.rawValue ?? -1)
    record(edit)
  }

  /// The boundary after `word` through the engine: a full stop first at a sentence's end (from
  /// the host's page), then the space typed, tapped or left out. The typist undoes a
  /// replacement of a word they spelled right with a backspace (the engine reverts it) and the
  /// space again; the replacement is scored all the same.
  mutating func endWordThroughEngine(_ word: TypingSimulator.SegmentWord, engine: TypingEngine, intendedLetters: [Int], endsSentence: Bool,
                                     boundary: TypingSimulator.Boundary) {
    defer { segment.words.append(word) }
    logState?.intended = intendedLetters
    logState?.spanned = segment.words.map(\.letters)
    var touch = spaceCentre
    switch boundary {
    case .typed: break
    case .omitted:
      // The oracle knows the word goes on; else the words run together.
      guard method.specialKeysTypeLetters else {
        segment.omittedSpace = true
        return
      }
    case .tapped(let aimed):
      if !method.specialKeysTypeLetters { touch = method.timed ? aimed : TouchPoint(x: aimed.x, y: aimed.y) }
    }
    let wordKeys = TypingSimulator.Segment.words(of: segment.committed).last ?? []
    segment.offensiveOffered += offensiveOnBar(engine)
    if endsSentence { take(engine.insert(".")) }
    let edit = method.specialKeysTypeLetters ? engine.tap(touch, on: spaceKey) : engine.tap(touch)
    wordTyped.append(edit.keyIndex?.rawValue ?? -1)
    guard edit.key == .space || edit.key == .returnKey else {
      // The tap typed something else (a letter, or nothing): no boundary, the words run on.
      segment.spaceTapMissed = true
      record(edit)
      return
    }
    segment.typed.append(TypingSimulator.Segment.boundaryMark)
    take(edit)
    let committedNow = TypingSimulator.Segment.words(of: segment.committed).last ?? []
    // A correction into other letters; the typed word written as the language writes it ("god" as "God") is no offer.
    if edit.correctsWord && committedNow != wordKeys { segment.offensiveOffered += offensiveWords(in: edit.text, engine: engine) }
    if edit.correctsWord, !endsSentence, undoesReplacement, let spelledRight, segment.words.isEmpty,
       wordKeys == spelledRight, committedNow != spelledRight {
      // The committed keys keep the replacement: it was a broken word all the same.
      let (replaced, replacedText) = (segment.committed, segment.committedText)
      take(engine.deleteBackward())
      take(engine.tap(spaceCentre, on: spaceKey))
      (segment.committed, segment.committedText) = (replaced, replacedText)
      segment.wasUndone = true
      segment.revertedWords.append(word.index)
    }
    numberLayer = false
    closable = true
  }
}

extension TypingSimulator.KeyboardUnderTest {
  /// The bar's words the table flags as offensive, other than the user's own.
  func offensiveOnBar(_ engine: TypingEngine) -> Int {
    guard let offensive = table.offensiveWords, let lexicon = table.lexicon else { return 0 }
    var count = 0
    for slot in engine.suggestions where slot.kind != .revert {
      count += offensiveWords(in: slot.text, engine: engine, offensive: offensive, lexicon: lexicon)
    }
    return count
  }

  /// The words of `text` the table flags as offensive, other than those the engine's history
  /// holds as the user's own (`historyTargetCount` times).
  func offensiveWords(in text: String, engine: TypingEngine) -> Int {
    guard let offensive = table.offensiveWords, let lexicon = table.lexicon else { return 0 }
    return offensiveWords(in: text, engine: engine, offensive: offensive, lexicon: lexicon)
  }

  func offensiveWords(in text: String, engine: TypingEngine, offensive: OffensiveWords, lexicon: Lexicon) -> Int {
    var count = 0, letters: [Int] = []
    func word() {
      defer { letters.removeAll() }
      guard !letters.isEmpty, let id = lexicon.wordID(spelledBy: letters), offensive.contains(id) else { return }
      if let history = engine.decoder.wordHistory, history.count(ofWord: letters) >= engine.decoder.parameters.historyTargetCount { return }
      count += 1
    }
    for scalar in text.unicodeScalars {
      if let letter = table.letterIndex(of: scalar) { letters.append(letter) } else if !TypingContext.isApostrophe(scalar) { word() }
    }
    word()
    return count
  }
}

/// What the decision log needs of the text around each decision the engine makes.
final class DecisionLogState {
  var previous: [Int] = []
  var intended: [Int] = []
  var spanned: [[Int]] = []
}
