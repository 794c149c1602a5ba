import KeyGramPipeline

/// Small alphabets that between them meet every decoding rule (docs/Pipeline.md, "Decode"):
/// ASCII letters, NFD compositions of two and three scalars, case mappings, both apostrophe
/// rules (the boundary one with clitics), letters above U+0800, Greek final sigma and an alphabet over 63 letters (trigram counting). All but that
/// last, wide one are small, so a run's dense counts stay a few thousand cells.
enum FuzzLanguages {
  static let all: [Language] = [
    Language(code: "xa", name: "ASCII", alphabet: scalars("abcde")),
    Language(code: "xl", name: "Latin", alphabet: scalars("ceéèëo"), apostrophesAreTransparent: false, elisions: ["c", "ce"]),
    Language(code: "xc", name: "Cyrillic", alphabet: scalars("еёийк")),
    Language(code: "xt", name: "Turkish", alphabet: scalars("ıiöç"), caseMappings: ["İ": "i", "I": "ı"]),
    Language(code: "xp", name: "Pinyin", alphabet: scalars("uüǖǘ")),
    Language(code: "xh", name: "High", alphabet: scalars("aạấაბ")),
    Language(code: "xw", name: "Wide", alphabet: scalars("abcdefghijklmnopqrstuvwxyzабвгдежзийклмнопрстуфхцчшщъыьэюяαβγδεζσς")),
  ]

  /// The index of the wide language, the last: the only one whose dense counts are large (66³ cells).
  static let wide = all.count - 1

  /// One decoder per language, built once (each precomputes its classes below U+0800).
  static let decoders = all.map { LetterDecoder(language: $0) }

  private static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }
}
