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
  /// How readily a word is replaced when it ends (`parameters.autocorrection` at first), from the next decision.
  public var autocorrection: Autocorrection { didSet { if autocorrection != oldValue { margins = CorrectionMargins(parameters, level: autocorrection) } } }
  var margins: CorrectionMargins
  /// Whether the table's offensive words are kept from every suggestion (`parameters.blocksOffensiveWords` at first).
  public var blocksOffensiveWords: Bool { didSet { blockOffensiveWords(blocksOffensiveWords) } }
  /// The user's word history: its words are candidates, and a word it holds, typed exactly,
  /// stands.
  public let wordHistory: WordHistory?

  let lexicon: Lexicon?
  let letterCount: Int
  let keyCount: Int
  /// Per letter, the key that types it, or -1.
  let keyOfLetter: IntBuffer
  /// The space bar's key, or -1: a touch there may be the space between two words (`WordSplit`).
  let spaceKey: Int
  /// Touches outside this box (the keys' frames, widened by the tallest key) are off the keyboard.
  let boundsMinX: Float, boundsMaxX: Float, boundsMinY: Float, boundsMaxY: Float

  // The seams: the touches, how likely each is on each key, the language score, the moves.
  let touches: TouchSequence
  /// Taps inside the word on keys without a letter, which may have been letters (`KeyTaps`).
  let keyTaps: KeyTaps
  let likelihood: KeyLikelihood
  let prior: WordPrior
  let costs: EditCosts
  let children: MergedChildWalk
  let touchLetters: TouchLetterScores
  /// The letters near each touch of a transposition (scratch, one per letter at most).
  let lateLetters: IntBuffer, earlyLetters: IntBuffer

  /// A backspace went past the word's start: its first letters were never seen.
  var isIncomplete = false
  /// The word was restored by undo (or `keepCurrentWordAsTyped()`): it stands as typed.
  var keepsTyped = false
  /// `finishWord` was called; the next touch starts a new word.
  var isFinished = false

  // The search (WordDecoder+Search.swift) and its scratch.
  let beam: Beam
  /// Per touch, per key: the touch's log-likelihood relative to a centred touch of default spread.
  let spatial: FloatBuffer
  /// A key tap's log-likelihoods per key: the tap's, then its deleted touch's (scratch).
  let keyTapSpatial: FloatBuffer
  /// Per partial word of the last step: its whole-word score and source (scratch for ranking).
  let finalScore: FloatBuffer
  let finalSource: IntBuffer
  let completionOrder: IntBuffer
  /// The suggestions chosen so far: their last nodes and partial-word slots.
  let chosenLexicon: Int32Buffer, chosenHistory: Int32Buffer
  let chosenSlot: IntBuffer
  /// `nextWords`' candidates (word ids), their head-word indices (−1: none), their scores, one
  /// word's letters (last first) and the table's head words, spelled at init.
  let nextWordIDs: Int32Buffer, nextWordHeads: Int32Buffer
  let nextWordScores: FloatBuffer, nextWordLetters: Int32Buffer
  let headWords: HeadWords

  // Outputs.
  let decisionSlots: WordSlots
  let suggestionSlots: WordSlots
  /// The two words of the last decision's split (`WordSplit`).
  let splitSlots: WordSlots
  /// The best word's touch alignment: per touch the key of the letter it typed, or -1 (an extra touch).
  let bestAlignmentKeys: IntBuffer
  var bestAlignedTouches = 0
  /// The last ranking's best word reached without a spelling edit: its slot (−1: none), score and source.
  var plainBestSlot = -1
  var plainBestScore: Float = -.infinity
  var plainBestSource = 0
  /// The best word's log P in the lexicon (−∞: a history word), for the common-word spelling margin.
  var bestLexiconLogProbability: Float = -.infinity
  /// Per touch: whether the typed letters from it to the last are a word (scratch for `bestSplit`).
  let suffixIsWord: IntBuffer
  /// The pair lift and lexicon log P of the last `exactWordScore` (scratch for `bestSplit`).
  var lastPairLift: Float = 0
  var lastLogProbability: Float = 0

  // Undo and learning.
  /// The last finished word was replaced and nothing has happened since.
  var canUndo = false
  /// The replacement, for undo.
  let replacedSlots: WordSlots
  /// The touch model observations the decoder left pending for the last finished word.
  var pendingObservations = 0
  /// The spread learned from the words that stood (`Parameters.learnsSpread`).
  var learnedSpread = SpreadEstimate()

  // Joins (WordDecoder+Joins.swift).
  /// The word before the current one and the space tap after it (`noteSpaceTap`).
  let precedingWord: PrecedingWord
  /// The decoder that reads a kept word, its space tap and the current word as one; nil when
  /// `Parameters.joinMargin` is infinite.
  let joiner: WordDecoder?
  /// `replacedSlots` hold a join (the current letters, the joined word, the previous word as it stood).
  var replacedJoin = false
  /// The last finished word's letters stood as typed (not replaced by other letters, not split;
  /// perhaps written otherwise: `i` as `I`).
  var finishedWordStood = false
  /// The last decision's typed letters' score.
  var decidedTypedScore: Float = 0
  /// A space tap was noted since the last word's first touch, and whether the last was a mark key's.
  var spaceTapped = false, markTapped = false
  /// The word began with a backspace tap that deleted the space before it (`WordDecision.restoresSpace`).
  var restoresSpace = false

  /// A decoder over `table`'s lexicon for `layout`, with `letterKeys` saying which key types each
  /// letter; `parameters` nil: `Parameters(table:)`, the table's tuned settings. Allocates all it uses.
  public convenience init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap,
                          parameters: Parameters? = nil, wordHistory: WordHistory? = nil) {
    self.init(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters ?? Parameters(table: table), wordHistory: wordHistory, joins: true)
  }

  /// As the public init; `joins`: whether it keeps a second decoder for joins (a joiner does not).
  init(table: KeyGramTable, layout: KeyboardLayout, letterKeys: LetterKeyMap, parameters: Parameters, wordHistory: WordHistory?, joins: Bool) {
    let parameters = parameters.sanitized
    self.table = table
    self.layout = layout
    self.parameters = parameters
    autocorrection = parameters.autocorrection
    margins = CorrectionMargins(parameters, level: parameters.autocorrection)
    blocksOffensiveWords = parameters.blocksOffensiveWords
    self.wordHistory = wordHistory
    lexicon = table.sections.lexicon
    letterCount = table.letterCount
    keyCount = layout.keys.count
    keyOfLetter = IntBuffer((0..<table.letterCount).map { letter in
      guard let key = letterKeys.keyIndex(ofLetter: letter)?.rawValue, key < layout.keys.count, !layout.keys[key].isSpecial else { return -1 }
      return key
    })
    spaceKey = layout.keys.firstIndex { $0.role == .space } ?? -1
    let frames = layout.keys.map(\.frame)
    let tallest = frames.map(\.height).max() ?? 0
    boundsMinX = (frames.map(\.minX).min() ?? 0) - tallest
    boundsMaxX = (frames.map(\.maxX).max() ?? 0) + tallest
    boundsMinY = (frames.map(\.minY).min() ?? 0) - tallest
    boundsMaxY = (frames.map(\.maxY).max() ?? 0) + tallest

    touches = TouchSequence(capacity: Self.capacity)
    keyTaps = KeyTaps()
    likelihood = KeyLikelihood(layout: layout, sigmaX: parameters.sigmaX, sigmaY: parameters.sigmaY,
                               offsetX: parameters.offsetX, offsetY: parameters.offsetY, motion: parameters.motion)
    prior = WordPrior(table: table, history: wordHistory, parameters: parameters)
    costs = EditCosts(parameters: parameters, table: table)
    children = MergedChildWalk(letterCount: table.letterCount, trie: table.sections.lexicon?.trie)
    touchLetters = TouchLetterScores(letterCount: table.letterCount)
    (lateLetters, earlyLetters) = (IntBuffer(repeating: 0, count: Swift.max(table.letterCount, 1)), IntBuffer(repeating: 0, count: Swift.max(table.letterCount, 1)))

    beam = Beam(width: parameters.beamWidth, omissionWidth: parameters.omissionBeamWidth, steps: Self.capacity + 1)
    spatial = FloatBuffer(repeating: 0, count: Self.capacity * Swift.max(layout.keys.count, 1))
    keyTapSpatial = FloatBuffer(repeating: 0, count: 2 * Swift.max(layout.keys.count, 1))
    finalScore = FloatBuffer(repeating: 0, count: beam.stride)
    finalSource = IntBuffer(repeating: 0, count: beam.stride)
    completionOrder = IntBuffer(repeating: 0, count: beam.stride)
    chosenLexicon = Int32Buffer(repeating: -1, count: Self.maximumAlternatives)
    chosenHistory = Int32Buffer(repeating: -1, count: Self.maximumAlternatives)
    chosenSlot = IntBuffer(repeating: 0, count: Self.maximumAlternatives)
    nextWordIDs = Int32Buffer(repeating: 0, count: Self.nextWordCandidateCapacity)
    nextWordHeads = Int32Buffer(repeating: -1, count: Self.nextWordCandidateCapacity)
    nextWordScores = FloatBuffer(repeating: 0, count: Self.nextWordCandidateCapacity)
    headWords = HeadWords(table: table)
    nextWordLetters = Int32Buffer(repeating: 0, count: Swift.max(table.sections.lexicon?.maximumDepth ?? 1, 1))

    decisionSlots = WordSlots(table: table, slotCount: Self.maximumAlternatives + 1)
    suggestionSlots = WordSlots(table: table, slotCount: Self.maximumAlternatives)
    splitSlots = WordSlots(table: table, slotCount: 2)
    replacedSlots = WordSlots(table: table, slotCount: 3)
    bestAlignmentKeys = IntBuffer(repeating: -1, count: Self.capacity)
    suffixIsWord = IntBuffer(repeating: 0, count: Self.capacity)
    precedingWord = PrecedingWord(capacity: joins ? Self.capacity : 0, table: table)
    joiner = joins && parameters.joinMargin.isFinite
      ? WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: Self.joinerParameters(parameters), wordHistory: wordHistory, joins: false) : nil
  }

  /// A decoder whose letters map to keys by `LetterKeyMap(layout:table:)`.
  public convenience init(table: KeyGramTable, layout: KeyboardLayout, parameters: Parameters? = nil,
                          wordHistory: WordHistory? = nil) {
    self.init(table: table, layout: layout, letterKeys: LetterKeyMap(layout: layout, table: table),
              parameters: parameters, wordHistory: wordHistory)
  }

  /// The bytes of every buffer the decoder allocated at init (its whole working memory; the
  /// table and the word history are not counted). It never grows.
  public var memoryBytes: Int {
    let slots = [decisionSlots, suggestionSlots, splitSlots, replacedSlots].reduce(0) { $0 + $1.letters.count * 4 + $1.slotCount * WordSlots.bytesPerSlot }
    return touches.bytes + keyTaps.bytes + 4 * keyTapSpatial.count + likelihood.bytes + prior.bytes + children.bytes + touchLetters.bytes + 8 * (lateLetters.count + earlyLetters.count + costs.isVowel.count) + beam.bytes + slots
      + 4 * (spatial.count + finalScore.count + chosenLexicon.count + chosenHistory.count)
      + 4 * (nextWordIDs.count + nextWordHeads.count + nextWordScores.count + nextWordLetters.count) + headWords.bytes
      + 8 * (keyOfLetter.count + finalSource.count + completionOrder.count + chosenSlot.count + bestAlignmentKeys.count + suffixIsWord.count)
      + precedingWord.bytes + (joiner?.memoryBytes ?? 0)
  }

  // MARK: The current word

  /// The touches of the current word the decoder holds.
  public var touchCount: Int { isFinished ? 0 : touches.storedCount }

  /// Letters typed in the current word, including those beyond the buffer (0 once finished).
  public var typedCount: Int { isFinished ? 0 : touches.lettersTyped }

  /// The previous timed touch of the word and the constants of the next one's spread.
  public var motion: TouchMotion { likelihood.motion }

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
    var move: TouchMotion.Move?
    if touch.timestamp == nil { likelihood.motion.startWord() } else { move = likelihood.motion.move(to: touch) }
    let valid = isOnKeyboard(touch) && key.rawValue >= 0 && key.rawValue < keyCount && letter >= 0 && letter < letterCount
    guard let index = touches.append(touch, move: move, key: key.rawValue, letter: letter, letterCount: letterCount,
                                     isCapital: isCapital, isValid: valid) else { return }
    beam.truncate(toTouches: index)
  }

  /// Whether `touch` is finite and within the keyboard's box (`boundsMinX` …).
  func isOnKeyboard(_ touch: TouchPoint) -> Bool {
    touch.isFinite && touch.x >= boundsMinX && touch.x <= boundsMaxX && touch.y >= boundsMinY && touch.y <= boundsMaxY
  }

  /// A backspace: forgets the newest touch of the word. With none left, the backspace went
  /// into text the decoder did not see, so the word stands as typed until the next word.
  /// The next touch comes from the backspace key, so it gets the row's spread.
  public func removeLast() {
    if isFinished { startWord() }
    canUndo = false
    keepsTyped = false
    likelihood.motion.startWord()
    guard touches.removeLast() else {
      isIncomplete = true
      precedingWord.isPending = false
      return
    }
    keyTaps.keep(upTo: touches.storedCount)
    beam.truncate(toTouches: touches.storedCount)
  }

  /// Forgets the current word (the cursor moved, or the text changed under the keyboard).
  public func reset() {
    startWord()
    precedingWord.isPending = false
    prior.context = .unknown
    canUndo = false
  }

  /// Makes the current word stand as typed whatever its touches say (say, it holds an
  /// apostrophe or was pasted). Cleared by the next touch or backspace.
  public func keepCurrentWordAsTyped() { keepsTyped = true }

  func startWord() {
    (spaceTapped, markTapped) = (false, false)
    restoresSpace = false
    touches.removeAll()
    beam.truncate(toTouches: keyTaps.count > 0 ? -1 : 0)  // a tap before the first letter left its letters in the root's skips
    keyTaps.removeAll()
    isIncomplete = false
    keepsTyped = false
    isFinished = false
    likelihood.motion.startWord()
  }
}
