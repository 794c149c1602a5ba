import Foundation
import KeyGramFuzzing
import Testing

/// Every input the fuzzers keep (Tests/Fuzz/<target>/regressions: inputs that once crashed,
/// hung or broke a promise) and every seed, replayed through the same harness `make fuzz`
/// runs, without a sanitizer: each must give a typed error or a valid result, with no finding.
@Suite struct FuzzRegressionTests {
  static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

  /// The kept inputs of `target`, from its seeds and regressions folders, sorted by name.
  static func inputs(of target: FuzzTarget, in kind: String) -> [String] {
    let folder = "\(fuzzFolder)/\(target.rawValue)/\(kind)"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
  }

  @Test(arguments: FuzzTarget.allCases)
  func seedsAndRegressionsGiveNoFinding(_ target: FuzzTarget) throws {
    let seeds = Self.inputs(of: target, in: "seeds")
    #expect(!seeds.isEmpty, "Tests/Fuzz/\(target.rawValue)/seeds has no seeds")
    for path in seeds + Self.inputs(of: target, in: "regressions") {
      let input = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
      let findings = target.run(Array(input))
      #expect(findings.isEmpty, "\(path): \(findings.map(\.description).joined(separator: "; "))")
    }
  }
}
