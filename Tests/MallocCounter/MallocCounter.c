// Test-only malloc interposer. Because the test executable defines these symbols, every
// allocation in the process (Swift runtime included) comes here first; each one bumps a
// per-thread counter and is forwarded to glibc's own implementation.
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include "MallocCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

static __thread uint64_t allocations;

uint64_t keygram_thread_allocation_count(void) { return allocations; }

void *malloc(size_t size) { allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { allocations++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { allocations++; return __libc_realloc(pointer, size); }
void *memalign(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }
void *valloc(size_t size) { allocations++; return __libc_valloc(size); }
void *aligned_alloc(size_t alignment, size_t size) { allocations++; return __libc_memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  allocations++;
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}
