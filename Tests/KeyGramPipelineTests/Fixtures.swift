import CZlib
import Foundation
@testable import KeyGramPipeline
import TestSupport

/// Test inputs made on the spot: gzip members through real zlib, files in a fresh temp folder.
enum Fixtures {
  /// `keygram count`: `inputs` counted into the count file `output`, through `Pipeline.build`.
  @discardableResult
  static func countToFile(_ inputs: [String], language: Language, output: String, corpusFolder: String? = nil, jobs: Int = 1,
                          wordMemoryCap: Int = WordCounts.defaultMemoryCap,
                          part: CountFile.Part? = nil) throws -> (head: CountFile.Head, words: WordCounts) {
    var request = Pipeline.Request(language: language, inputs: inputs, corpusFolder: corpusFolder, output: .countFile(output))
    request.jobs = jobs
    request.wordMemoryCap = wordMemoryCap
    request.part = part
    let summary = try Pipeline.build(request)
    return (summary.countHead!, summary.words)
  }

  /// One complete gzip member holding `text` (zlib's own gzip framing, windowBits 31).
  static func gzipMember(_ text: [UInt8], level: Int32 = 6) -> [UInt8] {
    deflate(text, windowBits: 31, level: level)
  }

  static func gzipMember(_ text: String) -> [UInt8] { gzipMember(Array(text.utf8)) }

  /// A gzip member with an FEXTRA field, as dictzip (.dz) writes: raw deflate framed by hand.
  static func gzipMemberWithExtraField(_ text: [UInt8]) -> [UInt8] {
    let extra: [UInt8] = Array("RA".utf8) + [6, 0] + [1, 0, 0, 0x10, 1, 0]  // a dictzip-shaped subfield
    var member: [UInt8] = [0x1F, 0x8B, 8, 0x04, 0, 0, 0, 0, 0, 3]  // FLG.FEXTRA, no mtime, Unix
    member += [UInt8(extra.count & 0xFF), UInt8(extra.count >> 8)] + extra
    member += deflate(text, windowBits: -15, level: 6)
    let crc = text.withUnsafeBytes { zlib_crc32($0) }
    member += littleEndian32(crc) + littleEndian32(UInt32(text.count))
    return member
  }

  static func littleEndian32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
  }

  static func deflate(_ input: [UInt8], windowBits: Int32, level: Int32) -> [UInt8] {
    var stream = z_stream()
    precondition(keygram_deflateInit2(&stream, level, windowBits) == Z_OK)
    defer { deflateEnd(&stream) }
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
    var input = input
    let produced = input.withUnsafeMutableBytes { inBuffer in
      output.withUnsafeMutableBytes { outBuffer -> Int in
        stream.next_in = inBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_in = uInt(inBuffer.count)
        stream.next_out = outBuffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(outBuffer.count)
        precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
        return outBuffer.count - Int(stream.avail_out)
      }
    }
    return Array(output[0..<produced])
  }

  /// The inflaters gzip tests run with: zlib, and ISA-L where it loads (`InflaterTests.isalLoads`
  /// fails where it does not, unless KEYGRAM_ALLOW_NO_ISAL=1 accepts its absence).
  static let inflaters: [Inflater] = Inflater.isalUnavailableReason == nil ? [.zlib, .isal] : [.zlib]

  /// A new empty folder under the system temp folder.
  static func temporaryFolder() -> String { TestSupport.temporaryFolder(prefix: "keygram-tests") }

  /// Writes `bytes` to `name` in a fresh temp folder and returns the path.
  static func file(_ name: String, _ bytes: [UInt8], in folder: String = temporaryFolder()) -> String {
    let path = folder + "/" + name
    precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  /// Reads the whole decompressed stream of `path` with `inputSize`-byte reads of the stored file.
  static func readAll(_ path: String, inputSize: Int = CorpusReader.defaultInputSize, outputSize: Int = 1 << 16,
                      inflater: Inflater = .automatic) throws -> [UInt8] {
    let reader = try CorpusReader(path: path, inputSize: inputSize, inflater: inflater)
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: outputSize)
    while true {
      let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
      if count == 0 { return result }
      result += buffer[0..<count]
    }
  }

  /// A toy language for counting tests: the letters of `alphabet`, no layout.
  static func language(_ alphabet: String = "abcdefghijklmnopqrstuvwxyz", code: String = "en", apostrophes: Bool = true) -> Language {
    Language(code: code, name: code == "en" ? "English" : "Test", alphabet: Array(alphabet.unicodeScalars), apostrophesAreTransparent: apostrophes)
  }

  /// Hands `bytes` to `body` as one chunk, or in pieces of `chunkSize` bytes.
  static func feed(_ bytes: [UInt8], chunkSize: Int? = nil, to body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    let size = chunkSize ?? max(bytes.count, 1)
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      try bytes[start..<end].withUnsafeBytes { try body($0) }
      start = end
    }
  }

  /// Counts `text` fed as one chunk or in pieces of `chunkSize` bytes, the counter folding its
  /// cells every `foldInterval` bytes.
  static func count(_ text: [UInt8], language: Language = language(), chunkSize: Int? = nil, foldInterval: Int = 1 << 29) -> NgramCounts {
    var counter = LetterCounter(decoder: LetterDecoder(language: language), foldInterval: foldInterval)
    feed(text, chunkSize: chunkSize) { counter.consume($0) }
    counter.finishFile()
    return counter.counts
  }

  static func count(_ text: String, language: Language = language(), chunkSize: Int? = nil, foldInterval: Int = 1 << 29) -> NgramCounts {
    count(Array(text.utf8), language: language, chunkSize: chunkSize, foldInterval: foldInterval)
  }

  /// The package root, for tests that read the shipped corpora and tables.
  static let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()
}

extension NgramCounts {
  /// Unigram count of `letter` in a test alphabet (a–z unless the test says otherwise).
  func unigram(_ letter: Character, alphabet: String = "abcdefghijklmnopqrstuvwxyz") -> UInt64 {
    unigrams[Array(alphabet).firstIndex(of: letter)!]
  }
}

extension NgramCounts {
  /// The counts a table is made of (unigram, initial, bigram, every trigram row), without the
  /// trigrams that span a word boundary, which differ between running text and word lists.
  struct Derived: Equatable {
    var unigrams: [UInt64], initials: [UInt64], bigrams: [[UInt64]], trigramRows: [[UInt64]]
  }

  var derived: Derived {
    Derived(unigrams: unigrams, initials: initials, bigrams: bigrams,
            trigramRows: (0...letterCount).flatMap { a in (0..<letterCount).map { trigramRow(previous: a, last: $0) } })
  }
}
