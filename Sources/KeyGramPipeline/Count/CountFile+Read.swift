import KeyGram

extension CountFile {
  /// Reads a count file: `init` checks the whole file (header, size, state, CRC-32) and reads
  /// its head; `nextWord()` then streams the words in their stored order, checking each, so a
  /// merge holds one word per input however large the vocabularies. Every error names the file
  /// and the byte offset.
  package final class Reader {
    package let path: String
    package let head: Head
    /// 4 (4-gram counts) or 3 (trigram counts, alphabets over 63 letters).
    package let order: Int
    package let wordEntries: UInt64
    package let formEntries: UInt64
    private var formsLeft: UInt64
    private var lastForm: [UInt8] = []
    package let pairEntries: UInt64
    private var pairsLeft: UInt64
    private var lastPair: [UInt8] = []
    /// Where the language code, the alphabet and the rules digest are, for errors about them.
    package let languageOffset: Int, alphabetOffset: Int, rulesOffset: Int
    /// The CRC-32 the header records: a merge's second pass checks the file is the one it summed.
    package let checksum: UInt32
    private let input: BufferedInput
    private var wordsLeft: UInt64
    private var lastWord: [UInt8] = []
    private var wordsRead: UInt64 = 0

    /// A file's head up to its n-grams: what a merge checks before it reads or sets aside
    /// memory for any n-gram count.
    struct Identity {
      let path: String
      let languageCode: String, alphabet: [Unicode.Scalar], rulesDigest: FileDigest
      let inputs: [Input]
      let languageOffset: Int, alphabetOffset: Int, rulesOffset: Int
    }

    /// Reads the whole head, n-gram counts included, into memory.
    package convenience init(path: String) throws(CountFileError) {
      try self.init(path: path, bufferSize: 1 << 18, check: { _ throws(CountFileError) in }, ngram: nil)
    }

    /// Reads a count file, passing its identity to `check` before any n-gram is read. With
    /// `ngram`, each n-gram entry (dense index, count; increasing indices) goes to it instead
    /// of into a dense array, and `head.counts` carries the totals only: a merge's readers then
    /// hold no counts of their own. `bufferSize` bounds the bytes buffered for the words.
    init(path: String, bufferSize: Int, check: (Identity) throws(CountFileError) -> Void,
         ngram: ((_ index: Int, _ count: UInt64) throws(CountFileError) -> Void)?) throws(CountFileError) {
      self.path = path
      // Pass 1: header, size, state, CRC.
      let whole = try BufferedInput(path: path)
      let size = whole.size
      guard size >= CountFile.headerSize else {
        if size >= 8, try whole.bytes(8) != CountFile.magic { throw CountFileError(path: path, byteOffset: 0, kind: .notACountFile) }
        throw CountFileError(path: path, byteOffset: size, kind: .truncated(recorded: UInt64(CountFile.headerSize), actual: UInt64(size)))
      }
      var header = try whole.bytes(CountFile.headerSize)
      func u16(_ at: Int) -> UInt16 { UInt16(header[at]) | UInt16(header[at + 1]) << 8 }
      func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(header[at + $1]) << (8 * UInt32($1)) } }
      func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(header[at + $1]) << (8 * UInt64($1)) } }
      guard Array(header[0..<8]) == CountFile.magic else { throw CountFileError(path: path, byteOffset: 0, kind: .notACountFile) }
      guard u16(Offset.majorVersion) == CountFile.majorVersion else {
        throw CountFileError(path: path, byteOffset: Offset.majorVersion,
                             kind: .unsupportedVersion(major: u16(Offset.majorVersion), minor: u16(Offset.minorVersion)))
      }
      let state = u32(Offset.state)
      guard state != TableFormat.State.incomplete.rawValue else { throw CountFileError(path: path, byteOffset: Offset.state, kind: .incomplete) }
      guard state == TableFormat.State.complete.rawValue else {
        throw CountFileError(path: path, byteOffset: Offset.state, kind: .malformed("state is neither DONE nor PART"))
      }
      guard u32(Offset.headerSize) == UInt32(CountFile.headerSize) else {
        throw CountFileError(path: path, byteOffset: Offset.headerSize, kind: .malformed("header size \(u32(Offset.headerSize)), not \(CountFile.headerSize)"))
      }
      guard u32(Offset.byteOrder) == CountFile.byteOrderMark else {
        throw CountFileError(path: path, byteOffset: Offset.byteOrder, kind: .malformed("byte-order mark is not 04 03 02 01"))
      }
      let recorded = u64(Offset.fileSize)
      guard recorded <= UInt64(size) else {
        throw CountFileError(path: path, byteOffset: size, kind: .truncated(recorded: recorded, actual: UInt64(size)))
      }
      guard recorded == UInt64(size) else {
        throw CountFileError(path: path, byteOffset: Int(recorded), kind: .trailingBytes(recorded: recorded, actual: UInt64(size)))
      }
      let recordedCRC = u32(Offset.crc)
      for k in 0..<4 { header[Offset.crc + k] = 0 }
      var crc = header.withUnsafeBytes { zlib_crc32($0) }
      try whole.crcOfRest(&crc)
      guard crc == recordedCRC else {
        throw CountFileError(path: path, byteOffset: Offset.crc, kind: .checksumMismatch(recorded: recordedCRC, actual: crc))
      }
      checksum = recordedCRC
      let letterCount = Int(u16(Offset.letterCount))
      let order = Int(u16(Offset.order))
      guard (2...250).contains(letterCount) else {
        throw CountFileError(path: path, byteOffset: Offset.letterCount, kind: .malformed("letter count \(letterCount) is not 2 ... 250"))
      }
      guard order == (NgramCounts.countsQuadgrams(letterCount: letterCount) ? 4 : 3) else {
        throw CountFileError(path: path, byteOffset: Offset.order, kind: .malformed("order \(order) does not fit \(letterCount) letters"))
      }
      self.order = order
      let ngramEntries = u64(Offset.ngramEntries)
      wordEntries = u64(Offset.wordEntries)
      wordsLeft = wordEntries
      formEntries = u64(Offset.formEntries)
      formsLeft = formEntries
      pairEntries = u64(Offset.pairEntries)
      pairsLeft = pairEntries

      // Pass 2: the head.
      let input = try BufferedInput(path: path, bufferSize: bufferSize)
      _ = try input.bytes(CountFile.headerSize)
      func malformed(_ why: String, at offset: Int) -> CountFileError { CountFileError(path: path, byteOffset: offset, kind: .malformed(why)) }
      languageOffset = input.offset
      let code = try input.string16()
      guard !code.isEmpty else { throw malformed("empty language code", at: languageOffset) }
      alphabetOffset = input.offset
      var alphabet: [Unicode.Scalar] = []
      for _ in 0..<letterCount {
        let at = input.offset
        guard let scalar = Unicode.Scalar(try input.uint32()) else { throw malformed("a letter is not a Unicode scalar", at: at) }
        alphabet.append(scalar)
      }
      rulesOffset = input.offset
      let rules = FileDigest(bytes: try input.bytes(32))
      var totals: [UInt64] = []
      for _ in 0..<6 { totals.append(try input.uint64()) }
      let filesOffset = input.offset
      let fileCount = try input.uint32()
      guard UInt64(fileCount) <= UInt64(size) / 54 else { throw malformed("\(fileCount) inputs cannot fit", at: filesOffset) }
      var inputs: [Input] = []
      for _ in 0..<fileCount {
        let at = input.offset
        let name = try input.string16()
        let fileSize = try input.uint64()
        let digest = FileDigest(bytes: try input.bytes(32))
        if let previous = inputs.last, !(previous.file.name < name) {
          throw malformed("input names not in strictly increasing order ('\(previous.file.name)', then '\(name)')", at: at)
        }
        let partsAt = input.offset
        let partCount = try input.uint32()
        let listed = try input.uint32()
        guard partCount >= 1, listed >= 1, listed <= partCount else {
          throw malformed("input '\(name)': \(listed) parts of \(partCount)", at: partsAt)
        }
        var parts: [UInt32] = []
        for _ in 0..<listed {
          let partAt = input.offset
          let part = try input.uint32()
          guard part < partCount, parts.last.map({ $0 < part }) ?? true else {
            throw malformed("input '\(name)': part \(part) out of order or range", at: partAt)
          }
          parts.append(part)
        }
        inputs.append(Input(file: Provenance.File(name: name, size: fileSize, sha256: digest), partCount: partCount, parts: parts))
      }
      try check(Identity(path: path, languageCode: code, alphabet: alphabet, rulesDigest: rules, inputs: inputs,
                         languageOffset: languageOffset, alphabetOffset: alphabetOffset, rulesOffset: rulesOffset))
      let width = letterCount + 1
      let cells = order == 4 ? width * width * width * width : width * width * width
      guard ngramEntries <= UInt64(cells) else {
        throw malformed("\(ngramEntries) n-gram entries for \(cells) n-grams", at: Offset.ngramEntries)
      }
      var dense = ngram == nil ? [UInt64](repeating: 0, count: cells) : []
      var previous = -1
      var total: UInt64 = 0
      for _ in 0..<ngramEntries {
        let at = input.offset
        let index = Int(try input.uint32())
        let count = try input.uint64()
        guard index > previous, index < cells else { throw malformed("n-gram index \(index) out of order or range", at: at) }
        guard count > 0 else { throw malformed("n-gram count 0 stored", at: at + 4) }
        // Every derived count is a sum of these, so their total must fit (a crafted file trapped; Tests/Fuzz/countfile).
        let (sum, overflow) = total.addingReportingOverflow(count)
        guard !overflow else { throw malformed("n-gram counts add up past \(UInt64.max) (UInt64.max)", at: at + 4) }
        total = sum
        if let ngram { try ngram(index, count) } else { dense[index] = count }
        previous = index
      }
      var counts = ngram != nil ? NgramCounts(totalsOnlyFor: letterCount)
        : order == 4 ? NgramCounts(letterCount: letterCount, quadgrams: dense) : NgramCounts(letterCount: letterCount, trigrams: dense)
      counts.outsideAlphabet = totals[0]
      counts.invalidUTF8 = totals[1]
      counts.frequencyListWords = totals[2]
      head = Head(languageCode: code, alphabet: alphabet, rulesDigest: rules, counts: counts, droppedWords: totals[3],
                  inputs: inputs, storedBytes: totals[4], textBytes: totals[5])
      self.input = input
    }

    /// The next word (letter stream symbols, `Symbol`) and its count, in strictly increasing order;
    /// nil after the last, once the file is checked to end there.
    package func nextWord() throws(CountFileError) -> (word: [UInt8], count: UInt64)? {
      guard wordsLeft > 0 else {
        guard formEntries > 0 || pairEntries > 0 || input.offset == input.size else {
          throw CountFileError(path: path, byteOffset: input.offset, kind: .malformed("bytes after the last of \(wordEntries) words"))
        }
        return nil
      }
      let at = input.offset
      let (word, count) = try WordEntry.read(from: input)
      let length = word.count
      guard (1...WordCounts.maximumLength).contains(length) else {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("word of \(length) letters (1 ... \(WordCounts.maximumLength))"))
      }
      let letterCount = head.alphabet.count
      guard word.allSatisfy({ Symbol.isLetter($0, letterCount: letterCount) }) else {
        throw CountFileError(path: path, byteOffset: at + 1, kind: .malformed("a word's letter is not 1 ... \(letterCount)"))
      }
      guard count > 0 else { throw CountFileError(path: path, byteOffset: at + 1 + length, kind: .malformed("word count 0 stored")) }
      guard wordsRead == 0 || lastWord.lexicographicallyPrecedes(word) else {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("words not in strictly increasing order"))
      }
      lastWord = word
      wordsRead += 1
      wordsLeft -= 1
      return (word, count)
    }

    /// The next form evidence key and count (`FormEvidence`), once every word was read.
    package func nextForm() throws(CountFileError) -> (key: [UInt8], count: UInt64)? {
      precondition(wordsLeft == 0, "the words come first")
      guard formsLeft > 0 else {
        guard pairEntries > 0 || input.offset == input.size else {
          throw CountFileError(path: path, byteOffset: input.offset, kind: .malformed("bytes after the last of \(formEntries) form evidence entries"))
        }
        return nil
      }
      let at = input.offset
      let (key, count) = try WordEntry.read(from: input)
      guard key.count >= 2, FormEvidence.Kind(rawValue: key[0]) != nil, String(validating: key.dropFirst(), as: UTF8.self) != nil else {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("a form evidence key is not a kind byte (A, D, L, M or T) and UTF-8"))
      }
      guard count > 0 else { throw CountFileError(path: path, byteOffset: at + 1 + key.count, kind: .malformed("form evidence count 0 stored")) }
      guard formsLeft == formEntries || lastForm.lexicographicallyPrecedes(key) else {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("form evidence not in strictly increasing order"))
      }
      lastForm = key
      formsLeft -= 1
      return (key, count)
    }

    /// The next word pair key and count (`PairCounter`), once every word and form was read.
    package func nextPair() throws(CountFileError) -> (key: [UInt8], count: UInt64)? {
      precondition(wordsLeft == 0 && formsLeft == 0, "the words and forms come first")
      guard pairsLeft > 0 else {
        guard input.offset == input.size else {
          throw CountFileError(path: path, byteOffset: input.offset, kind: .malformed("bytes after the last of \(pairEntries) word pairs"))
        }
        return nil
      }
      let at = input.offset
      let (key, count) = try WordEntry.read(from: input)
      let letterCount = head.alphabet.count
      guard PairCounter.isPairKey(key, letterCount: letterCount) else {
        throw CountFileError(path: path, byteOffset: at,
                             kind: .malformed("a word pair is not two words of 0 ... 48 and 1 ... 48 letters (1 ... \(letterCount)) around a separator 0xFF"))
      }
      guard count > 0 else { throw CountFileError(path: path, byteOffset: at + 1 + key.count, kind: .malformed("word pair count 0 stored")) }
      guard pairsLeft == pairEntries || lastPair.lexicographicallyPrecedes(key) else {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("word pairs not in strictly increasing order"))
      }
      lastPair = key
      pairsLeft -= 1
      return (key, count)
    }

    /// The form evidence as a sorted source for `Merge.words(of:)`, after the words are read.
    package var formSource: any SortedWordSource { FormSource(reader: self) }
    /// The word pairs as a sorted source, after the words and the form evidence are read.
    package var pairSource: any SortedWordSource { PairSource(reader: self) }
  }

  /// A reader's word pairs as a sorted stream.
  final class PairSource: SortedWordSource {
    let reader: Reader
    init(reader: Reader) { self.reader = reader }
    var name: String { reader.path }
    func nextWord() throws -> (word: [UInt8], count: UInt64)? {
      while try reader.nextWord() != nil {}
      while try reader.nextForm() != nil {}
      return try reader.nextPair().map { ($0.key, $0.count) }
    }
  }


  /// A reader's form evidence as a sorted stream.
  final class FormSource: SortedWordSource {
    let reader: Reader
    init(reader: Reader) { self.reader = reader }
    var name: String { reader.path }
    func nextWord() throws -> (word: [UInt8], count: UInt64)? {
      while try reader.nextWord() != nil {}
      return try reader.nextForm().map { ($0.key, $0.count) }
    }
  }
}

/// Buffered sequential reads of a file, tracking the offset, each error naming file and byte.
final class BufferedInput {
  let path: String
  let size: Int
  private let fd: Int32
  private var buffer: [UInt8]
  private var start = 0, end = 0
  /// The file offset of the next byte.
  private(set) var offset = 0

  init(path: String, bufferSize: Int = 1 << 18) throws(CountFileError) {
    self.path = path
    switch system_openForReading(path) {
    case .success(let opened): fd = opened
    case .failure(let errno):
      throw CountFileError(path: path, kind: errno.isNoSuchFile ? .missing : .unreadable(errno.description))
    }
    switch system_fileStatus(fd) {
    case .success(let status):
      size = status.size
      // A count file smaller than the buffer needs only its own size (shard files are often small).
      buffer = [UInt8](repeating: 0, count: max(min(bufferSize, status.size), 16))
      guard status.kind != .directory else { throw CountFileError(path: path, kind: .unreadable("is a directory")) }
      guard status.kind == .regular else {
        throw CountFileError(path: path, kind: .unreadable("a pipe, FIFO or device, not a file; write the count file to disk first"))
      }
    case .failure(let errno):
      size = 0
      buffer = []
      throw CountFileError(path: path, kind: .unreadable(errno.description))
    }
  }

  deinit { system_close(fd) }

  /// Refills the buffer; false at end of file.
  private func fill() throws(CountFileError) -> Bool {
    let result = buffer.withUnsafeMutableBytes { system_read(fd, into: $0) }
    switch result {
    case .success(let count):
      start = 0
      end = count
      return count > 0
    case .failure(let errno):
      throw CountFileError(path: path, byteOffset: offset, kind: .unreadable(errno.description))
    }
  }

  func bytes(_ count: Int) throws(CountFileError) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    let at = offset
    while result.count < count {
      if start == end, try !fill() {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("the file ends inside a field (\(count) bytes at byte \(at))"))
      }
      let take = Swift.min(count - result.count, end - start)
      result.append(contentsOf: buffer[start..<(start + take)])
      start += take
      offset += take
    }
    return result
  }

  func uint8() throws(CountFileError) -> UInt8 {
    if start == end, try !fill() {
      throw CountFileError(path: path, byteOffset: offset, kind: .malformed("the file ends inside a field (1 byte at byte \(offset))"))
    }
    defer { start += 1; offset += 1 }
    return buffer[start]
  }

  func uint16() throws(CountFileError) -> UInt16 { try littleEndian(UInt16.self) }
  func uint32() throws(CountFileError) -> UInt32 { try littleEndian(UInt32.self) }
  func uint64() throws(CountFileError) -> UInt64 { try littleEndian(UInt64.self) }

  /// A little-endian integer read byte by byte from the buffer: no array per field, because a
  /// count file's sparse counts are millions of fields.
  @inline(__always)
  private func littleEndian<Integer: FixedWidthInteger & UnsignedInteger>(_: Integer.Type) throws(CountFileError) -> Integer {
    let width = MemoryLayout<Integer>.size
    if end - start >= width {  // the whole field is buffered: one load
      let stored = buffer.withUnsafeBytes { [start] in $0.loadUnaligned(fromByteOffset: start, as: Integer.self) }
      start += width
      offset += width
      return Integer(littleEndian: stored)
    }
    let at = offset
    var value: Integer = 0
    for index in 0..<width {
      if start == end, try !fill() {
        throw CountFileError(path: path, byteOffset: at, kind: .malformed("the file ends inside a field (\(width) bytes at byte \(at))"))
      }
      value |= Integer(buffer[start]) << (8 * index)
      start += 1
      offset += 1
    }
    return value
  }

  func string16() throws(CountFileError) -> String {
    let at = offset
    let utf8 = try bytes(Int(try uint16()))
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw CountFileError(path: path, byteOffset: at + 2, kind: .malformed("a name is not UTF-8"))
    }
    return text
  }

  /// Feeds every remaining byte to the CRC.
  func crcOfRest(_ crc: inout UInt32) throws(CountFileError) {
    if start < end {
      crc = buffer[start..<end].withUnsafeBytes { zlib_crc32($0, continuing: crc) }
      offset += end - start
      start = end
    }
    while try fill() {
      crc = buffer[0..<end].withUnsafeBytes { zlib_crc32($0, continuing: crc) }
      offset += end
      start = end
    }
  }
}
