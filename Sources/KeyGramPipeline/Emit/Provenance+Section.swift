import KeyGram

/// The `PROV` section (docs/TableFormat.md): a provenance as table bytes, and back.
extension Provenance {
  /// The section's bytes (docs/TableFormat.md, `PROV`).
  package var encoded: [UInt8] {
    var out = ByteWriter()
    out.uint32(UInt32(files.count))
    for file in files {
      out.string16(file.name)
      out.uint64(file.size)
      out.bytes(file.sha256.bytes)
    }
    for total in [letters, words, storedBytes, textBytes, invalidUTF8, outsideAlphabet, frequencyListWords, 0] {
      out.uint64(total)
    }
    letterCounts.forEach { out.uint64($0) }
    return out.bytes
  }

  /// Reads a `PROV` section back; nil if it is malformed.
  package init?(section: TableBytes, letterCount: Int) {
    var reader = ByteReader(section)
    guard let fileCount = reader.uint32(), fileCount < 100_000 else { return nil }
    var files: [File] = []
    for _ in 0..<fileCount {
      guard let name = reader.string16(), let size = reader.uint64(), let hash = reader.bytes(32) else { return nil }
      files.append(File(name: name, size: size, sha256: FileDigest(bytes: hash)))
    }
    var totals: [UInt64] = []
    for _ in 0..<8 { guard let value = reader.uint64() else { return nil }; totals.append(value) }
    var letterCounts: [UInt64] = []
    for _ in 0..<letterCount { guard let value = reader.uint64() else { return nil }; letterCounts.append(value) }
    self.files = files
    (letters, words, storedBytes, textBytes) = (totals[0], totals[1], totals[2], totals[3])
    (invalidUTF8, outsideAlphabet, frequencyListWords) = (totals[4], totals[5], totals[6])
    self.letterCounts = letterCounts
  }
}
