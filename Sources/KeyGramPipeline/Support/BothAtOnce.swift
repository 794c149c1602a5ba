import Foundation

/// Runs `first` and `second` at the same time on two threads, and returns when both have: the
/// letters and the words of one chunk are counted on two cores. They must touch no state in
/// common. An error thrown by either is rethrown (the first's if both throw). The CPU time of
/// the one that runs on another thread than the caller's is added to `timing`.
func bothAtOnce(_ first: () throws -> Void, _ second: () throws -> Void, timing: CPUTiming? = nil) throws {
  let failures = Locked<[Int: any Error]>([:])
  try withoutActuallyEscaping(first) { first in
    try withoutActuallyEscaping(second) { second in
      // Neither closure outlives this call, and the two share nothing: safe to hand to the threads.
      let work = UncheckedSendable(first: first, second: second)
      let caller = system_currentThread()
      DispatchQueue.concurrentPerform(iterations: 2) { which in
        // The caller's own thread time is the caller's to measure.
        let helper = system_isCurrentThread(caller) ? nil : timing
        let started = helper.map { _ in system_threadCPUSeconds() }
        defer { if let helper, let started { helper.add(system_threadCPUSeconds() - started) } }
        do {
          if which == 0 { try work.first() } else { try work.second() }
        } catch {
          failures.withLock { $0[which] = error }
        }
      }
      if let error = failures.withLock({ $0[0] ?? $0[1] }) { throw error }
    }
  }
}

private struct UncheckedSendable: @unchecked Sendable {
  let first: () throws -> Void, second: () throws -> Void
}
