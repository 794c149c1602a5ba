/// Turns a touch into a key of a `KeyboardLayout`.
///
/// A resolver keeps what it derives from the typing context (key probabilities, shifted
/// dividers, log weights) in buffers allocated at init. `resolve(_:after:)` refreshes them
/// when the context changed and then reads them without allocating; `update(for:)` and
/// `resolve(_:)` are the same two steps apart, for a keyboard that updates ahead of the touch.
///
/// Resolvers are final classes with mutable caches and are not `Sendable`: make and use one
/// on the main thread, where the keyboard receives its touches and keystrokes.
public protocol KeyResolver: AnyObject {
  /// The keyboard the resolver works on; `resolve(_:)` returns indices into `layout.keys`.
  var layout: KeyboardLayout { get }
  /// Brings the cached values up to date with `context`; does nothing when the context's
  /// table and letter context are the ones it last computed for.
  func update(for context: TypingContext)
  /// The key that `touch` is meant for, or nil when `touch` has a NaN or infinite coordinate
  /// or the layout has no keys.
  /// Uses the values of the last `update`: call `resolve(_:after:)` unless you just did.
  func resolve(_ touch: TouchPoint) -> KeyIndex?
}

extension KeyResolver {
  /// The key that `touch` is meant for after `context`: `update(for: context)`, then
  /// `resolve(touch)`, so the answer can never come from a stale context.
  @inlinable
  public func resolve(_ touch: TouchPoint, after context: TypingContext) -> KeyIndex? {
    update(for: context)
    return resolve(touch)
  }
}

/// Which table and context a resolver's cached values were computed for.
struct PreparedContext {
  /// Held strongly so its identity cannot be reused by another table while cached.
  private var table: KeyGramTable?
  private var context = LetterContext.wordStart
  private var lexiconCursor = LexiconCursor()
  private var balance = Float.infinity
  private var historyCursor = WordHistory.Cursor()
  /// The history's `version` when cached (it changes whenever a word is learned).
  private var historyVersion: UInt32 = 0

  /// True (and remembers `typing`) when the cached values must be recomputed for `typing`.
  mutating func needsUpdate(for typing: TypingContext) -> Bool {
    let version = typing.wordHistory?.version ?? 0
    if let table, table === typing.table, context == typing.letterContext, lexiconCursor == typing.lexiconCursor,
       balance == typing.lexiconBalance, historyCursor == typing.historyCursor, historyVersion == version {
      return false
    }
    historyCursor = typing.historyCursor
    historyVersion = version
    table = typing.table
    context = typing.letterContext
    lexiconCursor = typing.lexiconCursor
    balance = typing.lexiconBalance
    return true
  }

  /// Forgets the cached context, after weights were set some other way.
  mutating func invalidate() { table = nil }
}

/// A resolver whose answers follow key probabilities: the boundary-shift and Gaussian resolvers.
public protocol WeightedKeyResolver: KeyResolver {
  /// Recomputes the cached values for `distribution` (always; `update(for:)` is the cached path).
  func update(with distribution: LetterDistribution)
  /// Sets the key weights directly, one per key in `layout.keys` order: missing weights count
  /// as 0, extra ones are ignored, negative or non-finite ones count as 0, and if no letter
  /// key has a positive weight all letter keys are equally likely.
  func update(keyWeights: some Sequence<Float>)
  /// P(key) in the current context, normalised over the letter keys and floored at 1/65,536
  /// (0 for special keys and indices out of range).
  func probability(ofKey index: KeyIndex) -> Float
}
