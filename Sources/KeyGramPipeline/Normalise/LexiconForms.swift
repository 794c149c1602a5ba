import KeyGram

/// How each lexicon word is written (the table's `FORM` section): its forms, best first, chosen
/// from the count stage's `FormEvidence` by the rule below (docs/Languages.md, "How words are
/// written"). A word whose only form would be its lowercase letters gets no entry.
///
/// - Apostrophe variants: list evidence (the plain variant's list count is the word's count
///   minus its apostrophe variants') plus text evidence with case folded; variants holding at
///   least `minimumApostropheShare` of it are kept, at most `maximumApostropheVariants`.
/// - Case patterns: text evidence alone, apostrophes ignored. With at least
///   `minimumCaseOccurrences` occurrences away from a sentence start, patterns (lower,
///   capitalised, capitals, a mixed mask) holding at least `minimumCaseShare` are kept, at most
///   `maximumCasePatterns`; with none kept the word stays lowercase. With too few, the dictionary
///   decides: a word it lists in lowercase stays lowercase, else its listed patterns (at most
///   `maximumCasePatterns`, capitalised before capitals before mixed) share alike; a word it does
///   not list stays lowercase.
/// - Forms: the best pattern with each kept variant, then the second pattern with the best
///   variant; at most `TableFormat.WrittenForms.maximumFormCount`; share = the product of the
///   two shares out of 255 (1 ... 255), non-increasing, ties by the form's bytes.
package struct LexiconForms: Equatable, Sendable {
  /// The thresholds of the rule, in one place (docs/Languages.md repeats them).
  package enum Rule {
    /// An apostrophe variant is kept with at least this share of the word's apostrophe evidence.
    package static let minimumApostropheShare = 0.10
    package static let maximumApostropheVariants = 3
    /// A word needs this many text occurrences away from a sentence start for any capital.
    package static let minimumCaseOccurrences: UInt64 = 2
    /// A case pattern is kept with at least this share of those occurrences.
    package static let minimumCaseShare = 0.30
    package static let maximumCasePatterns = 2
    /// Under `boundary`, a clitic and a word joined (cest for c'est) take the apostrophe only
    /// from a text that writes them so at least this many times.
    package static let minimumElisionUses: UInt64 = 5
  }

  /// One way of writing a word.
  package struct Form: Hashable, Sendable {
    /// Out of 255, 1 ... 255.
    package var share: UInt8
    /// `TableFormat.WrittenForms.caseLower` ... `caseMixed`.
    package var casing: UInt8
    /// The capital mask, for `caseMixed` only (0 otherwise).
    package var mask: UInt64
    /// Apostrophe positions, strictly increasing, each 0 ... the word's length.
    package var apostrophes: [UInt8]

    /// The form's bytes in the section: share, shape, the mask if mixed, the positions.
    package var encoded: [UInt8] {
      typealias W = TableFormat.WrittenForms
      var bytes = [share, casing | UInt8(apostrophes.count) << W.apostropheCountShift]
      if casing == W.caseMixed { withUnsafeBytes(of: mask.littleEndian) { bytes += $0 } }
      return bytes + apostrophes
    }

    /// The plain form: lowercase letters, no apostrophe (a word's default).
    package var isPlain: Bool { casing == TableFormat.WrittenForms.caseLower && apostrophes.isEmpty }
  }

  /// A lexicon word's forms, by the `LEXI` node that ends it.
  package struct Entry: Equatable, Sendable {
    package var node: UInt32
    package var forms: [Form]
  }

  /// The entries in increasing node order.
  package var entries: [Entry]
  /// The scalar every apostrophe is written as.
  package var apostrophe: Unicode.Scalar
  /// Entries written with an apostrophe because the text writes them as a clitic and a word (cest as c'est).
  package var joinedElisions = 0

  /// Entries whose best form has a capital, and entries with an apostrophe in some form (the build report).
  package var capitalised: Int { entries.filter { $0.forms[0].casing != TableFormat.WrittenForms.caseLower }.count }
  package var withApostrophes: Int { entries.filter { $0.forms.contains { !$0.apostrophes.isEmpty } }.count }

  /// One word's evidence, gathered from the stream of `FormEvidence`.
  struct Evidence {
    /// List evidence by apostrophe positions (never empty positions).
    var list: [[UInt8]: UInt64] = [:]
    /// Text evidence by capital mask and apostrophe positions.
    var text: [Pattern: UInt64] = [:]
    /// The capital masks a dictionary writes the word with.
    var dictionary: Set<UInt64> = []
    /// A list of accepted words holds the word.
    var isAccepted = false
    struct Pattern: Hashable {
      var capitals: UInt64
      var apostrophes: [UInt8]
    }
  }

  /// The forms of the lexicon's `words` (letter symbols and counts, as `WordCounts.top` gives
  /// them), whose trie is `trie`, from `forms`.
  package static func make(words: [(word: [UInt8], count: UInt64)], trie: LexiconTrie, forms: FormEvidence,
                           language: Language) throws -> LexiconForms {
    var index: [[UInt8]: Int] = [:]
    for (position, word) in words.enumerated() { index[word.word] = position }
    var evidence: [Int: Evidence] = [:]
    let spelling = FormEvidence.Spelling(language: language)
    try forms.forEachSorted { key, count in
      guard let (kind, word) = spelling.word(of: key), let position = index[word.symbols] else { return }
      switch kind {
      case .list where !word.apostrophes.isEmpty: evidence[position, default: Evidence()].list[word.apostrophes, default: 0] &+= count
      case .list: break
      case .text: evidence[position, default: Evidence()].text[Evidence.Pattern(capitals: word.capitals, apostrophes: word.apostrophes), default: 0] &+= count
      case .dictionary: evidence[position, default: Evidence()].dictionary.insert(word.capitals)
      case .accepted: evidence[position, default: Evidence()].isAccepted = true
      case .misspelling, .offensive: break  // which words are misspellings or offensive, not how they are written
      }
    }
    let nodes = trie.wordNodes(words.map { Symbol.letterIndices($0.word) })
    let clitics = Set(language.cliticSymbols)
    var entries: [Entry] = []
    var joinedElisions = 0
    for (position, found) in evidence {
      var found = found
      let elided = !clitics.isEmpty && found.keepElisionsOfRejectedWord(words[position].word, clitics: clitics)
      let chosen = choose(found, wordCount: words[position].count, length: words[position].word.count)
      guard !(chosen.count == 1 && chosen[0].isPlain) else { continue }
      entries.append(Entry(node: nodes[position], forms: chosen))
      if elided && !chosen[0].apostrophes.isEmpty { joinedElisions += 1 }
    }
    entries.sort { $0.node < $1.node }
    return LexiconForms(entries: entries, apostrophe: language.apostrophe, joinedElisions: joinedElisions)
  }

  /// The rule above for one word of `length` letters counted `wordCount` times.
  static func choose(_ evidence: Evidence, wordCount: UInt64, length: Int) -> [Form] {
    typealias W = TableFormat.WrittenForms
    // Apostrophe variants: list evidence, the plain variant's being what the list gave the word without one.
    var variants: [[UInt8]: Double] = [:]
    let listApostrophes = evidence.list.values.reduce(0, &+)
    for (positions, count) in evidence.list { variants[positions, default: 0] += Double(count) }
    if !evidence.list.isEmpty { variants[[], default: 0] += Double(wordCount > listApostrophes ? wordCount - listApostrophes : 0) }
    for (pattern, count) in evidence.text { variants[pattern.apostrophes, default: 0] += Double(count) }
    let variantTotal = variants.values.reduce(0, +)
    var keptVariants: [(positions: [UInt8], share: Double)] = variantTotal > 0
      ? variants.map { ($0.key, $0.value / variantTotal) }.filter { $0.share >= Rule.minimumApostropheShare } : []
    keptVariants.sort { $0.share != $1.share ? $0.share > $1.share : $0.positions.lexicographicallyPrecedes($1.positions) }
    keptVariants = Array(keptVariants.prefix(Rule.maximumApostropheVariants))
    if keptVariants.isEmpty { keptVariants = [([], 1)] }

    // Case patterns: text evidence alone, apostrophes ignored.
    var patterns: [Form: UInt64] = [:]
    var occurrences: UInt64 = 0
    let every: UInt64 = length >= 64 ? .max : (1 << UInt64(length)) - 1
    func casing(_ capitals: UInt64) -> Form {
      let capitals = capitals & every
      var casing = W.caseMixed, mask = capitals
      if capitals == 0 { casing = W.caseLower; mask = 0 }
      else if capitals == 1 { casing = W.caseCapitalised; mask = 0 }
      else if capitals == every && length >= 2 { casing = W.caseCapitals; mask = 0 }
      return Form(share: 0, casing: casing, mask: mask, apostrophes: [])
    }
    for (pattern, count) in evidence.text {
      patterns[casing(pattern.capitals), default: 0] &+= count
      occurrences &+= count
    }
    var keptPatterns: [(form: Form, share: Double)] = []
    if occurrences >= Rule.minimumCaseOccurrences {
      keptPatterns = patterns.map { ($0.key, Double($0.value) / Double(occurrences)) }.filter { $0.share >= Rule.minimumCaseShare }
      keptPatterns.sort { $0.share != $1.share ? $0.share > $1.share : $0.form.encoded.lexicographicallyPrecedes($1.form.encoded) }
      keptPatterns = Array(keptPatterns.prefix(Rule.maximumCasePatterns))
    } else if !evidence.dictionary.contains(where: { $0 & every == 0 }) {
      // Too little text: the dictionary's patterns, unless it lists the word in lowercase.
      let listed = Set(evidence.dictionary.map(casing)).sorted { $0.encoded.lexicographicallyPrecedes($1.encoded) }
      let kept = listed.prefix(Rule.maximumCasePatterns)
      keptPatterns = kept.map { ($0, 1 / Double(kept.count)) }
    }
    if keptPatterns.isEmpty { keptPatterns = [(Form(share: 0, casing: W.caseLower, mask: 0, apostrophes: []), 1)] }

    func form(_ pattern: (form: Form, share: Double), _ variant: (positions: [UInt8], share: Double)) -> Form {
      var form = pattern.form
      form.apostrophes = variant.positions
      form.share = UInt8(Swift.min(255, Swift.max(1, (pattern.share * variant.share * 255).rounded())))
      return form
    }
    var forms = keptVariants.map { form(keptPatterns[0], $0) }
    if keptPatterns.count > 1 { forms.append(form(keptPatterns[1], keptVariants[0])) }
    forms.sort { $0.share != $1.share ? $0.share > $1.share : $0.encoded.lexicographicallyPrecedes($1.encoded) }
    return Array(forms.prefix(W.maximumFormCount))
  }
}

extension LexiconForms.Evidence {
  /// Under `boundary`, the text evidence that reads `word` as a clitic and a word joined by an
  /// apostrophe (cest as c'est; `FormTextCounter`) stays only for a word no dictionary holds
  /// that the text writes so at least `Rule.minimumElisionUses` times: "dont" stays as written.
  /// Where it stays, the text alone weighs the apostrophes: a word list cuts the clitic's
  /// apostrophe as the reader does, so its count of the joined letters is web text that left it out.
  /// Returns whether that evidence stays.
  @discardableResult
  mutating func keepElisionsOfRejectedWord(_ word: [UInt8], clitics: Set<[UInt8]>) -> Bool {
    func isElided(_ pattern: Pattern) -> Bool {
      guard let first = pattern.apostrophes.first else { return false }
      return clitics.contains(Array(word.prefix(Int(first))))
    }
    let uses = text.reduce(UInt64(0)) { isElided($1.key) ? $0 &+ $1.value : $0 }
    guard uses > 0 else { return false }
    guard !isAccepted, dictionary.isEmpty, uses >= LexiconForms.Rule.minimumElisionUses else {
      text = text.filter { !isElided($0.key) }
      return false
    }
    list = [:]
    return true
  }
}

extension LexiconTrie {
  /// The breadth-first node that ends each of `words` (letter indices; each must be in the trie).
  package func wordNodes(_ words: [[UInt8]]) -> [UInt32] {
    var firstChild = [Int](repeating: 0, count: nodeCount)
    var next = 1
    for node in 0..<nodeCount {
      firstChild[node] = next
      next += node < degrees.count ? Int(degrees[node]) : 0
    }
    return words.map { letters in
      var node = 0
      for letter in letters {
        let children = firstChild[node]..<(firstChild[node] + Int(degrees[node]))
        node = children.first { labels[$0] == letter }!
      }
      return UInt32(node)
    }
  }
}
