// The malloc interposer forwards to glibc, so allocation counting (and every test that uses
// it) is built on Linux only.
#if canImport(MallocCounter)
import MallocCounter

/// Heap allocations made by the calling thread while `body` runs, measured on a second run
/// so one-time work (metadata, lazy globals) done by the first run is not counted.
/// `body` must not suspend: the counter is per thread.
func mallocs(_ body: () -> Void) -> UInt64 {
  body()
  let before = keygram_thread_allocation_count()
  body()
  return keygram_thread_allocation_count() - before
}
#endif
