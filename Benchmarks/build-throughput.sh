#!/usr/bin/env bash
# `make bench-build`: keygram build against its baselines, side by side in one run.
# Builds ~200 MB (and ~100 MB, ~20 MB) gzip corpora from the shipped English text, then runs
# each command in turn, round after round, and reports medians and ratios (ours ÷ baseline).
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

seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -n 1; }
rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
build=("$KEYGRAM" build en --out /tmp/keygram-bench-out --no-swift)
# The counting core alone: no lexicon, so no word list to read and no trie to build.
build_core=("$KEYGRAM" build en --out /tmp/keygram-bench-out --no-swift --lexicon-words 0)
# The same build with the running text's words counted too: a corpora folder whose English
# manifest says the text feeds letters and words.
words_corpora=$(mktemp -d)
trap 'rm -rf "$words_corpora"' EXIT
mkdir -p "$words_corpora/en"
python3 - corpora/en/language.json "$words_corpora/en/language.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
manifest["sources"] = [{"files": "*", "feeds": ["letters", "words"]}]
json.dump(manifest, open(sys.argv[2], "w"), indent=2)
PY
build_words=("$KEYGRAM" build en --corpora "$words_corpora" --out /tmp/keygram-bench-out --no-swift)

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores"
text_bytes=$(gzip -dc "$big" | wc -c)
echo "corpus: $big, $(stat -c %s "$big") bytes gzip, $text_bytes bytes of text; $ROUNDS rounds, medians"
declare -a t_build t_core t_words t_inflate t_gzip
for round in $(seq "$ROUNDS"); do
  t_build+=("$(seconds "${build[@]}" "$big")")
  t_core+=("$(seconds "${build_core[@]}" "$big")")
  t_words+=("$(seconds "${build_words[@]}" "$big")")
  t_inflate+=("$(seconds "$KEYGRAM" inflate "$big")")
  t_gzip+=("$(seconds sh -c "gzip -dc '$big' > /dev/null")")
done
b=$(printf '%s\n' "${t_build[@]}" | median)
c=$(printf '%s\n' "${t_core[@]}" | median)
w=$(printf '%s\n' "${t_words[@]}" | median)
i=$(printf '%s\n' "${t_inflate[@]}" | median)
g=$(printf '%s\n' "${t_gzip[@]}" | median)

py_rounds=${PY_ROUNDS:-1}
declare -a t_py t_small
for round in $(seq "$py_rounds"); do
  t_small+=("$(seconds "${build[@]}" "$small")")
  t_py+=("$(seconds python3 Benchmarks/python-baseline.py "$small")")
done
s=$(printf '%s\n' "${t_small[@]}" | median)
p=$(printf '%s\n' "${t_py[@]}" | median)

rss_core=$(rss_kb "${build_core[@]}" "$big")
rss_small=$(rss_kb "${build[@]}" "$small")
rss_half=$(rss_kb "${build[@]}" "$half")
rss_big=$(rss_kb "${build[@]}" "$big")

awk -v b="$b" -v c="$c" -v w="$w" -v i="$i" -v g="$g" -v s="$s" -v p="$p" -v n="$text_bytes" \
    -v r1="$rss_small" -v r2="$rss_half" -v r3="$rss_big" -v rc="$rss_core" 'BEGIN {
  printf "\n| measure | value | goal |\n|---|---|---|\n"
  printf "| keygram build, 200 MB | %.2f s (%.0f MB/s of text) | |\n", b, n / b / 1e6
  printf "| keygram build, 200 MB, no lexicon (--lexicon-words 0) | %.2f s (%.0f MB/s of text) | |\n", c, n / c / 1e6
  printf "| pure zlib inflate loop (keygram inflate) | %.2f s | |\n", i
  printf "| build, no lexicon ÷ inflate | %.2f | |\n", c / i
  printf "| gzip -dc > /dev/null | %.2f s | |\n", g
  printf "| build ÷ inflate | %.2f | ≤ 1.10 |\n", b / i
  printf "| build ÷ gzip -dc | %.2f | ≤ 0.65 |\n", b / g
  printf "| keygram build, 200 MB, words of the text counted too | %.2f s | |\n", w
  printf "| build with words ÷ inflate | %.2f | ≤ 1.10 |\n", w / i
  printf "| build with words ÷ gzip -dc | %.2f | ≤ 0.65 |\n", w / g
  printf "| Python gzip + Counter ÷ build, same 20 MB | %.1f s ÷ %.2f s = %.0f× | ≥ 30× |\n", p, s, p / s
  printf "| peak RSS at 20 / 100 / 200 MB | %.1f / %.1f / %.1f MB | flat |\n", r1 / 1024, r2 / 1024, r3 / 1024
  printf "| peak RSS at 200 MB, no lexicon | %.1f MB | |\n", rc / 1024
}'
