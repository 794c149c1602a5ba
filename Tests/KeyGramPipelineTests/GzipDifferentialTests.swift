import Foundation
import TestSupport
@testable import KeyGramPipeline
import Testing

/// The gzip reader, with each inflater (zlib, and ISA-L where it loads), against the two
/// references on this machine, Python's `gzip` module and `gzip -dc`, over files of random
/// members that `GzipFileGenerator` writes: header fields drawn at random, members that end
/// exactly where one of the reader's reads ends, zero padding. Fixed seeds, so a failure reproduces.
@Suite struct GzipDifferentialTests {
  /// Read sizes the files are aligned for: tiny, odd, a page, and the reader's default.
  static let readSizes = [64, 1000, 4096]

  @Test(arguments: Fixtures.inflaters)
  func decodesAsPythonAndGzipDo(inflater: Inflater) throws {
    let folder = Fixtures.temporaryFolder()
    var random = SeededRandom(seed: 12)
    var files: [(path: String, file: GeneratedGzip, readSize: Int)] = []
    for index in 0..<18 {
      let readSize = Self.readSizes[index % Self.readSizes.count]
      let file = GzipFileGenerator.file(members: 1 + Int(random.next() % 50), alignedTo: readSize, using: &random)
      files.append((Fixtures.file("random-\(index).gz", file.bytes, in: folder), file, readSize))
    }
    // One member ending exactly on the default 256 KiB read boundary (stored, so its size is exact).
    let large = GzipFileGenerator.file(members: 3, alignedTo: CorpusReader.defaultInputSize, storedBytes: 250_000, using: &random)
    files.append((Fixtures.file("large.gz", large.bytes, in: folder), large, CorpusReader.defaultInputSize))
    #expect(files.contains { $0.file.alignedMembers > 0 })

    let python = try Self.pythonDecode(files.map(\.path))
    for (path, file, readSize) in files {
      let gzip = try Self.gzipDecode(path)
      #expect(python[path] == file.text, "\(path): Python's gzip module does not give the generator's text")
      #expect(gzip == file.text, "\(path): gzip -dc does not give the generator's text")
      for size in Set([readSize, CorpusReader.defaultInputSize]) {
        let decoded = try Fixtures.readAll(path, inputSize: size, inflater: inflater)
        #expect(decoded == python[path], "\(path): \(inflater), \(size)-byte reads differ from Python's gzip (\(decoded.count) vs \(python[path]?.count ?? -1) bytes)")
        #expect(decoded == gzip, "\(path): \(size)-byte reads differ from gzip -dc")
      }
    }
  }

  /// Every cut of a file from its second byte on: a cut on a member boundary (or in the zero
  /// padding) is a shorter valid file; any other is an error naming the file and a byte no
  /// further than the cut. (A cut to one byte, `1f`, is issue 12's damaged-magic case.)
  @Test(arguments: Fixtures.inflaters)
  func truncationAnywhereIsAnErrorWithinTheFile(inflater: Inflater) throws {
    let folder = Fixtures.temporaryFolder()
    var random = SeededRandom(seed: 7)
    let path = folder + "/cut.gz"
    for _ in 0..<3 {
      let file = GzipFileGenerator.file(members: 1 + Int(random.next() % 5), alignedTo: 64, maximumText: 200, using: &random)
      for cut in 2..<file.bytes.count {
        try Data(file.bytes[0..<cut]).write(to: URL(fileURLWithPath: path))
        if let whole = file.memberEnds.lastIndex(where: { $0 <= cut }), file.memberEnds[whole] == cut || whole == file.memberEnds.count - 1 {
          #expect(try Fixtures.readAll(path, inputSize: 16, inflater: inflater) == Array(file.text[0..<file.textEnds[whole]]),
                  "\(inflater): a cut at byte \(cut), after member \(whole)")
          continue
        }
        do {
          let text = try Fixtures.readAll(path, inputSize: 16, inflater: inflater)
          Issue.record("\(path) (\(inflater)): a cut at byte \(cut) of \(file.bytes.count) read as \(text.count) bytes of text")
        } catch let error as CorpusError {
          #expect(error.path == path)
          #expect(error.byteOffset.map { $0 <= cut } == true, "\(inflater): \(error) names no byte within the \(cut) bytes")
          // A file cut short is truncated, whichever library reads it.
          #expect(error.kind == .truncatedGzip, "\(inflater): a cut at byte \(cut): \(error)")
        }
      }
    }
  }

  /// Decodes every file with one Python process (`gzip.open(...).read()`).
  static func pythonDecode(_ paths: [String]) throws -> [String: [UInt8]] {
    let script = """
      import gzip, sys
      for path in sys.argv[1:]:
          with gzip.open(path, 'rb') as f, open(path + '.python', 'wb') as out:
              out.write(f.read())
      """
    let result = try Self.run("/usr/bin/env", ["python3", "-c", script] + paths)
    #expect(result.status == 0, "python3: \(result.standardError)")
    var decoded: [String: [UInt8]] = [:]
    for path in paths { decoded[path] = FileManager.default.contents(atPath: path + ".python").map(Array.init) }
    return decoded
  }

  /// `gzip -dc`; status 2 is its warning for the zero padding it ignores, as the reader does.
  static func gzipDecode(_ path: String) throws -> [UInt8] {
    let result = try Self.run("/usr/bin/env", ["gzip", "-dc", path])
    let paddingWarning = result.status == 2 && result.standardError.contains("trailing zero bytes ignored")
    #expect(result.status == 0 || paddingWarning, "gzip -dc \(path): status \(result.status): \(result.standardError)")
    return result.standardOutput
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, standardOutput: [UInt8], standardError: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(outputData), String(decoding: errorData, as: UTF8.self))
  }
}

/// A generated gzip file and what it must decode to.
struct GeneratedGzip {
  var bytes: [UInt8] = []
  var text: [UInt8] = []
  /// The file offset after each member, and the text length after it.
  var memberEnds: [Int] = []
  var textEnds: [Int] = []
  /// Members padded to end exactly on a multiple of the read size.
  var alignedMembers = 0
}

/// Writes gzip files member by member, framing raw deflate by hand (RFC 1952) so that every
/// header field can be drawn: FEXTRA subfields, FNAME, FCOMMENT, FHCRC, mtime, level 0 ... 9.
enum GzipFileGenerator {
  static func file(members: Int, alignedTo readSize: Int, storedBytes: Int? = nil, maximumText: Int = 3000,
                   using random: inout SeededRandom) -> GeneratedGzip {
    var file = GeneratedGzip()
    for index in 0..<members {
      let text = storedBytes.map { randomText(count: $0, using: &random) } ?? randomText(count: Int(random.next() % UInt64(maximumText + 1)), using: &random)
      let level: Int32 = storedBytes != nil ? 0 : Int32(random.next() % 10)
      var extra: [UInt8]? = random.next() % 3 == 0 ? subfield(randomBytes(Int(random.next() % 40), using: &random)) : nil
      let name: [UInt8]? = random.next() % 3 == 0 ? Array("member-\(index).txt".utf8) : nil
      let comment: [UInt8]? = random.next() % 4 == 0 ? Array("comment ü \(index)".utf8) : nil
      let headerCRC = random.next() % 3 == 0
      let mtime = UInt32(truncatingIfNeeded: random.next())
      var member = self.member(text, level: level, extra: extra, name: name, comment: comment, headerCRC: headerCRC, mtime: mtime)
      if random.next() % 3 == 0 || storedBytes != nil {
        // Pad the FEXTRA field so the member ends exactly on a read boundary.
        let unpadded = self.member(text, level: level, extra: (extra ?? []) + subfield([]), name: name, comment: comment,
                                   headerCRC: headerCRC, mtime: mtime)
        let missing = (readSize - (file.bytes.count + unpadded.count) % readSize) % readSize
        if (extra ?? []).count + 4 + missing <= 0xFFFF {
          extra = (extra ?? []) + subfield([UInt8](repeating: 0, count: missing))
          member = self.member(text, level: level, extra: extra, name: name, comment: comment, headerCRC: headerCRC, mtime: mtime)
          precondition((file.bytes.count + member.count) % readSize == 0)
          file.alignedMembers += 1
        }
      }
      file.bytes += member
      file.text += text
      file.memberEnds.append(file.bytes.count)
      file.textEnds.append(file.text.count)
    }
    if random.next() % 4 == 0 { file.bytes += [UInt8](repeating: 0, count: 1 + Int(random.next() % 600)) }
    return file
  }

  /// One member (RFC 1952): the header with the fields given, raw deflate, CRC-32 and size.
  static func member(_ text: [UInt8], level: Int32, extra: [UInt8]?, name: [UInt8]?, comment: [UInt8]?,
                     headerCRC: Bool, mtime: UInt32) -> [UInt8] {
    var flags: UInt8 = 0
    if headerCRC { flags |= 0x02 }
    if extra != nil { flags |= 0x04 }
    if name != nil { flags |= 0x08 }
    if comment != nil { flags |= 0x10 }
    var member: [UInt8] = [0x1F, 0x8B, 8, flags] + Fixtures.littleEndian32(mtime) + [0, 3]
    if let extra { member += [UInt8(extra.count & 0xFF), UInt8(extra.count >> 8)] + extra }
    if let name { member += name + [0] }
    if let comment { member += comment + [0] }
    if headerCRC {
      let crc = member.withUnsafeBytes { zlib_crc32($0) }
      member += [UInt8(crc & 0xFF), UInt8((crc >> 8) & 0xFF)]
    }
    member += Fixtures.deflate(text, windowBits: -15, level: level)
    return member + Fixtures.littleEndian32(text.withUnsafeBytes { zlib_crc32($0) }) + Fixtures.littleEndian32(UInt32(text.count))
  }

  /// An FEXTRA subfield: two ID bytes, its length, its data.
  static func subfield(_ data: [UInt8]) -> [UInt8] {
    Array("KG".utf8) + [UInt8(data.count & 0xFF), UInt8(data.count >> 8)] + data
  }

  /// Words of letters (some non-ASCII) and punctuation, with now and then an arbitrary byte.
  static func randomText(count: Int, using random: inout SeededRandom) -> [UInt8] {
    let pieces = ["the ", "and ", "é", "ß", "Я", "qu", "x", "\n", ", ", "!", "zz", "ing ", "🙂"].map { Array($0.utf8) }
    var text: [UInt8] = []
    while text.count < count {
      if random.next() % 50 == 0 { text.append(UInt8(truncatingIfNeeded: random.next())) } else { text += pieces[Int(random.next() % UInt64(pieces.count))] }
    }
    return Array(text.prefix(count))
  }

  static func randomBytes(_ count: Int, using random: inout SeededRandom) -> [UInt8] {
    (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
  }
}
