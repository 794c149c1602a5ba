import Foundation

/// Receives a build's progress, in stored (compressed) bytes read; the CLI's progress bar is one.
/// Called by one thread at a time: the one that runs the build, or (`--jobs`) counting threads
/// taking turns under a lock.
public protocol BuildProgress: AnyObject {
  /// Reading starts, with `totalBytes` stored bytes to read (0: not known, for standard input or a pipe).
  func begin(totalBytes: Int)
  /// `bytes` more stored bytes have been read and counted.
  func advance(by bytes: Int)
  /// Reading is over, finished or failed.
  func finish()
}

/// Hands a progress bar the reports of several counting threads, one at a time; `begin`
/// and `finish` are the caller's, once for the whole count.
final class SharedProgress: BuildProgress, @unchecked Sendable {
  private let target: Locked<any BuildProgress>
  init(_ target: any BuildProgress) { self.target = Locked(target) }
  func begin(totalBytes: Int) {}
  func advance(by bytes: Int) { target.withLock { $0.advance(by: bytes) } }
  func finish() {}
}

extension CorpusReader {
  /// The stored bytes of `inputs`, for a progress bar; 0 (unknown) when one is standard input,
  /// a pipe or anything else whose size is known only at its end.
  static func totalStoredSize(of inputs: [String]) -> Int {
    var total = 0
    for path in inputs {
      guard path != standardInput, let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int else { return 0 }
      total += size
    }
    return total
  }
}
