import Foundation
import KeyGramPipeline
import Testing

/// `--inflater auto|isal|zlib`: the same bytes through either library, a clear error where
/// ISA-L is asked for and cannot load (KEYGRAM_LIBISAL names a library that is not there), and
/// one warning where `auto` falls back to zlib only because keygram was compiled without ISA-L's header.
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

  /// What `build`, `count`, `verify` and `inflate` print, once, where `auto` inflates with zlib
  /// because this keygram (a debug build here) was compiled without ISA-L's header though libisal loads.
  static let isalLeftOutWarning = "warning: gzip is inflated with zlib, not Intel ISA-L (about 2.5 times faster), although libisal.so.2 loads: "
    + "this keygram was compiled without ISA-L's header (<isa-l/igzip_lib.h>, Debian/Ubuntu: libisal-dev). "
    + "Rebuild it where the package is: make keygram CONFIG=debug, "
    + "or touch Sources/CIsal/isal_inflater.c && swift build --traits Builder -c debug --product keygram\n"

  /// The warning where ISA-L was left out of the build and its library loads; nothing where it was
  /// compiled in, where it is not installed, or where zlib is asked for. The normal build has
  /// the header; Tests/Build/isal-header.sh runs this test on a build without it, too.
  @Test func autoWarnsOnceOnlyWhereISALWasLeftOutAtBuild() throws {
    let inputs = try inflateInputs()
    let expected = Inflater.isalLeftOutAtBuild ? Self.isalLeftOutWarning : ""
    let bytes = try keygram(["inflate", "--inflater", "zlib"] + inputs).stdout
    try expectOutput(["inflate"] + inputs, stdout: bytes, stderr: expected)
    try expectOutput(["inflate", "--inflater", "zlib"] + inputs, stdout: bytes)
    try expectOutput(["inflate"] + inputs, stdout: bytes, environment: Self.missingISAL)
    let root = try scratch()
    for environment in [[:], Self.missingISAL] {
      let quiet = environment.isEmpty ? expected : ""
      let build = try keygram(["build", "en", "--min-letters", "0", "--out", "tables", "--swift-out", "swift"], in: root, environment: environment)
      let count = try keygram(["count", "en", "corpora/en/tiny.gz", "-o", "en.kgcounts"], in: root, environment: environment)
      let verify = try keygram(["verify", "tables", "--swift-out", "swift"], in: root, environment: environment)
      for (command, run) in [("build", build), ("count", count), ("verify", verify)] {
        #expect(run.status == 0 && run.stderr == quiet, "keygram \(command) \(environment): \(run.stderr)")
      }
      let counted = try keygram(["count", "en", "corpora/en/tiny.gz", "-o", "en.kgcounts", "--inflater", "zlib"], in: root, environment: environment)
      #expect(counted.status == 0 && counted.stderr.isEmpty, "keygram count --inflater zlib: \(counted.stderr)")
    }
    // Asking for no corpus to be read (--no-freshness) asks for no warning.
    try #require(try keygram(["verify", "tables", "--swift-out", "swift", "--no-freshness"], in: root).stderr.isEmpty)
  }

  /// `keygram --version` names the library `--inflater auto` inflates with here, and why not ISA-L.
  @Test func versionNamesTheInflater() throws {
    let isal = try keygram(["--version"])
    let missing = try keygram(["--version"], environment: Self.missingISAL)
    #expect(missing.stdout.hasPrefix("0.1.0\n--inflater auto inflates gzip with zlib: ") && missing.status == 0, "\(missing.stdout)")
    if Inflater.isalLeftOutAtBuild {
      #expect(isal.stdout == "0.1.0\n--inflater auto inflates gzip with zlib: this keygram was compiled without ISA-L's header, although "
              + "libisal.so.2 loads; rebuild it: make keygram CONFIG=debug, "
              + "or touch Sources/CIsal/isal_inflater.c && swift build --traits Builder -c debug --product keygram\n")
    } else if Inflater.isalUnavailableReason == nil {
      #expect(isal.stdout == "0.1.0\n--inflater auto inflates gzip with Intel ISA-L (libisal.so.2)\n")
      #expect(missing.stdout == "0.1.0\n--inflater auto inflates gzip with zlib: /nonexistent/libisal.so.2: cannot open shared object file: "
              + "No such file or directory (Debian/Ubuntu: apt-get install libisal-dev)\n")
    }
  }
}
