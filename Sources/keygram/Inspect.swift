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
         "bigram":{"t":{"a":p,…,"$":p},…},"trigram":{"^t":{…},"th":{…},…}}
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
          print("{\"language\":\(jsonString(table.languageCode)),\"context\":\(jsonString(after)),\"next\":\(jsonObject(distribution, letters))}")
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
        print(fullJSON(table, letters))
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

    private func fullJSON(_ table: KeyGramTable, _ letters: [String]) -> String {
      let n = letters.count
      var parts: [String] = []
      parts.append("\"language\":\(jsonString(table.languageCode))")
      parts.append("\"alphabet\":[\(letters.map(jsonString).joined(separator: ","))]")
      parts.append("\"unigram\":\(jsonObject(table.unigram, letters))")
      parts.append("\"initial\":\(jsonObject(table.initial, letters))")
      let boundary = LetterSymbol.boundary
      let bigrams = (0..<n).map { b in
        "\(jsonString(letters[b])):\(jsonObject(table.distribution(after: .bigram(LetterSymbol(letterIndex: b))), letters))"
      }
      parts.append("\"bigram\":{\(bigrams.joined(separator: ","))}")
      var trigrams: [String] = []
      for a in 0...n {
        for b in 0..<n {
          let first = a == n ? boundary : LetterSymbol(letterIndex: a)
          let key = (a == n ? "^" : letters[a]) + letters[b]
          trigrams.append("\(jsonString(key)):\(jsonObject(table.distribution(after: LetterContext(previous: first, last: LetterSymbol(letterIndex: b))), letters))")
        }
      }
      parts.append("\"trigram\":{\(trigrams.joined(separator: ","))}")
      let quadgrams = table.quadgramContexts.map { context in
        let key = (context.earlier == boundary ? "^" : letters[context.earlier.letterIndex!])
          + letters[context.previous.letterIndex!] + letters[context.last.letterIndex!]
        return "\(jsonString(key)):\(jsonObject(table.distribution(after: context), letters))"
      }
      parts.append("\"quadgram\":{\(quadgrams.joined(separator: ","))}")
      return "{" + parts.joined(separator: ",") + "}"
    }
  }
}

/// {"a":p,…,"$":p} for one distribution, in alphabet order.
func jsonObject(_ distribution: LetterDistribution, _ letters: [String]) -> String {
  let entries = distribution.indices.map { index -> String in
    let key = index < letters.count ? letters[index] : "$"
    return "\(jsonString(key)):\(jsonNumber(distribution[index]))"
  }
  return "{" + entries.joined(separator: ",") + "}"
}

func jsonNumber(_ value: Double) -> String {
  String(format: "%.9g", value)
}

func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case let s where s.value < 0x20: out += String(format: "\\u%04x", s.value)
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out + "\""
}
