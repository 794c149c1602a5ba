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

    @Option(help: "The corpora folder the tables were built from.")
    var corpora = "corpora"

    @Option(name: .customLong("swift-out"), help: "Where the generated Swift tables are.")
    var swiftOut = "Sources/KeyGramTables"

    @Flag(name: .customLong("no-swift"), help: "Skip the generated-Swift check.")
    var noSwift = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
      var files: [String] = []
      for path in paths {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CLIError("\(path): no such file or folder") }
        if isDirectory.boolValue {
          let tables = try TableVerifier.tables(in: path)
          if tables.isEmpty { throw CLIError("\(path): no .keygram tables in this folder; run make tables") }
          files += tables
        } else {
          files.append(path)
        }
      }
      let verifier = TableVerifier(corpora: CorpusFolder(root: corpora), swiftFolder: noSwift ? nil : swiftOut)
      let reports = files.map(verifier.verify)
      let indexFailure = verifier.verifyIndex()
      if json {
        print(try OrderedJSONEncoder().encode(VerifyJSON(reports, index: indexFailure)))
      } else {
        for report in reports { print(textReport(report)) }
        if !noSwift {
          let path = "\(swiftOut)/\(SwiftTableSource.indexFileName)"
          print(indexFailure.map { "\(path): FAILED\n  \($0)" } ?? "\(path): ok: lists every generated table")
        }
      }
      if reports.contains(where: { !$0.passed }) || indexFailure != nil { throw ExitCode.failure }
    }

    private func textReport(_ report: TableVerifier.Report) -> String {
      guard report.passed else {
        return (["\(report.path): FAILED (\(report.failures.count) problem\(report.failures.count == 1 ? "" : "s"))"]
          + report.failures.map { "  \($0)" }).joined(separator: "\n")
      }
      let crc = report.crc32.map { "0x" + String($0, radix: 16) } ?? "-"
      return "\(report.path): ok: \(report.languageCode ?? "?"), \(report.bytes) bytes, CRC-32 \(crc) valid, "
        + "\(report.rowsChecked) rows each sum to 65536 with no zero, "
        + (report.lexiconWords.map { "lexicon of \($0) words (\(report.lexiconNodes ?? 0) nodes) well-formed, " } ?? "")
        + "\(report.letters) letters match the manifest, "
        + (report.swiftPath.map { "\($0) matches, " } ?? "")
        + "\(report.corpusFiles) corpus file\(report.corpusFiles == 1 ? "" : "s") unchanged"
        + (report.reproduced ? ", building them again gives the same bytes" : "")
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
    var swift: String?
    var failures: [Failure]

    enum CodingKeys: CodingKey { case file, language, ok, bytes, crc32, rows, letters, corpusFiles, reproduced, swift, failures }

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
      try container.encode(swift, forKey: .swift)
      try container.encode(failures, forKey: .failures)
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
            swift: report.swiftPath,
            failures: report.failures.map { Failure(check: $0.check.rawValue, message: $0.message) })
    }
    self.index = Index(ok: index == nil, message: index?.message)
  }
}
