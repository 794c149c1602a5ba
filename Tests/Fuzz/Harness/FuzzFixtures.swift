import KeyGramPipeline

/// The committed fixture language `fz` (Tests/Fuzz/Fixtures/corpora/fz): small enough that its
/// table, count files and lists make seeds of a few KB.
enum FuzzFixtures {
  /// Tests/Fuzz, found from this file's path at build time (the fuzzer and the tests run here).
  static let fuzzFolder: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2)  // Harness/FuzzFixtures.swift
    return parts.joined(separator: "/")
  }()

  static let corpora = CorpusFolder(root: "\(fuzzFolder)/Fixtures/corpora")

  static let language: Language = {
    do { return try corpora.language("fz") } catch { fatalError("the fuzzing fixture language: \(error)") }
  }()
}
