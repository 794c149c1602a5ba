import KeyGram

/// A letter or a word boundary, in the three numberings the builder meets. They are mapped
/// here and nowhere else:
///
/// | numbering | letter *i* of *N* | word boundary | letter outside the alphabet |
/// |---|---|---|---|
/// | stream symbol (`Symbol`): what Decode emits, Count counts and count files store | *i* + 1 | 0 | a boundary, counted apart |
/// | table index: the rows and columns of Normalise's and Emit's arrays | *i* | *N* (word start in a context, end of word in a column) | — |
/// | runtime (`KeyGram.LetterSymbol`) | *i* | `.boundary` (0xFE) | `.unknownLetter` (0xFD) |
///
/// The stream puts the boundary at 0 so a dense count array grows with the alphabet from one
/// end; the table puts it at *N* so a row's letters keep their indices, with end of word last.
package enum Symbol {
  /// The stream symbol of a word boundary. Letters are 1 ... N, N ≤ `TableFormat.maximumLetterCount` (250).
  package static let wordBoundary: UInt8 = 0

  /// The stream symbol of letter `letterIndex` of the alphabet.
  @inline(__always)
  package static func letter(_ letterIndex: Int) -> UInt8 { UInt8(truncatingIfNeeded: letterIndex &+ 1) }

  /// The alphabet index of the letter stream symbol `symbol` (not the boundary).
  @inline(__always)
  package static func letterIndex(of symbol: UInt8) -> Int { Int(symbol) &- 1 }

  /// The alphabet indices of a word's letter stream symbols.
  package static func letterIndices(_ symbols: some Sequence<UInt8>) -> [UInt8] { symbols.map { $0 &- 1 } }

  /// Whether stream symbol `symbol` is a letter of an alphabet of `letterCount` letters.
  @inline(__always)
  package static func isLetter(_ symbol: UInt8, letterCount: Int) -> Bool { symbol != wordBoundary && Int(symbol) <= letterCount }

  /// The stream symbol of table index `tableIndex` (letter index, or N for the boundary).
  @inline(__always)
  package static func ofTableIndex(_ tableIndex: Int, letterCount: Int) -> Int {
    tableIndex == letterCount ? Int(wordBoundary) : tableIndex &+ 1
  }

  /// The table index of stream symbol `symbol`: its letter index, or N for the boundary.
  @inline(__always)
  package static func tableIndex(of symbol: Int, letterCount: Int) -> Int {
    symbol == Int(wordBoundary) ? letterCount : symbol &- 1
  }

  /// The runtime's symbol for table index `tableIndex` (letter index, or N for the boundary).
  package static func runtime(tableIndex: Int, letterCount: Int) -> LetterSymbol {
    tableIndex == letterCount ? .boundary : LetterSymbol(letterIndex: tableIndex)
  }

  /// The table index of the runtime's `symbol`, a letter or the boundary.
  package static func tableIndex(of symbol: LetterSymbol, letterCount: Int) -> Int {
    precondition(symbol.isLetter || symbol == .boundary, "a letter or the boundary")
    return symbol.letterIndex ?? letterCount
  }
}

extension Language {
  /// Under the `boundary` rule, each clitic of `elisions` in letter symbols (`Symbol.letter`),
  /// after which an apostrophe ends a word; none under `transparent`.
  package var cliticSymbols: [[UInt8]] {
    guard !apostrophesAreTransparent else { return [] }
    let index = letterIndex
    return elisions.map { $0.unicodeScalars.map { Symbol.letter(index[$0]!) } }
  }
}
