import ArgumentParser
import Foundation
import KeyGram
import KeyGramLab
import KeyGramPipeline

/// The keyboard geometries `simulate` and `plot` can use.
enum KeyboardChoice: String, CaseIterable, ExpressibleByArgument {
  /// The table's own keyboard (QWERTY, QWERTZ, AZERTY, ЙЦУКЕН, …) laid out iPhone-style.
  case iphonePortrait = "iphone-portrait"

  /// The keyboard for `table`, and which key types each letter (accented letters on their
  /// long-press keys).
  func layout(for table: KeyGramTable) -> (KeyboardLayout, LetterKeyMap) {
    switch self {
    case .iphonePortrait:
      let layout = KeyboardLayout.iPhonePortrait(for: table)
      return (layout, LetterKeyMap(layout: layout, table: table))
    }
  }
}

/// A table, a keyboard and a simulator for one language.
struct SimulationSetup {
  let table: KeyGramTable
  let simulator: TypingSimulator
  /// Past this, a layout is no phone keyboard, and each keystroke's cost grows with its keys.
  static let maximumKeys = 256

  init(lang: String, tablePath: String?, keyboard: KeyboardChoice) throws {
    let path = tablePath ?? "tables/\(lang).keygram"
    do { table = try KeyGramTable(contentsOf: path) } catch { throw CLIError("\(path): \(error)") }
    guard table.languageCode == lang else {
      throw CLIError("\(path): a table of \(table.languageName) (\(table.languageCode)), not of \(lang); "
                     + "pass \(table.languageCode) as the language, or a table of \(lang)")
    }
    if let keys = table.keyboardLayout?.keyCaps.count, keys > Self.maximumKeys {
      throw CLIError("\(path): its keyboard has \(grouped(keys)) keys; simulate handles at most \(Self.maximumKeys)")
    }
    let (layout, letterKeys) = keyboard.layout(for: table)
    simulator = TypingSimulator(table: table, layout: layout, letterKeys: letterKeys)
  }

  /// The first held-out text of `corpora/<lang>/heldout/` whose name contains `purpose`
  /// ("evaluation" or "tuning"), by name.
  static func heldOutText(lang: String, corpora: String, purpose: String) throws -> String {
    let folder = "\(corpora)/\(lang)/heldout"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    guard let name = names.sorted().first(where: { $0.contains(purpose) }) else {
      throw CLIError("\(folder): no held-out \(purpose) text; pass --text FILE")
    }
    return "\(folder)/\(name)"
  }

  /// The keystrokes of a text file; an empty file or one without a letter of the alphabet is an error.
  func keystrokes(of path: String, limit: Int?) throws -> [TypingSimulator.Keystroke] { try typing(of: path, limit: limit).keystrokes }

  /// The keystrokes of a text file and the words they type as the text writes them.
  func typing(of path: String, limit: Int?, linesAreSentences: Bool = false) throws -> TypingSimulator.TypedText {
    let bytes = try CorpusReader(path: path).readAll()
    try CorpusCounter.refuseNonText(bytes, path: path)
    var text = String(decoding: bytes, as: UTF8.self)
    // A blank line ends a sentence in the simulator's reading; the builder starts one at every line.
    if linesAreSentences { text = text.replacingOccurrences(of: "\n", with: "\n\n") }
    let typing = simulator.typing(of: text, limit: limit)
    guard typing.keystrokes.contains(where: { $0 != .boundary }) else {
      throw CLIError("\(path): no letters of the \(table.languageName) alphabet to type")
    }
    return typing
  }

  /// The misspelling bench on this keyboard.
  var misspellingBench: MisspellingBench {
    MisspellingBench(table: table, layout: simulator.layout, letterKeys: simulator.letterKeys)
  }

  /// The language's development misspellings, `corpora/<lang>/heldout/misspellings/tuning.gz`
  /// (never the evaluation list).
  static func tuningMisspellings(lang: String, corpora: String) -> String {
    "\(corpora)/\(lang)/heldout/misspellings/tuning.gz"
  }

  /// The pairs of a misspelling list in the table's alphabet, or an error naming the file.
  func misspellingPairs(_ path: String) throws -> (pairs: [MisspellingBench.Pair], skipped: Int) {
    let bench = misspellingBench
    let bytes: [UInt8]
    do { bytes = try CorpusReader(path: path).readAll() } catch { throw CLIError("\(error)") }
    let read: (pairs: [MisspellingBench.Pair], skipped: Int)
    do {
      read = try bench.pairs(fromLines: String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false))
    } catch let error as MisspellingBenchError {
      throw CLIError("\(path): \(error)")
    }
    guard !read.pairs.isEmpty else { throw CLIError("\(path): no pair of words in the \(table.languageName) alphabet") }
    return read
  }

  /// Intended letters → their misspellings, for a typist who misspells.
  static func misspellingMap(_ pairs: [MisspellingBench.Pair]) -> [[Int]: [[Int]]] {
    var map: [[Int]: [[Int]]] = [:]
    for pair in pairs { map[pair.intended, default: []].append(pair.misspelling) }
    return map
  }
}
