import Foundation
import KeyGramPipeline

/// `keygram build`'s one-line progress bar on stderr, by stored (compressed) bytes of the
/// total; drawn at most ten times a second, and only when stderr is a terminal.
final class ProgressBar: BuildProgress {
  private var total = 1
  /// False for standard input and pipes, whose size is not known before their end.
  private var sizeKnown = true
  private let label: String
  private var done = 0
  private var lastDrawn = ContinuousClock.now
  private let started = ContinuousClock.now

  /// A bar labelled `label`, or nil when stderr is not a terminal (no one is watching).
  init?(label: String) {
    guard isatty(STDERR_FILENO) == 1 else { return nil }
    self.label = label
  }

  func begin(totalBytes: Int) {
    sizeKnown = totalBytes > 0
    total = max(totalBytes, 1)
  }

  func advance(by bytes: Int) {
    done += bytes
    let now = ContinuousClock.now
    guard now - lastDrawn > .milliseconds(100) else { return }
    lastDrawn = now
    draw()
  }

  func finish() {
    draw()
    write("\n")
  }

  private func draw() {
    let fraction = min(1, Double(done) / Double(total))
    let width = 30
    let filled = Int(fraction * Double(width))
    let seconds = max((ContinuousClock.now - started) / .seconds(1), 1e-9)
    let rate = Double(done) / seconds / 1e6
    guard sizeKnown else {
      write("\r\(label) \(done / 1_000_000) MB read, \(String(format: "%.0f", rate)) MB/s")
      return
    }
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    write("\r\(label) \(bar) \(Int(fraction * 100))% \(done / 1_000_000)/\(total / 1_000_000) MB \(String(format: "%.0f", rate)) MB/s")
  }

  /// Unbuffered, so the line shows as it is drawn.
  private func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
