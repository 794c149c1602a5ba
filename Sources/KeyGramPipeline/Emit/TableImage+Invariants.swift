import KeyGram

/// The table's invariants that need no corpus, manifest or Swift (docs/TableFormat.md,
/// "Invariants and who checks them"): `build` checks them before it writes, `verify` again.
extension TableImage {
  /// The header and directory in the form this builder writes: its minor version, and only
  /// sections it knows, in the order it lays them out.
  static func headerAndDirectoryProblems(of table: KeyGramTable) -> [String] {
    typealias F = TableFormat
    var problems: [String] = []
    if table.sections.minorVersion != F.minorVersion {
      problems.append("header byte \(F.Offset.minorVersion): minor version \(table.sections.minorVersion); this builder writes \(F.majorVersion).\(F.minorVersion), run make tables")
    }
    var lastRank = -1
    for (index, entry) in table.sections.sections.enumerated() {
      let at = F.headerSize + index * F.directoryEntrySize
      guard let rank = F.Section.known.firstIndex(of: entry.tag) else {
        problems.append("directory entry \(index) (byte \(at)): unknown section \(entry.tag)")
        continue
      }
      if rank < lastRank { problems.append("directory entry \(index) (byte \(at)): \(entry.tag) is out of the writer's section order") }
      lastRank = rank
    }
    return problems
  }

  /// The problems `verify` would find in `table` that need no corpus, manifest or Swift: the
  /// header and directory, every row's normalisation, the lexicon's structure and the
  /// provenance's own totals. `build` checks these before it writes anything.
  package static func selfConsistencyProblems(of table: KeyGramTable) -> [String] {
    var problems = headerAndDirectoryProblems(of: table)
    for (name, row) in rows(of: table) {
      let sum = row.indices.reduce(UInt32(0)) { $0 + row.weight(at: $1) }
      if sum != TableFormat.rowTotal || row.indices.contains(where: { row.weight(at: $0) == 0 }) {
        problems.append("row \(name) is not normalised")
      }
    }
    if let lexicon = table.sections.lexicon { problems += lexicon.verifyStructure().map { "LEXI: \($0)" } }
    if let provenance = provenance(of: table) { problems += provenanceProblems(provenance) }
    return problems
  }

  /// Every row of a table, named as `keygram inspect --json` names them ("trigram ^a").
  static func rows(of table: KeyGramTable) -> [(String, LetterDistribution)] {
    TableRow.all(of: table).map { ($0.name, $0.distribution(in: table)) }
  }

  /// The `PROV` section of `table`, decoded; nil when it has none or it is malformed.
  package static func provenance(of table: KeyGramTable) -> Provenance? {
    table.sections.provenanceSection.flatMap { Provenance(section: table.bytes.slice(from: $0.lowerBound, length: $0.count), letterCount: table.letterCount) }
  }

  /// `PROV` consistent in itself: files sorted by name with no name twice, and the letter
  /// total the sum of the per-letter counts.
  static func provenanceProblems(_ provenance: Provenance) -> [String] {
    var problems: [String] = []
    for (index, (first, second)) in zip(provenance.files, provenance.files.dropFirst()).enumerated()
    where !(Array(first.name.utf8).lexicographicallyPrecedes(Array(second.name.utf8))) {
      problems.append("PROV: file \(index + 1) \"\(second.name)\" is not after \"\(first.name)\" in name order")
    }
    let (sum, overflow) = provenance.letterCounts.reduce((UInt64(0), false)) { partial, count in
      let (next, carry) = partial.0.addingReportingOverflow(count)
      return (next, partial.1 || carry)
    }
    let stored = provenance.files.reduce(UInt64(0)) { $0 &+ $1.size }
    if provenance.storedBytes != stored {
      problems.append("PROV: the stored-bytes total \(provenance.storedBytes) is not the sum of the files' sizes (\(stored))")
    }
    if overflow || sum != provenance.letters {
      problems.append("PROV: the letter total \(provenance.letters) is not the sum of the per-letter counts (\(overflow ? "overflows" : String(sum)))")
    }
    return problems
  }
}

extension TableImage {
  /// Refuses an image that breaks one of the invariants `verify` checks without a corpus (a
  /// count file's totals are trusted until here), read by the runtime's own validator first.
  static func checkSelfConsistency(_ image: [UInt8], inputs: [String]) throws {
    let table = try KeyGramTable(copying: image)
    if let problem = selfConsistencyProblems(of: table).first { throw InconsistentInputError(paths: inputs, problem: problem) }
  }
}

/// A build whose inputs (count files, whose totals it trusts) give a table that breaks one of
/// the format's invariants: refused before anything is written.
public struct InconsistentInputError: Error, Equatable, CustomStringConvertible {
  public var paths: [String]
  public var problem: String
  public var description: String {
    "\(paths.joined(separator: ", ")): the table these inputs give would break an invariant (\(problem)); no output was replaced"
  }
}
