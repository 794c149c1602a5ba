/// CPU seconds spent on some work, summed over every thread that does it. The count stage
/// measures its decoding and counting with one (not reading, inflating or hashing), across
/// `--jobs` threads and the second core `bothAtOnce` lends the words and pairs: the build
/// reports it as the count stage's speed on one core.
package final class CPUTiming: @unchecked Sendable {
  private let total = Locked(0.0)

  package init() {}

  /// CPU seconds spent counting so far.
  package var cpuSeconds: Double { total.withLock { $0 } }

  /// Adds CPU seconds another thread spent counting.
  func add(_ seconds: Double) { total.withLock { $0 += seconds } }

  /// Runs `body` on this thread and adds the CPU time it took (not that of threads it starts).
  func measure<Result>(_ body: () throws -> Result) rethrows -> Result {
    let started = system_threadCPUSeconds()
    defer { add(system_threadCPUSeconds() - started) }
    return try body()
  }
}
