import Foundation

/// Reads corpus files on a background thread, so inflating (one core) overlaps counting (the
/// other). Each file's SHA-256 is taken on the thread with less to do: the counting one for a
/// gzip file inflated by zlib (its chunks carry the stored bytes), the reading one for plain
/// text and for ISA-L, which inflates faster than the letters are counted. A fixed ring of
/// buffers bounds memory however large the corpus is.
/// Package-visible so the fuzzing harness (Tests/Fuzz) drives it with tiny chunks.
package final class ChunkStream: @unchecked Sendable {
  /// One decompressed chunk, with the stored bytes it came from: their count, and for a gzip
  /// file inflated by zlib the bytes themselves, for the counting thread to hash.
  package final class Slot {
    var text: [UInt8]
    package var textCount = 0
    package var storedCount = 0
    package var stored: [UInt8] = []
    init(capacity: Int) { text = [UInt8](repeating: 0, count: capacity) }
    /// The decompressed bytes.
    package func withText<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
      try text.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<textCount])) }
    }
  }

  package enum Event {
    case chunk(Slot, file: Int)
    /// The file's end: its stored size, and its SHA-256 if the reading thread took it (plain
    /// text, ISA-L); nil when its chunks carried their stored bytes (zlib).
    case endOfFile(file: Int, size: Int, digest: FileDigest?)
    case failed(CorpusError)
    case finished
  }

  private let paths: [String]
  private let inflater: Inflater
  /// Counts free slots. Created at 0 and signalled once per slot, because libdispatch traps
  /// when a semaphore is released below its initial value, as a cancelled stream can be.
  private let free = DispatchSemaphore(value: 0)
  private let ready = DispatchSemaphore(value: 0)
  private let lock = NSLock()
  private var freeSlots: [Slot]
  private var events: [Event] = []
  private var cancelled = false

  package init(paths: [String], slotCount: Int = 4, chunkSize: Int = 1 << 20, inflater: Inflater = .automatic) {
    self.paths = paths
    self.inflater = inflater
    freeSlots = (0..<slotCount).map { _ in Slot(capacity: chunkSize) }
    for _ in 0..<slotCount { free.signal() }
  }

  /// Starts the reading thread.
  package func start() {
    let thread = Thread { [self] in produce() }
    thread.name = "keygram.read"
    thread.start()
  }

  /// The next event, waiting for it if need be.
  package func next() -> Event {
    ready.wait()
    return lock.withLock { events.removeFirst() }
  }

  /// Gives a chunk's buffer back to the reader.
  package func recycle(_ slot: Slot) {
    slot.stored.removeAll(keepingCapacity: true)
    slot.storedCount = 0
    lock.withLock { freeSlots.append(slot) }
    free.signal()
  }

  /// Stops the reader after its current chunk (after an error downstream).
  package func cancel() {
    lock.withLock { cancelled = true }
    free.signal()
  }

  private func post(_ event: Event) {
    lock.withLock { events.append(event) }
    ready.signal()
  }

  private func produce() {
    for (file, path) in paths.enumerated() {
      let reader: CorpusReader
      do { reader = try CorpusReader(path: path, inflater: inflater) } catch { return post(.failed(error)) }
      var current: Slot?
      // Only zlib's inflating outweighs counting; beside ISA-L or a plain read, this thread hashes.
      var hasher = reader.isGzip && inflater.resolved == .zlib ? nil : FileHasher()
      reader.onConsumed = { bytes in
        current?.storedCount += bytes.count
        if hasher == nil { current?.stored.append(contentsOf: bytes) } else { hasher!.update(bytes) }
      }
      while true {
        free.wait()
        guard let slot = lock.withLock({ cancelled ? nil : freeSlots.popLast() }) else { return }
        current = slot
        do {
          let count = try slot.text.withUnsafeMutableBytes { try reader.read(into: $0) }
          slot.textCount = count
          if count == 0 {
            if slot.storedCount == 0 { recycle(slot) } else { post(.chunk(slot, file: file)) }
            break
          }
          post(.chunk(slot, file: file))
        } catch let error as CorpusError {
          return post(.failed(error))
        } catch {
          return post(.failed(CorpusError(path: path, kind: .unreadable("\(error)"))))
        }
      }
      post(.endOfFile(file: file, size: reader.fileSize, digest: hasher?.finalize()))
    }
    post(.finished)
  }
}
