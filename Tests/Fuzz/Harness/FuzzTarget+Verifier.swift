import KeyGram
import KeyGramPipeline

/// `keygram verify` over the input as `fz.keygram`, against the fixture corpora, with the
/// generated Swift written for the input's own bytes so the check runs on to provenance.
/// Promises checked: a report that fails says why in every failure, and a table the runtime
/// loader refuses never passes.
extension FuzzTarget {
  /// One verifier for every run: it digests the fixture corpus and rebuilds each table shape
  /// once (its memo), as `keygram verify` does over many tables; the corpus never changes here.
  private static let sharedVerifier = TableVerifier(corpora: FuzzFixtures.corpora, swiftFolder: FuzzScratch.folder)

  static func verifier(_ input: [UInt8], _ findings: inout FuzzFindings) {
    let fixed = ChecksumFixup.table(input)
    for image in fixed == input ? [input] : [input, fixed] {
      let path = FuzzScratch.write(image, as: "fz.keygram")
      let loads = (try? KeyGramTable(copying: image)) != nil
      if loads {  // a table that does not load stops verify before the Swift is compared
        _ = FuzzScratch.write(Array(SwiftTableSource.source(for: FuzzFixtures.language, image: image).utf8),
                              as: SwiftTableSource.fileName(for: FuzzFixtures.language))
      }
      let report = sharedVerifier.verify(path)
      findings.expect(loads || !report.passed, "verify passed a table the loader refuses")
      findings.expect(report.failures.allSatisfy { !$0.message.isEmpty }, "a failure with no message")
      findings.expect(report.path == path, "the report names \(report.path), not \(path)")
    }
  }
}
