// swift-tools-version:6.1
import Foundation
import PackageDescription

// One module per generated table, so a keyboard that ships one language links only that one:
// every Sources/KeyGramTables/<Name>.swift that `keygram build` wrote becomes the target and
// product KeyGramTables<Name> (KeyGramTablesEnglish); the KeyGramTables module lists them all.
let tablesFolder = "Sources/KeyGramTables"
let tablesFolderFiles = ((try? FileManager.default.contentsOfDirectory(
  atPath: Context.packageDirectory + "/" + tablesFolder)) ?? []).sorted()
let languageFiles = tablesFolderFiles.filter { $0.hasSuffix(".swift") && !$0.hasPrefix("KeyGramTables") }
let languageModules = languageFiles.map { "KeyGramTables" + $0.dropLast(".swift".count) }

let package = Package(
  name: "KeyGram",
  // The runtime is iOS-first; the builder uses Clock, which needs macOS 13.
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    // The runtime a keyboard extension embeds: no dependencies, not even Foundation.
    .library(name: "KeyGram", targets: ["KeyGram"]),
    // The shipped tables, compiled into Swift, for keyboards that prefer no file I/O at launch:
    // every language (KeyGramTables), or one (KeyGramTablesEnglish, …), below.
    .library(name: "KeyGramTables", targets: ["KeyGramTables"]),
    // The table builder, for tools that regenerate tables.
    .library(name: "KeyGramPipeline", targets: ["KeyGramPipeline"]),
    // Evaluation on top of the runtime: the typing simulator and the SVG pictures.
    .library(name: "KeyGramLab", targets: ["KeyGramLab"]),
    .executable(name: "keygram", targets: ["keygram"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // SHA-256 of the corpus files (BoringSSL's, with SHA-NI), for provenance.
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
  ],
  targets: [
    // MARK: Runtime
    // _checkInvariants() checks only where KEYGRAM_INTERNAL_CHECKS is set: debug builds.
    .target(name: "KeyGram", swiftSettings: [.define("KEYGRAM_INTERNAL_CHECKS", .when(configuration: .debug))]),
    .target(name: "KeyGramTables", dependencies: ["KeyGram"] + languageModules.map { .target(name: $0) },
            path: tablesFolder, exclude: languageFiles),

    // MARK: Builder
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .target(name: "KeyGramPipeline", dependencies: ["CZlib", "KeyGram", .product(name: "Crypto", package: "swift-crypto")]),

    // MARK: Evaluation
    .target(name: "KeyGramLab", dependencies: ["KeyGram"]),

    // MARK: CLI
    .executableTarget(
      name: "keygram",
      dependencies: [
        "KeyGramPipeline",
        "KeyGramLab",
        "KeyGram",
        "KeyGramTables",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: Tests
    // Interposes malloc for the test executable so tests can count heap allocations exactly.
    // It forwards to glibc's __libc_malloc, so it and the allocation tests are Linux-only.
    .target(name: "MallocCounter", path: "Tests/MallocCounter"),
    .testTarget(name: "KeyGramTests",
                dependencies: ["KeyGram", "KeyGramTables", .target(name: "MallocCounter", condition: .when(platforms: [.linux]))]),
    .testTarget(name: "KeyGramPipelineTests", dependencies: ["KeyGramPipeline", "KeyGramLab", "KeyGram", "KeyGramTables", "CZlib"]),
    .testTarget(name: "KeyGramLabTests", dependencies: ["KeyGramLab", "KeyGram", "KeyGramPipeline"]),
    .testTarget(name: "KeygramCLITests", dependencies: ["keygram", "KeyGram", "KeyGramPipeline"], exclude: ["Fixtures"]),

    // MARK: Fuzzing (Tests/Fuzz/README.md)
    // The harnesses are ordinary code, so the test suite replays every kept fuzz input without a sanitizer.
    .target(name: "KeyGramFuzzing", dependencies: ["KeyGramPipeline", "KeyGram", "CZlib"], path: "Tests/Fuzz/Harness"),
    .testTarget(name: "FuzzRegressionTests", dependencies: ["KeyGramFuzzing"], path: "Tests/Fuzz/RegressionTests"),
  ]
)

for (file, module) in zip(languageFiles, languageModules) {
  package.targets.append(.target(name: module, dependencies: ["KeyGram"], path: tablesFolder,
                                 exclude: tablesFolderFiles.filter { $0 != file }, sources: [file]))
  package.products.append(.library(name: module, targets: [module]))
}

// The libFuzzer executable has no main of its own (libFuzzer's is linked in by -sanitize=fuzzer),
// so it exists only when `make fuzz` asks for it.
if ProcessInfo.processInfo.environment["KEYGRAM_FUZZ"] != nil {
  package.targets.append(.executableTarget(name: "keygram-fuzz", dependencies: ["KeyGramFuzzing"], path: "Tests/Fuzz/Entry"))
}
