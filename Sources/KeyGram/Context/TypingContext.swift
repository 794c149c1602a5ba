/// What the user has typed, as the letter model sees it, and the distribution of the next
/// letter that follows from it.
///
/// A keyboard keeps one per text field and records every keystroke into it; a resolver then
/// reads `distribution` (through `KeyResolver.update(for:)`) before the next touch.
///
/// It is a plain value that nothing observes (no SwiftUI `Observable`, no `ObservableObject`):
/// keep it in a stored property of the keyboard's view controller and use it from the main
/// thread, where UIKit delivers both keystrokes and touches. Recording never allocates.
///
/// - After a boundary (space, punctuation, return, a digit, an emoji) the next letter is
///   word-initial; after a letter the alphabet lacks, nothing is known and the distribution
///   is uniform (see `KeyGramTable.distribution(after:)`).
/// - Apostrophes (U+0027, U+2019, U+02BC) are transparent, as in the tables, where "don't"
///   was counted as "dont".
/// - A deletion goes back to the symbols before the deleted one, from a history of the last
///   `historyCapacity` recorded symbols.
public struct TypingContext: Sendable {
  /// The table the distributions come from.
  public let table: KeyGramTable
  var history = SymbolHistory()
  /// The last three symbols that matter, normalised: `.wordStart` after any boundary.
  public private(set) var letterContext: LetterContext
  /// Where the distribution after `letterContext` lies, cached: recording something that
  /// leaves `letterContext` unchanged does not look it up again.
  private(set) var row: DistributionRow
  /// The distribution of the next symbol after `letterContext`.
  public var distribution: LetterDistribution { LetterDistribution(table, row) }
  /// How many times `distribution` has been looked up since init (for tests of the cache).
  @_spi(Testing) public private(set) var recomputeCount = 0

  /// How many recorded symbols a context remembers for deletions.
  public static var historyCapacity: Int { SymbolHistory.capacity }

  /// A context at the start of a text (word start) over `table`.
  public init(table: KeyGramTable) {
    self.table = table
    letterContext = .wordStart
    row = table.row(after: .wordStart)
  }

  /// How many recorded symbols (apostrophes included) are remembered for deletions.
  public var rememberedCount: Int { history.count }

  /// Re-derives the context after the history changed, looking the distribution up only if
  /// the context is different.
  mutating func refresh() {
    let context = history.context
    guard context != letterContext else { return }
    letterContext = context
    row = table.row(after: context)
    recomputeCount += 1
  }
}
