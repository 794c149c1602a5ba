import Foundation
import KeyGram
import KeyGramPipeline

/// `inspect --bar-after TEXT`: the suggestion bar a keyboard shows with this text before the
/// cursor, as the typing engine fills it (a fresh engine, no history; the table's own settings).
extension Keygram.Inspect {
  func listBar(_ table: KeyGramTable, after text: String) throws {
    guard table.lexicon != nil else { throw CLIError("\(self.table): the table has no lexicon to suggest from") }
    let engine = TypingEngine(table: table, layout: .iPhonePortrait(for: table))
    engine.settings.autocorrection = autocorrect.level
    engine.reset(textBeforeCursor: text)
    let slots = engine.suggestions.prefix(limit).map(\.text)
    if json {
      print(try OrderedJSONEncoder().encode(BarJSON(language: table.languageCode, text: text, bar: Array(slots))))
    } else {
      print("the bar after \"\(Printable.escaped(text))\": " + slots.joined(separator: ", "))
    }
  }
}

/// `inspect --bar-after TEXT --json`: the bar's slots, first first.
struct BarJSON: Encodable {
  var language: String
  var text: String
  var bar: [String]
}
