import Foundation
import TestSupport
import Testing
@testable import KeyGramPipeline

/// ISA-L against zlib: each damaged or unusual gzip file read through both, with reads of
/// several sizes, must give the same text or the same error (a file: the very same error, as
/// zlib words it; a stream: the same kind); a table built through either must be the same bytes.
@Suite("Read: ISA-L and zlib inflate alike")
struct InflaterTests {
  /// Set to 1 where libisal is not installed: `isalLoads` is then skipped (and says so) instead of failing.
  static let absenceAllowed = ProcessInfo.processInfo.environment["KEYGRAM_ALLOW_NO_ISAL"] == "1"

  @Test(.enabled(if: Inflater.isalUnavailableReason == nil || !absenceAllowed,
                 "ISA-L cannot load here and KEYGRAM_ALLOW_NO_ISAL=1 accepts that: the ISA-L cases did not run"))
  func isalLoads() {
    #expect(Inflater.isalUnavailableReason == nil,
            "ISA-L cannot load (\(Inflater.isalUnavailableReason ?? "")): the gzip tests ran with zlib only; install libisal-dev, or set KEYGRAM_ALLOW_NO_ISAL=1 to accept its absence")
    #expect(Inflater.automatic.resolved == (Inflater.isalUnavailableReason == nil ? .isal : .zlib))
  }

  /// What a file must read as: its text, or an error of this kind at this offset (nil: any
  /// offset within the file). `anyCorruption` accepts every `.corruptGzip` message, as the
  /// libraries word damaged deflate data differently.
  enum Expected {
    case text([UInt8])
    case error(CorpusError.Kind, at: Int?)
    case anyCorruption
  }

  static let text: [UInt8] = {
    var random = SeededRandom(seed: 3)
    return GzipFileGenerator.randomText(count: 40_000, using: &random)
  }()

  static let member = Fixtures.gzipMember(text)

  /// A member with every optional header field (FEXTRA, FNAME, FCOMMENT, FHCRC).
  static let fullHeader = GzipFileGenerator.member(Array("second".utf8), level: 6, extra: GzipFileGenerator.subfield([1, 2, 3]),
                                                   name: Array("name.txt".utf8), comment: Array("a comment".utf8), headerCRC: true, mtime: 7)

  /// A member whose dynamic block header is damaged, cut short inside that header (the fuzzer's):
  /// zlib sees the damage, ISA-L waits for the rest of the header and meets the end first.
  static let damagedThenCut = Array(FileManager.default.contents(
    atPath: Fixtures.packageRoot + "/Tests/Fuzz/gzip/regressions/damaged-code-lengths-then-cut-short.gz") ?? Data())

  /// A member whose Huffman code zlib refuses (ISA-L reads it: no text), zero padding, then garbage.
  static let oversubscribedThenGarbage = Array(FileManager.default.contents(
    atPath: Fixtures.packageRoot + "/Tests/Fuzz/gzip/regressions/oversubscribed-code-then-garbage.gz") ?? Data())

  static let cases: [(name: String, bytes: [UInt8], expected: Expected)] = {
    let member = Self.member, text = Self.text
    var corrupt = member
    for index in 20..<60 { corrupt[index] = 0xFF }
    var badCRC = member
    badCRC[member.count - 8] ^= 0xFF
    var badLength = member
    badLength[member.count - 4] ^= 0x01
    var badHeaderCRC = fullHeader
    let headerEnd = 10 + 2 + 7 + 9 + 10  // base, XLEN, the subfield, the name, the comment
    badHeaderCRC[headerEnd] ^= 0xFF
    var reservedFlag = member
    reservedFlag[3] |= 0x20
    var method = member
    method[2] = 7
    let parts = ["first\n", "second\n", "third\n"].map { Array($0.utf8) }
    return [
      ("corrupt deflate", corrupt, .anyCorruption),
      ("bad CRC-32", badCRC, .error(.corruptGzip("incorrect data check"), at: nil)),
      ("bad ISIZE", badLength, .error(.corruptGzip("incorrect length check"), at: nil)),
      ("bad header CRC", member + badHeaderCRC, .error(.corruptGzip("header crc mismatch"), at: nil)),
      ("reserved flag", reservedFlag, .error(.corruptGzip("unknown header flags set"), at: 3)),
      ("method 7", method, .error(.corruptGzip("unknown compression method"), at: 2)),
      ("truncated", Array(member.prefix(member.count / 2)), .error(.truncatedGzip, at: member.count / 2)),
      ("truncated in the trailer", Array(member.dropLast(3)), .error(.truncatedGzip, at: member.count - 3)),
      ("truncated in a second header", member + fullHeader.prefix(25), .error(.truncatedGzip, at: member.count + 25)),
      ("trailing garbage", member + Array("not gzip".utf8), .error(.trailingGarbage, at: member.count)),
      ("1f 00 after a member", member + [0x1F, 0x00, 8, 0], .error(.trailingGarbage, at: member.count)),
      ("garbage after zero padding", member + [0, 0, 0, 0x41], .error(.trailingGarbage, at: member.count + 3)),
      ("zero padding", member + [UInt8](repeating: 0, count: 1000), .text(text)),
      ("multi-member", parts.flatMap { Fixtures.gzipMember($0) } + fullHeader, .text(parts.flatMap { $0 } + Array("second".utf8))),
      ("dictzip", Fixtures.gzipMemberWithExtraField(text), .text(text)),
      ("damaged, then cut short", damagedThenCut, .error(.corruptGzip("invalid code lengths set"), at: 18)),
      // Read whole by ISA-L, the file goes on to garbage, and then zlib's error is the one reported.
      ("a code zlib refuses, then garbage", oversubscribedThenGarbage, .error(.corruptGzip("invalid literal/lengths set"), at: 44)),
    ]
  }()

  @Test(arguments: cases.indices)
  func eachInputReadsAlikeThroughBoth(index: Int) throws {
    let (name, bytes, expected) = Self.cases[index]
    let path = Fixtures.file("case.gz", bytes)
    for inputSize in [16, 64, CorpusReader.defaultInputSize] {
      var results: [Inflater: Result<[UInt8], CorpusError>] = [:]
      for inflater in Fixtures.inflaters {
        let result = Self.read(path, inputSize: inputSize, inflater: inflater)
        results[inflater] = result
        let context = "\(name), \(inflater), \(inputSize)-byte reads"
        switch (expected, result) {
        case (.text(let text), .success(let read)):
          #expect(read == text, "\(context): \(read.count) bytes of text, not the \(text.count) written")
        case (.error(let kind, let at), .failure(let error)):
          #expect(error.kind == kind, "\(context): \(error)")
          if let at { #expect(error.byteOffset == at, "\(context): \(error)") }
        case (.anyCorruption, .failure(let error)):
          guard case .corruptGzip = error.kind else { Issue.record("\(context): \(error), not corrupt gzip"); break }
        default:
          Issue.record("\(context): read as \(result), expected \(expected)")
        }
        if case .failure(let error) = result {
          #expect(error.path == path)
          #expect(error.byteOffset.map { (0...bytes.count).contains($0) } == true, "\(context): \(error) is not within the \(bytes.count) bytes")
        }
      }
      // Both libraries: the same text, or errors of the same kind (messages of damaged deflate data aside).
      if let zlib = results[.zlib], let isal = results[.isal] {
        switch (zlib, isal) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(name), \(inputSize)-byte reads: the texts differ")
        case (.failure(let a), .failure(let b)):
          #expect(a == b, "\(name), \(inputSize)-byte reads: zlib says \(a), ISA-L \(b)")
        default: Issue.record("\(name), \(inputSize)-byte reads: zlib gives \(zlib), ISA-L \(isal)")
        }
      }
    }
  }

  static func read(_ path: String, inputSize: Int, inflater: Inflater) -> Result<[UInt8], CorpusError> {
    do {
      return .success(try Fixtures.readAll(path, inputSize: inputSize, inflater: inflater))
    } catch let error as CorpusError {
      return .failure(error)
    } catch {
      return .failure(CorpusError(path: path, kind: .unreadable("not a CorpusError: \(error)")))
    }
  }

  /// The one difference: ISA-L accepts a Huffman code zlib refuses as over-subscribed or
  /// incomplete, and where the member still decodes to text matching its trailer (here none:
  /// the first 53 bytes of the fuzzer's file are a member of empty text), ISA-L reads it.
  @Test func isalReadsAHuffmanCodeZlibRefuses() throws {
    let path = Fixtures.file("code.gz", Array(try #require(FileManager.default.contents(
      atPath: Fixtures.packageRoot + "/Tests/Fuzz/gzip/regressions/oversubscribed-code-then-garbage.gz")).prefix(53)))
    let error = #expect(throws: CorpusError.self) { try Fixtures.readAll(path, inflater: .zlib) }
    #expect(error?.kind == .corruptGzip("invalid literal/lengths set"))
    if Fixtures.inflaters.contains(.isal) { #expect(try Fixtures.readAll(path, inflater: .isal) == []) }
  }

  /// Through a pipe, which cannot be read again, ISA-L's own errors stand: of zlib's kind, and in
  /// zlib's words where they mean the same. The fuzzer's two files are left out: damaged and cut
  /// short is truncated to ISA-L and corrupt to zlib, and ISA-L reads the refused code's member
  /// and meets the garbage after it.
  @Test(arguments: cases.indices.filter { !["damaged, then cut short", "a code zlib refuses, then garbage"].contains(cases[$0].name) })
  func aStreamReadsAlikeThroughBoth(index: Int) throws {
    let (name, bytes, expected) = Self.cases[index]
    for inflater in Fixtures.inflaters {
      let pipe = Pipe()
      let writer = Thread {
        pipe.fileHandleForWriting.write(Data(bytes))
        try? pipe.fileHandleForWriting.close()
      }
      writer.start()
      let result = Result { () throws(CorpusError) in
        try CorpusReader(path: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", inputSize: 64, inflater: inflater).readAll()
      }
      switch (expected, result) {
      case (.text(let text), .success(let read)): #expect(read == text, "\(name), \(inflater)")
      case (.error(let kind, _), .failure(let error)): #expect(error.kind == kind, "\(name), \(inflater): \(error)")
      case (.anyCorruption, .failure(let error)):
        guard case .corruptGzip = error.kind else { Issue.record("\(name), \(inflater): \(error), not corrupt gzip"); break }
      default: Issue.record("\(name), \(inflater): read as \(result), expected \(expected)")
      }
      if case .failure(let error) = result {
        #expect(error.byteOffset.map { (0...bytes.count).contains($0) } == true, "\(name), \(inflater): \(error)")
      }
    }
  }

  /// The English corpus built into a table through each inflater: the same bytes, the shipped table's.
  @Test func tablesAreTheSameBytesThroughEither() throws {
    let corpora = CorpusFolder(root: Fixtures.packageRoot + "/corpora")
    let language = try corpora.language("en")
    let shipped = try #require(FileManager.default.contents(atPath: Fixtures.packageRoot + "/tables/en.keygram").map(Array.init))
    for inflater in Fixtures.inflaters {
      var request = Pipeline.Request(language: language, inputs: corpora.corpusFiles(for: "en"), corpusFolder: corpora.folder(for: "en"),
                                     output: .image)
      request.jobs = 2
      request.inflater = inflater
      let image = try #require(try Pipeline.build(request).image)
      #expect(image == shipped, "\(inflater): the table differs from tables/en.keygram (\(image.count) vs \(shipped.count) bytes)")
    }
  }

  /// The bytes handed on for hashing, or hashed on the reading thread, are exactly the file,
  /// members, padding and all: beside zlib the chunks carry them to the counting thread, beside
  /// ISA-L the reading thread hashes them and posts the digest with the file's end.
  @Test(arguments: Fixtures.inflaters)
  func chunkStreamHandsOnEveryStoredByte(inflater: Inflater) throws {
    let stored = Self.member + Self.fullHeader + [0, 0, 0]
    let path = Fixtures.file("stored.gz", stored)
    let stream = ChunkStream(paths: [path], slotCount: 2, chunkSize: 4096, inflater: inflater)
    stream.start()
    var text: [UInt8] = [], seen: [UInt8] = [], counted = 0, digest: FileDigest?
    events: while true {
      switch stream.next() {
      case .chunk(let slot, _):
        slot.withText { text += $0 }
        seen += slot.stored
        counted += slot.storedCount
        stream.recycle(slot)
      case .endOfFile(_, _, let posted): digest = posted
      case .failed(let error): throw error
      case .finished: break events
      }
    }
    #expect(text == Self.text + Array("second".utf8))
    #expect(counted == stored.count)
    if inflater.resolved == .zlib {
      #expect(seen == stored)
      #expect(digest == nil)
    } else {
      #expect(seen.isEmpty)
      #expect(digest == FileHasher.hash(stored))
    }
  }
}
