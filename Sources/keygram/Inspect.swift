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
         "quadgram":{"^th":{…},…}}
        With --after, --json prints {"language":…,"context":"th","next":{"a":p,…,"$":p}}.
        """)

    @Argument(help: "A .keygram table file.")
    var table: String

    @Option(help: "Show the distribution after this context: up to 3 letters, which start a word unless preceded by ? (unknown: \"?th\" is the trigram row th); ^ or a space for a word boundary.")
    var after: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(help: "How many letters the text view lists.")
    var top = 10

    func validate() throws {
      guard top >= 1 else { throw ValidationError("--top must be at least 1.") }
    }

    func run() throws {
      let table: KeyGramTable
      do {
        table = try KeyGramTable(contentsOf: self.table)
      } catch {
        throw CLIError("\(self.table): \(error)")
      }
      let letters = table.alphabet.map(String.init)
      if let after {
        // A leading ? says nothing is known before the letters; otherwise they start a word.
        let unknown = LetterContext.bigram(.unknownLetter)
        let context = after.hasPrefix("?") ? table.context(after: after.dropFirst(), from: unknown) : table.context(after: after)
        let distribution = table.distribution(after: context)
        if json {
          print(try OrderedJSONEncoder().encode(ContextJSON(language: table.languageCode, context: after, next: NextLetters(distribution, letters))))
        } else {
          let ranked = distribution.indices.sorted { (distribution[$0], $1) > (distribution[$1], $0) }.prefix(top)
          print("after \"\(after)\" (\(distribution.isUniform ? "no usable context: uniform" : "\(distribution.count) outcomes")):")
          for index in ranked {
            let name = index < letters.count ? letters[index] : "$ (end of word)"
            print("  \(name)  \(String(format: "%.4f", distribution[index]))")
          }
        }
        return
      }
      if json {
        print(try OrderedJSONEncoder().encode(TableJSON(table)))
      } else {
        print(summary(table, letters))
      }
    }

    private func summary(_ table: KeyGramTable, _ letters: [String]) -> String {
      let sections = table.sections
      var lines = [
        "\(self.table): \(table.languageName) (\(table.languageCode)), format \(sections.majorVersion).\(sections.minorVersion), "
          + "\(table.bytes.count) bytes, CRC-32 0x\(String(sections.storedCRC32, radix: 16)) (valid)",
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
      if let range = sections.provenanceSection,
         let provenance = Provenance(section: table.bytes.slice(from: range.lowerBound, length: range.count), letterCount: letters.count) {
        lines.append("corpus: \(provenance.files.map(\.name).joined(separator: ", ")); \(provenance.letters) letters, \(provenance.words) words")
      }
      let unigram = table.unigram
      lines.append("top letters: " + unigram.indices.sorted { (unigram[$0], $1) > (unigram[$1], $0) }.prefix(top)
        .map { "\(letters[$0]) \(String(format: "%.3f", unigram[$0]))" }.joined(separator: "  "))
      let initial = table.initial
      lines.append("top initials: " + initial.indices.sorted { (initial[$0], $1) > (initial[$1], $0) }.prefix(top)
        .map { "\(letters[$0]) \(String(format: "%.3f", initial[$0]))" }.joined(separator: "  "))
      return lines.joined(separator: "\n")
    }

  }
}

/// `inspect --json`: the whole table. Keys in this order; rows keyed by letter, then "$".
struct TableJSON: Encodable {
  var language: String
  var alphabet: [String]
  var unigram: NextLetters
  var initial: NextLetters
  /// One row per letter typed last.
  var bigram: OrderedObject<NextLetters>
  /// One row per (letter or ^, letter): the context's previous and last slots.
  var trigram: OrderedObject<NextLetters>
  /// One row per three-symbol context the table kept: earlier (letter or ^), previous, last.
  var quadgram: OrderedObject<NextLetters>

  init(_ table: KeyGramTable) {
    let letters = table.alphabet.map(String.init)
    let n = letters.count
    func name(_ symbol: LetterSymbol) -> String { symbol == .boundary ? "^" : letters[symbol.letterIndex!] }
    func row(_ context: LetterContext) -> NextLetters { NextLetters(table.distribution(after: context), letters) }
    language = table.languageCode
    alphabet = letters
    unigram = NextLetters(table.unigram, letters)
    initial = NextLetters(table.initial, letters)
    bigram = OrderedObject((0..<n).map { last in
      (letters[last], row(.bigram(LetterSymbol(letterIndex: last))))
    })
    let previousSymbols = (0..<n).map { LetterSymbol(letterIndex: $0) } + [.boundary]
    var trigramRows: [(key: String, value: NextLetters)] = []
    for previous in previousSymbols {
      for last in 0..<n {
        let context = LetterContext(previous: previous, last: LetterSymbol(letterIndex: last))
        trigramRows.append((name(previous) + letters[last], row(context)))
      }
    }
    trigram = OrderedObject(trigramRows)
    quadgram = OrderedObject(table.quadgramContexts.map { context in
      (name(context.earlier) + name(context.previous) + name(context.last), row(context))
    })
  }
}

/// `inspect --after CONTEXT --json`.
struct ContextJSON: Encodable {
  var language: String
  var context: String
  var next: NextLetters
}

/// {"a":p,…,"$":p}: one distribution, keyed by letter in alphabet order, then "$" (end of word).
struct NextLetters: Encodable {
  var distribution: LetterDistribution
  var letters: [String]

  init(_ distribution: LetterDistribution, _ letters: [String]) {
    self.distribution = distribution
    self.letters = letters
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    for index in distribution.indices {
      try container.encode(distribution[index], forKey: DynamicKey(index < letters.count ? letters[index] : "$"))
    }
  }
}
