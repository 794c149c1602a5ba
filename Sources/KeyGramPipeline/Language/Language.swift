import Foundation
import KeyGram

/// A language as the builder needs it: its code, name and ordered alphabet, how case and
/// punctuation map onto letters, and its keyboard layout. Read from corpora/<code>/language.json.
public struct Language: Sendable, Equatable {
  public var code: String
  public var name: String
  /// Lowercase letters in table order.
  public var alphabet: [Unicode.Scalar]
  /// Extra scalar → letter mappings applied before ordinary lowercasing (e.g. Turkish İ → i).
  public var caseMappings: [Unicode.Scalar: Unicode.Scalar]
  /// When true, apostrophes (U+0027, U+2019, U+02BC) are dropped, so "don't" counts as "dont";
  /// when false they end a word.
  public var apostrophesAreTransparent: Bool
  /// Under `boundary` apostrophes, the clitics (lowercase letters) after which an apostrophe
  /// splits a word ("l'homme", "jusqu'à"); any other apostrophe word stays whole ("aujourd'hui").
  public var elisions: [String]
  /// The one scalar the table's written forms store every apostrophe as (U+0027 by default).
  public var apostrophe: Unicode.Scalar
  /// The keyboard layout: rows of keys, each key typing one or more letters.
  public var layout: KeyboardLayoutSpec?
  /// What each corpus file feeds (letters, words or both), first matching rule first.
  public var sources: [SourceRule]
  /// The word decoder's settings this language was tuned with, which the table carries (`TUNE`)
  /// in place of the decoder's defaults.
  public var decoderSettings: [DecoderSetting: Float]

  public init(code: String, name: String, alphabet: [Unicode.Scalar],
              caseMappings: [Unicode.Scalar: Unicode.Scalar] = [:],
              apostrophesAreTransparent: Bool = true, elisions: [String] = [],
              apostrophe: Unicode.Scalar = "'", layout: KeyboardLayoutSpec? = nil,
              sources: [SourceRule] = SourceRule.lettersOnly, decoderSettings: [DecoderSetting: Float] = [:]) {
    self.code = code
    self.name = name
    self.alphabet = alphabet
    // The code's own rules first (Turkish I), then the manifest's, which win.
    self.caseMappings = Self.defaultCaseMappings(code: code, alphabet: alphabet).merging(caseMappings) { _, given in given }
    self.apostrophesAreTransparent = apostrophesAreTransparent
    self.elisions = elisions
    self.apostrophe = apostrophe
    self.layout = layout
    self.sources = sources
    self.decoderSettings = decoderSettings
  }

  /// The apostrophes a word may be written with (' ’ ʼ): every one reads as one apostrophe.
  public static let apostrophes: [Unicode.Scalar] = ["'", "\u{2019}", "\u{02BC}"]

  /// The index of each alphabet letter.
  public var letterIndex: [Unicode.Scalar: Int] {
    Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })
  }

  /// The capital the table stores beside `letter` (the `ALPH` section), which the runtime reads
  /// as that letter: the smallest uppercase character the language's case mappings send to it
  /// (Turkish İ for i, I for ı), else Unicode's single-scalar uppercase.
  /// A letter whose Unicode capital reads as another letter of the alphabet (Greek final ς,
  /// whose capital Σ lowercases to σ) stores itself, so Σ reads as σ in the runtime as in the builder.
  public func uppercase(of letter: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = caseMappings.filter { $0.value == letter && $0.key != letter && $0.key.properties.isUppercase }.map(\.key)
    if let capital = mapped.min() { return capital }
    let capital = Self.uppercase(of: letter)
    guard capital != letter else { return letter }
    let readAs = caseMappings[capital] ?? Array(capital.properties.lowercaseMapping.unicodeScalars).first ?? capital
    return readAs != letter && alphabet.contains(readAs) ? letter : capital
  }

  /// Unicode's one lowercasing that depends on where a letter stands (SpecialCasing.txt's
  /// Final_Sigma): a capital Σ that ends a word after a letter is ς, elsewhere σ.
  public static let finalFormRules: [(letter: Unicode.Scalar, finalForm: Unicode.Scalar)] = [("σ", "ς")]

  /// The final-form pairs this alphabet holds, as letter indices: Greek (σ, ς). The table's
  /// `TEXT` section carries them, so the runtime takes ς where the builder does.
  public var finalForms: [(letter: Int, finalForm: Int)] {
    let index = letterIndex
    return Self.finalFormRules.compactMap { rule in
      guard let letter = index[rule.letter], let finalForm = index[rule.finalForm] else { return nil }
      return (letter, finalForm)
    }
  }

  /// The case mappings a language gets without asking: Turkish and Azerbaijani pair dotless ı
  /// with I and dotted i with İ, where Unicode's default lowercasing makes I an i.
  public static func defaultCaseMappings(code: String, alphabet: [Unicode.Scalar]) -> [Unicode.Scalar: Unicode.Scalar] {
    let base = code.lowercased().split(separator: "-").first.map(String.init) ?? ""
    guard ["tr", "az"].contains(base), alphabet.contains("ı"), alphabet.contains("i") else { return [:] }
    return ["I": "ı", "İ": "i"]
  }

  /// The single-scalar uppercase of `letter`, or `letter` itself when uppercasing gives
  /// several scalars (ß → SS) or none differs.
  public static func uppercase(of letter: Unicode.Scalar) -> Unicode.Scalar {
    let upper = Array(String(letter).uppercased().unicodeScalars)
    return upper.count == 1 ? upper[0] : letter
  }
}

/// A keyboard layout for a language: rows of keys, and the letters each key types
/// (its cap letter first, then long-press variants). A letterless key (the Greek `;`) is its
/// one non-letter scalar: it types no letter and only takes its place in the row.
public struct KeyboardLayoutSpec: Sendable, Equatable {
  public var name: String
  /// Rows top to bottom; each key is the list of letters it types, cap letter first, or the
  /// single scalar of a letterless key.
  public var rows: [[[Unicode.Scalar]]]

  public init(name: String, rows: [[[Unicode.Scalar]]]) {
    self.name = name
    self.rows = rows
  }

  public var keys: [[Unicode.Scalar]] { rows.flatMap { $0 } }
}
