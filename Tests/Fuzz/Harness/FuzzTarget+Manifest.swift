import KeyGram
import KeyGramPipeline

/// The `language.json` parser over the input as a manifest. Promises checked: an error names
/// the file; an accepted manifest has 2 ... 250 distinct letters, case mappings onto them, and
/// a layout with a key for each letter; a decoder, a rules digest and a layout section can be
/// made from it.
extension FuzzTarget {
  static func manifest(_ input: [UInt8], _ findings: inout FuzzFindings) {
    let path = FuzzScratch.write(input, as: LanguageManifest.fileName)
    let language: Language
    do {
      language = try LanguageManifest.load(path)
    } catch {
      findings.expect(error.path == path, "the error names \(error.path), not \(path)")
      findings.expect(!error.field.isEmpty && !error.problem.isEmpty, "an error without a field or problem: \(error)")
      return
    }
    let alphabet = language.alphabet
    findings.expect((2...TableFormat.maximumLetterCount).contains(alphabet.count), "accepted \(alphabet.count) letters")
    findings.expect(Set(alphabet).count == alphabet.count, "accepted a letter twice")
    findings.expect(language.caseMappings.values.allSatisfy(alphabet.contains), "accepted a case mapping onto a non-letter")
    if let layout = language.layout {
      let keyed = Set(layout.keys.joined())
      findings.expect(alphabet.allSatisfy(keyed.contains), "accepted a layout without a key for every letter")
      blackHole(UInt64(TableImage.layoutSection(layout, language: language).count))
    }
    let decoder = LetterDecoder(language: language)
    blackHole(UInt64(decoder.asciiLetterIndices.count) &+ UInt64(CountFile.rulesDigest(of: language).bytes.count))
    blackHole(UInt64(SwiftTableSource.fileName(for: language).utf8.count))
  }
}
