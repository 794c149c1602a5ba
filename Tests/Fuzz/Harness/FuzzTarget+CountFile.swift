import KeyGram
import KeyGramPipeline

/// The count-file reader and `merge`. The input is one or more count files back to back (each
/// from its "KGCOUNT" magic, at most three), each with its size and CRC made right. Promises
/// checked: each reader's words come in strictly increasing order, 1 ... 48 letters of the
/// alphabet, never a count of 0, then word pairs in strictly increasing order, each two words
/// around one separator; a merge that succeeds writes a count file that reads back
/// whole with as many words as it reported; errors name a file and a byte inside it.
extension FuzzTarget {
  static func countFile(_ input: [UInt8], _ findings: inout FuzzFindings) {
    let files = split(input).prefix(3).map(ChecksumFixup.countFile)
    guard !files.isEmpty, files.allSatisfy(hasCheapLetterCount) else { return }
    let paths = files.enumerated().map { FuzzScratch.write($1, as: "input\($0).kgcounts") }
    for (path, file) in zip(paths, files) { readWhole(path, size: file.count, &findings) }

    let output = "\(FuzzScratch.folder)/merged.kgcounts"
    do {
      let (_, words) = try Merge.files(paths, into: output)
      findings.expect(readWhole(output, size: nil, &findings) == words, "the merged file does not read back \(words) words")
    } catch let error as CountFileError {
      findings.expect(error.path == "merge" || paths.contains(error.path) || error.path == output, "the error names \(error.path)")
    } catch {
      findings.expect(error is OutputError, "merge threw \(type(of: error)): \(error)")
    }
    do {
      _ = try Merge.load(paths, language: FuzzFixtures.language, wordMemoryCap: 8)
    } catch let error as CountFileError {
      findings.expect(paths.contains(error.path) || error.path == "merge", "the error names \(error.path)")
    } catch {
      findings.expect(error is OutputError || error is CountOverflowError, "load threw \(type(of: error)): \(error)")
    }
  }

  /// Whether the header's letter count (or a file too short to hold one) is cheap to read. Dense
  /// counts are allocated as the header says: 4-grams up to 63 letters (64⁴ cells, 134 MB; 40
  /// letters already cost 22 ms a run under ASan) and trigrams beyond (250 letters: 126 MB). Small alphabets on both sides of the
  /// 4-gram limit take the same paths at a few MB; a corpus that drifted to 23–47 letters ran
  /// at 370 a second.
  private static func hasCheapLetterCount(_ file: [UInt8]) -> Bool {
    let at = CountFile.Offset.letterCount
    guard file.count >= at + 2 else { return true }
    let letters = Int(file[at]) | Int(file[at + 1]) << 8
    return (0...20).contains(letters) || (TableFormat.Quadgram.maximumLetterCount + 1...70).contains(letters)
  }

  /// Reads every word of the count file at `path`; returns how many, or nil if it was refused.
  @discardableResult
  private static func readWhole(_ path: String, size: Int?, _ findings: inout FuzzFindings) -> UInt64? {
    do {
      let reader = try CountFile.Reader(path: path)
      let letters = reader.head.alphabet.count
      var previous: [UInt8]?
      var words: UInt64 = 0
      while let (word, count) = try reader.nextWord() {
        findings.expect((1...WordCounts.maximumLength).contains(word.count), "a word of \(word.count) letters")
        findings.expect(word.allSatisfy { $0 >= 1 && Int($0) <= letters }, "a word with a letter outside 1 ... \(letters)")
        findings.expect(count > 0, "a word counted 0 times")
        findings.expect(previous.map { $0.lexicographicallyPrecedes(word) } ?? true, "words out of order")
        previous = word
        words += 1
      }
      findings.expect(words == reader.wordEntries, "\(words) words read, the header says \(reader.wordEntries)")
      while try reader.nextForm() != nil {}
      var previousPair: [UInt8]?
      while let (key, count) = try reader.nextPair() {
        findings.expect(PairCounter.isPairKey(key, letterCount: letters) && count > 0, "a word pair key or count out of shape")
        findings.expect(previousPair.map { $0.lexicographicallyPrecedes(key) } ?? true, "word pairs out of order")
        previousPair = key
      }
      return words
    } catch {
      findings.expect(error.path == path, "the error names \(error.path), not \(path)")
      if let size { findings.expect((error.byteOffset ?? 0) <= size, "\(error): past the end of \(size) bytes") }
      return nil
    }
  }

  /// The count files in `input`: a new one starts at each "KGCOUNT\0" after the first byte.
  private static func split(_ input: [UInt8]) -> [[UInt8]] {
    let magic = CountFile.magic
    var files: [[UInt8]] = []
    var start = 0
    var index = 1
    while index + magic.count <= input.count {
      if input[index] == magic[0] && input[index..<(index + magic.count)].elementsEqual(magic) {
        files.append(Array(input[start..<index]))
        start = index
        index += magic.count
      } else {
        index += 1
      }
    }
    if start < input.count { files.append(Array(input[start...])) }
    return files
  }
}
