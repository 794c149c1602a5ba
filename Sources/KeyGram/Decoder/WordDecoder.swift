/// Decodes a whole word from all its touches when it ends, the way the iOS keyboard, Gboard
/// and AOSP LatinIME autocorrect: later touches fix earlier ones ("qu" from a touch inside "i").
///
/// It keeps each touch of the current word (the point, the key chosen at touch time and the
/// letter shown) in a fixed buffer of `capacity` touches; adding one is O(1). When the word
/// ends, `decide()` searches the table's `LEXI` trie, and the `WordHistory`'s, with a beam of
/// fixed width, one touch at a time, scoring each path by
///
///     Σ log N(touch | aim of the letter's key, σ)  −  edit costs  +  β · log P(word)
///
/// with the same aims and spreads as `GaussianKeyResolver` (a `TouchModel`'s learned ones after
/// `adapt(to:)`; a timed touch with the spread `TouchMotion` gives it, as the resolver does),
/// P(word) = (κ · P_lexicon(word) / (1 + b) + c(word)) / (N + κ) mixing the
/// lexicon with the words the user typed, and at most one skipped letter and one extra touch
/// per word. The typed letters stand unless the best word beats them by more than the margin;
/// a word the user's history holds, typed exactly, always stands.
///
/// Memory is fixed at init (docs/Runtime.md states it); nothing allocates afterwards. Use it on
/// the main thread, beside the resolver; it is not `Sendable`.
public final class WordDecoder {
  /// The most touches a word keeps; a longer word is kept as typed.
  public static let capacity = 48
  /// The most alternatives a decision or suggestion list holds.
  public static let maximumAlternatives = 8

  /// The table whose lexicon the decoder searches.
  public let table: KeyGramTable
  /// The keyboard whose touches it scores.
  public let layout: KeyboardLayout
  /// The parameters in use, after `Parameters.sanitized`.
  public let parameters: Parameters
  /// The user's word history: its words are candidates, and a word it holds, typed exactly,
  /// stands.
  public let wordHistory: WordHistory?

  let lexicon: Lexicon?
  let letterCount: Int
  let keyCount: Int
  /// Per letter, the key that types it, or -1.
  let keyOfLetter: IntBuffer
  // The touch model's geometry: per key its aim point and row; per row 1/2σ² and
  // log(σ0x σ0y / σx σy), the Gaussian's normaliser relative to the default spread.
  let capCenterX: FloatBuffer
  let capCenterY: FloatBuffer
  let aimX: FloatBuffer
  let aimY: FloatBuffer
  let rowOfKey: IntBuffer
  let rowXScale: FloatBuffer
  let rowYScale: FloatBuffer
  let rowLogNorm: FloatBuffer
  let correction: TouchCorrection
  /// Touches outside this box (the keys' frames, widened by the tallest key) are off the keyboard.
  let boundsMinX: Float, boundsMaxX: Float, boundsMinY: Float, boundsMaxY: Float

  // The current word.
  let touchX: FloatBuffer
  let touchY: FloatBuffer
  let touchKey: IntBuffer
  let touchLetter: Int32Buffer
  /// Per stored touch: 1 when it cannot be decoded (not finite, off the keyboard, no such key or letter).
  let touchInvalid: IntBuffer
  /// Per stored touch: its move from the word's previous touch (`TouchMotion.move(to:)`), with
  /// an interval of −1 where the row's spread stands (untimed, first of the word, after a pause
  /// or a bad timestamp). Its variance is computed when the beam scores it, not at `add`.
  let touchMoveX: FloatBuffer
  let touchMoveY: FloatBuffer
  let touchMoveInterval: FloatBuffer
  /// Per stored touch: its timestamp, or NaN for an untimed one (for the touch model's speed term).
  let touchTime: DoubleBuffer
  /// The previous timed touch of the word and the constants of the next one's spread.
  public private(set) var motion: TouchMotion
  /// Per stored touch, bit i: touch i typed a capital (shift or caps lock), for the case the
  /// decoder's words are written in.
  var typedCapitals: UInt64 = 0
  /// Touches stored (≤ `capacity`).
  var storedCount = 0
  /// Letters typed in the word (including those beyond the buffer), kept after `finishWord`
  /// for undo.
  var lettersTyped = 0
  /// Letters typed in the current word, including those beyond the buffer (0 once finished).
  public var typedCount: Int { isFinished ? 0 : lettersTyped }
  var invalidCount = 0
  /// A backspace went past the word's start: its first letters were never seen.
  var isIncomplete = false
  /// The word was restored by undo (or `keepCurrentWordAsTyped()`): it stands as typed.
  var keepsTyped = false
  /// `finishWord` was called; the next touch starts a new word.
  var isFinished = false

  // The beam (WordDecoder+Beam.swift).
  let beam: Beam
  /// log(s / shareTotal) for s = 0 ... 512: `logOfShare` reads larger shares at 9 significant bits.
  let logShare: FloatBuffer
  /// Per touch, per key: the Gaussian's log-density relative to a centred touch of default spread.
  let spatial: FloatBuffer
  /// Pairs a node's history children with its lexicon children by letter.
  let historyChildOfLetter: IntBuffer
  let stampOfLetter: IntBuffer
  var stamp = 0
  /// Per partial word of the last step: its whole-word score and source (scratch for ranking).
  let finalScore: FloatBuffer
  let finalSource: IntBuffer
  let completionOrder: IntBuffer
  /// The suggestions chosen so far: their last nodes and partial-word slots.
  let chosenLexicon: Int32Buffer
  let chosenHistory: Int32Buffer
  let chosenSlot: IntBuffer

  // Outputs.
  let decisionSlots: WordSlots
  let suggestionSlots: WordSlots
  /// The best word's touch alignment: per touch the key of the letter it typed, or -1 (an extra touch).
  let bestAlignmentKeys: IntBuffer
  var bestAlignedTouches = 0

  // Undo and learning.
  /// The last finished word was replaced and nothing has happened since.
  var canUndo = false
  /// The replacement, for undo.
  let replacedSlots: WordSlots
  /// The touch model observations the decoder left pending for the last finished word.
  var pendingObservations = 0

  // The spread learned from the words that stood (`Parameters.learnsSpread`).
  /// Σ dx², Σ dy² and n over the touches learned (forgetting past `spreadMemory`).
  var spreadSquaresX: Float = 0, spreadSquaresY: Float = 0, spreadTouches: Float = 0
  /// The last finished word's sums, learned when the next word finishes unless undone.
  var pendingSquaresX: Float = 0, pendingSquaresY: Float = 0, pendingTouches: Float = 0

  /// A decoder over `table`'s lexicon for `layout`, with `letterKeys` saying which key types
  /// each letter. Allocates everything it will ever use.
  public init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap,
              parameters: Parameters = Parameters(), wordHistory: WordHistory? = nil) {
    let parameters = parameters.sanitized
    self.table = table
    self.layout = layout
    self.parameters = parameters
    self.wordHistory = wordHistory
    lexicon = table.sections.lexicon
    letterCount = table.letterCount
    keyCount = layout.keys.count
    keyOfLetter = IntBuffer((0..<table.letterCount).map { letter in
      guard let key = letterKeys.keyIndex(ofLetter: letter)?.rawValue, key < layout.keys.count, !layout.keys[key].isSpecial else { return -1 }
      return key
    })
    capCenterX = FloatBuffer(layout.keys.map(\.frame.midX))
    capCenterY = FloatBuffer(layout.keys.map(\.frame.midY))
    aimX = FloatBuffer(layout.keys.map { $0.frame.midX + parameters.offsetX })
    aimY = FloatBuffer(layout.keys.map { $0.frame.midY + parameters.offsetY })
    var rows = [Int](repeating: 0, count: layout.keys.count)
    for (row, keys) in layout.rows.map(\.keyRange).enumerated() { for key in keys { rows[key] = row } }
    rowOfKey = IntBuffer(rows)
    let rowCount = Swift.max(layout.rows.count, 1)
    rowXScale = FloatBuffer(repeating: 1 / (2 * parameters.sigmaX * parameters.sigmaX), count: rowCount)
    rowYScale = FloatBuffer(repeating: 1 / (2 * parameters.sigmaY * parameters.sigmaY), count: rowCount)
    rowLogNorm = FloatBuffer(repeating: 0, count: rowCount)
    correction = TouchCorrection(keyCount: layout.keys.count)
    let frames = layout.keys.map(\.frame)
    let tallest = frames.map(\.height).max() ?? 0
    boundsMinX = (frames.map(\.minX).min() ?? 0) - tallest
    boundsMaxX = (frames.map(\.maxX).max() ?? 0) + tallest
    boundsMinY = (frames.map(\.minY).min() ?? 0) - tallest
    boundsMaxY = (frames.map(\.maxY).max() ?? 0) + tallest

    touchX = FloatBuffer(repeating: 0, count: Self.capacity)
    touchY = FloatBuffer(repeating: 0, count: Self.capacity)
    touchKey = IntBuffer(repeating: 0, count: Self.capacity)
    touchLetter = Int32Buffer(repeating: 0, count: Self.capacity)
    touchInvalid = IntBuffer(repeating: 0, count: Self.capacity)
    touchMoveX = FloatBuffer(repeating: 0, count: Self.capacity)
    touchMoveY = FloatBuffer(repeating: 0, count: Self.capacity)
    touchMoveInterval = FloatBuffer(repeating: -1, count: Self.capacity)
    touchTime = DoubleBuffer(repeating: .nan, count: Self.capacity)
    motion = TouchMotion(parameters: parameters.motion)

    beam = Beam(width: parameters.beamWidth, omissionWidth: parameters.omissionBeamWidth, steps: Self.capacity + 1)
    logShare = FloatBuffer((0...Self.exactShares).map { share in
      share == 0 ? -Float.infinity : system_logf(Float(share)) - system_logf(Float(TableFormat.Lexicon.shareTotal))
    })
    spatial = FloatBuffer(repeating: 0, count: Self.capacity * Swift.max(layout.keys.count, 1))
    historyChildOfLetter = IntBuffer(repeating: 0, count: Swift.max(table.letterCount, 1))
    stampOfLetter = IntBuffer(repeating: 0, count: Swift.max(table.letterCount, 1))
    finalScore = FloatBuffer(repeating: 0, count: beam.stride)
    finalSource = IntBuffer(repeating: 0, count: beam.stride)
    completionOrder = IntBuffer(repeating: 0, count: beam.stride)
    chosenLexicon = Int32Buffer(repeating: -1, count: Self.maximumAlternatives)
    chosenHistory = Int32Buffer(repeating: -1, count: Self.maximumAlternatives)
    chosenSlot = IntBuffer(repeating: 0, count: Self.maximumAlternatives)

    decisionSlots = WordSlots(table: table, slotCount: Self.maximumAlternatives + 1)
    suggestionSlots = WordSlots(table: table, slotCount: Self.maximumAlternatives)
    replacedSlots = WordSlots(table: table, slotCount: 2)
    bestAlignmentKeys = IntBuffer(repeating: -1, count: Self.capacity)
  }

  /// A decoder whose letters map to keys by `LetterKeyMap(layout:table:)`.
  public convenience init(table: KeyGramTable, layout: KeyboardLayout, parameters: Parameters = Parameters(),
                          wordHistory: WordHistory? = nil) {
    self.init(table: table, layout: layout, letterKeys: LetterKeyMap(layout: layout, table: table),
              parameters: parameters, wordHistory: wordHistory)
  }

  /// The bytes of every buffer the decoder allocated at init (its whole working memory; the
  /// table and the word history are not counted). It never grows.
  public var memoryBytes: Int {
    let floats = [capCenterX, capCenterY, aimX, aimY, rowXScale, rowYScale, rowLogNorm, touchX, touchY, touchMoveX, touchMoveY, touchMoveInterval,
                  logShare, spatial, finalScore]
    let ints = [keyOfLetter, rowOfKey, touchKey, touchInvalid, historyChildOfLetter, stampOfLetter, finalSource, completionOrder,
                chosenSlot, bestAlignmentKeys]
    let slots = [decisionSlots, suggestionSlots, replacedSlots].reduce(0) { $0 + $1.letters.count * 4 + $1.slotCount * WordSlots.bytesPerSlot }
    return floats.reduce(0) { $0 + 4 * $1.count } + ints.reduce(0) { $0 + 8 * $1.count }
      + 4 * (touchLetter.count + chosenLexicon.count + chosenHistory.count) + 8 * touchTime.count + beam.bytes + slots
      + 8 * (correction.offsetX.count + correction.offsetY.count) / 2
  }

  // MARK: The current word

  /// The touches of the current word the decoder holds.
  public var touchCount: Int { isFinished ? 0 : storedCount }

  /// Notes a touch of the current word: where it landed, the key the resolver chose, the
  /// letter (index into the table's alphabet) the keyboard showed and whether it typed that
  /// letter's capital (shift or caps lock). O(1). The capitals say how the decoder's words are
  /// written: a word typed in capitals (two letters or more) is written in capitals, one typed
  /// with a capital first letter is capitalised, and the typed letters keep the capitals typed. A touch that is not
  /// finite or lies far off the keyboard, a key outside the layout or a letter outside the
  /// alphabet makes the word stand as typed. Past `capacity` touches the word stands as typed.
  /// A timed touch is scored with the spread `TouchMotion` gives it from the word's previous
  /// touch; an untimed one, and every fallback `TouchMotion` lists, with the row's spread.
  public func add(_ touch: TouchPoint, key: KeyIndex, letter: Int, isCapital: Bool = false) {
    if isFinished { startWord() }
    canUndo = false
    keepsTyped = false
    lettersTyped += 1
    var move: TouchMotion.Move?
    if touch.timestamp == nil { motion.startWord() } else { move = motion.move(to: touch) }
    guard storedCount < Self.capacity else { return }
    let index = storedCount
    storedCount += 1
    beam.truncate(toTouches: index)
    touchX[index] = touch.x
    touchY[index] = touch.y
    touchMoveX[index] = move?.dx ?? 0
    touchMoveY[index] = move?.dy ?? 0
    touchMoveInterval[index] = move?.interval ?? -1
    touchTime[index] = touch.timestamp ?? .nan
    touchKey[index] = key.rawValue
    let bit: UInt64 = 1 << UInt64(index)
    typedCapitals = isCapital ? typedCapitals | bit : typedCapitals & ~bit
    // An index outside the alphabet is kept as -1 (shown as U+FFFD), not truncated to a letter.
    touchLetter[index] = letter >= 0 && letter < letterCount ? Int32(letter) : -1
    let onKeyboard = touch.isFinite && touch.x >= boundsMinX && touch.x <= boundsMaxX && touch.y >= boundsMinY && touch.y <= boundsMaxY
    let valid = onKeyboard && key.rawValue >= 0 && key.rawValue < keyCount && letter >= 0 && letter < letterCount
    touchInvalid[index] = valid ? 0 : 1
    if !valid { invalidCount += 1 }
  }

  /// A backspace: forgets the newest touch of the word. With none left, the backspace went
  /// into text the decoder did not see, so the word stands as typed until the next word.
  /// The next touch comes from the backspace key, so it gets the row's spread.
  public func removeLast() {
    if isFinished { startWord() }
    canUndo = false
    keepsTyped = false
    motion.startWord()
    guard lettersTyped > 0 else {
      isIncomplete = true
      return
    }
    lettersTyped -= 1
    guard lettersTyped < storedCount else { return }  // the letter was beyond the buffer
    storedCount -= 1
    typedCapitals &= ~(1 << UInt64(storedCount))
    if touchInvalid[storedCount] != 0 { invalidCount -= 1 }
    beam.truncate(toTouches: storedCount)
  }

  /// Forgets the current word (the cursor moved, or the text changed under the keyboard).
  public func reset() {
    startWord()
    canUndo = false
  }

  /// Makes the current word stand as typed whatever its touches say (say, it holds an
  /// apostrophe or was pasted). Cleared by the next touch or backspace.
  public func keepCurrentWordAsTyped() { keepsTyped = true }

  func startWord() {
    storedCount = 0
    typedCapitals = 0
    lettersTyped = 0
    invalidCount = 0
    isIncomplete = false
    keepsTyped = false
    isFinished = false
    motion.startWord()
    beam.truncate(toTouches: 0)
  }

  /// Whether the current word can be searched at all.
  var isDecodable: Bool {
    lexicon != nil && !isFinished && !isIncomplete && !keepsTyped && invalidCount == 0 && lettersTyped == storedCount && storedCount > 0
  }

  // MARK: Touch model

  /// Scores touches against where `model` has learned this user touches each key, with each
  /// row's learned spread and each timed touch with the model's learned σa and speed term, as
  /// `GaussianKeyResolver.adapt(to:)` does. O(keys × rows); nothing
  /// to do unless the model learned since the last call. A model for another layout is ignored.
  public func adapt(to model: TouchModel) {
    guard correction.adopt(model) else { return }
    for key in 0..<keyCount {
      aimX[key] = capCenterX[key] + correction.offsetX[key]
      aimY[key] = capCenterY[key] + correction.offsetY[key]
    }
    for row in 0..<layout.rows.count {
      let spread = model.spread(ofRow: row)
      rowXScale[row] = 1 / (2 * spread.x * spread.x)
      rowYScale[row] = 1 / (2 * spread.y * spread.y)
      rowLogNorm[row] = system_logf(parameters.sigmaX * parameters.sigmaY / (spread.x * spread.y))
    }
    motion.adopt(model.learnedMotion)
    beam.truncate(toTouches: 0)
    beam.invalidate()
  }

  /// The typist's spread, learned one word behind: the previous word's touches join the sums,
  /// this word's wait (against the keys of the letters that stood), and every row takes the
  /// shrunk estimate. O(touches + rows).
  func learnSpread(_ decision: WordDecision) {
    spreadSquaresX += pendingSquaresX
    spreadSquaresY += pendingSquaresY
    spreadTouches += pendingTouches
    let memory = parameters.spreadMemory
    if spreadTouches > memory {
      let keep = memory / spreadTouches
      spreadSquaresX *= keep
      spreadSquaresY *= keep
      spreadTouches = memory
    }
    pendingSquaresX = 0
    pendingSquaresY = 0
    pendingTouches = 0
    // A stray touch far off its key counts as three times the widest spread allowed, so a touch
    // anywhere on the screen (or at Float's limits) cannot overflow the sums.
    let mostSquareX = 81 * parameters.sigmaX * parameters.sigmaX, mostSquareY = 81 * parameters.sigmaY * parameters.sigmaY
    func note(_ touch: Int, key: Int) {
      let dx = touchX[touch] - aimX[key], dy = touchY[touch] - aimY[key]
      pendingSquaresX += Swift.min(dx * dx, mostSquareX)
      pendingSquaresY += Swift.min(dy * dy, mostSquareY)
      pendingTouches += 1
    }
    if decision.replaces {
      for touch in 0..<bestAlignedTouches where bestAlignmentKeys[touch] >= 0 { note(touch, key: bestAlignmentKeys[touch]) }
    } else if invalidCount == 0 {
      for touch in 0..<storedCount { note(touch, key: touchKey[touch]) }
    }
    let prior = parameters.spreadPriorTouches
    let sigmaX = parameters.sigmaX, sigmaY = parameters.sigmaY
    let spreadX = Swift.min(Swift.max(((prior * sigmaX * sigmaX + spreadSquaresX) / (prior + spreadTouches)).squareRoot(), sigmaX / 4), 3 * sigmaX)
    let spreadY = Swift.min(Swift.max(((prior * sigmaY * sigmaY + spreadSquaresY) / (prior + spreadTouches)).squareRoot(), sigmaY / 4), 3 * sigmaY)
    for row in 0..<rowXScale.count {
      rowXScale[row] = 1 / (2 * spreadX * spreadX)
      rowYScale[row] = 1 / (2 * spreadY * spreadY)
      rowLogNorm[row] = system_logf(sigmaX * sigmaY / (spreadX * spreadY))
    }
  }

  /// The spread (σx, σy) the decoder scores touches with now, in points (the first row's).
  public var spread: (x: Float, y: Float) {
    ((1 / (2 * rowXScale[0])).squareRoot(), (1 / (2 * rowYScale[0])).squareRoot())
  }

  // MARK: The word's end

  /// Decides the current word: the typed letters, the best word, whether to replace, the
  /// margin and up to `limit` ranked alternatives (at most `maximumAlternatives`). Does not end
  /// the word: call `finishWord(_:teaching:)` once the text shows what stood.
  public func decide(limit: Int = 3) -> WordDecision {
    let limit = Swift.min(Swift.max(limit, 1), Self.maximumAlternatives)
    let slots = decisionSlots
    // Slot 0: the typed letters (none once the word is finished).
    for position in 0..<touchCount { slots.letters[position] = touchLetter[position] }
    slots.lengths[0] = touchCount
    slots.sources[0] = 0
    slots.scores[0] = 0
    slots.writeAsTyped(0, capitals: typedCapitalMask)
    slots.count = 1
    bestAlignedTouches = 0
    guard isDecodable else {
      return WordDecision(slots: slots, replaces: false, margin: 0, typedLength: typedCount, isDecoded: false)
    }
    ensureBeam(touches: storedCount)
    let typed = scoreTyped()
    slots.scores[0] = typed.score
    slots.sources[0] = typed.source
    rankFinalWords(limit: limit, into: slots)
    guard slots.count > 1 else {
      return WordDecision(slots: slots, replaces: false, margin: 0, typedLength: typedCount, isDecoded: true)
    }
    for target in 1..<slots.count { writeForm(slots, target) }
    offerOtherForms(in: slots, from: 1, end: limit + 1)
    var margin = slots.scores[1] - typed.score
    // Another word must beat the typed letters by the margin; the typed letters' own word
    // replaces them when it is written otherwise than typed ("dont" as "don't").
    // A word the history protects keeps its letters, but is still written as the language writes it.
    var replaces = slots.sameLetters(0, 1) ? !slots.sameWriting(0, 1) : !typed.isProtected && margin > parameters.margin
    if !replaces && !slots.sameLetters(0, 1) && putTypedWordFirst(in: slots, end: limit + 1) {
      margin = slots.scores[1] - typed.score
      replaces = true
    }
    return WordDecision(slots: slots, replaces: replaces, margin: margin, typedLength: typedCount, isDecoded: true)
  }

  /// Ends the current word with `decision` applied (replaced or not), as the text now shows it.
  /// With a touch model, the decoder first commits the previous word's touches, then leaves
  /// this word's pending, each touch labelled with the key of the letter it typed in the word
  /// that stood (an extra touch is not learned), so an undo can still take them back.
  public func finishWord(_ decision: WordDecision, teaching model: TouchModel? = nil) {
    guard !isFinished else { return }
    if let model {
      model.commit()
      pendingObservations = 0
      if decision.replaces {
        for touch in 0..<bestAlignedTouches where bestAlignmentKeys[touch] >= 0 {
          model.observe(storedTouch(touch), key: KeyIndex(bestAlignmentKeys[touch]))
          pendingObservations += 1
        }
      } else if decision.isDecoded || invalidCount == 0 {
        for touch in 0..<storedCount where touchInvalid[touch] == 0 {
          model.observe(storedTouch(touch), key: KeyIndex(touchKey[touch]))
          pendingObservations += 1
        }
      }
    }
    if parameters.learnsSpread && !correction.isActive { learnSpread(decision) }
    canUndo = decision.replaces
    if decision.replaces {
      replacedSlots.copy(slot: 1, of: decision.slots, to: 1)
      replacedSlots.copy(slot: 0, of: decision.slots, to: 0)
      replacedSlots.count = 2
    }
    isFinished = true
  }

  /// Stored touch `index` as it came, its timestamp included.
  func storedTouch(_ index: Int) -> TouchPoint {
    let time = touchTime[index]
    return TouchPoint(x: touchX[index], y: touchY[index], timestamp: time.isNaN ? nil : time)
  }

  /// A backspace right after a replacement: the typed letters come back as the current word,
  /// and stand. The word history learns them (and forgets the replacement it learned when the
  /// word ended), so next time they stand as typed; the touch model takes back what it was
  /// about to learn from the replacement. nil (and nothing changes) unless the last word was
  /// replaced and nothing was typed since: then the backspace is an ordinary one.
  public func undoReplacement(teaching model: TouchModel? = nil) -> WordRestoration? {
    guard canUndo, isFinished else { return nil }
    canUndo = false
    if let model {
      for _ in 0..<pendingObservations { model.retractLast() }
      pendingObservations = 0
    }
    // The typed letters stand now: their touches are learned when this word finishes again.
    pendingSquaresX = 0
    pendingSquaresY = 0
    pendingTouches = 0
    if let wordHistory {
      let slots = replacedSlots
      wordHistory.unlearn(length: slots.lengths[1]) { Int(slots.letters[WordDecoder.capacity + $0]) }
      wordHistory.learn(length: slots.lengths[0]) { Int(slots.letters[$0]) }
    }
    isFinished = false
    keepsTyped = true
    return WordRestoration(restored: DecodedWord(slots: replacedSlots, slot: 0), replaced: DecodedWord(slots: replacedSlots, slot: 1))
  }

  // MARK: Suggestions

  /// Up to `limit` (at most `maximumAlternatives`) words for a suggestion bar: the most likely
  /// completions of the beam's partial words after the current touches, corrections included,
  /// best first. Empty before the first touch and whenever `decide` would keep the word as typed.
  public func suggestions(limit: Int = 3) -> WordSuggestions {
    let slots = suggestionSlots
    slots.count = 0
    let limit = Swift.min(Swift.max(limit, 0), Self.maximumAlternatives)
    guard limit > 0, isDecodable, !isFinished else { return WordSuggestions(slots: slots) }
    ensureBeam(touches: storedCount)
    complete(limit: limit, into: slots)
    return WordSuggestions(slots: slots)
  }
}
