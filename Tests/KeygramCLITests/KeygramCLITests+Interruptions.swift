import Foundation
import Testing

/// Builds stopped by a signal, racing each other, or meeting a full disk (issue 12, part 5), run
/// for real: real signals to a real build, two real processes, a real tmpfs.
extension KeygramCLITests {
  /// The shipped English corpus: big enough (about 3 s of counting) to signal a build mid-way.
  static var englishCorpus: [String] {
    let folder = packageRoot + "/corpora/en"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".gz") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Starts `keygram ARGUMENTS` in `root` with $TMPDIR (where word counts spill) at `root`/spill.
  func start(_ arguments: [String], in root: String) throws -> Process {
    try FileManager.default.createDirectory(atPath: "\(root)/spill", withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: root)
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": "\(root)/spill"]) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // A child inherits its spawning thread's signal mask, and the test runner's threads block
    // SIGINT and SIGTERM: unblock them for the spawn, as a shell's child has them.
    var signals = sigset_t(), old = sigset_t()
    sigemptyset(&signals)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
    pthread_sigmask(SIG_UNBLOCK, &signals, &old)
    defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
    try process.run()
    return process
  }

  /// Temporary files left in the output folders or the spill folder.
  func leftovers(in root: String) -> [String] {
    ["tables", "swift", "spill"].flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? [])
        .filter { folder == "spill" || $0.hasPrefix(".") }.map { "\(folder)/\($0)" }
    }
  }

  /// True when swift/English.swift holds exactly tables/en.keygram and the index lists it:
  /// one build's whole set.
  func isOneWholeSet(in root: String) throws -> Bool {
    let table = try Data(contentsOf: URL(fileURLWithPath: "\(root)/tables/en.keygram"))
    let source = try String(contentsOfFile: "\(root)/swift/English.swift", encoding: .utf8)
    let index = try String(contentsOfFile: "\(root)/swift/KeyGramTables.swift", encoding: .utf8)
    let base64 = source.split(separator: "\"").first { $0.count > 1000 }.flatMap { Data(base64Encoded: String($0)) }
    return base64 == table && index.contains("public static let all: [EmbeddedTable] = [english]")
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalMidBuildLeavesTheOldOutputsAndNoTemporaryFiles(signal: Int32) throws {
    let (root, before) = try builtScratch()
    // A small word cap makes the build spill sorted runs to $TMPDIR, which must go too.
    let build = try start(["build", "en"] + Self.englishCorpus
                          + ["--jobs", "1", "--words-in-memory", "5000", "--out", "tables", "--swift-out", "swift"], in: root)
    // The signal comes once the first sorted run is spilled (or after 10 s).
    var spilled: [String] = []
    for _ in 0..<200 where spilled.isEmpty {
      Thread.sleep(forTimeInterval: 0.05)
      spilled = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/spill")) ?? []
    }
    try #require(build.isRunning, "the build must still be counting when the signal comes")
    kill(build.processIdentifier, signal)
    build.waitUntilExit()
    #expect(build.terminationReason == .uncaughtSignal && build.terminationStatus == signal)
    #expect(!spilled.isEmpty, "the build had spilled word counts before the signal")
    #expect(outputs(in: root) == before)
    #expect(leftovers(in: root) == [])
  }

  /// Builds from mine.txt into `root` and sends `signal` once the new table and Swift are
  /// written in full to temporary files, before any rename: holding the folder's lock stops
  /// the build there.
  func signalBuildWithItsOutputsWritten(in root: String, _ signal: Int32) throws {
    try whileLocking("\(root)/swift") {
      let build = try start(["build", "en", "mine.txt", "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root)
      #expect(eventually { temporaryOutputs(in: "\(root)/tables") == 1 && temporaryOutputs(in: "\(root)/swift") == 1 })
      kill(build.processIdentifier, signal)
      build.waitUntilExit()
      #expect(build.terminationReason == .uncaughtSignal && build.terminationStatus == signal)
    }
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalAfterTheOutputsAreWrittenRemovesThemAndLeavesTheOldSet(signal: Int32) throws {
    let (root, before) = try builtScratch()
    try signalBuildWithItsOutputsWritten(in: root, signal)  // the signal must remove the temporary files
    #expect(outputs(in: root) == before)
    #expect(leftovers(in: root) == [])
  }

  @Test func theNextBuildRemovesWhatAKilledBuildLeft() throws {
    let (root, before) = try builtScratch()
    // SIGKILL cannot be caught: the killed build's temporary outputs stay until the next build
    // into the folder sees that their process is gone.
    try signalBuildWithItsOutputsWritten(in: root, SIGKILL)
    #expect(outputs(in: root).filter { !$0.key.hasSuffix(".tmp") } == before)
    #expect(leftovers(in: root).count == 2)
    #expect(try keygram("build", "en", "mine.txt", "--min-letters", "0", "--out", "tables", "--swift-out", "swift", in: root).status == 0)
    #expect(leftovers(in: root) == [])
  }

  /// Runs `body` while holding `flock` on `folder`, as a build does around its renames.
  func whileLocking<Result>(_ folder: String, _ body: () throws -> Result) throws -> Result {
    let fd = open(folder, O_RDONLY | O_DIRECTORY)
    try #require(fd >= 0 && flock(fd, LOCK_EX) == 0)
    defer { close(fd) }
    return try body()
  }

  /// Waits (up to a minute) until `condition` holds; false if it never did.
  func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if condition() { return true }
      usleep(2_000)
    }
    return false
  }

  /// How many temporary outputs (".….tmp") `folder` holds.
  func temporaryOutputs(in folder: String) -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tmp") }.count
  }

  @Test func twoBuildsRacingOnOneFolderTakeTurnsAndLeaveOneWholeSet() throws {
    let (root, before) = try builtScratch()
    #expect(FileManager.default.createFile(atPath: "\(root)/other.txt", contents: Data(String(repeating: "quiet queens quit quickly ", count: 50).utf8)))
    // While the folder is locked both builds write their outputs in full, then wait: nothing is
    // replaced. Let go, and they rename their sets one after the other.
    let builds = try whileLocking("\(root)/swift") {
      let builds = try [["corpora/en/tiny.gz"], ["other.txt"]].map {
        try start(["build", "en"] + $0 + ["--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root)
      }
      #expect(eventually { temporaryOutputs(in: "\(root)/tables") == 2 && temporaryOutputs(in: "\(root)/swift") == 2 })
      usleep(300_000)
      #expect(builds.allSatisfy { $0.isRunning })
      #expect(outputs(in: root).filter { !$0.key.hasSuffix(".tmp") } == before)
      return builds
    }
    for build in builds { build.waitUntilExit() }
    #expect(builds.map(\.terminationStatus) == [0, 0])
    #expect(try isOneWholeSet(in: root))
    #expect(outputs(in: root) != before)
    #expect(leftovers(in: root) == [])
  }

  @Test func twoLanguagesBuiltAtOnceIntoOneFolderAreBothIndexed() throws {
    let root = try scratch()
    try FileManager.default.copyItem(atPath: Self.packageRoot + "/Tests/KeygramCLITests/Fixtures/corpora/eo", toPath: "\(root)/corpora/eo")
    // Both builds ready to rename at once: each index is made under the lock, from what the
    // folder holds then, so the second lists the first's language too.
    let builds = try whileLocking("\(root)/swift") {
      let builds = try ["en", "eo"].map {
        try start(["build", $0, "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root)
      }
      #expect(eventually { temporaryOutputs(in: "\(root)/swift") == 2 })
      usleep(300_000)
      #expect(builds.allSatisfy { $0.isRunning })
      #expect(try FileManager.default.contentsOfDirectory(atPath: "\(root)/swift").filter { !$0.hasSuffix(".tmp") } == [])
      return builds
    }
    for build in builds { build.waitUntilExit() }
    #expect(builds.map(\.terminationStatus) == [0, 0])
    let index = try String(contentsOfFile: "\(root)/swift/KeyGramTables.swift", encoding: .utf8)
    #expect(index.contains("public static let all: [EmbeddedTable] = [english, esperanto]"), "\(index)")
    #expect(leftovers(in: root) == [])
  }

  /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, outside a locked-down container).
  static let canMountTmpfs: Bool = {
    guard getuid() == 0 else { return false }
    let folder = NSTemporaryDirectory() + "keygram-mount-probe-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard (try? Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder], in: "/")) == 0 else {
      return false
    }
    _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [folder], in: "/")
    return true
  }()

  @Test(.enabled(if: canMountTmpfs, "needs to mount a small tmpfs: root with mount permission (not permitted here)"))
  func aFullDiskIsAClearErrorWithTheOldOutputsIntact() throws {
    let root = try scratch()
    let disk = "\(root)/disk"
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    #expect(try Process.run(URL(fileURLWithPath: "/bin/mount"), arguments: ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk], in: root) == 0)
    defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: [disk], in: root) }
    let first = try keygram("build", "en", "--min-letters", "0", "--out", "disk/tables", "--swift-out", "disk/swift", in: root)
    #expect(first.status == 0, "\(first.stderr)")
    let before = outputs(in: disk)
    // Fill the disk: the copy stops at ENOSPC.
    #expect(try Process.run(URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "cat /dev/zero > disk/filler 2>/dev/null"], in: root) != 0)
    #expect(FileManager.default.createFile(atPath: "\(root)/mine.txt", contents: Data("quiet queens quit quickly".utf8)))
    try expectOutput(["build", "en", "mine.txt", "--min-letters", "0", "--out", "disk/tables", "--swift-out", "disk/swift"], in: root,
                     stderr: "Error: disk/tables/en.keygram: cannot write: No space left on device; no output was replaced\n", status: 1)
    #expect(outputs(in: disk) == before)
    #expect(leftovers(in: disk) == [])
    // With room again, the same build succeeds.
    try FileManager.default.removeItem(atPath: "\(disk)/filler")
    let again = try keygram("build", "en", "mine.txt", "--min-letters", "0", "--out", "disk/tables", "--swift-out", "disk/swift", in: root)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try isOneWholeSet(in: disk))
  }
}

/// A build killed outright (SIGKILL) at each link and rename of its commit: the next build of
/// another language, or verify, finishes the interrupted set first, so the folders hold one
/// whole set and verify passes.
extension KeygramCLITests {
  @Test func aBuildKilledAtEveryStepOfItsCommitIsFinishedByTheNextBuildOrVerify() throws {
    let (root, _) = try builtScratch()
    // A second language, built into the same folders after the kill.
    try FileManager.default.createDirectory(atPath: "\(root)/corpora/xx", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/xx/language.json",
                                           contents: Data(#"{"code":"xx","name":"Toy","alphabet":"abc"}"#.utf8)))
    #expect(FileManager.default.createFile(atPath: "\(root)/corpora/xx/text.txt", contents: Data("abc cab bca aa bb cc\n".utf8)))
    let outputs = ["--min-letters", "0", "--out", "tables", "--swift-out", "swift"]
    func leftovers() -> [String] {
      ["tables", "swift"].flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? []).filter { $0.hasPrefix(".") }.map { "\(folder)/\($0)" }
      }
    }
    var step = 1
    while step < 20 {
      // The killed build replaces the table, the Swift and the index: a link and a rename each.
      let killed = try keygram(["build", "en", "--lexicon-words", "0"] + outputs, in: root,
                               environment: ["KEYGRAM_KILL_AT_COMMIT_STEP": "\(step)"])
      if killed.status == 0 { break }  // past the commit's last step
      #expect(killed.status == SIGKILL, "step \(step): \(killed.stderr)")
      #expect(!leftovers().isEmpty, "step \(step): the killed build leaves its record")
      if step % 2 == 1 {
        let other = try keygram(["build", "xx"] + outputs, in: root)
        #expect(other.status == 0, "step \(step): \(other.stderr)")
        #expect(other.stdout.hasPrefix("note: a build (process "), "step \(step): \(other.stdout)")
      }
      let verify = try keygram("verify", "tables", "--swift-out", "swift", in: root)
      #expect(verify.status == 0, "step \(step): \(verify.stdout)")
      if step % 2 == 0 {
        #expect(verify.stdout.hasPrefix("note: a build (process "), "step \(step): \(verify.stdout)")
        #expect(verify.stdout.contains("en.keygram, "), "step \(step): \(verify.stdout)")
      }
      #expect(leftovers().isEmpty, "step \(step): \(leftovers())")
      // Back to the full table for the next step.
      #expect(try keygram(["build", "en"] + outputs, in: root).status == 0)
      step += 1
    }
    // Six steps (three links, three renames) and the one after the last rename.
    #expect(step == 8)
  }
}
