import Foundation
import KeyGram
import Testing
@testable import KeyGramPipeline

/// Every single-byte change of a real table, CRC fixed up: `verify --no-swift` rejects each one,
/// and the invariants alone (loader, then verify's checks) reject every one outside the data fields.
@Suite("Mutation sweep: single-byte changes of a table")
struct MutationSweepTests {
  /// Every other value of the byte (255 mutants per byte).
  static let masks: [UInt8] = Array(1...255)

  @Test func everySingleByteChangeOfASmallTableIsRejected() throws {
    let workspace = try VerifyTests.Workspace(lexicon: true, knownWords: true, decoderSettings: true, offensiveWords: true)
    let image = workspace.bytes
    let table = try KeyGramTable(copying: image)
    let tags = table.sections.sections.map(\.tag)
    #expect(tags == TableFormat.Section.known, "every section is present: \(tags)")
    let verifier = TableVerifier(corpora: CorpusFolder(root: workspace.corpora), swiftFolder: nil)
    let original = verifier.verify(table, path: workspace.table)
    #expect(original.passed && original.reproduced, "\(original.failures)")
    let sweep = try MutationSweep(image: image, verifier: verifier, path: workspace.table)
    let tally = sweep.run(offsets: Array(image.indices), masks: Self.masks, threads: ProcessInfo.processInfo.activeProcessorCount)
    print("mutation sweep of \(image.count) bytes: \(tally.summary)")
    #expect(tally.tried == image.count * Self.masks.count)
    #expect(tally.acceptedByVerify == 0)
    #expect(tally.escapes.isEmpty, "rejected only by the reproduction, outside the data fields: \(tally.escapes.prefix(20))")
    #expect(tally.rejectedByLoader + tally.rejectedByInvariants + tally.rejectedOnlyByReproduction == tally.tried)
  }

  /// The same over a shipped table, run by hand (`-c release`, about 3 ms a mutant for
  /// English): KEYGRAM_SWEEP_TABLE=tables/en.keygram with `--filter MutationSweep`, and
  /// KEYGRAM_SWEEP_LEXICON_STRIDE=k to try only every k-th byte of the lexicon's node arrays.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["KEYGRAM_SWEEP_TABLE"] != nil))
  func sweepOfAShippedTable() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = environment["KEYGRAM_SWEEP_TABLE"]!
    let stride = Int(environment["KEYGRAM_SWEEP_LEXICON_STRIDE"] ?? "1") ?? 1
    let image = Array(try #require(FileManager.default.contents(atPath: path.hasPrefix("/") ? path : Fixtures.packageRoot + "/" + path)))
    let verifier = TableVerifier(corpora: CorpusFolder(root: Fixtures.packageRoot + "/corpora"), swiftFolder: nil)
    let sweep = try MutationSweep(image: image, verifier: verifier, path: path)
    let offsets = MutationSweep.offsets(of: try KeyGramTable(copying: image), lexiconStride: stride)
    let started = ContinuousClock.now
    let tally = sweep.run(offsets: offsets, masks: [0x01, 0x80, 0x06, 0xFF], threads: ProcessInfo.processInfo.activeProcessorCount)
    print("mutation sweep of \(path) (\(image.count) bytes, \(offsets.count) offsets: every \(stride). byte of the lexicon's node arrays, "
      + "every byte elsewhere; \(ContinuousClock.now - started)): \(tally.summary)")
    #expect(tally.acceptedByVerify == 0)
    #expect(tally.escapes.isEmpty, "rejected only by the reproduction, outside the data fields: \(tally.escapes.prefix(20))")
  }
}
