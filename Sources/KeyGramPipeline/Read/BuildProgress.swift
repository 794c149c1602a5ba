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
