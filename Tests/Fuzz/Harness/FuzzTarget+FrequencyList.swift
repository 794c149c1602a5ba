import KeyGramPipeline

/// The frequency-list parser. Input: byte 0 picks a small `FuzzLanguages` language (the wide one's
/// dense counts would cost 100 times the parse; the letters target covers it) and what the list
/// feeds (letters, words or both, at weight 1 or 2.5), byte 1 the chunk size (0: one chunk), the
/// rest is the list. Promises checked: the counts, words and error do not depend on where the
/// chunks end; an error names the list and a line, at a byte offset inside the text.
extension FuzzTarget {
  static func frequencyList(_ input: [UInt8], _ findings: inout FuzzFindings) {
    guard input.count >= 2 else { return }
    let choice = Int(input[0]) % FuzzLanguages.wide
    let variant = Int(input[0]) / FuzzLanguages.wide % 6
    let feeds: SourceRule.Feeds = [.letters, .words, [.letters, .words]][variant % 3]
    let source = SourceRule(files: "*", feeds: feeds, wordWeight: variant < 3 ? 1 : 2.5)
    let text = Array(input[2...])
    let whole = count(text, chunkSize: 0, language: choice, source: source)
    let chunked = count(text, chunkSize: Int(input[1]), language: choice, source: source)
    findings.expect(whole == chunked, "chunks of \(input[1]) bytes give \(chunked.summary), one chunk \(whole.summary)")
    guard case .failure(let error) = whole else { return }
    findings.expect(error.path == "list.freq", "the error names \(error.path)")
    findings.expect(error.byteOffset >= 0 && error.byteOffset <= text.count, "\(error): offset outside the \(text.count) bytes")
  }

  private static func count(_ text: [UInt8], chunkSize: Int, language: Int, source: SourceRule) -> Counted {
    var counter = FrequencyListCounter(decoder: FuzzLanguages.decoders[language], path: "list.freq", source: source)
    do {
      try feed(text, chunkSize: chunkSize) { try counter.consume($0) }
      try counter.finishFile()
    } catch let error as FrequencyListError {
      return .failure(error)
    } catch {
      fatalError("FrequencyListCounter threw \(type(of: error)): \(error)")  // its methods throw FrequencyListError only
    }
    return .success(counter.counts, counter.words)
  }

  private enum Counted: Equatable {
    case success(NgramCounts, WordCounts)
    case failure(FrequencyListError)

    var summary: String {
      switch self {
      case .success(let counts, let words): return "\(counts.letters) letters, \(words.distinctWords) words"
      case .failure(let error): return "\(error)"
      }
    }
  }
}
