import Foundation
import Testing
@testable import KeyGramPipeline

@Suite("Read: streaming gzip and plain text")
struct CorpusReaderTests {
  let text = Array(String(repeating: "the quick brown fox jumps over the lazy dog\n", count: 500).utf8)

  @Test(arguments: Fixtures.inflaters)
  func singleMember(inflater: Inflater) throws {
    let path = Fixtures.file("one.gz", Fixtures.gzipMember(text))
    #expect(try Fixtures.readAll(path, inflater: inflater) == text)
  }

  @Test(arguments: Fixtures.inflaters)
  func multiMemberFileReadsEveryMember(inflater: Inflater) throws {
    let parts = ["first member\n", "second member\n", "third member\n"]
    let path = Fixtures.file("multi.gz", parts.flatMap(Fixtures.gzipMember))
    #expect(try Fixtures.readAll(path, inflater: inflater) == Array(parts.joined().utf8))
  }

  @Test("A member that ends exactly on a read boundary", arguments: [0, 1, -1], Fixtures.inflaters)
  func memberEndingOnChunkBoundary(shift: Int, inflater: Inflater) throws {
    let first = Fixtures.gzipMember(text)
    let second = Fixtures.gzipMember("after the boundary")
    let path = Fixtures.file("boundary.gz", first + second)
    // Read the stored file in pieces whose edge falls on (or next to) the end of member one.
    let contents = try Fixtures.readAll(path, inputSize: first.count + shift, outputSize: 1000, inflater: inflater)
    #expect(contents == text + Array("after the boundary".utf8))
  }

  @Test(arguments: Fixtures.inflaters)
  func tinyReadsAndTinyOutputStillWork(inflater: Inflater) throws {
    let path = Fixtures.file("tiny.gz", Fixtures.gzipMember(text) + Fixtures.gzipMember("x"))
    #expect(try Fixtures.readAll(path, inputSize: 16, outputSize: 7, inflater: inflater) == text + [UInt8(ascii: "x")])
  }

  @Test(arguments: Fixtures.inflaters)
  func extraFieldHeaderAsInDictzip(inflater: Inflater) throws {
    let path = Fixtures.file("dict.dz", Fixtures.gzipMemberWithExtraField(text))
    #expect(try Fixtures.readAll(path, inflater: inflater) == text)
  }

  @Test func plainTextIsDetectedByItsMagic() throws {
    let path = Fixtures.file("plain.txt", text)
    let reader = try CorpusReader(path: path)
    #expect(!reader.isGzip)
    #expect(try Fixtures.readAll(path, inputSize: 100) == text)
  }

  @Test(arguments: Fixtures.inflaters)
  func trailingZeroPaddingIsIgnored(inflater: Inflater) throws {
    let path = Fixtures.file("padded.gz", Fixtures.gzipMember(text) + [UInt8](repeating: 0, count: 1000))
    #expect(try Fixtures.readAll(path, inputSize: 64, inflater: inflater) == text)
  }

  @Test(arguments: Fixtures.inflaters)
  func trailingGarbageIsAnErrorAtItsOffset(inflater: Inflater) throws {
    let member = Fixtures.gzipMember(text)
    let path = Fixtures.file("garbage.gz", member + Array("not gzip".utf8))
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    #expect(error?.kind == .trailingGarbage)
    #expect(error?.byteOffset == member.count)
    #expect(error?.description.contains("garbage.gz at byte \(member.count)") == true)
  }

  @Test(arguments: Fixtures.inflaters)
  func garbageAfterZeroPaddingIsAnError(inflater: Inflater) throws {
    let member = Fixtures.gzipMember(text)
    let path = Fixtures.file("pad-garbage.gz", member + [0, 0, 0, 0x41])
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    #expect(error?.kind == .trailingGarbage)
    #expect(error?.byteOffset == member.count + 3)
  }

  @Test(arguments: Fixtures.inflaters)
  func truncatedGzipNamesTheEndOffset(inflater: Inflater) throws {
    let member = Fixtures.gzipMember(text)
    let cut = Array(member.prefix(member.count / 2))
    let path = Fixtures.file("cut.gz", cut)
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    #expect(error?.kind == .truncatedGzip)
    #expect(error?.byteOffset == cut.count)
    #expect(error?.description == "\(path) at byte \(cut.count): truncated gzip: the file ends inside a compressed member")
  }

  @Test(arguments: Fixtures.inflaters)
  func truncatedInsideTheTrailer(inflater: Inflater) throws {
    let member = Fixtures.gzipMember(text)
    let path = Fixtures.file("cut-trailer.gz", Array(member.dropLast(3)))
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    #expect(error?.kind == .truncatedGzip)
  }

  @Test(arguments: Fixtures.inflaters)
  func crcMismatchIsCorruptAtTheTrailer(inflater: Inflater) throws {
    var member = Fixtures.gzipMember(text)
    member[member.count - 8] ^= 0xFF  // first byte of the CRC-32 in the trailer
    let path = Fixtures.file("crc.gz", member)
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    #expect(error?.kind == .corruptGzip("incorrect data check"))
    #expect(error?.byteOffset.map { $0 >= member.count - 8 && $0 <= member.count } == true)
  }

  @Test(arguments: Fixtures.inflaters)
  func corruptDeflateDataIsCorrupt(inflater: Inflater) throws {
    var member = Fixtures.gzipMember(Array((0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) }))
    for index in 20..<60 { member[index] = 0xFF }
    let path = Fixtures.file("bad.gz", member)
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: inflater) }
    guard case .corruptGzip = error?.kind else { Issue.record("expected corruptGzip, got \(String(describing: error))"); return }
    #expect(error?.byteOffset != nil)
  }

  @Test func missingFile() throws {
    let error = #expect(throws: CorpusError.self) { try CorpusReader(path: "/nonexistent/keygram/en.gz") }
    #expect(error?.kind == .missing)
    #expect(error?.description == "/nonexistent/keygram/en.gz: no such file")
  }

  @Test func emptyFile() throws {
    let path = Fixtures.file("empty.gz", [])
    let error = #expect(throws: CorpusError.self) { try CorpusReader(path: path) }
    #expect(error?.kind == .empty)
  }

  @Test func directoryIsNotACorpusFile() throws {
    let error = #expect(throws: CorpusError.self) { try CorpusReader(path: Fixtures.temporaryFolder()) }
    #expect(error?.kind == .isDirectory)
  }

  @Test(arguments: Fixtures.inflaters)
  func everyStoredByteIsReportedForHashing(inflater: Inflater) throws {
    let stored = Fixtures.gzipMember(text) + Fixtures.gzipMember("more") + [0, 0]
    let path = Fixtures.file("hash.gz", stored)
    let reader = try CorpusReader(path: path, inputSize: 50, inflater: inflater)
    var seen: [UInt8] = []
    reader.onConsumed = { seen += $0 }
    var buffer = [UInt8](repeating: 0, count: 333)
    while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
    #expect(seen == stored)
  }

  // MARK: Gzip promised by name or magic, pipes and FIFOs

  @Test(arguments: [
    ("first.gz", [0x1E, 0x8B, 8, 0], 0, "corrupt gzip: starts 1e 8b, not with gzip's magic 1f 8b"),
    ("second.txt", [0x1F, 0x00, 8, 0], 1, "corrupt gzip: starts 1f 00, not with gzip's magic 1f 8b"),
    ("lone.txt", [0x1F], 1, "truncated gzip: the file ends inside a compressed member"),
    ("plain.dz", Array("text".utf8), 0, "corrupt gzip: starts 74 65, not with gzip's magic 1f 8b"),
  ] as [(String, [UInt8], Int, String)])
  func aGzipNameOrFirstByteMeansGzip(name: String, bytes: [UInt8], offset: Int, message: String) throws {
    let path = Fixtures.file(name, bytes)
    let error = #expect(throws: CorpusError.self) { _ = try CorpusReader(path: path).readAll() }
    #expect(error?.description == "\(path) at byte \(offset): \(message)")
  }

  @Test func aFIFOWithNoWriterIsAnEmptyStreamAtOnce() throws {
    let path = Fixtures.temporaryFolder() + "/fifo"
    #expect(mkfifo(path, 0o644) == 0)
    #expect(throws: CorpusError(path: path, kind: .emptyStream)) { try CorpusReader(path: path) }
  }

  @Test(arguments: [true, false], Fixtures.inflaters)
  func aPipeIsReadAsAStream(gzip: Bool, inflater: Inflater) throws {
    let stored = gzip ? Fixtures.gzipMember(text) + Fixtures.gzipMember("more") : text
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(stored))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let reader = try CorpusReader(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", inputSize: 1000, inflater: inflater)
    var seen: [UInt8] = []
    reader.onConsumed = { seen += $0 }
    #expect(reader.isStream && reader.isGzip == gzip)
    #expect(try reader.readAll() == (gzip ? text + Array("more".utf8) : text))
    #expect(reader.fileSize == stored.count)
    #expect(seen == stored)
  }
}
