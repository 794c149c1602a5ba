import ArgumentParser
import Foundation
import KeyGram
import KeyGramPipeline

extension Keygram {
  struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Summarise a table, show what follows a context, or print it all as JSON.",
      discussion: """
        JSON shape (p is a probability in [0, 1]; ^ is word start, $ is end of word):
        {"language":"en","alphabet":["a",…],"unigram":{"a":p,…},"initial":{"a":p,…},
         "bigram":{"t":{"a":p,…,"$":p},…},"trigram":{"th":{…},…,"^t":{…},…},
         "quadgram":{"^th":{…},…},"lexicon":{"words":N,"nodes":M,"bytes":B}}
        ("lexicon" only for a table that has one). With --after, --json prints
        {"language":…,"context":"th","next":{"a":p,…,"$":p}} and, with a lexicon,
        "lexiconWeight":λ,"ngram":{…},"lexicon":{…}: next is their blend. With --words,
        {"language":…,"words":[{"word":"the","weight":w},…]}, most frequent first. With --why,
        {"language":…,"word":"teh","inLexicon":false,"why":"misspelling"|"cut"|"absent"|"lexicon",…}.
        With --after-word, {"language":…,"after":"of","pairs":R,"backoff":γ,"next":[{"word":"the",
        "q":q,"p":p},…]}: the row's kept pairs, its backoff (of 65,535), the likeliest next words.
        With --bar-after, {"language":…,"text":"I saw the ","bar":["same",…]}.
        """)

    @Argument(help: "A .keygram table file.")
    var table: String

    @Option(help: "Show the distribution after this context: up to 3 letters, which start a word unless preceded by ? (unknown: \"?th\" is the trigram row th); ^ or a space for a word boundary.")
    var after: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(parsing: .unconditional, help: "How many letters (or, with --words, words) the view lists (default 10; 20 with --after-word).")
    var top: Int?

    /// How many the view lists.
    var limit: Int { top ?? 10 }

    @Flag(help: "List the lexicon's words with their weights (expected occurrences per the lexicon's word mass).")
    var words = false

    @Option(help: "List the word decoder's suggestions (completions and corrections, as they are written) for these letters, each touched at its key's centre on the table's iPhone keyboard; a capital is typed with shift, an apostrophe read by the table's text rule.")
    var suggest: String?

    @Option(help: ArgumentHelp("Say why this word is or is not in the table's lexicon: left out as a misspelling (of which word, by which rule), below the lexicon's size cut, or not in the word lists. Counts the language's corpora (--corpora) again, as build does.", valueName: "word"))
    var why: String?

    @Option(name: .customLong("after-word"),
            help: ArgumentHelp("Show the word-pair model's likeliest next words after this word (^: the sentence start), with each pair's weight q, the row's backoff γ and P(w | word).", valueName: "word"))
    var afterWord: String?

    @Option(name: .customLong("bar-after"),
            help: ArgumentHelp("Show the suggestion bar a keyboard shows with this text before the cursor (\"I saw the \": the next words), as the typing engine fills it; --top slots (default 10).", valueName: "text"))
    var barAfter: String?

    @OptionGroup var autocorrect: AutocorrectOption

    @OptionGroup var corporaFolder: CorporaOption

    func validate() throws {
      guard limit >= 1 else { throw ValidationError("--top must be at least 1.") }
      if let after {
        // Apostrophes are read by the table's text rule (dropped or ending the word), not counted.
        let letters = after.unicodeScalars.filter { !TypingContext.isApostrophe($0) }.count - (after.hasPrefix("?") ? 1 : 0)
        if letters > 3 {
          throw ValidationError("--after takes up to 3 letters (a table's longest row follows 3: a 4-gram), not \(letters) in \"\(after)\".")
        }
      }
    }

    func run() throws {
      let table: KeyGramTable
      do {
        table = try KeyGramTable(contentsOf: self.table)
      } catch {
        throw CLIError("\(self.table): \(error)")
      }
      let letters = table.alphabet.map(String.init)
      if let why { return try explain(why, in: table) }
      if words { return try listWords(table, letters) }
      if let suggest { return try listSuggestions(table, prefix: suggest) }
      if let afterWord { return try listNextWords(table, after: afterWord) }
      if let barAfter { return try listBar(table, after: barAfter) }
      if let after {
        // A leading ? says nothing is known before the letters; otherwise they start a word.
        let unknown = LetterContext.bigram(.unknownLetter)
        let context = after.hasPrefix("?") ? table.context(after: after.dropFirst(), from: unknown) : table.context(after: after)
        let distribution = table.distribution(after: context)
        // The typing context after the same text, for the lexicon's part of the blend.
        var typing = TypingContext(table: table)
        if !after.hasPrefix("?") { typing.record(contentsOf: after.replacingOccurrences(of: "^", with: " ")) }
        let blend = table.lexicon != nil && !after.hasPrefix("?") ? Blend(typing) : nil
        if json {
          print(try OrderedJSONEncoder().encode(ContextJSON(language: table.languageCode, context: after, next: blend?.blended ?? NextLetters(distribution, letters),
                                                            lexiconWeight: blend.map { Double($0.lambda) }, ngram: blend.map { _ in NextLetters(distribution, letters) },
                                                            lexicon: blend?.lexicon)))
        } else {
          let values = blend?.blended.values ?? distribution.indices.map { distribution[$0] }
          let ranked = values.indices.sorted { (values[$0], $1) > (values[$1], $0) }.prefix(limit)
          let lambda = blend.map { String(format: "; lexicon weight λ = %.3f", $0.lambda) } ?? ""
          print("after \"\(after)\" (\(distribution.isUniform ? "no usable context: uniform" : "\(distribution.count) outcomes")\(lambda)):")
          for index in ranked {
            let name = index < letters.count ? letters[index] : "$ (end of word)"
            var line = "  \(name)  \(String(format: "%.4f", values[index]))"
            if let blend { line += String(format: "  (n-gram %.4f, lexicon %.4f)", distribution[index], blend.lexicon.values[index]) }
            print(line)
          }
        }
        return
      }
      if json {
        var output = StandardOutputStream()
        TableJSON.write(table, to: &output)
        output.flush()
      } else {
        print(summary(table, letters))
      }
    }

    private func summary(_ table: KeyGramTable, _ letters: [String]) -> String {
      let sections = table.sections
      var lines = [
        "\(self.table): \(Printable.escaped(table.languageName)) (\(Printable.escaped(table.languageCode))), format \(sections.majorVersion).\(sections.minorVersion), "
          + "\(table.bytes.count) bytes, CRC-32 \(Hex.string(sections.storedCRC32)) (valid)",
        "alphabet (\(letters.count)): \(letters.joined())",
        "sections: " + sections.sections.map { "\($0.tag) \($0.length) B" }.joined(separator: ", "),
      ]
      if let keyboard = table.keyboardLayout {
        let caps = keyboard.keyCaps
        let variants = (0..<letters.count).filter { caps[keyboard.keyIndexOfLetter[$0]] != table.letter(at: $0) }
          .map { "\(letters[$0])→\(caps[keyboard.keyIndexOfLetter[$0]])" }
        lines.append("keyboard: " + keyboard.rows.map { String(String.UnicodeScalarView($0)) }.joined(separator: " / ")
                     + (variants.isEmpty ? "" : "; long-press \(variants.joined(separator: " "))"))
      }
      let finalForms = (0..<letters.count).compactMap { letter in table.finalForm(ofLetter: letter).map { "\(letters[letter])→\(letters[$0]) at a word's end" } }
      let readings = table.readings.map { "\(Printable.escaped(String($0.scalar))) (\(Hex.codePoint($0.scalar.value)))→\(letters[$0.letter])" }
      lines.append("text rules: apostrophes \(table.apostrophesEndWords ? "end a word" : "are dropped")"
                   + (finalForms.isEmpty ? "" : "; capital final forms \(finalForms.joined(separator: ", "))")
                   + (readings.isEmpty ? "" : "; also read as letters: \(readings.prefix(8).joined(separator: " "))\(readings.count > 8 ? " and \(readings.count - 8) more" : "")"))
      if let lexicon = table.lexicon {
        let length = sections.sections.first { $0.tag == TableFormat.Section.lexicon }?.length ?? 0
        lines.append("lexicon: \(lexicon.wordCount) words, \(lexicon.nodeCount) nodes, \(length) B")
      }
      if table.hasWrittenForms {
        lines.append("written forms: \(table.writtenFormEntryCount) words written otherwise than their letters in lowercase; apostrophe \(Printable.escaped(String(table.apostrophe))) (\(Hex.codePoint(table.apostrophe.value)))")
      }
      if let known = table.knownWords {
        lines.append("known words: \(known.wordCount) past the lexicon, standing as typed, in \(known.bitCount / 8) B (\(known.hashCount) hashes, false positives "
                     + String(format: "%.2f%%)", 100 * known.falsePositiveRate))
      }
      if !table.decoderSettings.isEmpty {
        lines.append("decoder settings: " + table.decoderSettings.map { setting, value in
          // The level by its name, as the manifest may give it.
          let shown = setting == .autocorrection ? (Autocorrection.allLevels.indices.contains(Int(value)) ? Autocorrection.allLevels[Int(value)].description : DecoderSettingText.number(value))
            : DecoderSettingText.number(value)
          return "\(setting.name) \(shown)"
        }.joined(separator: ", "))
      }
      if let range = sections.provenanceSection,
         let provenance = Provenance(section: table.bytes.slice(from: range.lowerBound, length: range.count), letterCount: letters.count) {
        lines.append("corpus: \(provenance.files.map(\.name).joined(separator: ", ")); \(provenance.letters) letters, \(provenance.words) words")
      }
      let unigram = table.unigram
      lines.append("top letters: " + unigram.indices.sorted { (unigram[$0], $1) > (unigram[$1], $0) }.prefix(limit)
        .map { "\(letters[$0]) \(String(format: "%.3f", unigram[$0]))" }.joined(separator: "  "))
      let initial = table.initial
      lines.append("top initials: " + initial.indices.sorted { (initial[$0], $1) > (initial[$1], $0) }.prefix(limit)
        .map { "\(letters[$0]) \(String(format: "%.3f", initial[$0]))" }.joined(separator: "  "))
      return lines.joined(separator: "\n")
    }

    /// `--suggest PREFIX`: the decoder's suggestions for the prefix typed at the key centres,
    /// and what it would decide if the word ended there.
    private func listSuggestions(_ table: KeyGramTable, prefix: String) throws {
      guard table.lexicon != nil else { throw CLIError("\(self.table): the table has no lexicon to suggest from") }
      let layout = KeyboardLayout.iPhonePortrait(for: table)
      let letterKeys = LetterKeyMap(layout: layout, table: table)
      let decoder = WordDecoder(table: table, layout: layout, letterKeys: letterKeys, parameters: autocorrect.applied(to: WordDecoder.Parameters(table: table)))
      var letters: [Int] = []
      for scalar in prefix.unicodeScalars {
        // An apostrophe the alphabet does not hold reads as the runtime reads it: dropped, or
        // ending the word (the letters after it are the word suggested for).
        if TypingContext.isApostrophe(scalar) && table.letterIndex(of: scalar) == nil {
          if table.apostrophesEndWords {
            decoder.reset()
            letters.removeAll()
          }
          continue
        }
        guard let letter = table.letterIndex(of: scalar) else {
          throw CLIError("--suggest: \"\(scalar)\" is not a letter of the \(Printable.escaped(table.languageName)) alphabet")
        }
        guard let key = letterKeys.keyIndex(ofLetter: letter) else {
          throw CLIError("--suggest: \"\(scalar)\" has no key on the \(Printable.escaped(table.languageName)) keyboard")
        }
        letters.append(letter)
        let frame = layout[key].frame
        // A capital (the letter's stored uppercase, not the letter itself) is typed with shift.
        let isCapital = scalar != table.letter(at: letter) && scalar == table.uppercaseLetter(at: letter)
        decoder.add(TouchPoint(x: frame.midX, y: frame.midY), key: key, letter: letter, isCapital: isCapital)
      }
      guard !letters.isEmpty else { throw CLIError("--suggest: give at least one letter") }
      guard letters.count <= WordDecoder.capacity else {
        throw CLIError("--suggest: \(letters.count) letters; the decoder holds at most \(WordDecoder.capacity)")
      }
      let suggestions = decoder.suggestions(limit: Swift.min(limit, WordDecoder.maximumAlternatives))
      let listed = suggestions.map { SuggestionsJSON.Entry(word: $0.text, score: Double($0.score), sources: Self.sourceNames($0.source)) }
      let decision = decoder.decide(limit: 1)
      if json {
        print(try OrderedJSONEncoder().encode(SuggestionsJSON(
          language: table.languageCode, prefix: prefix, suggestions: listed,
          decision: .init(typed: decision.typed.text, best: decision.best.text, replaces: decision.replaces, margin: Double(decision.margin),
                         split: decision.split.map { .init(words: $0.text, spaceTouch: $0.spaceTouch, replaces: $0.replaces, margin: Double($0.margin)) }))))
      } else {
        print("\(self.table): suggestions after \"\(prefix)\", each letter touched at its key's centre (score: log-likelihood, higher is better):")
        for entry in listed { print("  \(entry.word)  \(String(format: "%.2f", entry.score))  \(entry.sources.joined(separator: ", "))") }
        if listed.isEmpty { print("  (none)") }
        let split = decision.split
        let verdict = split?.replaces == true ? "replaced by the two words \"\(split!.text)\""
          : decision.replaces ? "replaced by \"\(decision.best.text)\"" : "kept"
        print("ending the word here: \"\(decision.typed.text)\" would be \(verdict) (best \"\(decision.best.text)\", margin \(String(format: "%.2f", decision.margin)))")
        if let split {
          let space = split.spaceTouch.map { "touch \($0 + 1) taken for the space bar" } ?? "the space left out"
          print("as two words: \"\(split.text)\", \(space), margin \(String(format: "%.2f", split.margin))\(split.replaces ? "" : " (offered)")")
        }
      }
    }

    static func sourceNames(_ source: DecodedWord.Source) -> [String] {
      (source.contains(.lexicon) ? ["lexicon"] : []) + (source.contains(.history) ? ["history"] : [])
    }

    /// `--words`: the lexicon's words, most frequent first.
    private func listWords(_ table: KeyGramTable, _ letters: [String]) throws {
      guard let lexicon = table.lexicon else { throw CLIError("\(self.table): the table has no lexicon") }
      // Heaviest first; equal weights in letter order.
      let words = lexicon.words().sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.letters.lexicographicallyPrecedes($1.letters) }.prefix(limit)
      let listed = words.map { (word: $0.letters.map { Int($0) < letters.count ? letters[Int($0)] : "?" }.joined(), weight: Double($0.weight)) }
      if json {
        print(try OrderedJSONEncoder().encode(WordsJSON(language: table.languageCode, words: listed.map { WordsJSON.Entry(word: $0.word, weight: $0.weight) })))
      } else {
        print("\(self.table): \(lexicon.wordCount) words; the \(listed.count) most frequent (weight: expected occurrences, of \(lexicon.totalMass)):")
        for entry in listed { print("  \(entry.word)  \(String(format: "%.0f", entry.weight))") }
      }
    }
  }
}

extension Keygram.Inspect {
  /// `--why WORD`: whether the table's lexicon holds the word and, if not, why not. The table
  /// answers the first; the second is the lexicon's choice (`LexiconChoice`) made again from the
  /// language's corpora, counted as `build` counts them.
  func explain(_ typed: String, in table: KeyGramTable) throws {
    guard let lexicon = table.lexicon else { throw CLIError("\(self.table): the table has no lexicon") }
    let corpora = CorpusFolder(root: corporaFolder.corpora)
    let language = try corpora.language(table.languageCode)
    let word = try Self.letters(of: typed, in: language)
    let spelled = Self.spelled(word, in: language)
    if let id = lexicon.wordID(spelledBy: Symbol.letterIndices(word).map(Int.init)) {
      // A flagged word is in the lexicon, but the runtime never suggests it while it blocks offensive words.
      let offensive = table.offensiveWords?.contains(id) == true
      var json = WhyJSON(language: table.languageCode, word: spelled, inLexicon: true, why: "lexicon")
      if offensive { json.offensive = true }
      return try report(json, text: "\(spelled): in the lexicon" + (offensive
        ? ", flagged offensive: never suggested, predicted or corrected into while offensive words are blocked (typed exactly, it stands)" : ""))
    }
    // Build the table again in memory from the corpora, with the table's lexicon size.
    var request = Pipeline.Request(language: language, inputs: try corpora.regularCorpusFiles(for: language.code),
                                   corpusFolder: corpora.folder(for: language.code), output: .image)
    request.corporaFolder = corpora.root
    request.lexiconWords = lexicon.wordCount
    request.knownWords = table.knownWords?.wordCount ?? 0
    request.minimumLetters = 0  // the lexicon is the question, not the letters
    request.jobs = ProcessInfo.processInfo.activeProcessorCount
    let summary = try Pipeline.build(request)
    guard let choice = summary.lexiconChoice else {
      throw CLIError("\(corpora.folder(for: language.code)): no source feeds the lexicon's words, so nothing says why")
    }
    // A table built from other inputs (your own text, other options) gets the answer for one built from the corpora.
    let stored = FileManager.default.contents(atPath: self.table).map { [UInt8]($0) }
    let note = summary.image == stored ? nil
      : "note: \(self.table) is not what \(corpora.folder(for: language.code)) builds now; the answer is for a table built from it"
    var json = WhyJSON(language: table.languageCode, word: spelled, inLexicon: false, why: "absent")
    var text = "\(spelled): not in the lexicon: "
    switch choice.verdict(for: word) {
    case .removed(let removal):
      json.why = "misspelling"
      json.count = removal.count
      switch removal.reason {
      case .neighbour(let of, let count, let slip):
        let correction = Self.spelled(of, in: language)
        (json.rule, json.correction, json.correctionCount, json.slip) = ("dictionary neighbour", correction, count, slip.rawValue)
        // Marks left off include words the dictionary writes only in capitals (French CA for ca).
        text += "removed as a misspelling of `\(correction)` (the dictionary rejects it\(slip == .marks ? " in lowercase" : ""); `\(correction)` is "
          + "\(Self.times(count, removal.count)) times as frequent, \(Self.slipDistance(slip)))"
      case .listed(let words, let count):
        let correction = words.map { Self.spelled($0, in: language) }.joined(separator: " ")
        let rarest = words.first { word in choice.kept.first { $0.word == word }?.count == count }
          .map { Self.spelled($0, in: language) } ?? correction
        (json.rule, json.correction, json.correctionCount) = ("misspelling list", correction, count)
        text += "removed as a misspelling of `\(correction)` (the misspelling list names it; the dictionary rejects it; "
          + "`\(words.count > 1 ? rarest : correction)` is \(Self.times(count, removal.count)) times as frequent)"
      }
    case .kept(let rank, _):
      // The corpora would keep it: only a table built otherwise leaves it out.
      json.why = "lexicon"
      text += "a table built from \(corpora.folder(for: language.code)) keeps it (word \(grouped(UInt64(rank))) of \(grouped(UInt64(choice.kept.count))))"
    case .known(let rank):
      (json.why, json.knownRank) = ("known", rank)
      text += "a known word past it, which the table does not suggest but lets stand as typed (known word \(grouped(UInt64(rank))) of \(grouped(UInt64(choice.known.count))))"
    case .notChosen:
      var count: UInt64?
      try summary.words.forEachSorted { listed, listedCount in if listed == word { count = listedCount } }
      if let count, let last = choice.kept.last {
        (json.why, json.count, json.cutCount) = ("cut", count, last.count)
        text += "below the lexicon's size cut (the word lists count it \(Self.times(count)); the lexicon's \(grouped(UInt64(choice.kept.count))) words "
          + "end with `\(Self.spelled(last.word, in: language))`, counted \(Self.times(last.count)))"
      } else {
        text += "not in the word lists"
      }
    }
    json.note = note
    try report(json, text: text + (note.map { "\n" + $0 } ?? ""))
  }

  private func report(_ json: WhyJSON, text: String) throws {
    if self.json { print(try OrderedJSONEncoder().encode(json)) } else { print(text) }
  }

  /// The word's letter symbols, read as the word counters read a word list's entry.
  static func letters(of typed: String, in language: Language) throws -> [UInt8] {
    var reader = WrittenWordReader(decoder: LetterDecoder(language: language))
    var found: [WrittenWord] = []
    for scalar in typed.unicodeScalars { reader.read(scalar, emit: { word, _ in found.append(word) }) }
    reader.endLine(emit: { word, _ in found.append(word) })
    guard found.count == 1, !found[0].symbols.isEmpty else {
      throw CLIError("--why: \"\(Printable.escaped(typed))\" is not one word of the \(Printable.escaped(language.name)) alphabet")
    }
    return found[0].symbols
  }

  static func spelled(_ symbols: [UInt8], in language: Language) -> String {
    String(String.UnicodeScalarView(Symbol.letterIndices(symbols).map { language.alphabet[Int($0)] }))
  }

  /// "once", or "N times".
  static func times(_ count: UInt64) -> String { count == 1 ? "once" : "\(grouped(count)) times" }

  /// `count` ÷ `of`, rounded down, grouped: the ratios the rule compares are whole.
  static func times(_ count: UInt64, _ of: UInt64) -> String { grouped(count / max(of, 1)) }

  /// How far a word left out lies from the word it misspells.
  static func slipDistance(_ slip: LexiconChoice.Slip) -> String {
    switch slip {
    case .swap: "one swap of two neighbouring letters away"
    case .double: "one doubled or undoubled letter away"
    case .other: "one replaced, added or dropped letter away"
    case .marks: "written without its marks"
    }
  }
}

/// The two parts of `inspect --after` and their blend, as the resolvers weigh them.
struct Blend {
  var lambda: Float
  var blended: NextLetters
  var lexicon: NextLetters

  init(_ context: TypingContext) {
    let table = context.table
    let letters = table.alphabet.map(String.init)
    lambda = context.lexiconWeight
    blended = NextLetters(values: (0..<table.letterCount).map { context.blendedProbability(ofLetter: $0) } + [context.blendedEndOfWordProbability],
                          letters)
    var lexiconValues = [Double](repeating: 0, count: table.letterCount + 1)
    if let lexicon = table.lexicon, !context.lexiconCursor.isParked {
      let row = context.lexiconCursor.row(in: lexicon)
      // A label past the alphabet (a damaged table that only `verify` would catch) is skipped.
      for child in 0..<row.childCount where row.letter(at: child) < table.letterCount {
        lexiconValues[row.letter(at: child)] = Double(row.weight(at: child)) / Double(TableFormat.Lexicon.shareTotal)
      }
      lexiconValues[table.letterCount] = Double(row.endWeight) / Double(TableFormat.Lexicon.shareTotal)
    }
    lexicon = NextLetters(values: lexiconValues, letters)
  }
}
