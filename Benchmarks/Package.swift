// swift-tools-version:6.1
// Benchmarks for the KeyGram runtime, kept in a nested package so that the benchmark
// framework and its dependencies stay out of the main build.
// Run: cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
  name: "KeyGramBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "KeyGram", path: ".."),
    // Only the MallocInterposer trait: the default traits need a package that is not mirrored here.
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "KeyGramBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "KeyGram", package: "KeyGram"),
        .product(name: "KeyGramTables", package: "KeyGram"),
      ],
      path: "Benchmarks/KeyGramBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)
