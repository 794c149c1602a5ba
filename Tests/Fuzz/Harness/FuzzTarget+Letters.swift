import KeyGramPipeline

/// `LetterCounter` (the byte-class fast path, the UTF-8 slow path, sequences cut by chunk ends)
/// against `ReferenceDecoder`. Input: byte 0 picks a `FuzzLanguages` language (the wide one,
/// whose 66³ dense counts cost 10 ms a run under ASan, only at 0xFF), byte 1 the chunk size (0: one
/// chunk; 1 mod 4 also folds the cells halfway through the text), the rest is the text. Promises checked: the same n-gram counts (and so the same
/// letter counts) and the same tallies of letters outside the alphabet and invalid UTF-8; and
/// for the small languages, the same written-form evidence (`FormTextCounter`, a boundary
/// language's clitics joined to the next word too) whether the text comes whole or in chunks,
/// and whether forms are packed and read by the fast loop or keyed by the reader one by one.
extension FuzzTarget {
  static func letters(_ input: [UInt8], _ findings: inout FuzzFindings) {
    guard input.count >= 2 else { return }
    let choice = input[0] == 0xFF ? FuzzLanguages.wide : Int(input[0]) % FuzzLanguages.wide
    let chunkSize = Int(input[1])
    let text = Array(input[2...])
    // A chunk size of 1 mod 4 also folds the cells into the 64-bit counts halfway (a fold scans
    // every cell, so not for the wide language, and not on every run).
    let foldInterval = chunkSize % 4 == 1 && choice != FuzzLanguages.wide ? max(1, text.count / 2) : 1 << 29
    var counter = LetterCounter(decoder: FuzzLanguages.decoders[choice], foldInterval: foldInterval)
    feed(text, chunkSize: chunkSize) { counter.consume($0) }
    counter.finishFile()
    let counts = counter.counts
    if choice != FuzzLanguages.wide && chunkSize != 0 {
      let whole = formEvidence(text, chunkSize: 0, language: choice), chunked = formEvidence(text, chunkSize: chunkSize, language: choice)
      findings.expect(whole == chunked, "\(FuzzLanguages.all[choice].name): the written-form evidence differs in chunks of \(chunkSize) bytes")
      let plain = formEvidence(text, chunkSize: chunkSize, language: choice, packing: false)
      findings.expect(plain == chunked, "\(FuzzLanguages.all[choice].name): the packed written forms differ from the reader's own")
    }

    let reference = ReferenceDecoder(language: FuzzLanguages.all[choice])
    let (symbols, outsideAlphabet, invalidUTF8) = reference.symbols(of: text)
    let name = FuzzLanguages.all[choice].name
    findings.expect(counts.outsideAlphabet == outsideAlphabet,
                    "\(name): \(counts.outsideAlphabet) letters outside the alphabet, the reference's \(outsideAlphabet)")
    findings.expect(counts.invalidUTF8 == invalidUTF8, "\(name): \(counts.invalidUTF8) invalid UTF-8 sequences, the reference's \(invalidUTF8)")
    // Compared with memcmp: an instrumented element-by-element compare of the wide language's
    // 66³ counts cost milliseconds a run.
    let order = counter.order
    let ngramsAgree = system_sameBytes(order == 4 ? counts.quadgrams : counts.trigrams, reference.ngrams(of: symbols, order: order))
    findings.expect(ngramsAgree, "\(name): the \(order)-gram counts differ from the reference's")
    // The letter counts are sums of the n-gram counts, so they agree when those do; where the
    // n-grams differ, the letters say how.
    if !ngramsAgree {
      var letters = [UInt64](repeating: 0, count: counts.letterCount)
      for symbol in symbols where symbol != Symbol.wordBoundary { letters[Symbol.letterIndex(of: symbol)] += 1 }
      findings.expect(counts.unigrams == letters, "\(name): letter counts \(counts.unigrams), the reference's \(letters)")
    }
  }

  private static func formEvidence(_ text: [UInt8], chunkSize: Int, language: Int, packing: Bool = true) -> FormEvidence {
    var counter = FormTextCounter(decoder: FuzzLanguages.decoders[language], packing: packing)
    feed(text, chunkSize: chunkSize) { counter.consume($0) }
    counter.finishFile()
    return counter.evidence
  }
}
