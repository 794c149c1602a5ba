#ifndef KEYGRAM_MALLOC_COUNTER_H
#define KEYGRAM_MALLOC_COUNTER_H
#include <stdint.h>

/// Heap allocations made by the calling thread since it started: every malloc, calloc,
/// realloc, memalign, aligned_alloc, posix_memalign and valloc call, the Swift runtime's included.
uint64_t keygram_thread_allocation_count(void);

#endif
