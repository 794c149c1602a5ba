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
#endif
