import Foundation
import KeyGramPipeline
import Testing

/// `--inflater auto|isal|zlib`: the same bytes through either library, and a clear error where
/// ISA-L is asked for and cannot load (KEYGRAM_LIBISAL names a library that is not there).
extension KeygramCLITests {
  /// A library `dlopen` cannot find, so ISA-L is unavailable to the keygram run with it.
  static let missingISAL = ["KEYGRAM_LIBISAL": "/nonexistent/libisal.so.2"]

  static let missingISALError = "Error: ISA-L cannot inflate here: /nonexistent/libisal.so.2: cannot open shared object file: "
    + "No such file or directory (Debian/Ubuntu: apt-get install libisal-dev); --inflater zlib uses zlib, auto uses ISA-L only where it loads\n"

  /// The English corpus, and a multi-member file with dictzip's FEXTRA header and zero padding.
  func inflateInputs() throws -> [String] {
    let root = try scratch()
    let members = Array(Self.gzipCorpus) + Array(Self.gzipCorpus) + [0, 0, 0, 0]
    #expect(FileManager.default.createFile(atPath: "\(root)/members.gz", contents: Data(members)))
    let english = try FileManager.default.contentsOfDirectory(atPath: Self.packageRoot + "/corpora/en").filter { $0.hasSuffix(".gz") }.sorted()
    return english.map { Self.packageRoot + "/corpora/en/" + $0 } + ["\(root)/members.gz"]
  }

  @Test func inflateGivesTheSameBytesThroughEitherLibrary() throws {
    let inputs = try inflateInputs()
    // gzip -dc's byte count is what every inflater must report.
    let gzip = try Process.runAndCapture("/bin/sh", ["-c", "gzip -dc \"$@\" 2>/dev/null | wc -c", "sh"] + inputs, in: Self.packageRoot)
    let bytes = try #require(Int(gzip.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(bytes > 0)
    try expectOutput(["inflate", "--inflater", "zlib"] + inputs, stdout: "\(bytes) bytes\n")
    try expectOutput(["inflate"] + inputs, stdout: "\(bytes) bytes\n")
    if let reason = Inflater.isalUnavailableReason {
      // InflaterTests.isalLoads is skipped, visibly, where KEYGRAM_ALLOW_NO_ISAL=1 accepts this.
      if ProcessInfo.processInfo.environment["KEYGRAM_ALLOW_NO_ISAL"] != "1" {
        Issue.record("ISA-L cannot load (\(reason)): only zlib's output was checked")
      }
    } else {
      try expectOutput(["inflate", "--inflater", "isal"] + inputs, stdout: "\(bytes) bytes\n")
    }
  }

  @Test func isalWhereItCannotLoadIsAnErrorAndAutoFallsBackToZlib() throws {
    let inputs = try inflateInputs()
    let zlib = try keygram(["inflate", "--inflater", "zlib"] + inputs)
    #expect(zlib.status == 0)
    // A keygram built without ISA-L's header gives its own reason; one with it, dlopen's.
    let builtWithISAL = Inflater.isalUnavailableReason == nil
    let isal = try keygram(["inflate", "--inflater", "isal"] + inputs, environment: Self.missingISAL)
    #expect(isal.status == Self.usageError && isal.stdout.isEmpty)
    let usage = """
      Usage: keygram inflate <files> ... [--inflater <auto|isal|zlib>]
        See 'keygram inflate --help' for more information.

      """
    if builtWithISAL {
      #expect(isal.stderr == Self.missingISALError + usage)
    } else {
      #expect(isal.stderr.hasPrefix("Error: ISA-L cannot inflate here: ") && isal.stderr.hasSuffix(usage), "\(isal.stderr)")
    }
    try expectOutput(["inflate"] + inputs, stdout: zlib.stdout, environment: Self.missingISAL)
    for command in [["build", "en"], ["count", "en", "-o", "en.kgcounts"]] {
      let run = try keygram(command + ["--inflater", "isal"], in: try scratch(), environment: Self.missingISAL)
      #expect(run.status == Self.usageError)
      #expect(run.stderr.hasPrefix(builtWithISAL ? Self.missingISALError : "Error: ISA-L cannot inflate here: "), "keygram \(command[0]): \(run.stderr)")
    }
  }
}
