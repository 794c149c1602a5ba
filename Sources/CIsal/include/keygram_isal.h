#ifndef KEYGRAM_ISAL_H
#define KEYGRAM_ISAL_H
// Intel ISA-L's gzip inflate, loaded at run time: libisal.so.2 is found with dlopen, so the
// builder links no libisal and runs (on zlib) where it is missing. Compiled in only where
// <isa-l/igzip_lib.h> is installed (or KEYGRAM_ISAL_HEADER=1 says it is); elsewhere every
// inflate function reports ISA-L as unavailable.
#include <stddef.h>
#include <stdint.h>

typedef struct keygram_isal_inflater keygram_isal_inflater;

// Where an inflate step failed: in a member's header, its deflate data, or its trailer.
enum {
  KEYGRAM_ISAL_IN_HEADER = 0,
  KEYGRAM_ISAL_IN_DATA = 1,
  KEYGRAM_ISAL_IN_TRAILER = 2,
};

// ISA-L's return codes (igzip_lib.h), repeated so Swift sees them without the header.
enum {
  KEYGRAM_ISAL_OK = 0,
  KEYGRAM_ISAL_INVALID_BLOCK = -1,
  KEYGRAM_ISAL_INVALID_SYMBOL = -2,
  KEYGRAM_ISAL_INVALID_LOOKBACK = -3,
  KEYGRAM_ISAL_INVALID_WRAPPER = -4,
  KEYGRAM_ISAL_UNSUPPORTED_METHOD = -5,
  KEYGRAM_ISAL_INCORRECT_CHECKSUM = -6,
  KEYGRAM_ISAL_NEED_DICT = 6,
  // The trailer's CRC-32 matched but its length (ISIZE) did not.
  KEYGRAM_ISAL_INCORRECT_LENGTH = -100,
  // The header sets one of the flag bits RFC 1952 reserves (zlib refuses them; ISA-L does not look).
  KEYGRAM_ISAL_RESERVED_FLAGS = -101,
  // ISA-L gave back input consumed in an earlier call without an error, so the bytes consumed
  // can no longer be told exactly (never seen; checked so the stored bytes stay exact).
  KEYGRAM_ISAL_INPUT_HANDED_BACK = -102,
};

// 1 where this file was compiled with ISA-L's header, so ISA-L can inflate where its library loads.
int keygram_isal_compiled_in(void);

// The library opened: $KEYGRAM_LIBISAL, else libisal.so.2 (libisal.2.dylib on macOS).
const char *keygram_isal_library_name(void);

// 1 where the library opens with dlopen, whether or not ISA-L was compiled in (so a keygram
// compiled without the header can tell that ISA-L is installed all the same).
int keygram_isal_library_opens(void);

// NULL when libisal.so.2 (or the library $KEYGRAM_LIBISAL names) loaded with every function
// used; otherwise why not. Loads it on the first call.
const char *keygram_isal_unavailable_reason(void);

// A new inflater for a stream of gzip members, or NULL (ISA-L unavailable, or no memory).
keygram_isal_inflater *keygram_isal_create(void);
void keygram_isal_destroy(keygram_isal_inflater *inflater);

// Ready for the next gzip member (isal_inflate_reset).
void keygram_isal_reset(keygram_isal_inflater *inflater);

// Inflates from `input` into `output`: parses the gzip header (isal_read_gzip_header), then
// the deflate data and the trailer (isal_inflate with ISAL_GZIP_NO_HDR_VER, which checks
// CRC-32 and ISIZE). Sets the bytes consumed and produced and whether the member ended (its
// trailer read and checked); returns KEYGRAM_ISAL_OK or an error code, `part` saying where.
int keygram_isal_inflate(keygram_isal_inflater *inflater, const uint8_t *input, size_t input_count,
                         uint8_t *output, size_t output_count, size_t *consumed, size_t *produced,
                         int *member_ended, int *part);
#endif
