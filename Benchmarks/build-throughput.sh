#!/usr/bin/env bash
# `make bench-build`: keygram build against its baselines, side by side in one run.
# Builds ~200 MB (and ~100 MB, ~20 MB) gzip corpora from the shipped English text, the 200 MB
# one also as plain text and as two halves, then runs each command in turn, round after round,
# and reports medians and ratios (ours ÷ baseline) with the CPU they were measured on.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYGRAM=${KEYGRAM:-.build/release/keygram}
ROUNDS=${ROUNDS:-5}
data=bench-data
mkdir -p "$data" /tmp/keygram-bench-out

corpus() {  # corpus NAME REPEATS: the English corpus text (not its word list) REPEATS times, gzip -6
  local file="$data/$1.gz"
  if [ ! -f "$file" ]; then
    for ((i = 0; i < $2; i++)); do ls corpora/en/*.gz | grep -v '\.freq\.' | xargs gzip -dc; done | gzip -6 > "$file.tmp"
    mv "$file.tmp" "$file"
  fi
  echo "$file"
}
big=$(corpus en-200mb 30)
half=$(corpus en-100mb 15)
small=$(corpus en-20mb 3)
# The same text uncompressed (the counting core alone, no inflate), and cut in two at a line
# for --jobs.
plain="$data/en-200mb.txt"
[ -f "$plain" ] || { gzip -dc "$big" > "$plain.tmp" && mv "$plain.tmp" "$plain"; }
if [ ! -f "$data/en-200mb-b.gz" ]; then
  lines=$(wc -l < "$plain")
  head -n $((lines / 2)) "$plain" | gzip -6 > "$data/en-200mb-a.gz"
  tail -n +$((lines / 2 + 1)) "$plain" | gzip -6 > "$data/en-200mb-b.gz.tmp"
  mv "$data/en-200mb-b.gz.tmp" "$data/en-200mb-b.gz"
fi
halves=("$data/en-200mb-a.gz" "$data/en-200mb-b.gz")

seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -n 1; }
rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
out=(--out /tmp/keygram-bench-out --no-swift)
# What a user runs: the letters and word pairs from the text, the lexicon from the language's word list.
build=("$KEYGRAM" build en "${out[@]}")
# The counting core alone: no lexicon, so no word list to read, no trie to build and no pairs to count.
core=("$KEYGRAM" build en "${out[@]}" --lexicon-words 0)
# The running text's words counted too, in the same pass: a corpora folder whose English
# manifest says the text feeds letters and words (the lexicon is then the text's words).
# And the word pairs too, in the same pass (a second folder, its text feeding letters, words, pairs).
words_corpora=$(mktemp -d)
pairs_corpora=$(mktemp -d)
trap 'rm -rf "$words_corpora" "$pairs_corpora"' EXIT
mkdir -p "$words_corpora/en" "$pairs_corpora/en"
python3 - corpora/en/language.json "$words_corpora/en/language.json" "$pairs_corpora/en/language.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
manifest["sources"] = [{"files": "*", "feeds": ["letters", "words"]}]
json.dump(manifest, open(sys.argv[2], "w"), indent=2)
manifest["sources"] = [{"files": "*", "feeds": ["letters", "words", "pairs"]}]
json.dump(manifest, open(sys.argv[3], "w"), indent=2)
PY
words=("$KEYGRAM" build en --corpora "$words_corpora" "${out[@]}")
pairs=("$KEYGRAM" build en --corpora "$pairs_corpora" "${out[@]}")
has_isal=$("$KEYGRAM" inflate --inflater isal "$small" >/dev/null 2>&1 && echo yes || echo no)
has_igzip=$(command -v igzip >/dev/null && echo yes || echo no)

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores; $(date -u +%Y-%m-%d)"
text_bytes=$(stat -c %s "$plain")
echo "corpus: $big, $(stat -c %s "$big") bytes gzip, $text_bytes bytes of text; $ROUNDS rounds, medians"
echo "ISA-L inflate in keygram: $has_isal; igzip: $has_igzip"
declare -A times
run() {  # run NAME COMMAND...: one timing of COMMAND appended to NAME's list
  local name=$1; shift
  times[$name]="${times[$name]:-} $(seconds "$@")"
}
for round in $(seq "$ROUNDS"); do
  run core_plain "${core[@]}" "$plain"
  run core_gzip "${core[@]}" "$big"
  [ "$has_isal" = yes ] && run core_zlib "${core[@]}" --inflater zlib "$big"
  run words_plain "${words[@]}" "$plain"
  run words_gzip "${words[@]}" "$big"
  run pairs_gzip "${pairs[@]}" "$big"
  run build "${build[@]}" "$big"
  run jobs1 "${core[@]}" --jobs 1 "${halves[@]}"
  run jobs2 "${core[@]}" --jobs 2 "${halves[@]}"
  if [ "$has_isal" = yes ]; then
    run inflate_isal "$KEYGRAM" inflate --inflater isal "$big"
    run inflate_zlib "$KEYGRAM" inflate --inflater zlib "$big"
  else
    run inflate_zlib "$KEYGRAM" inflate "$big"
  fi
  [ "$has_igzip" = yes ] && run igzip sh -c "igzip -dc '$big' > /dev/null"
  run gzip sh -c "gzip -dc '$big' > /dev/null"
done
m() { printf '%s\n' ${times[$1]:-} | median; }

py_rounds=${PY_ROUNDS:-1}
declare -a t_py t_small
for round in $(seq "$py_rounds"); do
  t_small+=("$(seconds "${core[@]}" "$small")")
  t_py+=("$(seconds python3 Benchmarks/python-baseline.py "$small")")
done
s=$(printf '%s\n' "${t_small[@]}" | median)
p=$(printf '%s\n' "${t_py[@]}" | median)

# The count stage's own CPU time, as the build reports it (reading, hashing and emitting aside).
count_cpu=$("${core[@]}" "$plain" | sed -n 's/.*; counting \([0-9.]*\) s of CPU.*/\1/p')
rss_core=$(rss_kb "${core[@]}" "$big")
rss_small=$(rss_kb "${build[@]}" "$small")
rss_half=$(rss_kb "${build[@]}" "$half")
rss_big=$(rss_kb "${build[@]}" "$big")

awk -v cp="$(m core_plain)" -v cg="$(m core_gzip)" -v cz="$(m core_zlib)" -v wp="$(m words_plain)" -v wg="$(m words_gzip)" -v pg="$(m pairs_gzip)" \
    -v b="$(m build)" -v j1="$(m jobs1)" -v j2="$(m jobs2)" -v ii="$(m inflate_isal)" -v iz="$(m inflate_zlib)" \
    -v ig="$(m igzip)" -v g="$(m gzip)" -v s="$s" -v p="$p" -v n="$text_bytes" \
    -v r1="$rss_small" -v r2="$rss_half" -v r3="$rss_big" -v rc="$rss_core" -v cc="$count_cpu" 'BEGIN {
  na = "n/a"
  printf "\n| measure | value | target |\n|---|---|---|\n"
  printf "| counting core: build from plain text, no lexicon | %.2f s (%.0f MB/s of text) | |\n", cp, n / cp / 1e6
  if (cc != "") printf "| the count stage alone, CPU of the counting thread | %.2f s (%.0f MB/s a core) | ≥ 700 MB/s |\n", cc, n / cc / 1e6
  printf "| build from gzip, no lexicon (default inflater) | %.2f s (%.0f MB/s of text) | |\n", cg, n / cg / 1e6
  if (cz != "") printf "| build from gzip, no lexicon, --inflater zlib | %.2f s | |\n", cz
  if (ii != "") printf "| keygram inflate --inflater isal | %.2f s | |\n", ii
  printf "| keygram inflate --inflater zlib | %.2f s | |\n", iz
  if (ig != "") printf "| igzip -dc > /dev/null | %.2f s | |\n", ig
  printf "| gzip -dc > /dev/null | %.2f s | |\n", g
  if (ig != "") printf "| build from gzip, no lexicon ÷ igzip -dc | %.2f | ≤ 1.3 |\n", cg / ig
  if (ii != "") printf "| build from gzip, no lexicon ÷ keygram inflate (ISA-L) | %.2f | |\n", cg / ii
  if (cz != "") printf "| build from gzip, no lexicon, zlib ÷ keygram inflate (zlib) | %.2f | |\n", cz / iz
  printf "| build from gzip ÷ gzip -dc | %.2f | |\n", cg / g
  printf "| words counted too, plain text | %.2f s; ÷ letters only %.2f | ≤ 1.25 |\n", wp, wp / cp
  printf "| words counted too, gzip | %.2f s; ÷ letters only %.2f | ≤ 1.25 |\n", wg, wg / cg
  printf "| word pairs counted too, gzip | %.2f s; ÷ words build %.2f | ≤ 1.5 |\n", pg, pg / wg
  printf "| two gzip halves, --jobs 1 / --jobs 2 | %.2f s / %.2f s; ratio %.2f | ≤ 0.6 |\n", j1, j2, j2 / j1
  printf "| keygram build (lexicon from the word list), 200 MB gzip | %.2f s | |\n", b
  printf "| Python gzip + Counter ÷ build, same 20 MB | %.1f s ÷ %.2f s = %.0f× | ≥ 30× |\n", p, s, p / s
  printf "| peak RSS at 20 / 100 / 200 MB (with lexicon) | %.1f / %.1f / %.1f MB | flat |\n", r1 / 1024, r2 / 1024, r3 / 1024
  printf "| peak RSS at 200 MB, no lexicon | %.1f MB | |\n", rc / 1024
}'
