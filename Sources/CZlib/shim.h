#ifndef KEYGRAM_CZLIB_SHIM_H
#define KEYGRAM_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot import; this is the same call as a function.
static inline int keygram_inflateInit2(z_streamp stream, int windowBits) {
  return inflateInit2_(stream, windowBits, ZLIB_VERSION, (int)sizeof(z_stream));
}
// deflateInit2 is a macro too; the tests use it to make gzip fixtures.
static inline int keygram_deflateInit2(z_streamp stream, int level, int windowBits) {
  return deflateInit2_(stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof(z_stream));
}
// C11 atomics Swift cannot use without macOS 15: the signal handler and the commit phase
// agree through one int (Syscalls.swift, SignalCleanup).
static inline int keygram_atomicCompareExchange(int *value, int expected, int desired) {
  return __atomic_compare_exchange_n(value, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}
static inline int keygram_atomicLoad(int *value) { return __atomic_load_n(value, __ATOMIC_SEQ_CST); }
static inline void keygram_atomicStore(int *value, int desired) { __atomic_store_n(value, desired, __ATOMIC_SEQ_CST); }
// A hint to fetch a cache line that will be read soon (the word counter's hash-table slots).
static inline void keygram_prefetch(const void *address) { __builtin_prefetch(address); }
#endif
