/// A validated `PROV` section (docs/TableFormat.md): which corpus files the table was built from,
/// and their totals. The runtime reads nothing of it; `keygram inspect` and `verify` do.
///
/// Validation checks the file count the directory says, then file entries and totals that fill
/// the section exactly, the reserved total zero.
package struct ProvenanceSection: Sendable, Equatable {
  /// How many corpus files the section lists (the directory's element count).
  package let fileCount: Int

  /// Checks `section`, the `PROV` bytes of a table of `letterCount` letters whose directory
  /// counts `elementCount` files.
  package init(validating section: TableBytes, elementCount: Int, letterCount n: Int) throws(KeyGramTableError) {
    typealias P = TableFormat.Provenance
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "PROV", reason: reason) }
    guard section.count >= 4 else { throw bad("shorter than its file count") }
    let files = Int(section.uint32(at: 0))
    guard files == elementCount else { throw bad("\(files) files, but the directory says \(elementCount)") }
    guard files <= section.count / P.fileFixedSize else { throw bad("\(files) files cannot fit in \(section.count) bytes") }
    var at = 4
    for file in 0..<files {
      guard at + 2 <= section.count else { throw bad("file \(file) at byte \(at) runs past the section") }
      at += P.fileFixedSize + Int(section.uint16(at: at))
    }
    guard at + P.tailSize(letterCount: n) == section.count else {
      throw bad("the files end at byte \(at), so the section has \(at + P.tailSize(letterCount: n)) bytes, not \(section.count)")
    }
    let reserved = at + 8 * P.reservedTotal
    guard section.uint64(at: reserved) == 0 else { throw bad("reserved total at byte \(reserved) is not zero") }
    fileCount = files
  }
}
