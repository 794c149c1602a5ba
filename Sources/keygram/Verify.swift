import ArgumentParser
import Foundation
import KeyGramPipeline

extension Keygram {
  struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check tables: integrity, exact normalisation, manifest, generated Swift, freshness.",
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
        print(jsonReport(reports, index: indexFailure))
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
        + "\(report.rowsChecked) rows each sum to 65536 with no zero, \(report.letters) letters match the manifest, "
        + (report.swiftPath.map { "\($0) matches, " } ?? "")
        + "\(report.corpusFiles) corpus file\(report.corpusFiles == 1 ? "" : "s") unchanged"
    }

    private func jsonReport(_ reports: [TableVerifier.Report], index: TableVerifier.Failure?) -> String {
      let tables = reports.map { report in
        "{\"file\":\(jsonString(report.path)),\"language\":\(report.languageCode.map(jsonString) ?? "null"),\"ok\":\(report.passed),"
          + "\"bytes\":\(report.bytes),\"crc32\":\(report.crc32.map(String.init) ?? "null"),\"rows\":\(report.rowsChecked),"
          + "\"letters\":\(report.letters),\"corpusFiles\":\(report.corpusFiles),\"swift\":\(report.swiftPath.map(jsonString) ?? "null"),"
          + "\"failures\":[\(report.failures.map { "{\"check\":\(jsonString($0.check.rawValue)),\"message\":\(jsonString($0.message))}" }.joined(separator: ","))]}"
      }
      let indexJSON = index.map { "{\"ok\":false,\"message\":\(jsonString($0.message))}" } ?? "{\"ok\":true}"
      return "{\"ok\":\(reports.allSatisfy(\.passed) && index == nil),\"tables\":[\(tables.joined(separator: ","))],\"index\":\(indexJSON)}"
    }
  }
}
