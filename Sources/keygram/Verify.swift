import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check tables: integrity, format invariants, exact normalisation, manifest, generated Swift, freshness, reproduction.",
      discussion: """
        Prints one line per table with what it checked, and one line per failure.
        Exits 0 only when every check of every table passes.
        """)

    @Argument(help: "Table files or folders of tables.")
    var paths: [String] = ["tables"]

    @OptionGroup var corporaFolder: CorporaOption

    @Option(name: .customLong("swift-out"),
            help: ArgumentHelp("Where build wrote the generated Swift. (default: Sources/KeyGramTables for tables in tables/; otherwise not checked)", valueName: "dir"))
    var swiftOut: String?

    @Flag(name: .customLong("no-swift"), help: "Skip the generated-Swift check.")
    var noSwift = false

    @Option(name: .customLong("source-root"),
            help: ArgumentHelp("For tables built from your own files: the folder build named them relative to (its --source-root, or the folder it ran in). (default: the current folder, for a table that names files outside its corpus folder)", valueName: "dir"))
    var sourceRoot: String?

    @Option(name: .customLong("frequency-list"), parsing: .singleValue,
            help: "With --source-root: a file the build was given as --frequency-list; repeatable.")
    var frequencyLists: [String] = []

    @Option(name: .customLong("lexicon-from"),
            help: ArgumentHelp("With --source-root: the --lexicon-from the build was given.", valueName: "language|text"))
    var lexiconFrom: LexiconOrigin = .language

    @Flag(name: .customLong("no-freshness"),
          help: "Skip the checks against the sources (freshness and the rebuild), for a table whose sources are not at hand.")
    var noFreshness = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func validate() throws {
      if sourceRoot == nil && (!frequencyLists.isEmpty || lexiconFrom != .language) {
        throw ValidationError("--frequency-list and --lexicon-from describe a build from your own files: give them with --source-root.")
      }
      if noFreshness && sourceRoot != nil { throw ValidationError("--no-freshness checks no sources: give it without --source-root.") }
      if noSwift && swiftOut != nil { throw ValidationError("--no-swift skips the check --swift-out asks for: give one of them.") }
    }

    /// The generated Swift to check: --swift-out, or the shipped folder for the shipped tables' folder.
    private func swiftFolder(for files: [String]) -> String? {
      if noSwift { return nil }
      if let swiftOut { return swiftOut }
      let shipped = URL(fileURLWithPath: "tables").standardizedFileURL.path
      let allShipped = files.allSatisfy { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path == shipped }
      return allShipped ? "Sources/KeyGramTables" : nil
    }

    func run() throws {
      var files: [String] = [], folders: [String] = []
      for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CLIError("\(path): no such file or folder") }
        if isDirectory.boolValue {
          let tables = try TableVerifier.tables(in: path)
          if tables.isEmpty { throw CLIError("\(path): no .keygram tables in this folder; run make tables") }
          files += tables
          folders.append(path)
        } else {
          files.append(path)
        }
      }
      let swiftFolder = swiftFolder(for: files)
      // Building the tables again reads their corpora, through `--inflater auto`.
      if !noFreshness { InflaterOption.warnWhereISALWasLeftOut() }
      // A build killed while replacing outputs here is finished first, and named: its set was
      // neither old nor new.
      let lockedFolders = files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path } + (swiftFolder.map { [$0] } ?? [])
      for note in try Pipeline.finishInterruptedBuilds(in: Array(Set(lockedFolders)).sorted()) {
        if json { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) } else { print("note: \(note)") }
      }
      var verifier = TableVerifier(corpora: CorpusFolder(root: corporaFolder.corpora), swiftFolder: swiftFolder)
      verifier.checksFreshness = !noFreshness
      verifier.sources = sourceRoot.map {
        TableVerifier.Sources(root: $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0,
                              frequencyLists: Set(frequencyLists), textFeedsWords: lexiconFrom == .text)
      }
      // Read under the folders' locks, so a build committing meanwhile is seen whole or not at all.
      let (reports, indexFailure) = try TableVerifier.whileFoldersAreLocked(lockedFolders) {
        (files.map(verifier.verify) + folders.flatMap(verifier.missingTables), verifier.verifyIndex())
      }
      if json {
        print(try OrderedJSONEncoder().encode(VerifyJSON(reports, index: indexFailure)))
      } else {
        for report in reports { print(textReport(report)) }
        if let swiftFolder {
          let path = "\(swiftFolder)/\(SwiftTableSource.indexFileName)"
          print(indexFailure.map { "\(path): FAILED\n  \($0)" } ?? "\(path): ok: lists every generated table")
        } else if !noSwift {
          print("generated Swift not checked: pass --swift-out DIR, the folder build wrote it to")
        }
      }
      if reports.contains(where: { !$0.passed }) || indexFailure != nil { throw ExitCode.failure }
    }

    private func textReport(_ report: TableVerifier.Report) -> String {
      guard report.passed else {
        return (["\(report.path): FAILED (\(report.failures.count) problem\(report.failures.count == 1 ? "" : "s"))"]
          + report.failures.map { "  \($0)" }).joined(separator: "\n")
      }
      let crc = report.crc32.map(Hex.string) ?? "-"
      return "\(report.path): ok: \(report.languageCode ?? "?"), \(report.bytes) bytes, CRC-32 \(crc) valid, "
        + "\(report.rowsChecked) rows each sum to 65536 with no zero, "
        + (report.lexiconWords.map { "lexicon of \($0) words (\(report.lexiconNodes ?? 0) nodes) well-formed, " } ?? "")
        + (report.pairRows.map { "word pairs of \($0) rows (\(report.pairEntries ?? 0) pairs) well-formed, " } ?? "")
        + (report.knownWords.map { "\($0) known words, " } ?? "")
        + (report.offensiveWords.map { "\($0) offensive words flagged, " } ?? "")
        + (report.decoderSettings > 0 ? "decoder settings (\(report.decoderSettings)) as the manifest gives them, " : "")
        + "\(report.letters) letters match the manifest, "
        + (report.swiftPath.map { "\($0) matches, " } ?? "")
        + (noFreshness ? "\(report.corpusFiles) corpus file\(report.corpusFiles == 1 ? "" : "s") not checked (--no-freshness)"
           : "\(report.corpusFiles) corpus file\(report.corpusFiles == 1 ? "" : "s") unchanged")
        + (report.reproduced ? ", building them again gives the same bytes" : "")
        + (report.lexiconFidelity.map { "; lexicon \($0)" } ?? "")
    }
  }
}

/// `verify --json`, keys in this order; absent values are null.
struct VerifyJSON: Encodable {
  var ok: Bool
  var tables: [Table]
  var index: Index

  struct Table: Encodable {
    var file: String
    var language: String?
    var ok: Bool
    var bytes: Int
    var crc32: UInt32?
    var rows: Int
    var letters: Int
    var corpusFiles: Int
    /// True when building the corpus again gave the table's bytes.
    var reproduced: Bool
    /// The rebuilt lexicon's fidelity to its word counts; null without a rebuild or a lexicon.
    var lexicon: Lexicon?
    var swift: String?
    var failures: [Failure]

    enum CodingKeys: CodingKey { case file, language, ok, bytes, crc32, rows, letters, corpusFiles, reproduced, lexicon, swift, failures }

    func encode(to encoder: Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file, forKey: .file)
      try container.encode(language, forKey: .language)
      try container.encode(ok, forKey: .ok)
      try container.encode(bytes, forKey: .bytes)
      try container.encode(crc32, forKey: .crc32)
      try container.encode(rows, forKey: .rows)
      try container.encode(letters, forKey: .letters)
      try container.encode(corpusFiles, forKey: .corpusFiles)
      try container.encode(reproduced, forKey: .reproduced)
      try container.encode(lexicon, forKey: .lexicon)
      try container.encode(swift, forKey: .swift)
      try container.encode(failures, forKey: .failures)
    }
  }

  /// `LexiconFidelity`: shares of the word mass and row divergences in bits.
  struct Lexicon: Encodable {
    var massBelowHalf: Double
    var massAboveDouble: Double
    var meanDivergenceBits: Double
    var worstDivergenceBits: Double
    var squashedChildren: Int

    init(_ fidelity: LexiconFidelity) {
      massBelowHalf = fidelity.massBelowHalf
      massAboveDouble = fidelity.massAboveDouble
      meanDivergenceBits = fidelity.meanDivergence
      worstDivergenceBits = fidelity.worstDivergence
      squashedChildren = fidelity.squashedChildren
    }
  }

  struct Failure: Encodable {
    var check: String
    var message: String
  }

  /// The generated index file: {"ok":true}, or {"ok":false,"message":…}.
  struct Index: Encodable {
    var ok: Bool
    var message: String?
  }

  init(_ reports: [TableVerifier.Report], index: TableVerifier.Failure?) {
    ok = reports.allSatisfy(\.passed) && index == nil
    tables = reports.map { report in
      Table(file: report.path, language: report.languageCode, ok: report.passed, bytes: report.bytes, crc32: report.crc32,
            rows: report.rowsChecked, letters: report.letters, corpusFiles: report.corpusFiles, reproduced: report.reproduced,
            lexicon: report.lexiconFidelity.map(Lexicon.init), swift: report.swiftPath,
            failures: report.failures.map { Failure(check: $0.check.rawValue, message: $0.message) })
    }
    self.index = Index(ok: index == nil, message: index?.message)
  }
}
