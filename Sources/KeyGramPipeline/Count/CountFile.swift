import KeyGram

/// A `.kgcounts` file: the exact counts of some corpus files (letter n-grams, whole words) and
/// their provenance, so shards counted apart — other processes, other machines — merge by
/// addition into what one `keygram build` over all the files would count. Byte layout:
/// docs/CountFormat.md. Writer: `CountFile.Writer`; reader: `CountFile.Reader`; sum: `Merge`.
package enum CountFile {
  package static let magic: [UInt8] = Array("KGCOUNT".utf8) + [0]
  /// 2.0 added the form evidence (`FormEvidence`) after the words: a 1.x file lacks it, so a
  /// table built from it would lose its written forms. 3.0 added the evidence of misspellings
  /// (accepted words, `A`, and listed misspellings, `M`): a 2.x reader cannot read those keys,
  /// and a 2.x file lacks them, so the lexicon would keep words it leaves out. An older file is
  /// refused, to be counted again. 4.0 added the word pairs (`PairCounter`) after the form
  /// evidence and their entry count to the header: a 3.x file lacks them, so its table would
  /// have no `PAIR` section. 5.0 counts the pairs in thousandths times each source's pair weight
  /// (`SourceRule.pairCountUnit`) and adds offensive words (`O`) to the evidence: a 4.x file's
  /// pairs would weigh a thousandth of their due, and it lacks the flags.
  package static let majorVersion: UInt16 = 5
  package static let minorVersion: UInt16 = 0
  package static let headerSize = 72
  package static let byteOrderMark: UInt32 = 0x0102_0304
  /// The conventional file name ending.
  package static let fileExtension = "kgcounts"

  /// Byte offsets of the header fields.
  package enum Offset {
    package static let magic = 0
    package static let majorVersion = 8
    package static let minorVersion = 10
    package static let headerSize = 12
    package static let state = 16
    package static let byteOrder = 20
    package static let fileSize = 24
    package static let crc = 32
    package static let letterCount = 36
    package static let order = 38
    package static let ngramEntries = 40
    package static let wordEntries = 48
    package static let formEntries = 56
    package static let pairEntries = 64
  }

  /// Part `index` of `count` of a file's lines: the lines numbered index, index + count, ...
  package struct Part: Equatable, Sendable {
    package var index: UInt32
    package var count: UInt32
    package init(index: UInt32, of count: UInt32) {
      precondition(count >= 1 && index < count, "part \(index) of \(count)")
      self.index = index
      self.count = count
    }
    /// The whole file: part 0 of 1.
    package static let whole = Part(index: 0, of: 1)
  }

  /// An input file as a count file records it: its provenance, and which parts of its lines
  /// were counted (all, for a file counted whole).
  package struct Input: Equatable, Sendable {
    package var file: Provenance.File
    /// How many parts the file's lines were dealt into (1: counted whole).
    package var partCount: UInt32
    /// The parts counted, increasing.
    package var parts: [UInt32]
    package var isComplete: Bool { parts.count == Int(partCount) }
  }

  /// Everything a count file holds but its words: what it was counted under, the n-gram
  /// counts, the word totals and the provenance of its inputs.
  package struct Head: Equatable, Sendable {
    /// The language code, the alphabet and the digest of the counting rules (`rulesDigest`).
    package var languageCode: String
    package var alphabet: [Unicode.Scalar]
    package var rulesDigest: FileDigest
    /// Letter n-grams, with the counts of letters outside the alphabet, invalid UTF-8 and frequency-list words.
    package var counts: NgramCounts
    /// Word occurrences too long for the lexicon (`WordCounts.droppedWords`).
    package var droppedWords: UInt64
    /// The inputs, sorted by name; names are unique.
    package var inputs: [Input]
    /// The inputs' provenance.
    package var files: [Provenance.File] { inputs.map(\.file) }
    package var storedBytes: UInt64
    package var textBytes: UInt64

    package init(language: Language, counts: NgramCounts, droppedWords: UInt64, provenance: Provenance, part: Part = .whole) {
      languageCode = language.code
      alphabet = language.alphabet
      rulesDigest = CountFile.rulesDigest(of: language)
      self.counts = counts
      self.droppedWords = droppedWords
      inputs = provenance.files.sorted { $0.name < $1.name }.map { Input(file: $0, partCount: part.count, parts: [part.index]) }
      storedBytes = provenance.storedBytes
      textBytes = provenance.textBytes
    }

    init(languageCode: String, alphabet: [Unicode.Scalar], rulesDigest: FileDigest, counts: NgramCounts,
         droppedWords: UInt64, inputs: [Input], storedBytes: UInt64, textBytes: UInt64) {
      self.languageCode = languageCode
      self.alphabet = alphabet
      self.rulesDigest = rulesDigest
      self.counts = counts
      self.droppedWords = droppedWords
      self.inputs = inputs
      self.storedBytes = storedBytes
      self.textBytes = textBytes
    }

    /// The provenance a table built from these counts stores.
    package var provenance: Provenance {
      Provenance(files: files, counts: counts, storedBytes: storedBytes, textBytes: textBytes)
    }
  }

  /// The SHA-256 of a canonical text of every rule of `language.json` that changes what is
  /// counted: the alphabet, the case mappings, the apostrophe rule and the sources (which
  /// files feed letters or words, and the words' weights). The layout and names do not count.
  package static func rulesDigest(of language: Language) -> FileDigest {
    var text = "keygram counting rules 1\n"
    text += "alphabet " + language.alphabet.map { String($0.value, radix: 16) }.joined(separator: " ") + "\n"
    for (from, to) in language.caseMappings.sorted(by: { $0.key.value < $1.key.value }) {
      text += "case \(String(from.value, radix: 16)) \(String(to.value, radix: 16))\n"
    }
    text += "apostrophes \(language.apostrophesAreTransparent ? "transparent" : "boundary")\n"
    // Only a list changes the rules' text, so counts made before elisions existed keep their digest.
    if !language.elisions.isEmpty { text += "elisions \(language.elisions.joined(separator: " "))\n" }
    for rule in language.sources {
      text += "source \(rule.files)\t\(rule.feeds.rawValue)\t\(rule.wordWeight)\n"
    }
    return FileHasher.hash(Array(text.utf8))
  }
}

/// What is wrong with a count file, naming the file and the byte offset where it shows.
public struct CountFileError: Error, Equatable, CustomStringConvertible {
  public enum Kind: Equatable, Sendable {
    case missing
    case unreadable(String)
    case notACountFile
    case unsupportedVersion(major: UInt16, minor: UInt16)
    /// The state is `PART`: the writer never finished (interrupted, killed, disk full).
    case incomplete
    case truncated(recorded: UInt64, actual: UInt64)
    case trailingBytes(recorded: UInt64, actual: UInt64)
    case checksumMismatch(recorded: UInt32, actual: UInt32)
    case malformed(String)
    case otherLanguage(expected: String, found: String)
    case otherAlphabet(expected: String, found: String)
    case otherRules
    /// The same input (or part of it) counted in two files being merged.
    case duplicateInput(name: String, otherPath: String)
    /// The same name with another size or SHA-256, or dealt into another number of parts.
    case inputDiffers(name: String, otherPath: String)
    /// Building from counts that hold only some parts of an input's lines.
    case incompleteInput(name: String, parts: [UInt32], of: UInt32)
    case countOverflow(String)
    /// A claimed alphabet whose dense n-gram counts would pass the merge's memory budget.
    case overBudget(letters: Int, bytes: Int, budget: Int)
    /// A merge given no files.
    case noCountFiles
    /// A count file that names no input: nothing would show it being added twice.
    case noInputs
  }

  public var path: String
  public var byteOffset: Int?
  public var kind: Kind

  public init(path: String, byteOffset: Int? = nil, kind: Kind) {
    self.path = path
    self.byteOffset = byteOffset
    self.kind = kind
  }

  public var description: String {
    let at = byteOffset.map { " at byte \($0)" } ?? ""
    switch kind {
    case .missing: return "\(path): no such count file"
    case .unreadable(let why): return "\(path)\(at): cannot read: \(why)"
    case .notACountFile: return "\(path)\(at): not a KeyGram count file (no KGCOUNT magic)"
    case .unsupportedVersion(let major, let minor):
      return "\(path)\(at): count format version \(major).\(minor); this keygram reads version \(CountFile.majorVersion).x only"
        + (major < CountFile.majorVersion ? " (count the files again with this keygram)" : "")
    case .incomplete: return "\(path)\(at): incomplete count file (state PART): its writer was interrupted; count again"
    case .truncated(let recorded, let actual):
      return "\(path)\(at): truncated count file: the header says \(recorded) bytes, the file has \(actual)"
    case .trailingBytes(let recorded, let actual):
      return "\(path)\(at): count file has \(actual - recorded) bytes past the \(recorded) its header records"
    case .checksumMismatch(let recorded, let actual):
      return "\(path)\(at): corrupt count file: CRC-32 is \(Hex.string(actual)), the header records \(Hex.string(recorded))"
    case .malformed(let why): return "\(path)\(at): malformed count file: \(why)"
    case .otherLanguage(let expected, let found):
      return "\(path)\(at): counts of language '\(found)', not '\(expected)'"
    case .otherAlphabet(let expected, let found):
      return "\(path)\(at): counted with the alphabet \"\(found)\", not \"\(expected)\": the alphabet changed; count again"
    case .otherRules:
      return "\(path)\(at): counted under other rules (case mappings, apostrophes or sources in language.json changed); count again"
    case .duplicateInput(let name, let otherPath):
      return "\(path)\(at): input '\(name)' is also counted in \(otherPath); each file may be counted once"
    case .inputDiffers(let name, let otherPath):
      return "\(path)\(at): input '\(name)' differs from the one counted in \(otherPath) (size, SHA-256 or part count)"
    case .incompleteInput(let name, let parts, let of):
      let missing = (0..<of).filter { !parts.contains($0) }.map(String.init).joined(separator: ", ")
      return "\(path): input '\(name)' is counted only in part: parts \(missing) of \(of) are missing"
    case .overBudget(let letters, let bytes, let budget):
      return "\(path)\(at): \(letters) letters need \(grouped(bytes)) bytes of dense n-gram counts, over the merge's budget of \(grouped(budget)) bytes"
    case .noCountFiles: return "\(path): no count files given; name at least one .kgcounts file"
    case .noInputs:
      return "\(path): lists no inputs, so nothing would show its counts being added twice; count the files again with keygram count"
    case .countOverflow(let what): return "\(path): count out of range: \(what) would pass \(UInt64.max) (UInt64.max)"
    }
  }
}
