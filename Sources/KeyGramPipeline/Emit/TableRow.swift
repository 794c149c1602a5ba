import KeyGram

/// One row of a table, by the group and key `keygram inspect --json` and `keygram verify` name it
/// by: "unigram", "initial", then "bigram" a, "trigram" ^a or ab, "quadgram" ^ab or abc (^ is
/// word start), in the table's order.
package struct TableRow {
  package enum Group: String, CaseIterable {
    case unigram, initial, bigram, trigram, quadgram
  }

  package var group: Group
  /// The context's letters, "" for the unigram and initial rows.
  package var key: String
  /// The context the row answers; nil for the unigram and initial rows.
  package var context: LetterContext?

  /// The group and key: "unigram", "trigram ^a".
  package var name: String { key.isEmpty ? group.rawValue : "\(group.rawValue) \(key)" }

  /// The row's probabilities in `table`.
  package func distribution(in table: KeyGramTable) -> LetterDistribution {
    switch group {
    case .unigram: table.unigram
    case .initial: table.initial
    default: table.distribution(after: context!)
    }
  }

  /// Every row of `table` of `group`.
  package static func rows(of table: KeyGramTable, in group: Group) -> [TableRow] {
    let n = table.letterCount
    let letters = table.alphabet.map(String.init)
    func name(_ symbol: LetterSymbol) -> String { symbol == .boundary ? "^" : letters[symbol.letterIndex!] }
    switch group {
    case .unigram, .initial:
      return [TableRow(group: group, key: "", context: nil)]
    case .bigram:
      return (0..<n).map { TableRow(group: group, key: letters[$0], context: .bigram(LetterSymbol(letterIndex: $0))) }
    case .trigram:
      let previousSymbols = (0..<n).map { LetterSymbol(letterIndex: $0) } + [.boundary]
      return previousSymbols.flatMap { previous in
        (0..<n).map { last in
          TableRow(group: group, key: name(previous) + letters[last],
                   context: LetterContext(previous: previous, last: LetterSymbol(letterIndex: last)))
        }
      }
    case .quadgram:
      return table.quadgramContexts.map { TableRow(group: group, key: name($0.earlier) + name($0.previous) + name($0.last), context: $0) }
    }
  }

  /// Every row of `table`, group by group.
  package static func all(of table: KeyGramTable) -> [TableRow] {
    Group.allCases.flatMap { rows(of: table, in: $0) }
  }
}
