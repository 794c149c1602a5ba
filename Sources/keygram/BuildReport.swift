import Foundation
import KeyGram
import KeyGramPipeline

/// The text summary `keygram build` prints for one language.
struct BuildReport: CustomStringConvertible {
  let summary: Pipeline.Summary
  /// The lexicon size asked for, and why there is no lexicon where the caller knows better.
  let lexiconWords: Int
  let note: String?

  init(_ summary: Pipeline.Summary, lexiconWords: Int = LexiconSection.defaultWordCount, note: String? = nil) {
    self.summary = summary
    self.lexiconWords = lexiconWords
    self.note = note
  }

  var description: String {
    let provenance = summary.provenance
    let counts = summary.counts
    let alphabet = summary.language.alphabet.map(String.init)
    let megabytes = Double(provenance.textBytes) / 1e6
    var lines: [String] = []
    // The name comes from language.json: escaped, as the generated Swift has it, so it cannot end the line or turn the text around.
    lines.append("\(Printable.escaped(summary.language.name)) (\(summary.language.code)): \(provenance.files.count) file\(provenance.files.count == 1 ? "" : "s"), "
                 + "\(grouped(provenance.storedBytes)) bytes stored, \(grouped(provenance.textBytes)) bytes of text")
    for file in provenance.files { lines.append("  \(file.name)  \(grouped(file.size)) bytes  sha256 \(file.sha256.hex.prefix(16))…") }
    lines.append("letters \(grouped(provenance.letters)), words \(grouped(provenance.words)), "
                 + "outside the alphabet \(grouped(provenance.outsideAlphabet)), invalid UTF-8 \(grouped(provenance.invalidUTF8))")
    var time = String(format: "time %.2f s, %.0f MB/s of text", summary.seconds, megabytes / max(summary.seconds, 1e-9))
    if let counting = summary.countingSeconds {
      // The count stage's CPU time alone: reading, inflating, hashing and the emit stage run beside or after it.
      time += String(format: "; counting %.2f s of CPU, %.0f MB/s a core", counting, megabytes / max(counting, 1e-9))
    }
    lines.append(time)
    let letters = provenance.letterCounts.enumerated().filter { $0.element > 0 }.sorted { ($0.element, $1.offset) > ($1.element, $0.offset) }.prefix(10)
    lines.append("top letters: " + letters.map { "\(alphabet[$0.offset]) \(percent(Double($0.element) / Double(max(provenance.letters, 1))))" }.joined(separator: "  "))
    var bigrams: [(String, UInt64)] = []
    for (previous, row) in counts.bigrams.enumerated() {
      for (next, count) in row.enumerated() where next < alphabet.count && count > 0 { bigrams.append((alphabet[previous] + alphabet[next], count)) }
    }
    let bigramTotal = max(bigrams.reduce(0) { $0 + $1.1 }, 1)
    lines.append("top bigrams: " + bigrams.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(10).map { "\($0.0) \(percent(Double($0.1) / Double(bigramTotal)))" }.joined(separator: "  "))
    let n = summary.language.alphabet.count
    let ngramBytes = [TableFormat.Section.bigram, TableFormat.Section.trigram].reduce(0) { $0 + (TableFormat.expectedLength(of: $1, letterCount: n) ?? 0) }
    if let lexicon = summary.lexicon {
      lines.append("lexicon: \(grouped(UInt64(lexicon.words))) word\(lexicon.words == 1 ? "" : "s") of \(grouped(UInt64(summary.words.distinctWords))), "
                   + "\(grouped(UInt64(lexicon.nodes))) nodes, \(grouped(UInt64(lexicon.bytes))) bytes"
                   + (summary.words.droppedWords > 0 ? "; \(grouped(summary.words.droppedWords)) weighted occurrences of words over \(WordCounts.maximumLength) letters left out" : "")
                   + "; from " + summary.wordSources.map { Provenance.Naming(folder: nil, corpora: summary.corporaFolder).name(of: $0) }.joined(separator: ", "))
      if lexicon.words < lexiconWords {
        lines.append("small list: the word lists hold \(grouped(UInt64(summary.words.distinctWords))) distinct words, "
                     + "fewer than the \(grouped(UInt64(lexiconWords))) a lexicon takes (--lexicon-words)")
      }
      if let choice = summary.lexiconChoice { lines.append(Self.misspellings(choice)) }
      lines.append("lexicon fidelity: \(lexicon.fidelity)")
      if let forms = summary.writtenForms {
        lines.append("written forms: \(grouped(UInt64(forms.entries.count))) word\(forms.entries.count == 1 ? "" : "s") "
                     + "(capitals \(grouped(UInt64(forms.capitalised))), apostrophes \(grouped(UInt64(forms.withApostrophes)))"
                     + (forms.joinedElisions > 0 ? ", \(grouped(UInt64(forms.joinedElisions))) of them a clitic and a word joined)" : ")"))
      }
      if let pairs = summary.wordPairs?.stats {
        lines.append("word pairs: \(grouped((pairs.occurrencesMilli + SourceRule.pairCountUnit / 2) / SourceRule.pairCountUnit)) counted, \(grouped(UInt64(pairs.distinctPairs))) distinct, "
                     + "\(grouped(UInt64(pairs.lexiconPairs))) between lexicon words (D = \(String(format: "%.3f", Double(pairs.discountMilli) / 1000))); "
                     + "kept \(grouped(UInt64(pairs.entries))) in \(grouped(UInt64(pairs.rows))) rows, \(grouped(UInt64(pairs.bytes))) bytes")
      }
      if let known = summary.knownWords, let choice = summary.lexiconChoice {
        lines.append("known words: \(grouped(UInt64(known.wordCount))) past the lexicon, stood as typed but not suggested "
                     + "(\(grouped(UInt64(choice.knownRemoved.count))) misspellings left out; filter \(grouped(UInt64(known.section.count))) bytes, "
                     + String(format: "%.1f%% of its bits set)", 100 * known.fill))
      }
      if let offensive = summary.offensiveWords {
        lines.append(offensive.listed == 0 ? "offensive words: none flagged (no list of offensive words feeds this language)"
          : "offensive words: \(grouped(UInt64(offensive.nodes.count))) flagged (of the list's \(grouped(UInt64(offensive.listed))); the rest are no lexicon word)")
      }
    } else {
      let words = summary.words
      lines.append(note ?? (lexiconWords == 0 ? "no lexicon: --lexicon-words 0"
        // Words were fed, but every one was too long to keep: say so, not that nothing fed words.
        : words.distinctWords == 0 && words.droppedWords > 0
          ? "no lexicon: every word of the inputs that feed words is over \(WordCounts.maximumLength) letters "
            + "(\(grouped(words.droppedWords)) weighted occurrences left out); a lexicon word has at most \(WordCounts.maximumLength)"
          : "no lexicon: no input feeds words (language.json's sources, --frequency-list or --lexicon-from text)"))
    }
    lines.append("wrote \(summary.tablePath ?? "") (\(grouped(UInt64(summary.image?.count ?? 0))) bytes; bigram+trigram \(grouped(UInt64(ngramBytes))) bytes)")
    if let swiftPath = summary.swiftPath { lines.append("wrote \(swiftPath) (\(grouped(UInt64(summary.swiftSourceBytes))) bytes)") }
    return lines.joined(separator: "\n")
  }
}

extension BuildReport {
  /// How many words the lexicon left out as misspellings, by rule (docs/Languages.md, "Words that are misspellings").
  static func misspellings(_ choice: LexiconChoice) -> String {
    guard choice.hasDictionary else {
      guard choice.removed.isEmpty else {
        return "misspellings removed: \(grouped(UInt64(choice.removed.count))) (no dictionary: words written without their marks only)"
      }
      return "misspellings removed: none (no dictionary: no source feeds forms or accepts, so no word is taken for a misspelling)"
    }
    let total = choice.removed.count
    let listed = choice.listedRemovals, marks = choice.markRemovals
    return "misspellings removed: \(grouped(UInt64(total))) (dictionary neighbour \(grouped(UInt64(choice.neighbourRemovals)))"
      + (marks > 0 ? ", \(grouped(UInt64(marks))) of them without their marks" : "")
      + (listed > 0 ? ", misspelling list \(grouped(UInt64(listed))))" : ")")
  }
}

func percent(_ fraction: Double) -> String { String(format: "%.1f%%", fraction * 100) }

/// A plain error message for the CLI.
struct CLIError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
