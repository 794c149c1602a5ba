/// Counts a word-frequency list ("word<TAB>count" or "word count" per line, as Norvig's
/// count_1w.txt, Google Books 1-grams or Leipzig word lists have them): each word's letters
/// are counted as if the word had appeared `count` times in running text.
///
/// Words are decoded by the same rules as running text, so "Don't" adds to "dont" and
/// "well-known" to "well" and "known".
public struct FrequencyListCounter {
  public let decoder: LetterDecoder
  public private(set) var counts: NgramCounts
  private var partialLine: [UInt8] = []
  private var lineNumber = 0
  private var textOffset = 0
  private let path: String

  public init(decoder: LetterDecoder, path: String) {
    self.decoder = decoder
    self.path = path
    counts = NgramCounts(letterCount: decoder.letterCount)
  }

  /// Counts the complete lines in `chunk`; a line cut by the chunk's end waits for the next.
  public mutating func consume(_ chunk: UnsafeRawBufferPointer) throws(FrequencyListError) {
    var lineStart = 0
    for (index, byte) in chunk.enumerated() where byte == UInt8(ascii: "\n") {
      if partialLine.isEmpty {
        try line(Array(chunk[lineStart..<index]))
      } else {
        partialLine += chunk[lineStart..<index]
        let whole = partialLine
        partialLine.removeAll(keepingCapacity: true)
        try line(whole)
      }
      lineStart = index + 1
    }
    partialLine += chunk[lineStart...]
  }

  /// The last line needs no newline.
  public mutating func finish() throws(FrequencyListError) {
    if !partialLine.isEmpty {
      let last = partialLine
      partialLine.removeAll()
      try line(last)
    }
  }

  private mutating func line(_ bytes: [UInt8]) throws(FrequencyListError) {
    lineNumber += 1
    defer { textOffset += bytes.count + 1 }
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    if lineNumber == 1, text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    if text.allSatisfy(\.isWhitespace) { return }
    // The count is the last field; the word is everything before it (tab or spaces).
    guard let split = text.lastIndex(where: { $0 == "\t" || $0 == " " }),
          let count = UInt64(text[text.index(after: split)...]) else {
      throw FrequencyListError(path: path, line: lineNumber, byteOffset: textOffset,
                               problem: "expected \"word<TAB>count\" or \"word count\", found \"\(text.prefix(60))\"")
    }
    let word = text[..<split].trimmingCharacters(in: .whitespaces)
    guard !word.isEmpty else {
      throw FrequencyListError(path: path, line: lineNumber, byteOffset: textOffset, problem: "no word before the count \(count)")
    }
    counts.frequencyListWords += count
    var run: [UInt8] = []
    for symbol in symbols(of: word) + [0] {
      if symbol == 0 {
        counts.addWord(run, weight: count)
        run.removeAll(keepingCapacity: true)
      } else {
        run.append(symbol)
      }
    }
  }

  /// The word's letter symbols, with 0 wherever the decoding rules end a word.
  private mutating func symbols(of word: String) -> [UInt8] {
    var result: [UInt8] = []
    for scalar in word.unicodeScalars {
      let scalarClass: LetterDecoder.ScalarClass
      if scalar.isASCII {
        scalarClass = decoder.asciiClass(UInt8(scalar.value))
      } else {
        scalarClass = decoder.scalarClass(scalar)
      }
      switch scalarClass {
      case .letter(let symbol): result.append(symbol)
      case .boundary: result.append(0)
      case .skip: break
      case .outsideAlphabet:
        counts.outsideAlphabet += 1
        result.append(0)
      case .combiningMark:
        guard let last = result.last, last != 0 else { break }
        if let composed = decoder.compose(last, with: scalar) {
          result[result.count - 1] = composed
        } else {
          counts.outsideAlphabet += 1
          result[result.count - 1] = 0
        }
      }
    }
    return result
  }
}

/// A malformed frequency-list line: names the file, the line and its byte offset in the text.
public struct FrequencyListError: Error, Equatable, CustomStringConvertible {
  public var path: String
  public var line: Int
  public var byteOffset: Int
  public var problem: String
  public var description: String { "\(path):\(line) (text byte \(byteOffset)): \(problem)" }
}
