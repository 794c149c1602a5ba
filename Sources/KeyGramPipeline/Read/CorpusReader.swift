/// Streams one corpus file as decompressed bytes in fixed-size chunks, with bounded memory.
///
/// A file named .gz or .dz, or whose first byte is gzip's (1f), is inflated through ISA-L or
/// zlib (`Inflater`), member after member (so concatenated and dictzip files work), and must
/// start with the gzip magic 1f 8b; anything else is read as plain text. "-" is standard input; pipes and FIFOs are
/// read as streams.
/// After the last member, zero padding is ignored (as gzip does); any other byte is an error.
package final class CorpusReader {
  package let path: String
  /// The stored size: from `fstat` for a file; for a pipe or FIFO, the bytes read so far.
  package private(set) var fileSize: Int
  package let isGzip: Bool
  /// True for a pipe, FIFO, socket or terminal: read to its end, its size unknown beforehand.
  package let isStream: Bool
  /// Compressed bytes consumed so far: the progress measure and the offset in errors.
  package private(set) var storedBytesRead = 0
  /// Sees every byte of the file as stored, in order, as it is consumed (for hashing).
  package var onConsumed: ((UnsafeRawBufferPointer) -> Void)?

  private let fd: Int32
  private let inflater: (any GzipInflating)?
  /// ISA-L inflates: its failures on a file are described as zlib describes them (`asZlibSaysIt`).
  private let inflatesWithIsal: Bool
  private var input: [UInt8]
  private var inputStart = 0
  private var inputEnd = 0
  private var fileOffsetOfInputEnd = 0
  private var atEndOfFile = false
  private var insideMember = false
  private var membersDone = 0

  package static let defaultInputSize = 256 * 1024

  /// The path that means standard input ("-"), read as a stream.
  package static let standardInput = "-"

  /// Opens `path`; a gzip file is inflated by the library `inflater` names (ISA-L asked for by
  /// name and unavailable is an `.unreadable` error).
  package init(path: String, inputSize: Int = CorpusReader.defaultInputSize, inflater: Inflater = .automatic) throws(CorpusError) {
    self.path = path
    let fd: Int32
    if path == Self.standardInput {
      fd = system_duplicateStandardInput()
    } else {
      switch system_openForReading(path) {
      case .success(let opened): fd = opened
      case .failure(let errno):
        throw CorpusError(path: path, kind: errno.isNoSuchFile ? .missing : .unreadable(errno.description))
      }
    }
    let status: (size: Int, kind: FileKind)
    switch system_fileStatus(fd) {
    case .success(let value): status = value
    case .failure(let errno):
      system_close(fd)
      throw CorpusError(path: path, kind: .unreadable(errno.description))
    }
    switch status.kind {
    case .directory:
      system_close(fd)
      throw CorpusError(path: path, kind: .isDirectory)
    case .regular, .blockDevice:
      guard status.size > 0 else { system_close(fd); throw CorpusError(path: path, kind: .empty) }
      isStream = false
    case .fifo, .socket, .characterDevice:
      // Pipes, FIFOs, sockets and terminals have no size: read to their end, as `zcat` does.
      isStream = true
    }
    self.fd = fd
    fileSize = status.size
    // A file smaller than the buffer needs only its own size: small corpora and fuzz inputs skip a 256 KiB fill.
    input = [UInt8](repeating: 0, count: max(isStream ? inputSize : min(inputSize, status.size), 16))
    // Sniff the magic from the first bytes; they stay in the input buffer for inflate.
    var isGzip = false
    do {
      repeat {
        try Self.fill(fd: fd, path: path, input: &input, start: &inputStart, end: &inputEnd,
                      fileOffset: &fileOffsetOfInputEnd, atEnd: &atEndOfFile)
      } while inputEnd < 2 && !atEndOfFile
      if inputEnd == 0 { throw CorpusError(path: path, kind: .emptyStream) }
      // A gzip name, or a first byte like gzip's, means gzip: damaged magic is then an error, not text.
      isGzip = Self.gzipSuffixes.contains { path.hasSuffix($0) } || input[0] == 0x1F
      if isGzip { try Self.checkGzipMagic(input[0..<min(inputEnd, 2)], path: path) }
      if isGzip { try inflater.checkAvailable() }
      self.inflater = isGzip ? try inflater.makeStream() : nil
      inflatesWithIsal = isGzip && inflater.resolved == .isal
    } catch let error as CorpusError {
      system_close(fd)
      throw error
    } catch let error as InflateError {
      system_close(fd)
      throw CorpusError(path: path, kind: .unreadable(error.message))
    } catch {
      system_close(fd)
      throw CorpusError(path: path, kind: .unreadable("\(error)"))
    }
    self.isGzip = isGzip
    if isStream { fileSize = fileOffsetOfInputEnd }
  }

  /// Names that promise gzip (dictzip's .dz is gzip too).
  static let gzipSuffixes = [".gz", ".dz"]

  /// The first two bytes of a gzip file are 1f 8b; a file that stops after 1f is cut short.
  private static func checkGzipMagic(_ head: ArraySlice<UInt8>, path: String) throws(CorpusError) {
    let shown = head.map { Hex.string([$0]) }.joined(separator: " ")
    if head.first != 0x1F {
      throw CorpusError(path: path, byteOffset: 0, kind: .corruptGzip("starts \(shown), not with gzip's magic 1f 8b"))
    }
    guard head.count == 2 else { throw CorpusError(path: path, byteOffset: 1, kind: .truncatedGzip) }
    if head.last != 0x8B {
      throw CorpusError(path: path, byteOffset: 1, kind: .corruptGzip("starts \(shown), not with gzip's magic 1f 8b"))
    }
  }

  deinit { system_close(fd) }

  /// Fills `output` with the next decompressed bytes and returns how many; 0 means the end.
  package func read(into output: UnsafeMutableRawBufferPointer) throws(CorpusError) -> Int {
    guard let inflater else { return try readPlain(into: output) }
    do {
      return try readGzip(into: output, through: inflater)
    } catch {
      throw asZlibSaysIt(error)
    }
  }

  private func readGzip(into output: UnsafeMutableRawBufferPointer, through inflater: any GzipInflating) throws(CorpusError) -> Int {
    var produced = 0
    while produced == 0 {
      if inputStart == inputEnd {
        if atEndOfFile {
          if insideMember { throw CorpusError(path: path, byteOffset: fileOffsetOfInputEnd, kind: .truncatedGzip) }
          return 0
        }
        try refill()
        continue
      }
      if !insideMember {
        // Between members: skip zero padding, else expect another gzip member.
        if try skipZeroPadding() { return 0 }
        if try !startsMember() { continue }
        if membersDone > 0 { inflater.reset() }
        insideMember = true
      }
      let memberStart = offset(ofInputIndex: inputStart)
      let step: (consumed: Int, produced: Int, memberEnded: Bool)
      do {
        step = try input.withUnsafeBytes { buffer in
          try inflater.inflate(from: UnsafeRawBufferPointer(rebasing: buffer[inputStart..<inputEnd]),
                               into: UnsafeMutableRawBufferPointer(rebasing: output[produced...]))
        }
      } catch let error as InflateError {
        let at = offset(ofInputIndex: inputStart + error.consumed)
        throw CorpusError(path: path, byteOffset: at, kind: error.isDataError ? .corruptGzip(error.message) : .unreadable(error.message))
      } catch {
        throw CorpusError(path: path, byteOffset: memberStart, kind: .unreadable("\(error)"))
      }
      report(inputStart..<(inputStart + step.consumed))
      inputStart += step.consumed
      storedBytesRead = offset(ofInputIndex: inputStart)
      produced += step.produced
      if step.memberEnded {
        insideMember = false
        membersDone += 1
      }
      if step.consumed == 0 && step.produced == 0 && !step.memberEnded && inputStart < inputEnd {
        try refill()  // the inflater needs more input than the buffer holds before it can progress
      }
    }
    return produced
  }

  /// An error met reading through ISA-L, as zlib reports it: a file (not a stream) is read again
  /// through zlib and zlib's error, kind, message and offset, is the one thrown, so both
  /// inflaters refuse a file alike. ISA-L checks a block header only once all of it has arrived,
  /// zlib as it goes, so a file both damaged and cut short would be "truncated" to one and
  /// "corrupt" to the other; and ISA-L accepts Huffman codes zlib refuses as over-subscribed or
  /// incomplete, so it may meet the damage later. `isalError` stands where zlib reads the file
  /// whole or it cannot be read again.
  private func asZlibSaysIt(_ isalError: CorpusError) -> CorpusError {
    guard inflatesWithIsal, !isStream, let again = try? CorpusReader(path: path, inflater: .zlib) else { return isalError }
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    defer { scratch.deallocate() }
    do {
      while try again.read(into: scratch) > 0 {}
    } catch let zlibError {
      return zlibError
    }
    return isalError
  }

  /// The whole decompressed text, for inputs small enough to hold (simulator texts, tests).
  package func readAll() throws(CorpusError) -> [UInt8] {
    var text: [UInt8] = []
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    while true {
      let count = try read(into: buffer)
      if count == 0 { return text }
      text += buffer[0..<count]
    }
  }

  private func readPlain(into output: UnsafeMutableRawBufferPointer) throws(CorpusError) -> Int {
    // The sniffing read's bytes come first, then straight reads into the caller's buffer.
    if inputStart < inputEnd {
      let count = min(output.count, inputEnd - inputStart)
      input.withUnsafeBytes { buffer in
        output.baseAddress!.copyMemory(from: buffer.baseAddress! + inputStart, byteCount: count)
      }
      report(inputStart..<(inputStart + count))
      inputStart += count
      storedBytesRead += count
      return count
    }
    switch system_read(fd, into: output) {
    case .success(let count):
      storedBytesRead += count
      if isStream { fileSize = storedBytesRead }
      onConsumed?(UnsafeRawBufferPointer(rebasing: output[0..<count]))
      return count
    case .failure(let errno):
      throw CorpusError(path: path, byteOffset: storedBytesRead, kind: .unreadable(errno.description))
    }
  }

  /// Checks the first four bytes of a member (fewer where the file ends) before an inflater
  /// sees them, so both libraries refuse the same headers the same way: after a member, bytes
  /// other than gzip's magic 1f 8b are trailing garbage; a method other than deflate (8) or a
  /// reserved flag (e0) is corrupt. False when it had to read more input first.
  private func startsMember() throws(CorpusError) -> Bool {
    let available = inputEnd - inputStart
    if available < 4 && !atEndOfFile {
      try refill()
      return false
    }
    let at = offset(ofInputIndex: inputStart)
    if input[inputStart] != 0x1F || (available > 1 && input[inputStart + 1] != 0x8B) {
      // The first member's magic was checked when the file was opened.
      throw CorpusError(path: path, byteOffset: at, kind: .trailingGarbage)
    }
    if available > 2 && input[inputStart + 2] != 8 {
      throw CorpusError(path: path, byteOffset: at + 2, kind: .corruptGzip("unknown compression method"))
    }
    if available > 3 && input[inputStart + 3] & 0xE0 != 0 {
      throw CorpusError(path: path, byteOffset: at + 3, kind: .corruptGzip("unknown header flags set"))
    }
    return true
  }

  /// Consumes zero bytes at a member boundary; true when they run to the end of the file.
  private func skipZeroPadding() throws(CorpusError) -> Bool {
    while true {
      let paddingStart = inputStart
      while inputStart < inputEnd && input[inputStart] == 0 { inputStart += 1 }
      report(paddingStart..<inputStart)
      if inputStart < inputEnd { return false }
      if atEndOfFile { storedBytesRead = fileOffsetOfInputEnd; return true }
      try refill()
    }
  }

  private func report(_ range: Range<Int>) {
    guard let onConsumed, !range.isEmpty else { return }
    input.withUnsafeBytes { onConsumed(UnsafeRawBufferPointer(rebasing: $0[range])) }
  }

  private func refill() throws(CorpusError) {
    try Self.fill(fd: fd, path: path, input: &input, start: &inputStart, end: &inputEnd,
                  fileOffset: &fileOffsetOfInputEnd, atEnd: &atEndOfFile)
    if isStream { fileSize = fileOffsetOfInputEnd }
  }

  /// Moves unconsumed input to the front and reads more after it.
  private static func fill(fd: Int32, path: String, input: inout [UInt8], start: inout Int, end: inout Int,
                           fileOffset: inout Int, atEnd: inout Bool) throws(CorpusError) {
    if start > 0 {
      let remaining = end - start
      if remaining > 0 { input.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: $0.baseAddress! + start, byteCount: remaining) } }
      start = 0
      end = remaining
    }
    guard end < input.count else { return }
    let readEnd = end
    let result = input.withUnsafeMutableBytes { system_read(fd, into: UnsafeMutableRawBufferPointer(rebasing: $0[readEnd...])) }
    switch result {
    case .success(let count):
      if count == 0 { atEnd = true }
      end += count
      fileOffset += count
    case .failure(let errno):
      throw CorpusError(path: path, byteOffset: fileOffset, kind: .unreadable(errno.description))
    }
  }

  private func offset(ofInputIndex index: Int) -> Int { fileOffsetOfInputEnd - (inputEnd - index) }
}
