/// Text from a file (a language.json's code, name or letters) as a message or generated source
/// shows it: nothing in it can end a line, reorder the terminal's text or hide a character.
package enum Printable {
  /// `text` with backslash and quote escaped, and every scalar `isInvisible` as \u{…}: the
  /// inside of a Swift string literal.
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case let s where isInvisible(s): out += "\\u{\(String(s.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `text` escaped, in double quotes.
  package static func quoted(_ text: String) -> String { "\"" + escaped(text) + "\"" }

  /// Controls (NUL, newline, escape), format characters (the bidirectional overrides such as
  /// U+202E, zero-width joiners), line and paragraph separators, private-use, surrogate and
  /// unassigned scalars.
  package static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: return true
    default: return false
    }
  }
}
