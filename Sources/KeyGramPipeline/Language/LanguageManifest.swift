import Foundation
import KeyGram

/// Why a language manifest (corpora/<code>/language.json) was refused: names the file and field.
public struct ManifestError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var field: String
  public var problem: String
  /// An empty field: the problem is with the path itself (a missing corpora folder).
  public var description: String { field.isEmpty ? "\(path): \(problem)" : "\(path): \(field): \(problem)" }
}

/// Reads and checks corpora/<code>/language.json:
///
///     { "code": "de", "name": "German",
///       "alphabet": "abcdefghijklmnopqrstuvwxyzäöüß",
///       "caseMappings": { "ẞ": "ß" },
///       "apostrophes": "transparent",
///       "layout": { "name": "QWERTZ", "rows": [["q","w","e","r","t","z","u","i","o","p","ü"], …] },
///       "sources": [ { "files": "wordfreq.freq.gz", "feeds": ["words"] },
///                    { "files": "*", "feeds": ["letters"] } ] }
///
/// Each layout key is a string of the letters it types, its cap letter first ("eéèêë"), or a
/// single punctuation mark that types no letter (the Greek ";").
/// Each corpus file takes the first source rule whose `files` (a name, `*` for any run of
/// characters) match it; without `sources` every file feeds the letters only.
/// An optional `decoder` object names word-decoder settings the language was tuned with
/// (`DecoderSetting`, e.g. `{ "spellingMarginPerLetter": 5 }`), which its table carries.
package enum LanguageManifest {
  struct File: Decodable {
    var code: String
    var name: String
    var alphabet: String
    var caseMappings: [String: String]?
    var apostrophes: String?
    var elisions: [String]?
    var apostrophe: String?
    var layout: Layout?
    var sources: [Source]?
    var decoder: [String: SettingValue]?
    struct Layout: Decodable {
      var name: String
      var rows: [[String]]
    }
    struct Source: Decodable {
      var files: String
      var feeds: [String]
      var weight: Double?
      var pairWeight: Double?
    }
    /// A number, the string "inf" (JSON has no infinity: a setting turned off), or an
    /// autocorrect level's name ("standard": its strength).
    struct SettingValue: Decodable {
      var value: Double
      init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
          value = number
        } else {
          let name = try container.decode(String.self)
          if name == "inf" {
            value = .infinity
          } else if let level = Autocorrection(name: name) {
            value = Double(Autocorrection.allLevels.firstIndex(of: level)!)
          } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a number, \"inf\" or an autocorrect level (off, modest, standard, aggressive)")
          }
        }
      }
    }
  }

  package static let fileName = "language.json"

  package static func load(_ path: String) throws(ManifestError) -> Language {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ManifestError(path: path, field: "(file)", problem: "cannot read the manifest")
    }
    let file: File
    do {
      file = try JSONDecoder().decode(File.self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      throw ManifestError(path: path, field: fieldName(context.codingPath + [key]), problem: "missing")
    } catch let DecodingError.typeMismatch(_, context) {
      throw ManifestError(path: path, field: fieldName(context.codingPath), problem: "wrong type: \(context.debugDescription)")
    } catch let DecodingError.valueNotFound(_, context) {
      throw ManifestError(path: path, field: fieldName(context.codingPath), problem: "null")
    } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
      throw ManifestError(path: path, field: fieldName(context.codingPath), problem: context.debugDescription)
    } catch {
      throw ManifestError(path: path, field: "(file)", problem: "not valid JSON: \(error.localizedDescription)")
    }
    try refuseUnknownKeys(in: data, path: path)
    return try validate(file, path: path)
  }

  /// The keys each object of a manifest may hold (caseMappings' keys are characters, any).
  static let knownKeys: [String: [String]] = [
    "": ["code", "name", "alphabet", "caseMappings", "apostrophes", "elisions", "apostrophe", "layout", "sources", "decoder"],
    "decoder": DecoderSetting.allCases.map(\.name),
    "layout": ["name", "rows"],
    "sources[]": ["files", "feeds", "weight", "pairWeight"],
  ]

  /// A misspelled key would otherwise be ignored without a word: refused with its JSON path
  /// and the nearest known key.
  static func refuseUnknownKeys(in data: Data, path: String) throws(ManifestError) {
    guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
    func check(_ object: [String: Any], known: [String], at prefix: String) throws(ManifestError) {
      for key in object.keys.sorted() where !known.contains(key) {
        let nearest = known.min { editDistance(key, $0) < editDistance(key, $1) }!
        let hint = editDistance(key, nearest) <= max(2, nearest.count / 3) ? "; did you mean \(nearest)?" : ""
        throw ManifestError(path: path, field: prefix + (key.isEmpty ? "\"\"" : Printable.escaped(key)), problem: "unknown key\(hint) (known here: \(known.joined(separator: ", ")))")
      }
    }
    try check(root, known: knownKeys[""]!, at: "")
    if let layout = root["layout"] as? [String: Any] { try check(layout, known: knownKeys["layout"]!, at: "layout.") }
    if let decoder = root["decoder"] as? [String: Any] { try check(decoder, known: knownKeys["decoder"]!, at: "decoder.") }
    for (index, source) in ((root["sources"] as? [Any]) ?? []).enumerated() {
      if let source = source as? [String: Any] { try check(source, known: knownKeys["sources[]"]!, at: "sources[\(index)].") }
    }
  }

  /// Levenshtein distance over characters, for "did you mean".
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var row = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var previous = row[0]
      row[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let substitution = previous + (a[i - 1] == b[j - 1] ? 0 : 1)
        previous = row[j]
        row[j] = min(substitution, row[j] + 1, row[j - 1] + 1)
      }
    }
    return a.isEmpty ? b.count : row[b.count]
  }

  static func validate(_ file: File, path: String) throws(ManifestError) -> Language {
    func fail(_ field: String, _ problem: String) -> ManifestError { ManifestError(path: path, field: field, problem: problem) }
    guard !file.code.isEmpty, file.code.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
      throw fail("code", "\(Printable.quoted(file.code)) is not a language code such as \"en\" or \"pt-BR\"")
    }
    let alphabet = Array(file.alphabet.precomposedStringWithCanonicalMapping.unicodeScalars)
    guard alphabet.count >= 2 else { throw fail("alphabet", "\(alphabet.count) letters; a table needs at least 2") }
    guard alphabet.count <= TableFormat.maximumLetterCount else {
      throw fail("alphabet", "\(alphabet.count) letters; at most \(TableFormat.maximumLetterCount)")
    }
    var seen: Set<Unicode.Scalar> = []
    for letter in alphabet {
      guard seen.insert(letter).inserted else { throw fail("alphabet", "\(Printable.quoted(String(letter))) appears twice") }
      guard letter.properties.isAlphabetic else { throw fail("alphabet", "\(Printable.quoted(String(letter))) (\(Hex.codePoint(letter.value))) is not a letter") }
      guard String(letter).lowercased() == String(letter) else { throw fail("alphabet", "\(Printable.quoted(String(letter))) is not lowercase") }
    }
    var caseMappings: [Unicode.Scalar: Unicode.Scalar] = [:]
    for (from, to) in file.caseMappings ?? [:] {
      let fromScalars = Array(from.unicodeScalars), toScalars = Array(to.precomposedStringWithCanonicalMapping.unicodeScalars)
      guard fromScalars.count == 1, toScalars.count == 1, seen.contains(toScalars[0]) else {
        throw fail("caseMappings.\(Printable.escaped(from))", "must map one character to one letter of the alphabet")
      }
      // The table's ASCII map may send an ASCII byte only to a letter it is a case of.
      if fromScalars[0].isASCII, Language.uppercase(of: toScalars[0]) != fromScalars[0], toScalars[0] != fromScalars[0] {
        throw fail("caseMappings.\(Printable.escaped(from))", "an ASCII character may map only to the letter whose uppercase it is")
      }
      caseMappings[fromScalars[0]] = toScalars[0]
    }
    let transparent: Bool
    switch file.apostrophes ?? "transparent" {
    case "transparent": transparent = true
    case "boundary": transparent = false
    case let other: throw fail("apostrophes", "\"\(other)\"; expected \"transparent\" or \"boundary\"")
    }
    let elisions = try elisionList(file.elisions, transparent: transparent, alphabet: seen, fail: fail)
    var apostrophe = TableFormat.WrittenForms.defaultApostrophe
    if let given = file.apostrophe {
      let scalars = Array(given.unicodeScalars)
      guard scalars.count == 1, Language.apostrophes.contains(scalars[0]) else {
        throw fail("apostrophe", "\(Printable.quoted(given)); expected one of \"'\" (U+0027), \"’\" (U+2019) or \"ʼ\" (U+02BC)")
      }
      apostrophe = scalars[0]
    }
    var layout: KeyboardLayoutSpec?
    if let spec = file.layout {
      var typed: [Unicode.Scalar: String] = [:]
      let rows = try spec.rows.enumerated().map { (rowIndex, row) throws(ManifestError) -> [[Unicode.Scalar]] in
        guard !row.isEmpty else { throw fail("layout.rows[\(rowIndex)]", "empty row") }
        return try row.map { (key) throws(ManifestError) -> [Unicode.Scalar] in
          let letters = Array(key.precomposedStringWithCanonicalMapping.unicodeScalars)
          guard !letters.isEmpty else { throw fail("layout.rows[\(rowIndex)]", "empty key") }
          if let problem = letterlessKeyProblem(key, scalars: letters, alphabet: seen) {
            throw fail("layout.rows[\(rowIndex)]", problem)
          }
          if letters.count == 1, !seen.contains(letters[0]), let letter = caseMappings[letters[0]] {
            throw fail("layout.rows[\(rowIndex)]", "key \(Printable.quoted(key)) types no letter, but caseMappings reads it as \(Printable.quoted(String(letter)))")
          }
          for letter in letters {
            if let other = typed[letter] { throw fail("layout.rows[\(rowIndex)]", "\"\(letter)\" is on two keys, \"\(other)\" and \"\(key)\"") }
            typed[letter] = key
          }
          return letters
        }
      }
      if let missing = alphabet.first(where: { typed[$0] == nil }) {
        throw fail("layout", "letter \"\(missing)\" has no key")
      }
      guard rows.joined().count <= TableFormat.maximumLetterCount else { throw fail("layout", "more than \(TableFormat.maximumLetterCount) keys") }
      layout = KeyboardLayoutSpec(name: spec.name, rows: rows)
    }
    var sources = SourceRule.lettersOnly
    if let rules = file.sources {
      sources = try rules.enumerated().map { (index, rule) throws(ManifestError) -> SourceRule in
        let field = "sources[\(index)]"
        guard !rule.files.isEmpty, !rule.files.contains("/") else { throw fail("\(field).files", "\(Printable.quoted(rule.files)) is not a file name or pattern") }
        var feeds: SourceRule.Feeds = []
        for feed in rule.feeds {
          switch feed {
          case "letters": feeds.insert(.letters)
          case "words": feeds.insert(.words)
          case "forms": feeds.insert(.forms)
          case "accepts": feeds.insert(.accepts)
          case "misspellings": feeds.insert(.misspellings)
          case "pairs": feeds.insert(.pairs)
          case "offensive": feeds.insert(.offensive)
          default: throw fail("\(field).feeds", "\"\(feed)\"; expected \"letters\", \"words\", \"pairs\", \"forms\", \"accepts\", \"misspellings\" or \"offensive\"")
          }
        }
        guard !feeds.isEmpty else { throw fail("\(field).feeds", "empty; say \"letters\", \"words\" or both, or \"forms\", \"accepts\", \"misspellings\" or \"offensive\"") }
        // A list of written forms, of accepted words, of misspellings or of offensive words has
        // no counts to give the letters or the lexicon, and is one kind of list.
        let lists = feeds.intersection(SourceRule.Feeds.lists)
        guard lists.isEmpty || (lists == feeds && [.forms, .accepts, .misspellings, .offensive].contains(lists)) else {
          let names = rule.feeds.map { "\"\($0)\"" }.joined(separator: " with ")
          throw fail("\(field).feeds", "\(names); a list of written forms, accepted words, misspellings or offensive words feeds nothing else")
        }
        // Pairs are read from running text, which a rule says by feeding the letters, or from a
        // list of pairs with their counts (a frequency list, by its name), which feeds nothing else.
        let pairList = SourceRule.isFrequencyList(rule.files)
        guard !feeds.contains(.pairs) || feeds.contains(.letters) || (pairList && feeds == .pairs) else {
          throw fail("\(field).feeds", "\"pairs\" without \"letters\"; word pairs are counted from running text, whose rule feeds \"letters\" too, "
                     + "or from a list of pairs and counts named *.freq.*, which feeds \"pairs\" alone")
        }
        let weight = rule.weight ?? 1
        guard weight.isFinite && weight > 0 && weight <= 1e9 else { throw fail("\(field).weight", "\(weight); expected a number in (0, 1e9]") }
        let pairWeight = rule.pairWeight ?? 1
        if rule.pairWeight != nil {
          guard feeds.contains(.pairs) else { throw fail("\(field).pairWeight", "given, but the rule feeds no \"pairs\"") }
          // Running text counts each pair in thousandths, so its weight must give at least one.
          let least = pairList ? 1e-15 : 1 / Double(SourceRule.pairCountUnit)
          guard pairWeight.isFinite && pairWeight >= least && pairWeight <= 1e6 else {
            throw fail("\(field).pairWeight", "\(pairWeight); expected a number in [\(least), 1e6]" + (pairList ? "" : " for running text (pairs are counted in thousandths)"))
          }
        }
        return SourceRule(files: rule.files, feeds: feeds, wordWeight: weight, pairWeight: pairWeight)
      }
    }
    var decoderSettings: [DecoderSetting: Float] = [:]
    for (name, given) in file.decoder ?? [:] {
      // Unknown names were refused with a hint above.
      guard let setting = DecoderSetting(name: name) else { throw fail("decoder.\(name)", "not a decoder setting") }
      guard let problem = decoderSettingProblem(setting, given.value) else {
        decoderSettings[setting] = Float(given.value)
        continue
      }
      throw fail("decoder.\(name)", problem)
    }
    return Language(code: file.code, name: file.name, alphabet: alphabet, caseMappings: caseMappings,
                    apostrophesAreTransparent: transparent, elisions: elisions, apostrophe: apostrophe, layout: layout, sources: sources,
                    decoderSettings: decoderSettings)
  }

  /// Why `value` cannot be `setting`, or nil: a log-probability is finite and at most 0, a
  /// length, step, weight or balance finite and at least 0, the margins' floor finite, a cost or
  /// margin at least 0 (`inf`: off).
  static func decoderSettingProblem(_ setting: DecoderSetting, _ value: Double) -> String? {
    switch setting {
    case .autocorrection:
      return Autocorrection.allLevels.indices.contains(Int(exactly: value) ?? -1) ? nil : "\(value); expected an autocorrect level: off, modest, standard or aggressive"
    case .commonWordLogProbability:
      return value.isFinite && value <= 0 ? nil : "\(value); expected a log-probability, 0 or less"
    case .spellingMarginPerLetter, .spellingMarginLength, .contextWeight, .lexiconBalance:
      return value.isFinite && value >= 0 && value <= 1e6 ? nil : "\(value); expected a finite number from 0 to 1e6"
    case .spellingMarginFloor:
      return value.isFinite && abs(value) <= 1e6 ? nil : "\(value); expected a finite number from -1e6 to 1e6"
    default:
      return value >= 0 && (value <= 1e6 || value == .infinity) ? nil : "\(value); expected 0 or more nats, at most 1e6, or \"inf\""
    }
  }

  /// The `elisions` list: lowercase clitics of alphabet letters, each once, and only where
  /// apostrophes are word boundaries (a transparent apostrophe splits nothing).
  static func elisionList(_ list: [String]?, transparent: Bool, alphabet: Set<Unicode.Scalar>,
                          fail: (String, String) -> ManifestError) throws(ManifestError) -> [String] {
    guard let list else { return [] }
    guard !transparent else {
      throw fail("elisions", "allowed only with \"apostrophes\": \"boundary\" (a transparent apostrophe splits no word)")
    }
    var seen: Set<String> = []
    for (index, clitic) in list.enumerated() {
      let field = "elisions[\(index)]"
      let letters = clitic.precomposedStringWithCanonicalMapping
      guard !letters.isEmpty else { throw fail(field, "empty; a clitic is one or more letters such as \"l\" or \"qu\"") }
      if let stranger = letters.unicodeScalars.first(where: { !alphabet.contains($0) }) {
        throw fail(field, "\(Printable.quoted(clitic)) has \(Printable.quoted(String(stranger))), which is not a lowercase letter of the alphabet")
      }
      guard letters.unicodeScalars.count <= TableFormat.Lexicon.maximumDepth else { throw fail(field, "longer than a word may be") }
      guard seen.insert(letters).inserted else { throw fail(field, "\(Printable.quoted(clitic)) appears twice") }
    }
    return list.map(\.precomposedStringWithCanonicalMapping)
  }

  /// Why `key` is neither a key of alphabet letters nor a letterless key (one punctuation mark
  /// or other visible non-letter that is not in the alphabet, as the Greek `;`), or nil if it is one.
  static func letterlessKeyProblem(_ key: String, scalars: [Unicode.Scalar], alphabet: Set<Unicode.Scalar>) -> String? {
    let rule = "a key holds letters of the alphabet or a single punctuation mark"
    guard let stranger = scalars.first(where: { !alphabet.contains($0) }) else { return nil }
    let named = "\(Printable.quoted(String(stranger))) (\(Hex.codePoint(stranger.value)))"
    if scalars.contains(where: alphabet.contains) || stranger.properties.isAlphabetic {
      return "key \(Printable.quoted(key)) types \(Printable.quoted(String(stranger))), which is not in the alphabet"
        + (scalars.count > 1 && !stranger.properties.isAlphabetic ? "; \(rule)" : "")
    }
    guard scalars.count == 1 else { return "key \(Printable.quoted(key)) holds \(scalars.count) characters and no letter; \(rule)" }
    if stranger.properties.isWhitespace { return "key \(Printable.quoted(key)) is white space \(named); \(rule)" }
    switch stranger.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark:
      return "key \(Printable.quoted(key)) is a combining mark \(named); \(rule)"
    case _ where Printable.isInvisible(stranger):
      return "key \(Printable.quoted(key)) is an invisible character \(named); \(rule)"
    default: return nil
    }
  }

  private static func fieldName(_ path: [CodingKey]) -> String {
    // The whole file is of the wrong type (`42`, `[]`): name it, not an empty field (found by fuzzing).
    guard !path.isEmpty else { return "(file)" }
    return path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}

/// The corpus folder layout: corpora/<code>/language.json and the corpus files beside it.
public struct CorpusFolder: Sendable {
  public let root: String

  public init(root: String) { self.root = root }

  /// Extensions read as corpus files.
  public static let corpusExtensions = [".gz", ".dz", ".txt"]

  /// Every language with a manifest, sorted by code.
  public var languageCodes: [String] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return entries.filter { FileManager.default.fileExists(atPath: "\(root)/\($0)/\(LanguageManifest.fileName)") }.sorted()
  }

  public func folder(for code: String) -> String { "\(root)/\(code)" }

  /// No corpora here (keygram run outside the repository): says where it looked and what to pass.
  public func missingFolder(lookingFor what: String) -> ManifestError {
    let absolute = root.hasPrefix("/") ? root : FileManager.default.currentDirectoryPath + "/" + root
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue
    return ManifestError(path: absolute, field: "",
                         problem: (exists ? "no language folders with a language.json in this corpora folder" : "no corpora folder here")
                           + " (looked for \(what)); pass --corpora DIR, or run keygram from the repository root")
  }

  /// The language's manifest; an unknown code is an error naming the codes there are.
  public func language(_ code: String) throws(ManifestError) -> Language {
    let path = "\(folder(for: code))/\(LanguageManifest.fileName)"
    guard FileManager.default.fileExists(atPath: path) else {
      let known = languageCodes
      guard !known.isEmpty else { throw missingFolder(lookingFor: "\(code)/\(LanguageManifest.fileName)") }
      throw ManifestError(path: path, field: "code", problem: "unknown language \(Printable.quoted(code)); known: \(known.joined(separator: ", "))")
    }
    let language = try LanguageManifest.load(path)
    guard language.code == code else {
      throw ManifestError(path: path, field: "code", problem: "\(Printable.quoted(language.code)) does not match its folder \(Printable.quoted(code))")
    }
    return language
  }

  /// The corpus files of a language (top level of its folder only), sorted by name.
  public func corpusFiles(for code: String) -> [String] {
    let folder = folder(for: code)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { name in !name.hasPrefix(".") && Self.corpusExtensions.contains { name.hasSuffix($0) } }
      .sorted().map { "\(folder)/\($0)" }
  }
}
