import Foundation
import Testing

/// A build killed outright (SIGKILL: no handler runs) while spilling word runs leaves them in
/// $TMPDIR; the next build or count removes the runs of every process that no longer runs, and
/// keeps those of a build still running.
extension KeygramCLITests {
  func runs(in root: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/spill")) ?? []).filter { $0.hasSuffix(".run") }.sorted()
  }

  @Test func runsOfAKilledBuildAreRemovedByTheNextBuild() throws {
    let (root, _) = try builtScratch()
    let killed = try start(["build", "en"] + Self.englishCorpus
                           + ["--jobs", "1", "--words-in-memory", "5000", "--out", "tables", "--swift-out", "swift"], in: root)
    #expect(eventually { !runs(in: root).isEmpty }, "the build spills runs before it is killed")
    kill(killed.processIdentifier, SIGKILL)
    killed.waitUntilExit()
    #expect(killed.terminationReason == .uncaughtSignal && killed.terminationStatus == SIGKILL)
    let left = runs(in: root)
    #expect(!left.isEmpty && left.allSatisfy { $0.hasPrefix("keygram-words-\(killed.processIdentifier)-") })
    // A run of a build still running (this test's process) must stay.
    let alive = "\(root)/spill/keygram-words-\(getpid())-00000000-0000-0000-0000-000000000000.run"
    #expect(FileManager.default.createFile(atPath: alive, contents: Data()))
    let next = try start(["count", "en", "mine.txt", "-o", "mine.kgcounts"], in: root)
    next.waitUntilExit()
    #expect(next.terminationStatus == 0)
    #expect(runs(in: root) == [URL(fileURLWithPath: alive).lastPathComponent])
  }
}
