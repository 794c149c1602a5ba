/// A validated `TUNE` section (format 2.5, docs/TableFormat.md): the word decoder's settings the
/// language was tuned with.
///
/// Validation reads every entry once: the head's reserved bytes are zero, the length is the
/// formula's, the directory's element count is the entry count, ids ascend strictly, no value is
/// NaN and the padding is zero. Ids this version does not know are kept and ignored.
package struct DecoderSettingsSection: Sendable, Equatable {
  package let entryCount: Int

  /// Checks `section`, the `TUNE` bytes of a table whose directory counts `elementCount` entries.
  package init(validating section: TableBytes, elementCount: Int) throws(KeyGramTableError) {
    typealias D = TableFormat.DecoderSettings
    func bad(_ reason: String) -> KeyGramTableError { .badSection(tag: "TUNE", reason: reason) }
    guard section.count >= D.headSize else { throw bad("length \(section.count), shorter than its \(D.headSize)-byte head") }
    let entries = Int(section.uint32(at: 0))
    for offset in stride(from: 4, to: D.headSize, by: 4) where section.uint32(at: offset) != 0 {
      throw bad("reserved bytes 4 ..< \(D.headSize) are not zero")
    }
    guard elementCount == entries else { throw bad("the directory counts \(elementCount) entries, the section \(entries) (byte 0)") }
    guard section.count == D.length(entries: entries) else {
      throw bad("length \(section.count), expected \(D.length(entries: entries)) for \(entries) entries")
    }
    var previous: UInt32 = 0
    for index in 0..<entries {
      let offset = D.headSize + D.entrySize * index
      let id = section.uint32(at: offset)
      guard id > previous else { throw bad("setting id \(id) at byte \(offset) does not follow \(previous)") }
      guard !Float(bitPattern: section.uint32(at: offset + 4)).isNaN else { throw bad("setting \(id)'s value at byte \(offset + 4) is NaN") }
      previous = id
    }
    for offset in (D.headSize + D.entrySize * entries)..<section.count where section.uint8(at: offset) != 0 {
      throw bad("padding byte \(offset) is not zero")
    }
    entryCount = entries
  }
}
