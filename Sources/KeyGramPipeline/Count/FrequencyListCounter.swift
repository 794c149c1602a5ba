/// The counter for word-frequency lists ("word<TAB>count" or "word count" per line, as Norvig's
/// count_1w.txt, Google Books 1-grams or Leipzig word lists have them): each word's letters
/// are counted as if the word had appeared `count` times in running text. One counter can
/// read several lists in turn (`startFile(path:)`), adding them up.
///
/// Words are decoded by the same rules as running text, so "Don't" adds to "dont" and
/// "well-known" to "well" and "known". A list feeds the letter counts, the word counts behind
/// the lexicon, or both, as its `SourceRule` says.
package struct FrequencyListCounter: Counter {
  package let decoder: LetterDecoder
  package private(set) var counts: NgramCounts
  /// The lexicon's word counts, from lists that feed words (times their rule's weight).
  package private(set) var words = WordCounts()
  /// The list evidence of how words are written: each entry holding an apostrophe, in lowercase.
  package private(set) var forms = FormEvidence()
  /// Word pairs, from lists that feed them ("of the<TAB>count": an entry of exactly two whole
  /// words), in thousandths times their rule's pair weight, keyed as `PairCounter` keys them.
  package private(set) var pairs = WordCounts(keyLimit: PairCounter.keyLimit)
  private let spelling: FormEvidence.Spelling
  private var source = SourceRule(files: "*", feeds: .letters)
  /// Words this file gave the lexicon, so a list that feeds words but has none is refused.
  private var wordsFromFile = 0
  /// `counts.symbolTotal()`, kept as lines are added: every derived count is at most this, so
  /// a line that would take it past UInt64.max is an error.
  private var symbolTotal: UInt64 = 0
  private var partialLine: [UInt8] = []
  private var lineNumber = 0
  private var textOffset = 0
  private var path: String

  package init(decoder: LetterDecoder, path: String, source: SourceRule = SourceRule(files: "*", feeds: .letters),
              wordMemoryCap: Int = WordCounts.defaultMemoryCap) {
    words = WordCounts(memoryCap: wordMemoryCap)
    forms = FormEvidence(memoryCap: wordMemoryCap)
    pairs = WordCounts(memoryCap: wordMemoryCap, keyLimit: PairCounter.keyLimit)
    spelling = FormEvidence.Spelling(language: decoder.language)
    self.decoder = decoder
    self.path = path
    self.source = source
    counts = NgramCounts(letterCount: decoder.letterCount)
  }

  /// Spills the words to a sorted run if they reached their memory cap (`WordCounts.spillIfFull`).
  package mutating func spillIfFull() throws(OutputError) {
    try words.spillIfFull()
    try forms.spillIfFull()
    try pairs.spillIfFull()
  }

  /// The next list to read (after `finishFile()` of the one before): errors name its lines.
  package mutating func startFile(path: String, source: SourceRule = SourceRule(files: "*", feeds: .letters)) {
    self.path = path
    self.source = source
    lineNumber = 0
    textOffset = 0
    wordsFromFile = 0
  }

  /// Counts the complete lines in `chunk`; a line cut by the chunk's end waits for the next.
  package mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(FrequencyListError) {
    var lineStart = 0
    for (index, byte) in chunk.enumerated() where byte == UInt8(ascii: "\n") {
      if partialLine.isEmpty {
        try line(Array(chunk[lineStart..<index]))
      } else {
        partialLine += chunk[lineStart..<index]
        let whole = partialLine
        partialLine.removeAll(keepingCapacity: true)
        try line(whole)
      }
      lineStart = index + 1
    }
    partialLine += chunk[lineStart...]
  }

  /// Whether a list that feeds words must give some: off when only part of each file's lines
  /// is read (`keygram count --part`), where a part may hold none.
  package var requiresWords = true

  /// The last line needs no newline. A list that feeds words must have given some.
  package mutating func finishFile() throws(FrequencyListError) {
    if !partialLine.isEmpty {
      let last = partialLine
      partialLine.removeAll()
      try line(last, endsWithNewline: false)
    }
    if requiresWords && source.feeds.contains(.words) && wordsFromFile == 0 {
      throw FrequencyListError(path: path, line: lineNumber, byteOffset: textOffset,
                               problem: "no usable words: the list feeds the lexicon, but none of its words has a letter of the alphabet")
    }
  }

  private mutating func line(_ bytes: [UInt8], endsWithNewline: Bool = true) throws(FrequencyListError) {
    lineNumber += 1
    // A last line without a newline must not move the offset past the text (fuzzing found it one byte beyond).
    defer { textOffset += bytes.count + (endsWithNewline ? 1 : 0) }
    if let (count, word) = plainLine(bytes) {
      return try add([word], count: count, outsideAlphabet: 0, invalidUTF8: 0, wholeWord: true)
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    if lineNumber == 1, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    if text.allSatisfy(\.isWhitespace) { return }
    // The count is the last field; the word is everything before it (tab or spaces).
    guard let split = text.lastIndex(where: { $0 == "\t" || $0 == " " }) else { throw malformed(text) }
    let field = text[text.index(after: split)...]
    guard let count = UInt64(field) else {
      if !field.isEmpty && field.allSatisfy({ ("0"..."9").contains($0) }) {
        throw error("count out of range: \(field) does not fit in 64 bits (at most \(UInt64.max))")
      }
      if field.hasPrefix("-"), field.dropFirst().allSatisfy({ ("0"..."9").contains($0) }), field.count > 1 {
        throw error("negative count \(field)")
      }
      throw malformed(text)
    }
    let word = Self.trimmingWhitespace(text[..<split])
    guard !word.isEmpty else { throw error("no word before the count \(count)") }
    if let control = word.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
      throw error("the word has a control character (\(Hex.codePoint(control.value)))")
    }

    let (runs, outsideAlphabet, invalidUTF8) = letterRuns(of: word)
    // A word with a letter outside the alphabet or a digit would leave fragments ("mp3" → "mp"):
    // it feeds the letters, not the lexicon.
    let wholeWord = outsideAlphabet == 0 && invalidUTF8 == 0 && !word.unicodeScalars.contains { $0.properties.numericType != nil }
    guard wholeWord, source.feeds.contains(.words), word.unicodeScalars.contains(where: Language.apostrophes.contains) else {
      return try add(runs, count: count, outsideAlphabet: outsideAlphabet, invalidUTF8: invalidUTF8, wholeWord: wholeWord)
    }
    // Under `boundary`, an apostrophe splits the word only after a clitic; the letters still split at each.
    let written = writtenWords(of: word)
    try add(runs, wordRuns: decoder.language.apostrophesAreTransparent ? runs : written.map(\.symbols), forms: written,
            count: count, outsideAlphabet: outsideAlphabet, invalidUTF8: invalidUTF8, wholeWord: wholeWord)
  }

  /// The words of a list entry as `WrittenWordReader` reads them (apostrophes kept).
  private func writtenWords(of word: String) -> [WrittenWord] {
    var reader = WrittenWordReader(decoder: decoder)
    var written: [WrittenWord] = []
    for scalar in word.unicodeScalars { reader.read(scalar) { word, _ in written.append(word) } }
    reader.endLine { word, _ in written.append(word) }
    return written
  }

  /// The line's word runs, `count` times each: into the lexicon's words if the source feeds
  /// them and the word is whole, and into the letter counts if it feeds letters.
  private mutating func add(_ runs: [[UInt8]], wordRuns: [[UInt8]]? = nil, forms written: [WrittenWord] = [],
                            count: UInt64, outsideAlphabet: UInt64, invalidUTF8: UInt64,
                            wholeWord: Bool) throws(FrequencyListError) {
    if source.feeds.contains(.pairs) && wholeWord && runs.count == 2 && runs.allSatisfy({ $0.count <= WordCounts.maximumLength }) {
      let scaled = (Double(count) * source.pairWeight * Double(SourceRule.pairCountUnit)).rounded()
      guard scaled < 0x1p64 else { throw error("count out of range: \(count) × pair weight \(source.pairWeight) does not fit in 64 bits of thousandths") }
      // A pair whose weighted count rounds to no thousandth is left out, in any sharding alike.
      if scaled >= 1 {
        do { try pairs.add(runs[0] + [PairCounter.separator] + runs[1], count: UInt64(scaled)) } catch { throw self.error("count out of range: \(error)") }
      }
    }
    if source.feeds.contains(.words) && wholeWord {
      var weighted = count
      if source.wordWeight != 1 {
        let scaled = (Double(count) * source.wordWeight).rounded()
        guard scaled < 0x1p64 else { throw error("count out of range: \(count) × weight \(source.wordWeight) does not fit in 64 bits") }
        weighted = Swift.max(1, UInt64(scaled))
      }
      let wordRuns = wordRuns ?? runs
      do {
        for run in wordRuns { try words.add(run, count: weighted) }
        for word in written where !word.apostrophes.isEmpty { try forms.add(.list, word, spelling: spelling, count: weighted) }
      } catch {
        throw self.error("count out of range: \(error)")
      }
      wordsFromFile += wordRuns.count
    }
    guard source.feeds.contains(.letters) else { return }
    counts.outsideAlphabet += outsideAlphabet
    counts.invalidUTF8 += invalidUTF8

    // Check before adding, so every derived count stays exact.
    var total = symbolTotal
    var overflow = false
    for run in runs {
      let (symbols, tooMany) = count.multipliedReportingOverflow(by: UInt64(run.count + 1))
      let (sum, tooMuch) = total.addingReportingOverflow(symbols)
      (total, overflow) = (sum, overflow || tooMany || tooMuch)
    }
    let (words, tooManyWords) = counts.frequencyListWords.addingReportingOverflow(count)
    guard !overflow && !tooManyWords else {
      throw error("count out of range: with this line's \(count), the list's counts pass \(UInt64.max) (UInt64.max)")
    }
    do {
      for run in runs { try counts.addWord(run, times: count) }
    } catch {
      throw self.error("count out of range: \(error)")
    }
    counts.frequencyListWords = words
    symbolTotal = total
  }

  /// The common line, read from its bytes without decoding it as a String: ASCII,
  /// "word<TAB or space>count" with 1 to 19 digits (always within UInt64), a word of letters of
  /// the alphabet (and apostrophes the language drops), spaces and tabs around it. nil for
  /// anything else, which the general path reads by every rule.
  private func plainLine(_ line: [UInt8]) -> (count: UInt64, word: [UInt8])? {
    line.withUnsafeBufferPointer { bytes -> (UInt64, [UInt8])? in
      var end = bytes.count
      if end > 0 && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      var split = end
      while split > 0 && bytes[split - 1] != UInt8(ascii: "\t") && bytes[split - 1] != UInt8(ascii: " ") { split -= 1 }
      guard split > 0, (1...19).contains(end - split) else { return nil }
      var count: UInt64 = 0
      for index in split..<end {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        count = count * 10 + UInt64(digit)
      }
      var first = 0, last = split - 1
      while first < last && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) { first += 1 }
      while last > first && (bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t")) { last -= 1 }
      var word: [UInt8] = []
      word.reserveCapacity(last - first)
      let letterLimit = UInt8(decoder.letterCount)
      for index in first..<last {
        // An apostrophe is form evidence: the general path records it.
        if bytes[index] == UInt8(ascii: "'") { return nil }
        let symbol = decoder.byteClasses[Int(bytes[index])]
        if symbol == LetterDecoder.ByteClass.skip { continue }
        guard symbol != Symbol.wordBoundary && symbol <= letterLimit else { return nil }
        word.append(symbol)
      }
      return word.isEmpty ? nil : (count, word)
    }
  }

  /// `text` without leading and trailing tabs, space separators (Unicode's Zs) and U+200B: the
  /// set Foundation's `CharacterSet.whitespaces` holds, trimmed scalar by scalar without bridging.
  static func trimmingWhitespace(_ text: Substring) -> String {
    let scalars = text.unicodeScalars
    let isSpace = { (scalar: Unicode.Scalar) in
      scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isSpace($0) })!
    return String(scalars[first...last])
  }

  private func error(_ problem: String) -> FrequencyListError {
    FrequencyListError(path: path, line: lineNumber, byteOffset: textOffset, problem: problem)
  }

  private func malformed(_ text: String) -> FrequencyListError {
    error("expected \"word<TAB>count\" or \"word count\", found \"\(text.prefix(60))\"")
  }

  /// The word's runs of letter symbols, split wherever the decoding rules end a word, and how
  /// many scalars were outside the alphabet or invalid.
  private func letterRuns(of word: String) -> (runs: [[UInt8]], outsideAlphabet: UInt64, invalidUTF8: UInt64) {
    var symbols: [UInt8] = []
    var outsideAlphabet: UInt64 = 0, invalidUTF8: UInt64 = 0
    // Capitals with a final form (Σ after a letter), settled once the word is read: the final
    // form where the run ends right after (ΠΩΣ is πως; in ΑΣΛ̂ the Λ̂ is no letter, so ας).
    var capitals: [(position: Int, finalForm: UInt8)] = []
    for scalar in word.unicodeScalars {
      let action = decoder.action(for: scalar, after: symbols.last ?? Symbol.wordBoundary)
      switch action {
      case .append(let symbol): symbols.append(symbol)
      case .appendAwaitingFinalForm(let symbol, let finalForm):
        capitals.append((symbols.count, finalForm))
        symbols.append(symbol)
      case .skip: break
      case .outsideAlphabet:
        outsideAlphabet += 1
        symbols.append(Symbol.wordBoundary)
      case .invalidUTF8:
        invalidUTF8 += 1
        symbols.append(Symbol.wordBoundary)
      case .replaceLast(let composed):
        if capitals.last?.position == symbols.count - 1 { capitals.removeLast() }  // a mark made it another letter
        symbols[symbols.count - 1] = composed
      case .replaceLastOutsideAlphabet:
        if capitals.last?.position == symbols.count - 1 { capitals.removeLast() }
        outsideAlphabet += 1
        symbols[symbols.count - 1] = Symbol.wordBoundary
      }
    }
    for capital in capitals where capital.position + 1 == symbols.count || symbols[capital.position + 1] == Symbol.wordBoundary {
      symbols[capital.position] = capital.finalForm
    }
    return (symbols.split(separator: Symbol.wordBoundary).map(Array.init), outsideAlphabet, invalidUTF8)
  }
}

/// A malformed frequency-list line: names the file, the line and its byte offset in the text.
public struct FrequencyListError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var byteOffset: Int
  public var problem: String
  public var description: String { "\(path):\(line) (text byte \(byteOffset)): \(problem)" }
}
