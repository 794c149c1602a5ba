import Foundation

/// A one-line progress bar on stderr, by stored (compressed) bytes of the total; drawn at
/// most ten times a second, and only when stderr is a terminal.
public final class ProgressBar {
  private let total: Int
  private let label: String
  private var done = 0
  private var lastDrawn = ContinuousClock.now
  private let started = ContinuousClock.now

  public init(total: Int, label: String) {
    self.total = max(total, 1)
    self.label = label
  }

  public func advance(by bytes: Int) {
    done += bytes
    let now = ContinuousClock.now
    guard now - lastDrawn > .milliseconds(100) else { return }
    lastDrawn = now
    draw()
  }

  public func finish() {
    draw()
    system_writeToStandardError("\n")
  }

  private func draw() {
    let fraction = min(1, Double(done) / Double(total))
    let width = 30
    let filled = Int(fraction * Double(width))
    let seconds = max((ContinuousClock.now - started) / .seconds(1), 1e-9)
    let rate = Double(done) / seconds / 1e6
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    system_writeToStandardError("\r\(label) \(bar) \(Int(fraction * 100))% \(done / 1_000_000)/\(total / 1_000_000) MB \(String(format: "%.0f", rate)) MB/s")
  }
}
