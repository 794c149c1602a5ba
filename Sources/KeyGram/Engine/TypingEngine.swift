/// The whole keyboard engine behind one object: the host passes the keyboard's events in and
/// applies the text edits that come out, as LatinIME's `InputLogic` returns an input
/// transaction for each event.
///
/// It owns the typing context, the touch resolver, the word decoder, the word history, the touch
/// model and the undo state, and keeps its own view of the text before the cursor, so the host
/// mirrors nothing back. Events:
/// - `tap(_:)`: a touch on the letter layout, acted on by the role of the key it resolves to
///   (a letter, space, return, backspace, shift, a mark key of the letter rows);
/// - `insert(_:)` and `deleteBackward()`: text from the host's own keys (a digit, an emoji, a
///   paste) and a backspace from another page;
/// - `reset(textBeforeCursor:)`: the cursor moved, or a new text field;
/// - `pick(_:)`: a slot of `suggestions` chosen by the user.
///
/// Each returns a `TextEdit`. After a letter nothing on the engine's side allocates; the
/// host's `String` is made by `TextEdit.text` and `SuggestionBar.Slot.text`. The engine is not
/// `Sendable`: use it on one thread, as the keyboard's events come.
public final class TypingEngine {
  /// The engine's working parameters (not the user's choices, which are `TypingSettings`).
  public struct Parameters: Hashable, Sendable {
    /// The resolver's parameters.
    public var resolver = GaussianKeyResolver.Parameters()
    /// The decoder's parameters; nil: the table's tuned ones.
    public var decoder: WordDecoder.Parameters? = nil
    /// The touch model's parameters.
    public var touchModel = TouchModel.Parameters()
    /// The word history's trie nodes (`WordHistory.capacity`).
    public var historyCapacity = WordHistory.defaultCapacity
    /// The word history's word pairs (`WordHistory.pairCapacity`).
    public var historyPairCapacity = WordHistory.defaultPairCapacity
    /// The word history's balance against the lexicon (`WordHistory.balance`).
    public var historyBalance = WordHistory.defaultBalance
    /// How strongly the lexicon weighs in the resolver's next-letter weights (`TypingContext`).
    public var lexiconBalance = TypingContext.defaultLexiconBalance
    /// Two shift taps at most this many seconds apart lock capitals (timed touches only).
    public var capsLockInterval = 0.35
    /// Whether the engine keeps a word history at all: false for a keyboard that never stores
    /// the user's words (the decoder and the context then see the lexicon alone).
    public var keepsWordHistory = true
    /// Whether the touch model learns: false keeps every key's aim and spread as the layout has them.
    public var learnsTouches = true

    /// The defaults: the table's tuned decoder.
    public init() {}
  }

  /// The table whose letters, words and pairs the engine uses.
  public let table: KeyGramTable
  /// The letter layout the touches land on.
  public let layout: KeyboardLayout
  /// The parameters in use.
  public let parameters: Parameters
  /// The user's choices; a change takes effect at the next event.
  @exclusivity(unchecked) public var settings: TypingSettings {
    didSet {
      wordHistory.isLearning = settings.learns
      decoder.blocksOffensiveWords = settings.blocksOffensiveWords
    }
  }

  // The layer below, for reading: every change goes through the engine's events.
  /// The resolver that turns a touch into a key.
  public let resolver: GaussianKeyResolver
  /// The word decoder.
  public let decoder: WordDecoder
  /// Where this user touches each key.
  public let touchModel: TouchModel
  /// The words and word pairs this user types.
  public let wordHistory: WordHistory
  /// The text before the cursor as the table reads it.
  public var context: TypingContext { typingContext }
  /// Why the learned bytes given at init were refused (the engine then started fresh), or nil.
  public let learnedError: LearnedStateError?

  /// The shift key's state after the last event, for drawing the key caps.
  @exclusivity(unchecked) public internal(set) var shift = ShiftState.off

  // Unchecked: the engine runs on one thread and never lends a property while it changes it, so
  // the run-time exclusivity check on every tap would only cost time.
  @exclusivity(unchecked) var typingContext: TypingContext
  let mirror = TextMirror()
  /// The scalars of the last edit's engine part (`TextEdit`).
  let editScalars = UInt32Buffer(repeating: 0, count: TextMirror.eventRoom)
  let bar = BarStorage()
  /// What the suggestion bar shows once it is read (`suggestions`).
  @exclusivity(unchecked) var barMode = BarMode.empty

  // The last word put in place of what was typed, while a backspace may still revert it.
  /// Whether the next backspace reverts the last correction (nothing has happened since).
  @exclusivity(unchecked) var revertArmed = false
  /// Where the correction starts in the text (`TextMirror.absoluteCount` units), the boundary typed after it.
  @exclusivity(unchecked) var correctionStart = 0
  @exclusivity(unchecked) var correctionBoundary: Unicode.Scalar = " "
  /// The text the correction replaced, as it was typed.
  let revertScalars = UInt32Buffer(repeating: 0, count: BarStorage.slotCapacity)
  @exclusivity(unchecked) var revertCount = 0

  /// Sees each word's decision as it is made (the lab's decision log).
  @_spi(Lab) public var decisionObserver: ((WordDecision) -> Void)?

  /// Shift was turned on by a sentence start, not by the user.
  @exclusivity(unchecked) var shiftIsAutomatic = false
  @exclusivity(unchecked) var lastShiftTap: Double?

  /// An engine for `table` on `layout`. `learned`: bytes from an earlier `learnedBytes`; if they
  /// are damaged, truncated or from a newer version the engine starts fresh and `learnedError`
  /// says why, never half-restored.
  public init(table: KeyGramTable, layout: KeyboardLayout, settings: TypingSettings = TypingSettings(),
              parameters: Parameters = Parameters(), learned: [UInt8]? = nil) {
    self.table = table
    self.layout = layout
    self.parameters = parameters
    self.settings = settings
    var restored: (TouchModel, WordHistory)?
    var error: LearnedStateError?
    if let learned {
      do throws(LearnedStateError) {
        restored = try LearnedState.read(learned, layout: layout, parameters: parameters)
      } catch let refused {
        error = refused
      }
    }
    learnedError = error
    touchModel = restored?.0 ?? TouchModel(layout: layout, parameters: parameters.touchModel)
    wordHistory = restored?.1 ?? WordHistory(capacity: parameters.historyCapacity, pairCapacity: parameters.historyPairCapacity,
                                             balance: parameters.historyBalance)
    wordHistory.isLearning = settings.learns
    let letterKeys = LetterKeyMap(layout: layout, table: table)
    resolver = GaussianKeyResolver(layout: layout, letterKeys: letterKeys, parameters: parameters.resolver)
    let attached = parameters.keepsWordHistory ? wordHistory : nil
    decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: parameters.decoder, wordHistory: attached)
    typingContext = TypingContext(table: table, lexiconBalance: parameters.lexiconBalance, wordHistory: attached)
    resolver.adapt(to: touchModel)
    decoder.adapt(to: touchModel)
    decoder.blocksOffensiveWords = settings.blocksOffensiveWords
    mirror.removeAll(isTruncated: false)
    updateAutomaticShift()
    barMode = settings.predictsNextWords ? .nextWords : .empty
  }

  /// The engine's view of the text before the cursor: the newest characters it knows (all of
  /// them unless the text is long or the host gave it in part). Makes a `String`; for tests and
  /// diagnostics, not for every keystroke.
  public var knownTextBeforeCursor: String {
    var scalars = String.UnicodeScalarView()
    for index in 0..<mirror.count { scalars.append(mirror.scalar(at: index)) }
    return String(scalars)
  }

  /// Whether text the engine does not keep comes before `knownTextBeforeCursor`.
  public var textBeforeCursorIsTruncated: Bool { mirror.isTruncated }

  /// The bytes of the engine's fixed buffers, allocated at init: the decoder's working memory,
  /// the word history's nodes and pairs, and its own text view, edit and suggestion buffers (the
  /// table, the resolver's and the touch model's per-key figures are not counted). It never grows.
  public var memoryBytes: Int {
    let history = 24 * wordHistory.capacity + 8 * wordHistory.pairCapacity
    let own = 6 * TextMirror.capacity + 4 * (TextMirror.eventRoom + BarStorage.slotCapacity) + bar.bytes
    return decoder.memoryBytes + history + own
  }
}
