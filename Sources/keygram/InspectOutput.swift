import KeyGram
import KeyGramPipeline

/// `inspect --suggest --json`.
struct SuggestionsJSON: Encodable {
  struct Entry: Encodable {
    var word: String
    var score: Double
    var sources: [String]
  }
  struct Decision: Encodable {
    var typed: String
    var best: String
    var replaces: Bool
    var margin: Double
    /// The typed letters read as two words ("this is"), when that beats them.
    var split: Split?
  }
  struct Split: Encodable {
    var words: String
    var spaceTouch: Int?
    var replaces: Bool
    var margin: Double
  }
  var language: String
  var prefix: String
  var suggestions: [Entry]
  var decision: Decision
}

/// `inspect --words --json`.
struct WordsJSON: Encodable {
  struct Entry: Encodable {
    var word: String
    var weight: Double
  }
  var language: String
  var words: [Entry]
}

/// `inspect --json`: the whole table, written a row at a time (a 250-letter table's JSON is
/// about 300 MB). Keys in this order; rows keyed by letter, then "$":
/// language, alphabet, unigram, initial, bigram (one row per letter typed last), trigram (one
/// row per (letter or ^, letter)), quadgram (one row per kept three-symbol context: earlier,
/// previous, last), lexicon (its size, for a table with one), writtenForms, knownWords and decoderSettings (each
/// for a table with them).
enum TableJSON {
  static func write(_ table: KeyGramTable, to output: inout some TextOutputStream) {
    let letters = table.alphabet.map(String.init)
    // Each row's keys, escaped once: "a":, "b":, …, "$":.
    let keys = (letters + ["$"]).map { JSONText.string($0) + ":" }
    func row(_ distribution: LetterDistribution) -> String {
      "{" + distribution.indices.map { keys[$0] + JSONText.number(distribution[$0]) }.joined(separator: ",") + "}"
    }
    output.write("{\"language\":\(JSONText.string(table.languageCode)),\"alphabet\":[")
    output.write(letters.map(JSONText.string).joined(separator: ","))
    for group in TableRow.Group.allCases {
      let rows = TableRow.rows(of: table, in: group)
      switch group {
      case .unigram, .initial:
        output.write((group == .unigram ? "]," : ",") + JSONText.string(group.rawValue) + ":" + row(rows[0].distribution(in: table)))
      default:
        output.write(",\(JSONText.string(group.rawValue)):{")
        for (index, entry) in rows.enumerated() {
          output.write((index == 0 ? "" : ",") + JSONText.string(entry.key) + ":" + row(entry.distribution(in: table)))
        }
        output.write("}")
      }
    }
    if let lexicon = table.lexicon {
      let bytes = table.sections.sections.first { $0.tag == TableFormat.Section.lexicon }?.length ?? 0
      output.write(",\"lexicon\":{\"words\":\(lexicon.wordCount),\"nodes\":\(lexicon.nodeCount),\"bytes\":\(bytes)}")
    }
    if table.hasWrittenForms {
      output.write(",\"writtenForms\":{\"entries\":\(table.writtenFormEntryCount),\"apostrophe\":\(JSONText.string(String(table.apostrophe)))}")
    }
    if let known = table.knownWords {
      output.write(",\"knownWords\":{\"words\":\(known.wordCount),\"bits\":\(known.bitCount),\"hashes\":\(known.hashCount)}")
    }
    if !table.decoderSettings.isEmpty {
      let settings = table.decoderSettings.map { setting, value in
        JSONText.string(setting.name) + ":" + (value.isFinite ? DecoderSettingText.number(value) : JSONText.string(DecoderSettingText.number(value)))
      }
      output.write(",\"decoderSettings\":{" + settings.joined(separator: ",") + "}")
    }
    output.write("}\n")
  }
}

/// A decoder setting's value as a manifest writes it: `26`, `0.5`, `inf`.
enum DecoderSettingText {
  /// The `decoder` object of a language manifest that gives `parameters` where they differ
  /// from the generic defaults, or a note that none does.
  static func manifestObject(for parameters: WordDecoder.Parameters) -> String {
    let defaults = WordDecoder.Parameters()
    let entries = DecoderSetting.allCases.filter { parameters[$0] != defaults[$0] }.map { setting in
      let value = parameters[setting]
      if setting == .autocorrection { return "\"\(setting.name)\": \"\(parameters.autocorrection)\"" }
      return "\"\(setting.name)\": " + (value.isFinite ? number(value) : "\"\(number(value))\"")
    }
    return entries.isEmpty ? "no \"decoder\" object (the generic defaults)" : "\"decoder\": {" + entries.joined(separator: ", ") + "}"
  }

  static func number(_ value: Float) -> String {
    if value == .infinity { return "inf" }
    if value == -.infinity { return "-inf" }
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return "\(value)"
  }
}

/// Standard output through a 1 MiB buffer, for outputs too big to build as one string.
struct StandardOutputStream: TextOutputStream {
  private var buffer = ""
  mutating func write(_ text: String) {
    buffer += text
    if buffer.utf8.count >= 1 << 20 { flush() }
  }
  mutating func flush() {
    print(buffer, terminator: "")
    buffer = ""
  }
}

/// `inspect --after CONTEXT --json`: `next` is what the resolvers weigh; with a lexicon, also
/// its two parts and λ (those keys are left out for a table without one).
struct ContextJSON: Encodable {
  var language: String
  var context: String
  var next: NextLetters
  var lexiconWeight: Double?
  var ngram: NextLetters?
  var lexicon: NextLetters?
}

/// {"a":p,…,"$":p}: one distribution, keyed by letter in alphabet order, then "$" (end of word).
struct NextLetters: Encodable {
  var values: [Double]
  var letters: [String]

  init(_ distribution: LetterDistribution, _ letters: [String]) {
    self.init(values: distribution.indices.map { distribution[$0] }, letters)
  }

  init(values: [Double], _ letters: [String]) {
    self.values = values
    self.letters = letters
  }

  func encode(to encoder: Encoder) throws {
    var container = encoder.container(keyedBy: DynamicKey.self)
    for (index, value) in values.enumerated() {
      try container.encode(value, forKey: DynamicKey(index < letters.count ? letters[index] : "$"))
    }
  }
}

/// `inspect --why WORD --json`: `why` is "lexicon" (the table, or a table built from the
/// corpora, holds the word), "misspelling" (left out: `rule`, `correction`, their counts and,
/// for a dictionary neighbour, the `slip`), "cut" (below the lexicon's size cut: `count` and the
/// last kept word's `cutCount`), "known" (a known word beyond the lexicon, `knownRank` among
/// them) or "absent" (not in the word lists); `offensive` is true for a lexicon word the table
/// flags as offensive. Keys without a value are left out.
struct WhyJSON: Encodable {
  var language: String
  var word: String
  var inLexicon: Bool
  var why: String
  var rule: String?
  var correction: String?
  var slip: String?
  var count: UInt64?
  var correctionCount: UInt64?
  var cutCount: UInt64?
  /// For a known word beyond the lexicon: its rank among them.
  var knownRank: Int?
  var offensive: Bool?
  var note: String?
}
