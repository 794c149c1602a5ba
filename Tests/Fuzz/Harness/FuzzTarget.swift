/// One fuzzed parser and what is checked on each input: the parser must give a typed error or
/// a result, never trap, hang or read out of bounds (the sanitizer's part), and each harness
/// adds the promises its parser makes (named in its file). Inputs that broke a promise are kept
/// under Tests/Fuzz/<target>/regressions and replayed by the test suite.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The runtime table loader (`KeyGramTable`), then every row, context lookup and lexicon step.
  case table
  /// `TableVerifier` over the input as a table file.
  case verifier
  /// The gzip reader (`CorpusReader`, `ChunkStream`) over the input as a file.
  case gzip
  /// `LetterCounter`'s decoding against `ReferenceDecoder`, differentially.
  case letters
  /// The `language.json` parser (`LanguageManifest`).
  case manifest
  /// The frequency-list parser (`FrequencyListCounter`).
  case frequencyList = "freqlist"
  /// The count-file reader (`CountFile.Reader`) and `Merge`.
  case countFile = "countfile"
  /// A saved touch model (`TouchModel(bytes:layout:)`), then both resolvers adapted to it.
  case touchModel = "touchmodel"
  /// A saved word history (`WordHistory(bytes:capacity:pairCapacity:)`), then words and pairs
  /// learned into it.
  case wordHistory = "wordhistory"
  /// `WordDecoder`, `WordHistory` and `TouchModel` under random operation sequences, their
  /// invariants checked after each.
  case wordDecoder = "worddecoder"
  /// `TypingEngine` under random keyboard events on the shipped English table, its edits applied
  /// to a text field model that must stay in step with the engine's view of the text.
  case typingEngine = "typingengine"

  /// Runs the harness on one input; returns the promises it broke (empty when none).
  public func run(_ input: [UInt8]) -> [FuzzFinding] {
    var findings = FuzzFindings(target: self)
    switch self {
    case .table: Self.table(input, &findings)
    case .verifier: Self.verifier(input, &findings)
    case .gzip: Self.gzip(input, &findings)
    case .letters: Self.letters(input, &findings)
    case .manifest: Self.manifest(input, &findings)
    case .frequencyList: Self.frequencyList(input, &findings)
    case .countFile: Self.countFile(input, &findings)
    case .touchModel: Self.touchModel(input, &findings)
    case .wordHistory: Self.wordHistory(input, &findings)
    case .wordDecoder: Self.wordDecoder(input, &findings)
    case .typingEngine: Self.typingEngine(input, &findings)
    }
    return findings.list
  }

  /// The target `KEYGRAM_FUZZ_TARGET` names, for the libFuzzer entry point.
  public static let selected: FuzzTarget = {
    let name = system_environment("KEYGRAM_FUZZ_TARGET") ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("KEYGRAM_FUZZ_TARGET is \"\(name)\"; expected one of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
  }()
}

/// A promise a parser broke on an input.
public struct FuzzFinding: Error, Equatable, Sendable, CustomStringConvertible {
  public var target: FuzzTarget
  public var message: String
  public var description: String { "\(target.rawValue): \(message)" }
}

/// The findings of one run.
struct FuzzFindings {
  let target: FuzzTarget
  private(set) var list: [FuzzFinding] = []

  init(target: FuzzTarget) { self.target = target }

  /// Records a finding unless `promise` holds.
  mutating func expect(_ promise: Bool, _ message: @autoclosure () -> String) {
    if !promise { list.append(FuzzFinding(target: target, message: message())) }
  }
}

extension FuzzTarget {
  /// Hands `text` to `consume` in chunks of `chunkSize` bytes (0: one chunk), as a file's reads would.
  static func feed(_ text: [UInt8], chunkSize: Int, to consume: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    try text.withUnsafeBytes { bytes in
      var start = 0
      repeat {
        let end = chunkSize == 0 ? bytes.count : min(start + chunkSize, bytes.count)
        try consume(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        start = end
      } while start < bytes.count
    }
  }
}
