/// The provenance's totals are the counts'; Read records the files, Count adds what it counted.
extension Provenance {
  package init(files: [File], counts: NgramCounts, storedBytes: UInt64, textBytes: UInt64) {
    self.init(files: files, letterCounts: counts.unigrams, words: counts.words, storedBytes: storedBytes, textBytes: textBytes,
              invalidUTF8: counts.invalidUTF8, outsideAlphabet: counts.outsideAlphabet,
              frequencyListWords: counts.frequencyListWords)
  }
}

extension ProvenanceRecorder {
  /// The provenance of a table made of `counts`.
  func provenance(of counts: NgramCounts) -> Provenance {
    Provenance(files: files, counts: counts, storedBytes: storedBytes, textBytes: textBytes)
  }
}
