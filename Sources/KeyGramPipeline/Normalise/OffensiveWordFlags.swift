import KeyGram

/// The lexicon's words that the language's list of offensive words holds (sources that feed
/// `offensive`), as the `LEXI` nodes that end them: the table's `OFFN` section, which the
/// runtime blocks from its suggestions, corrections and next words. A word the lexicon also
/// writes with an apostrophe is not flagged: "hell" and "he'll" are one node, and blocking it
/// would block "he'll".
package struct OffensiveWordFlags: Sendable, Equatable {
  /// The flagged words' nodes, ascending.
  package let nodes: [UInt32]
  /// The list's distinct words, in the lexicon or not.
  package let listed: Int

  /// The flagged words of the lexicon's `words` (letter symbols, as `WordCounts.top` gives
  /// them), whose trie is `trie` and written forms `writtenForms`, from `forms`' offensive evidence.
  package static func make(words: [(word: [UInt8], count: UInt64)], trie: LexiconTrie, writtenForms: LexiconForms?,
                           forms: FormEvidence, language: Language) throws -> OffensiveWordFlags {
    let kept = Set(words.map(\.word))
    let spelling = FormEvidence.Spelling(language: language)
    var flagged: [[UInt8]] = []
    var listed = 0
    try forms.forEachSorted { key, _ in
      guard key.first == FormEvidence.Kind.offensive.rawValue, let word = spelling.word(of: key)?.word.symbols else { return }
      listed += 1
      if kept.contains(word) { flagged.append(Symbol.letterIndices(word)) }
    }
    let apostrophed = Set((writtenForms?.entries ?? []).filter { $0.forms.contains { !$0.apostrophes.isEmpty } }.map(\.node))
    return OffensiveWordFlags(nodes: Set(trie.wordNodes(flagged)).subtracting(apostrophed).sorted(), listed: listed)
  }

  /// The `OFFN` section's bytes.
  package var section: [UInt8] {
    var out = ByteWriter()
    for node in nodes { out.uint32(node) }
    return out.bytes
  }
}
