#!/usr/bin/env bash
# A keygram compiled where ISA-L's header was missing, then `make keygram` once it is there: make
# tells SwiftPM the header is installed (KEYGRAM_ISAL_HEADER, Makefile), so CIsal is compiled again
# and ISA-L used. The build without the header is made here with KEYGRAM_ISAL_HEADER=0, which
# compiles CIsal as a machine without the header would; libisal-dev must be installed. Before and
# after, keygram's own report is checked, and the CLI's inflater tests run against each build
# (the warning's exact text where the header was missing). Uses the debug build in .build.
# Usage: bash Tests/Build/isal-header.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! pkg-config --exists libisal 2>/dev/null; then
  echo "skipped: ISA-L's header is not installed here (libisal-dev), so there is no change to build across"
  exit 0
fi
keygram=.build/debug/keygram
gzip=$(ls corpora/en/*.gz | head -1)
fail() { echo "FAILED: $*" >&2; exit 1; }
inflater_tests() { swift test --traits Builder --disable-xctest --filter 'autoWarnsOnceOnlyWhereISALWasLeftOutAtBuild|versionNamesTheInflater|isalWhereItCannotLoad' 2>&1 | grep -E '^(✔|✘) Test|error:|warning:'; }

echo "== built where ISA-L's header is missing (KEYGRAM_ISAL_HEADER=0)"
KEYGRAM_ISAL_HEADER=0 swift build --traits Builder --product keygram 2>&1 | grep -E 'Compiling|error|warning:|complete!' || true
"$keygram" --version
"$keygram" --version | grep -q "^--inflater auto inflates gzip with zlib: this keygram was compiled without ISA-L's header" \
  || fail "keygram --version does not say ISA-L was left out"
warnings=$("$keygram" inflate "$gzip" 2>&1 >/dev/null)
echo "$warnings"
[ "$(printf '%s\n' "$warnings" | grep -c '^warning: gzip is inflated with zlib')" = 1 ] || fail "keygram inflate did not warn exactly once"
quiet=$(KEYGRAM_LIBISAL=/nonexistent/libisal.so.2 "$keygram" inflate "$gzip" 2>&1 >/dev/null)
[ -z "$quiet" ] || fail "keygram inflate warned where ISA-L is not installed: $quiet"
KEYGRAM_ISAL_HEADER=0 inflater_tests

echo "== make keygram CONFIG=debug, with the header installed"
make --no-print-directory keygram CONFIG=debug 2>&1 | tee /tmp/keygram-isal-make.$$ | grep -E 'Compiling|error|warning:|complete!' || true
grep -q 'Compiling CIsal' /tmp/keygram-isal-make.$$ || fail "make did not compile CIsal again"
"$keygram" --version
"$keygram" --version | grep -qx -- "--inflater auto inflates gzip with Intel ISA-L (libisal.so.2)" || fail "make's keygram does not use ISA-L"
warnings=$("$keygram" inflate "$gzip" 2>&1 >/dev/null)
[ -z "$warnings" ] || fail "keygram inflate warned with ISA-L compiled in: $warnings"

echo "== make keygram CONFIG=debug again: nothing to compile"
make --no-print-directory keygram CONFIG=debug > /tmp/keygram-isal-make.$$ 2>&1
! grep -E 'Compiling' /tmp/keygram-isal-make.$$ || fail "a second make compiled again"
rm -f /tmp/keygram-isal-make.$$
KEYGRAM_ISAL_HEADER=1 inflater_tests
echo "ok: a keygram built without ISA-L's header warns, and make builds it again with ISA-L"
