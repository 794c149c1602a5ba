/// Receives a build's progress, in stored (compressed) bytes read; the CLI's progress bar is one.
/// Called on the thread that runs the build.
public protocol BuildProgress: AnyObject {
  /// Reading starts, with `totalBytes` stored bytes to read.
  func begin(totalBytes: Int)
  /// `bytes` more stored bytes have been read and counted.
  func advance(by bytes: Int)
  /// Reading is over, finished or failed.
  func finish()
}
