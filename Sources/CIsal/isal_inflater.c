#include "keygram_isal.h"
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if __has_include(<dlfcn.h>)
#define KEYGRAM_HAS_DLOPEN 1
#include <dlfcn.h>
#endif
#endif

// KEYGRAM_ISAL_HEADER (0 or 1, from the environment variable of that name: Package.swift; the
// Makefile sets it from `pkg-config --exists libisal`) says whether ISA-L's header is installed.
// A change in it changes this file's compile command, so it is compiled again; __has_include
// alone is asked only when something else makes it compile.
#if defined(KEYGRAM_ISAL_HEADER)
#if KEYGRAM_ISAL_HEADER && defined(KEYGRAM_HAS_DLOPEN)
#define KEYGRAM_HAS_ISAL 1
#endif
#elif defined(__has_include)
#if __has_include(<isa-l/igzip_lib.h>) && defined(KEYGRAM_HAS_DLOPEN)
#define KEYGRAM_HAS_ISAL 1
#endif
#endif

// KEYGRAM_LIBISAL names another build of the library (a path or a soname) to open instead.
const char *keygram_isal_library_name(void) {
  const char *chosen = getenv("KEYGRAM_LIBISAL");
  if (chosen != NULL && chosen[0] != 0) return chosen;
#ifdef __APPLE__
  return "libisal.2.dylib";
#else
  return "libisal.so.2";
#endif
}

int keygram_isal_library_opens(void) {
#ifdef KEYGRAM_HAS_DLOPEN
  void *library = dlopen(keygram_isal_library_name(), RTLD_LAZY | RTLD_LOCAL);
  if (library == NULL) return 0;
  dlclose(library);
  return 1;
#else
  return 0;
#endif
}

#ifdef KEYGRAM_HAS_ISAL
#include <isa-l/igzip_lib.h>
#include <pthread.h>
#include <stdio.h>

int keygram_isal_compiled_in(void) { return 1; }

// The functions used, looked up once.
static struct {
  void (*inflate_init)(struct inflate_state *);
  void (*inflate_reset)(struct inflate_state *);
  int (*inflate)(struct inflate_state *);
  int (*read_gzip_header)(struct inflate_state *, struct isal_gzip_header *);
  void (*gzip_header_init)(struct isal_gzip_header *);
  const char *unavailable;
} isal;

static pthread_once_t isal_once = PTHREAD_ONCE_INIT;

static char isal_load_error[512];

static void isal_load(void) {
  void *library = dlopen(keygram_isal_library_name(), RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(isal_load_error, sizeof isal_load_error, "%s (Debian/Ubuntu: apt-get install libisal-dev)",
             why ? why : "dlopen failed");
    isal.unavailable = isal_load_error;
    return;
  }
  isal.inflate_init = (void (*)(struct inflate_state *))dlsym(library, "isal_inflate_init");
  isal.inflate_reset = (void (*)(struct inflate_state *))dlsym(library, "isal_inflate_reset");
  isal.inflate = (int (*)(struct inflate_state *))dlsym(library, "isal_inflate");
  isal.read_gzip_header = (int (*)(struct inflate_state *, struct isal_gzip_header *))dlsym(library, "isal_read_gzip_header");
  isal.gzip_header_init = (void (*)(struct isal_gzip_header *))dlsym(library, "isal_gzip_header_init");
  if (!isal.inflate_init || !isal.inflate_reset || !isal.inflate || !isal.read_gzip_header || !isal.gzip_header_init) {
    isal.unavailable = "the libisal loaded lacks isal_inflate, isal_read_gzip_header or isal_inflate_reset";
  }
}

const char *keygram_isal_unavailable_reason(void) {
  pthread_once(&isal_once, isal_load);
  return isal.unavailable;
}

struct keygram_isal_inflater {
  struct inflate_state state;
  // Kept across calls: isal_read_gzip_header resumes a header split between inputs from it
  // (isal_inflate's own ISAL_GZIP parsing starts each call afresh and misreads such headers).
  struct isal_gzip_header header;
  int header_done;
  // The last 8 bytes consumed: the trailer, once a member's check fails, to tell CRC from ISIZE.
  uint8_t last[8];
};

static void start_member(keygram_isal_inflater *inflater) {
  isal.gzip_header_init(&inflater->header);
  inflater->header.flags = 0;  // ISA-L 2.30's isal_gzip_header_init leaves it unset
  inflater->header_done = 0;
  inflater->state.crc_flag = ISAL_GZIP_NO_HDR_VER;
}

keygram_isal_inflater *keygram_isal_create(void) {
  if (keygram_isal_unavailable_reason() != NULL) return NULL;
  keygram_isal_inflater *inflater = calloc(1, sizeof *inflater);
  if (inflater == NULL) return NULL;
  isal.inflate_init(&inflater->state);
  start_member(inflater);
  return inflater;
}

void keygram_isal_destroy(keygram_isal_inflater *inflater) { free(inflater); }

void keygram_isal_reset(keygram_isal_inflater *inflater) {
  isal.inflate_reset(&inflater->state);
  start_member(inflater);
}

// Remembers the last bytes of `bytes` after those remembered before.
static void remember(keygram_isal_inflater *inflater, const uint8_t *bytes, size_t count) {
  if (count >= 8) {
    memcpy(inflater->last, bytes + count - 8, 8);
  } else if (count > 0) {
    memmove(inflater->last, inflater->last + count, 8 - count);
    memcpy(inflater->last + 8 - count, bytes, count);
  }
}

static uint32_t little_endian_32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

int keygram_isal_inflate(keygram_isal_inflater *inflater, const uint8_t *input, size_t input_count,
                         uint8_t *output, size_t output_count, size_t *consumed, size_t *produced,
                         int *member_ended, int *part) {
  struct inflate_state *state = &inflater->state;
  // ISA-L counts in 32 bits.
  uint32_t avail_in = input_count > UINT32_MAX ? UINT32_MAX : (uint32_t)input_count;
  uint32_t avail_out = output_count > UINT32_MAX ? UINT32_MAX : (uint32_t)output_count;
  state->next_in = (uint8_t *)input;
  state->avail_in = avail_in;
  state->next_out = output;
  state->avail_out = avail_out;
  *member_ended = 0;
  *part = KEYGRAM_ISAL_IN_HEADER;
  int status = ISAL_DECOMP_OK;
  if (!inflater->header_done) {
    status = isal.read_gzip_header(state, &inflater->header);
    if (status == ISAL_DECOMP_OK) {
      inflater->header_done = 1;
      if (inflater->header.flags & 0xE0) status = KEYGRAM_ISAL_RESERVED_FLAGS;
    } else if (status > 0) {
      status = ISAL_DECOMP_OK;  // ISAL_END_INPUT: the header goes on in the next input
    }
  }
  if (status == ISAL_DECOMP_OK && inflater->header_done) {
    *part = state->block_state == ISAL_CHECKSUM_CHECK ? KEYGRAM_ISAL_IN_TRAILER : KEYGRAM_ISAL_IN_DATA;
    status = isal.inflate(state);
    if (state->block_state == ISAL_BLOCK_FINISH || state->block_state == ISAL_CHECKSUM_CHECK) *part = KEYGRAM_ISAL_IN_TRAILER;
    if (status == ISAL_DECOMP_OK && state->block_state == ISAL_BLOCK_FINISH) *member_ended = 1;
  }
  // On damaged data ISA-L may hand back bytes it buffered in an earlier call (more input than
  // it was given): none of this call's input is then consumed, and the error is placed there.
  if (state->avail_in > avail_in) {
    *consumed = 0;
    if (status >= 0) status = KEYGRAM_ISAL_INPUT_HANDED_BACK;
  } else {
    *consumed = avail_in - state->avail_in;
  }
  *produced = avail_out - state->avail_out;
  remember(inflater, input, *consumed);
  if (status == ISAL_INCORRECT_CHECKSUM && *part == KEYGRAM_ISAL_IN_TRAILER
      && little_endian_32(inflater->last) == state->crc) {
    status = KEYGRAM_ISAL_INCORRECT_LENGTH;
  }
  return status;
}

#else

int keygram_isal_compiled_in(void) { return 0; }
const char *keygram_isal_unavailable_reason(void) {
  return "this keygram was built without ISA-L's header (<isa-l/igzip_lib.h>, Debian/Ubuntu: libisal-dev)";
}
keygram_isal_inflater *keygram_isal_create(void) { return NULL; }
void keygram_isal_destroy(keygram_isal_inflater *inflater) { (void)inflater; }
void keygram_isal_reset(keygram_isal_inflater *inflater) { (void)inflater; }
int keygram_isal_inflate(keygram_isal_inflater *inflater, const uint8_t *input, size_t input_count,
                         uint8_t *output, size_t output_count, size_t *consumed, size_t *produced,
                         int *member_ended, int *part) {
  (void)inflater; (void)input; (void)input_count; (void)output; (void)output_count;
  *consumed = 0; *produced = 0; *member_ended = 0; *part = KEYGRAM_ISAL_IN_HEADER;
  return KEYGRAM_ISAL_INVALID_WRAPPER;
}

#endif
