import Foundation
import KeyGram

/// The CI gate for tables: checks one `.keygram` file for integrity, every format invariant
/// open leaves to it, exact normalisation, agreement with its language manifest, a generated
/// Swift file that matches it, provenance that matches the corpus folder as it is now, and
/// bytes equal to what building that corpus again gives.
package struct TableVerifier: Sendable {
  /// One failed check, with a message precise enough to act on.
  package struct Failure: Equatable, Sendable, CustomStringConvertible {
    package enum Check: String, Sendable { case integrity, name, missing, format, normalisation, manifest, swift, freshness, reproduction }
    package var check: Check
    package var message: String
    package var description: String { "\(check.rawValue): \(message)" }
  }

  /// What was checked in one table, and what failed.
  package struct Report: Sendable {
    package var path: String
    package var languageCode: String?
    package var bytes = 0
    package var crc32: UInt32?
    package var rowsChecked = 0
    /// The lexicon's words and nodes, when the table has one (its structure checked whole).
    package var lexiconWords: Int?
    package var lexiconNodes: Int?
    /// The word pairs' rows and entries, when the table has them (their structure checked whole).
    package var pairRows: Int?
    package var pairEntries: Int?
    /// The known words past the lexicon (`KNOW`), when the table has them.
    package var knownWords: Int?
    /// The lexicon words the table flags as offensive (`OFFN`), when it has them.
    package var offensiveWords: Int?
    /// How many decoder settings the table carries (`TUNE`).
    package var decoderSettings = 0
    package var letters = 0
    package var corpusFiles = 0
    package var swiftPath: String?
    /// True when building the corpus again gave the table's bytes exactly.
    package var reproduced = false
    /// How closely the rebuilt lexicon's shares hold its word counts, when there is one.
    package var lexiconFidelity: LexiconFidelity?
    package var failures: [Failure] = []
    package var passed: Bool { failures.isEmpty }
  }

  package var corpora: CorpusFolder
  /// Where the generated Swift lives; nil skips that check.
  package var swiftFolder: String?
  /// Where a table built from the user's own files finds them; nil: the language's corpus folder.
  package var sources: Sources?
  /// False skips the freshness and reproduction checks, for a table whose sources are not at hand.
  package var checksFreshness = true

  /// The sources of a table built from files named on the command line, as that build took them.
  package struct Sources: Sendable {
    /// The folder the table names its files relative to (build's `--source-root`).
    package var root: String
    /// The inputs that were given as word-frequency lists (paths as given, or names).
    package var frequencyLists: Set<String>
    /// True when the text's own words fed the lexicon (build's `--lexicon-from text`).
    package var textFeedsWords: Bool

    package init(root: String, frequencyLists: Set<String> = [], textFeedsWords: Bool = false) {
      self.root = root
      self.frequencyLists = frequencyLists
      self.textFeedsWords = textFeedsWords
    }

    /// Where the file the table names `name` is now: under the root, or else in the corpora
    /// folder, whose files outside the root build names by their place there.
    func path(of name: String, corpora: String? = nil) -> String {
      let own = root == "." ? name : root + "/" + name
      guard let corpora, !FileManager.default.fileExists(atPath: own) else { return own }
      let shared = corpora + "/" + name
      return FileManager.default.fileExists(atPath: shared) ? shared : own
    }
  }

  /// A table built again from its sources, with what only the build knows.
  package struct Rebuilt: Sendable {
    package var image: [UInt8]
    package var lexiconFidelity: LexiconFidelity?
  }

  /// Corpus file digests and tables built again from the corpus: a verifier reads each corpus
  /// file and builds each table once, however many tables (or copies of one) it checks.
  let memo = VerifierMemo()

  package init(corpora: CorpusFolder, swiftFolder: String?) {
    self.corpora = corpora
    self.swiftFolder = swiftFolder
  }

  /// The `.keygram` files in `folder`, sorted; an empty or missing folder is an error.
  package static func tables(in folder: String) throws(CorpusError) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw CorpusError(path: folder, kind: .missing)
    }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return names.filter { $0.hasSuffix(".keygram") }.sorted().map { prefix + $0 }
  }

  package func verify(_ path: String) -> Report {
    do {
      return verify(try KeyGramTable(contentsOf: path), path: path)
    } catch {
      var report = Report(path: path)
      report.failures.append(Failure(check: .integrity, message: "\(error)"))
      return report
    }
  }

  /// Every check after open, of a table already opened (and so validated) from `path`.
  package func verify(_ table: KeyGramTable, path: String) -> Report {
    var report = Report(path: path)
    func fail(_ check: Failure.Check, _ message: String) { report.failures.append(Failure(check: check, message: message)) }
    for problem in TableImage.headerAndDirectoryProblems(of: table) { fail(.format, problem) }
    report.bytes = table.bytes.count
    report.crc32 = table.checksum
    report.languageCode = table.languageCode
    report.letters = table.letterCount

    // Normalisation: every row sums to the total exactly, and holds no zero.
    for (name, row) in TableImage.rows(of: table) {
      report.rowsChecked += 1
      let sum = row.indices.reduce(UInt32(0)) { $0 + row.weight(at: $1) }
      if sum != TableFormat.rowTotal {
        fail(.normalisation, "row \(name) sums to \(sum), not \(TableFormat.rowTotal)")
      }
      if let zero = row.indices.first(where: { row.weight(at: $0) == 0 }) {
        let letters = table.alphabet
        fail(.normalisation, "row \(name) has a zero at \(zero < letters.count ? String(letters[zero]) : "$")")
      }
    }

    // The lexicon: every invariant docs/TableFormat.md states, beyond what open checks.
    if let lexicon = table.sections.lexicon {
      report.lexiconWords = lexicon.wordCount
      report.lexiconNodes = lexicon.nodeCount
      for problem in lexicon.verifyStructure() { fail(.normalisation, "LEXI: \(problem)") }
    }
    // The word pairs: every PAIR invariant (ids, offsets, weights, row sums, head words, padding).
    if let pairs = table.wordPairs, let lexicon = table.lexicon {
      (report.pairRows, report.pairEntries) = (pairs.rowCount, pairs.entryCount)
      for problem in pairs.verifyStructure(lexicon: lexicon) { fail(.normalisation, "PAIR: \(problem)") }
    }
    // The known words: a filter past a lexicon, of this builder's shape for its word count.
    report.decoderSettings = table.decoderSettings.count
    if let known = table.knownWords {
      report.knownWords = known.wordCount
      if table.lexicon == nil { fail(.format, "KNOW: known words beyond a lexicon the table does not have") }
      if known.hashCount != KnownWordsFilter.hashCount || known.bitCount != 64 * KnownWordsFilter.blockCount(words: known.wordCount) {
        fail(.normalisation, "KNOW: \(known.hashCount) hashes and \(known.bitCount) bits for \(known.wordCount) words; this builder sets "
               + "\(KnownWordsFilter.hashCount) hashes in \(64 * KnownWordsFilter.blockCount(words: known.wordCount)) bits")
      }
    }
    // The offensive words: each id a lexicon word (open checked that they ascend within the trie).
    if let offensive = table.offensiveWords {
      report.offensiveWords = offensive.count
      if let lexicon = table.lexicon {
        for (index, id) in offensive.ids.enumerated() where !lexicon.isWord(id) {
          fail(.format, "OFFN: node \(id.rawValue) at byte \(table.sections.offensiveWordsOffset + 4 * index) ends no lexicon word")
        }
      }
    }
    // The written forms: every FORM invariant (ids, offsets, shares, shapes, masks, positions, padding).
    if let form = table.sections.sections.first(where: { $0.tag == TableFormat.Section.writtenForms }) {
      let lexicon = table.sections.sections.first { $0.tag == TableFormat.Section.lexicon }
      let bytes = { (entry: TableSections.SectionEntry) in table.bytes.slice(from: entry.offset, length: entry.length).array }
      for problem in Self.writtenFormsProblems(bytes(form), fileOffset: form.offset, lexicon: lexicon.map(bytes)) { fail(.format, problem) }
    }

    // The file name: a keyboard opens `<code>.keygram` and must get that language.
    let code = table.languageCode
    let fileName = URL(fileURLWithPath: path).lastPathComponent
    if fileName != Self.tableFileName(for: code) {
      fail(.name, "\(path) holds the table of \(Self.printable(code)), not of \(Self.printable(String(fileName.dropLast(".keygram".count)))) "
             + "as its name says; a table's file is named <code>.keygram, here \(Self.tableFileName(for: code)); run make tables")
    }

    // The manifest: same alphabet, same layout section.
    let language: Language
    do {
      language = try corpora.language(code)
    } catch {
      fail(.manifest, "\(error)")
      return report
    }
    if language.alphabet != table.alphabet {
      fail(.manifest, "alphabet \(String(String.UnicodeScalarView(table.alphabet))) differs from \(corpora.folder(for: code))/language.json: \(String(String.UnicodeScalarView(language.alphabet))); run make tables")
      return report  // nothing else can be compared against a different alphabet
    }
    for problem in manifestProblems(of: table, language: language) { fail(.format, problem) }
    let layoutNow = language.layout.map { TableImage.layoutSection($0, language: language) }
    let layoutStored = table.sections.keyboardLayoutSection.map { Array(table.bytes.array[$0]) }
    if layoutNow != layoutStored {
      fail(.manifest, "keyboard layout in the table differs from \(corpora.folder(for: code))/language.json; run make tables")
    }
    let rulesStored = table.sections.sections.first { $0.tag == TableFormat.Section.textRules }.map { Array(table.bytes.array[$0.offset..<($0.offset + $0.length)]) }
    if rulesStored != TableImage.textRulesSection(language) {
      fail(.manifest, "text rules (apostrophes, final forms) in the table differ from \(corpora.folder(for: code))/language.json; run make tables")
    }
    let settingsStored = Dictionary(table.decoderSettings.map { ($0.setting, $0.value) }) { first, _ in first }
    if settingsStored != language.decoderSettings {
      fail(.manifest, "decoder settings in the table (\(settingsStored.count)) differ from \(corpora.folder(for: code))/language.json's (\(language.decoderSettings.count)); run make tables")
    }
    for (setting, value) in table.decoderSettings {
      if let problem = LanguageManifest.decoderSettingProblem(setting, Double(value)) { fail(.format, "TUNE: \(setting.name) \(problem)") }
    }

    // Generated Swift: exactly what build would emit from these bytes.
    if let swiftFolder {
      let swiftPath = "\(swiftFolder)/\(SwiftTableSource.fileName(for: language))"
      report.swiftPath = swiftPath
      let expected = SwiftTableSource.source(for: language, image: table.bytes.array)
      switch (try? String(contentsOfFile: swiftPath, encoding: .utf8)) {
      case nil: fail(.swift, "\(swiftPath) is missing; run make tables")
      case let actual? where actual != expected:
        let line = zip(actual.split(separator: "\n", omittingEmptySubsequences: false), expected.split(separator: "\n", omittingEmptySubsequences: false))
          .enumerated().first { $0.element.0 != $0.element.1 }.map { $0.offset + 1 }
        fail(.swift, "\(swiftPath) differs from what `keygram build \(code)` emits for \(path)\(line.map { " (first at line \($0))" } ?? ""); do not edit it, run make tables")
      default: break
      }
    }

    // Freshness: the provenance names exactly the corpus files there are now.
    guard let provenance = TableImage.provenance(of: table) else {
      fail(.freshness, "no provenance section; run make tables")
      return report
    }
    for problem in TableImage.provenanceProblems(provenance) { fail(.format, problem) }
    report.corpusFiles = provenance.files.count
    guard checksFreshness else { return report }
    let recorded = Dictionary(provenance.files.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    // Files of a corpus folder are named without a folder; a name with one is the user's own
    // file, named from where build ran unless --source-root said otherwise, as build does.
    let sources = self.sources ?? (provenance.files.contains { $0.name.contains("/") } ? Sources(root: ".") : nil)
    let folder: String, current: [String], naming: Provenance.Naming
    if let sources {
      // A table built from the user's own files: each recorded file, under the root it was named from.
      folder = sources.root
      naming = Provenance.Naming(folder: sources.root, corpora: corpora.root)
      current = provenance.files.map { sources.path(of: $0.name, corpora: corpora.root) }
      for (file, path) in zip(provenance.files, current) where !FileManager.default.fileExists(atPath: path) {
        fail(.freshness, "\(path) is missing: the table was built from \(file.name) under the source root \(sources.root)")
      }
    } else {
      folder = corpora.folder(for: code)
      naming = Provenance.Naming(folder: folder)
      current = corpora.corpusFiles(for: code)
      let currentNames = Set(current.map { naming.name(of: $0) })
      for name in recorded.keys.sorted() where !currentNames.contains(name) {
        fail(.freshness, "\(folder)/\(name) was removed since the table was built; run make tables")
      }
      for path in current where recorded[naming.name(of: path)] == nil {
        fail(.freshness, "\(path) was added since the table was built; run make tables")
      }
    }
    for path in current {
      guard let file = recorded[naming.name(of: path)], FileManager.default.fileExists(atPath: path) else { continue }
      let size: UInt64, digest: FileDigest
      switch memo.digest(of: path) {
      case .success(let found): (size, digest) = found
      case .failure(let error):
        fail(.freshness, "\(error)")
        continue
      }
      if size != file.size || digest != file.sha256 {
        fail(.freshness, "\(path) changed since the table was built (\(file.size) → \(size) bytes); "
               + (sources == nil ? "run make tables" : "build the table again"))
      }
    }

    // Reproduction: the corpus as it is, built again with the table's own 4-gram and word
    // counts, gives these bytes. Only this sees facts no invariant constrains (which contexts
    // have 4-gram rows, the corpus totals, the lexicon's letters and masses).
    guard report.failures.isEmpty else { return report }
    switch rebuild(language, files: current, sources: sources, quadgramContexts: table.sections.quadgramRowCount,
                   lexiconWords: table.lexicon?.wordCount ?? 0,
                   pairBytes: table.sections.wordPairsLength, knownWords: table.knownWords?.wordCount ?? 0) {
    case .failure(let error):
      fail(.reproduction, "building \(folder) again failed: \(error)")
    case .success(let rebuilt):
      report.lexiconFidelity = rebuilt.lexiconFidelity
      for problem in rebuilt.lexiconFidelity?.problems ?? [] { fail(.normalisation, "LEXI: \(problem); the quantiser has drifted") }
      if let problem = Self.firstDifference(table.bytes.array, rebuilt.image, sections: table.sections.sections) {
        fail(.reproduction, "\(problem); the table is not what \(sources == nil ? folder : "its sources under \(folder)") builds to now; "
               + (sources == nil ? "run make tables" : "build it again, or pass verify the --frequency-list and --lexicon-from the build had"))
      } else {
        report.reproduced = true
      }
    }
    return report
  }

  /// The file build writes a language's table to, in the tables folder.
  package static func tableFileName(for code: String) -> String { "\(code).keygram" }

  /// A language code as a message shows it: quoted, its control and bidirectional characters escaped.
  static func printable(_ code: String) -> String { Printable.quoted(code) }

  /// A failed report for each language that should have a table in `folder` and has none: every
  /// language of the corpus folder (unless the tables are built from the user's own files), and
  /// every language the generated Swift index lists.
  package func missingTables(inFolder folder: String) -> [Report] {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    func exists(_ code: String) -> Bool { FileManager.default.fileExists(atPath: prefix + Self.tableFileName(for: code)) }
    var reports: [String: Report] = [:]
    func missing(_ code: String, _ message: String) {
      let path = prefix + Self.tableFileName(for: code)
      var report = reports[code] ?? Report(path: path, languageCode: code)
      report.failures.append(Failure(check: .missing, message: "\(path) is missing: " + message + "; run make tables"))
      reports[code] = report
    }
    if sources == nil {
      for code in corpora.languageCodes where !exists(code) {
        missing(code, "\(corpora.folder(for: code)) holds the language \(Self.printable(code)) (its \(LanguageManifest.fileName))")
      }
    }
    if let swiftFolder {
      for marker in SwiftTableSource.markers(inFolder: swiftFolder) where !exists(marker.code) {
        missing(marker.code, "\(swiftFolder)/\(SwiftTableSource.indexFileName) lists the language \(Self.printable(marker.code)) "
                  + "(\(swiftFolder)/\(marker.file))")
      }
    }
    return reports.sorted { $0.key < $1.key }.map(\.value)
  }

  /// Runs `body` holding shared locks on `folders`: a build commits its outputs under the same
  /// folders' exclusive locks, so what `body` reads is one build's whole set.
  package static func whileFoldersAreLocked<T>(_ folders: [String], _ body: () throws -> T) throws -> T {
    let locks = try OutputSet.lock(folders.filter { FileManager.default.fileExists(atPath: $0) }, shared: true)
    defer { for fd in locks { system_close(fd) } }
    return try body()
  }

  /// Checks the generated index (KeyGramTables.swift) lists exactly the generated tables in
  /// the Swift folder; nil when it does (or when there is no Swift folder to check).
  package func verifyIndex() -> Failure? {
    guard let swiftFolder else { return nil }
    let path = "\(swiftFolder)/\(SwiftTableSource.indexFileName)"
    guard let actual = try? String(contentsOfFile: path, encoding: .utf8) else {
      return Failure(check: .swift, message: "\(path) is missing; run make tables")
    }
    let entries = SwiftTableSource.entries(markers: SwiftTableSource.markers(inFolder: swiftFolder))
    guard actual == SwiftTableSource.index(entries) else {
      return Failure(check: .swift, message: "\(path) does not list exactly the generated tables beside it; run make tables")
    }
    if let manifestPath = PackageManifest.path(forSwiftFolder: swiftFolder),
       let manifest = try? String(contentsOfFile: manifestPath, encoding: .utf8),
       PackageManifest.updated(manifest, entries: entries) != manifest {
      return Failure(check: .swift, message: "\(manifestPath) does not list exactly the table modules in \(swiftFolder) "
                       + "between its `keygram build` markers; run make tables")
    }
    return nil
  }
}
