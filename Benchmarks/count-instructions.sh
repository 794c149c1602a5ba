#!/usr/bin/env bash
# `make bench-count`: the instructions the builder executes per byte of text, counted by
# callgrind, against the committed Benchmarks/count-instructions.baseline. An instruction count
# does not move with a busy or throttled machine as a timing does, so a loss of a few percent
# shows on any run. Fails past TOLERANCE percent (3 by default) above the baseline; a count
# that fell says how to record it. `UPDATE=1 make bench-count` writes the baseline.
#
# Two rows, each over the first 2,000,000 bytes of the shipped King James Bible:
#   letters  the counting core alone (`build --lexicon-words 0`): only `CorpusCounter.consume`
#            and what it calls (callgrind --toggle-collect), not reading, hashing or emitting;
#   words    a whole build whose text feeds letters, words and word pairs, the lexicon made of
#            its words: every instruction of every thread (a toggle would miss the work
#            `CorpusCounter.consume` hands to a second thread).
# Two runs of either agree to 0.01%.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYGRAM=${KEYGRAM:-.build/release/keygram}
BASELINE=Benchmarks/count-instructions.baseline
TOLERANCE=${TOLERANCE:-3}
# The count stage's entry, as the compiler names it: one chunk of text through every counter.
ENTRY='$s15KeyGramPipeline13CorpusCounterV7consumeyySWKF'
command -v valgrind >/dev/null || { echo "bench-count: valgrind is not installed (Debian: apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d /tmp/kg-bench-count.XXXXXX)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the DWARF 5 debug information Swift writes; a copy without it keeps
# the symbol table, which is all --toggle-collect needs.
objcopy --strip-debug "$KEYGRAM" "$work/keygram"
{ gzip -dc corpora/en/kjv-bible.gz || true; } | head -c 2000000 > "$work/text.txt"  # gzip stops at the closed pipe
bytes=$(stat -c %s "$work/text.txt")
# A corpora folder whose English text feeds letters, words and pairs (the lexicon is its words).
mkdir -p "$work/corpora/en"
python3 - corpora/en/language.json "$work/corpora/en/language.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
manifest["sources"] = [{"files": "*", "feeds": ["letters", "words", "pairs"]}]
json.dump(manifest, open(sys.argv[2], "w"), indent=2)
PY

per_byte() {  # per_byte ARGS...: instructions per byte of text, to 2 decimals (ARGS start with callgrind's)
  local options=()
  while [ "$1" != -- ]; do options+=("$1"); shift; done
  shift
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "${options[@]}" \
    "$work/keygram" build en "$work/text.txt" --no-swift --out "$work/out" "$@" >"$work/log" 2>&1 \
    || { cat "$work/log" >&2; echo "bench-count: keygram failed under valgrind" >&2; exit 1; }
  local collected
  collected=$(sed -n 's/^==[0-9]*== Collected : *//p' "$work/log" | tr -d ,)
  if [ -z "$collected" ] || [ "$collected" -eq 0 ]; then
    echo "bench-count: no instruction was counted in $ENTRY; was it renamed? (nm $KEYGRAM | grep CorpusCounter)" >&2
    exit 1
  fi
  awk -v c="$collected" -v n="$bytes" 'BEGIN { printf "%.2f", c / n }'
}

declare -A measured
measured[letters]=$(per_byte --toggle-collect="$ENTRY" -- --lexicon-words 0)
measured[words]=$(per_byte --collect-atstart=yes -- --corpora "$work/corpora")

echo "instructions per byte of text ($bytes bytes of the King James Bible, callgrind): letters in the count stage, words in the whole build"
if [ "${UPDATE:-0}" = 1 ]; then
  {
    echo "# Instructions per byte of text in the count stage, written by UPDATE=1 make bench-count."
    echo "# $(swift --version 2>/dev/null | head -n 1); $(date -u +%Y-%m-%d)"
    for row in letters words; do echo "$row ${measured[$row]}"; done
  } > "$BASELINE.tmp"
  mv "$BASELINE.tmp" "$BASELINE"
  for row in letters words; do echo "  $row ${measured[$row]} (recorded in $BASELINE)"; done
  exit 0
fi
[ -f "$BASELINE" ] || { echo "bench-count: no $BASELINE; record one with UPDATE=1 make bench-count" >&2; exit 1; }
failed=0
for row in letters words; do
  base=$(awk -v r="$row" '$1 == r { print $2 }' "$BASELINE")
  [ -n "$base" ] || { echo "bench-count: $BASELINE has no '$row' row" >&2; exit 1; }
  verdict=$(awk -v m="${measured[$row]}" -v b="$base" -v t="$TOLERANCE" 'BEGIN {
    change = (m / b - 1) * 100
    if (change > t) printf "FAIL: %+.1f%%, more than %s%% above the baseline", change, t
    else if (change < -t) printf "%+.1f%%: faster than the baseline; record it with UPDATE=1 make bench-count", change
    else printf "%+.1f%%, within %s%%", change, t
  }')
  echo "  $row ${measured[$row]} (baseline $base): $verdict"
  case $verdict in FAIL*) failed=1 ;; esac
done
exit $failed
