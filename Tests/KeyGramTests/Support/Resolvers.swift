@_spi(Testing) import KeyGram
import Testing

/// The two probabilistic resolvers, for tests that should hold for both.
enum WeightedResolverKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case boundaryShift, gaussian

  func make(_ layout: KeyboardLayout = .iPhonePortraitQWERTY, table: KeyGramTable = EnglishTable.mapped) -> any WeightedKeyResolver {
    switch self {
    case .boundaryShift: return BoundaryShiftResolver(layout: layout, table: table)
    case .gaussian: return GaussianKeyResolver(layout: layout, table: table)
    }
  }

  var testDescription: String { rawValue }
}

extension KeyboardLayout {
  /// The key showing `letter`; traps if there is none.
  func index(_ letter: Unicode.Scalar) -> KeyIndex { keyIndex(ofLetter: letter)! }

  /// The vertical centre of the row holding `letter`'s key.
  func rowCenterY(_ letter: Unicode.Scalar) -> Float { self[index(letter)].frame.midY }

  /// A touch on the static divider between `left` and the key right of it, at row height.
  func touchOnDivider(after left: Unicode.Scalar) -> TouchPoint {
    TouchPoint(x: staticDivider(afterKey: index(left)), y: rowCenterY(left))
  }
}

extension WordDecoder.Parameters {
  /// The defaults with every spelling edit off: a decoder of touch misses only, for tests of
  /// what the spelling edits are not about.
  static var withoutSpellingEdits: WordDecoder.Parameters {
    var parameters = WordDecoder.Parameters()
    (parameters.omissionCost, parameters.extraTouchCost, parameters.doubledLetterCost) = (.infinity, .infinity, .infinity)
    (parameters.transpositionCost, parameters.vowelSubstitutionCost) = (.infinity, .infinity)
    return parameters
  }
}
