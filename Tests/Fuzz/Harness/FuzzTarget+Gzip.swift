import KeyGramPipeline

/// The gzip reader over the input as a file, through each inflater (zlib, and ISA-L where
/// libisal loads): `CorpusReader` with a 16-byte input buffer (a refill at nearly every step)
/// and with a 64 KiB one (the whole of any fuzz input, as the default 256 KiB is, without a
/// fresh mapping per run under ASan), and `ChunkStream` (ISA-L where it loads) on its reading
/// thread with chunks of 4 ... 4.5 KiB (smaller ones cost a thread hand-off each). Promises
/// checked: every reading gives the same text or the same kind of error, zlib's and ISA-L's
/// alike, but for the one difference docs/Pipeline.md names (ISA-L reads a member whose Huffman
/// code zlib refuses as over-subscribed or incomplete when its text still matches the trailer);
/// every error names the file and a byte offset no larger than the file; plain text
/// comes back byte for byte; the stored bytes `ChunkStream` counts are the file's size, and
/// what it hashes or hands on for hashing is exactly the file.
extension FuzzTarget {
  /// zlib, and ISA-L where it loads.
  static let inflaters: [Inflater] = Inflater.isalUnavailableReason == nil ? [.zlib, .isal] : [.zlib]

  static func gzip(_ input: [UInt8], _ findings: inout FuzzFindings) {
    let path = FuzzScratch.write(input, as: "corpus.gz")
    var readings: [(name: String, result: Result<[UInt8], CorpusError>)] = []
    for inflater in inflaters {
      readings.append(("\(inflater.rawValue), 16-byte reads", read(path, inputSize: 16, inflater: inflater)))
      readings.append(("\(inflater.rawValue), 64 KiB reads", read(path, inputSize: 1 << 16, inflater: inflater)))
    }
    let (streamed, stored) = stream(path, chunkSize: 4096 + input.count % 512)
    readings.append(("ChunkStream", streamed))
    for (name, result) in readings {
      guard case .failure(let error) = result else { continue }
      findings.expect(error.path == path, "\(name): the error names \(error.path)")
      findings.expect((error.byteOffset ?? 0) <= input.count, "\(name): \(error) is past the end (\(input.count) bytes)")
    }
    let (reference, large) = (readings[1].name, readings[1].result)  // zlib, 64 KiB reads
    for (name, result) in readings where name != reference {
      let throughIsal = !name.hasPrefix(Inflater.zlib.rawValue) && inflaters.contains(.isal)
      findings.expect(agree(result, large) || throughIsal && isalReadsACodeZlibRefuses(result, large),
                      "\(name) and \(reference) disagree: \(summary(result)) vs \(summary(large))")
    }
    if case .success(let text) = large, input.count >= 2, input[0] != 0x1F || input[1] != 0x8B {
      findings.expect(text == input, "plain text did not come back as it was")
    }
    if case .success = streamed {
      findings.expect(stored.count == input.count, "ChunkStream counted \(stored.count) stored bytes of \(input.count)")
      if let digest = stored.digest {
        findings.expect(digest == FileHasher.hash(input), "ChunkStream's SHA-256 is not the file's")
      } else {
        findings.expect(stored.bytes == input, "ChunkStream's stored bytes are not the file")
      }
    }
  }

  /// The whole text, read in 16 KiB pieces (`readAll`'s 1 MiB buffer would be mapped afresh each run).
  private static func read(_ path: String, inputSize: Int, inflater: Inflater) -> Result<[UInt8], CorpusError> {
    do {
      let reader = try CorpusReader(path: path, inputSize: inputSize, inflater: inflater)
      var text: [UInt8] = []
      var piece = [UInt8](repeating: 0, count: 1 << 14)
      while true {
        let count = try piece.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { return .success(text) }
        text += piece[0..<count]
      }
    } catch let error as CorpusError {
      return .failure(error)
    } catch {
      fatalError("CorpusReader threw \(type(of: error)): \(error)")  // it throws CorpusError only
    }
  }

  /// What `ChunkStream` says of the stored bytes: their count, the bytes its chunks carried
  /// (gzip), and the SHA-256 its reading thread took (plain text).
  private struct Stored { var count = 0, bytes: [UInt8] = [], digest: FileDigest? }

  /// The text and the stored bytes of `path` through a two-slot `ChunkStream`.
  private static func stream(_ path: String, chunkSize: Int) -> (Result<[UInt8], CorpusError>, Stored) {
    let stream = ChunkStream(paths: [path], slotCount: 2, chunkSize: chunkSize)
    stream.start()
    var text: [UInt8] = [], stored = Stored()
    while true {
      switch stream.next() {
      case .chunk(let slot, _):
        slot.withText { text += $0 }
        stored.count += slot.storedCount
        stored.bytes += slot.stored
        stream.recycle(slot)
      case .endOfFile(_, _, let digest): stored.digest = digest
      case .failed(let error): return (.failure(error), stored)
      case .finished: return (.success(text), stored)
      }
    }
  }

  /// The same text, or errors of the same kind (where an inflater notices damage may depend on
  /// how much input it was given at once, and differs between zlib and ISA-L, so offsets may differ).
  private static func agree(_ a: Result<[UInt8], CorpusError>, _ b: Result<[UInt8], CorpusError>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): return x == y
    case (.failure(let x), .failure(let y)): return sameKind(x.kind, y.kind)
    default: return false
    }
  }

  /// ISA-L read the file where zlib refused a Huffman code as over-subscribed or incomplete.
  private static func isalReadsACodeZlibRefuses(_ isal: Result<[UInt8], CorpusError>, _ zlib: Result<[UInt8], CorpusError>) -> Bool {
    guard case .success = isal, case .failure(let error) = zlib, case .corruptGzip(let message) = error.kind else { return false }
    return message == "invalid code lengths set" || message == "invalid literal/lengths set" || message == "invalid distances set"
  }

  /// The same case, whatever the library's message says (a switch: printing the kinds by reflection cost 12% of a run).
  private static func sameKind(_ a: CorpusError.Kind, _ b: CorpusError.Kind) -> Bool {
    switch (a, b) {
    case (.unreadable, .unreadable), (.corruptGzip, .corruptGzip): return true
    default: return a == b
    }
  }

  private static func summary(_ result: Result<[UInt8], CorpusError>) -> String {
    switch result {
    case .success(let text): return "\(text.count) bytes of text"
    case .failure(let error): return "\(error)"
    }
  }
}
