/// The CPU time the counting threads spend in the count stage (decoding and counting chunks,
/// not reading, inflating or hashing them), summed over `--jobs` threads: the build reports
/// it as the counting core's speed on one core.
package final class CountTiming: @unchecked Sendable {
  private let total = Locked(0.0)

  package init() {}

  /// CPU seconds spent counting so far.
  package var cpuSeconds: Double { total.withLock { $0 } }

  /// Runs `body` on this thread and adds the CPU time it took.
  func measure<Result>(_ body: () throws -> Result) rethrows -> Result {
    let started = system_threadCPUSeconds()
    defer {
      let spent = system_threadCPUSeconds() - started
      total.withLock { $0 += spent }
    }
    return try body()
  }
}
