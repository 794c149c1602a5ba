#!/usr/bin/env bash
# `make bench-merge`: peak resident memory of `keygram merge` and `keygram build --counts` over
# the shipped English corpus counted as 2, 20 and 200 `--part k/N` shards, side by side in one
# run. Merging must not grow with the number of shards: one n-gram accumulator, and words
# streamed from at most 64 files at a time. The tables built from each set must be identical.
# BASELINE=path/to/another/keygram measures its merge too, in the same rounds (e.g. a build of
# an earlier commit).
set -euo pipefail
cd "$(dirname "$0")/.."
KEYGRAM=${KEYGRAM:-.build/release/keygram}
ROUNDS=${ROUNDS:-3}
SHARDS=${SHARDS:-"2 20 200"}
BASELINE=${BASELINE:-}
data=bench-data/merge-shards
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rss_kb() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores; $(date -u +%F)"
echo "corpus: corpora/en ($(cat corpora/en/*.gz | wc -c) bytes gzip); $ROUNDS rounds, median peak RSS"
printf '%7s %14s %14s %9s %18s %9s%s\n' shards "count bytes" "merge RSS MB" "÷ first" "build --counts MB" "÷ first" \
  "$([ -n "$BASELINE" ] && printf ' %20s' "baseline merge MB")"
first_merge=""; first_build=""; first_table=""
for n in $SHARDS; do
  folder=$data/$n
  if [ ! -f "$folder/done" ]; then  # each shard counts every n-th line of every file
    rm -rf "$folder"; mkdir -p "$folder"
    for ((k = 0; k < n; k++)); do "$KEYGRAM" count en --part "$k/$n" -o "$folder/part-$k.kgcounts" >/dev/null; done
    touch "$folder/done"
  fi
  files=("$folder"/part-*.kgcounts)
  counts_args=(); for file in "${files[@]}"; do counts_args+=(--counts "$file"); done
  merge_rss=(); build_rss=(); baseline_rss=()
  for round in $(seq "$ROUNDS"); do
    merge_rss+=("$(rss_kb "$KEYGRAM" merge "${files[@]}" -o "$out/merged-$n.kgcounts")")
    if [ -n "$BASELINE" ]; then
      baseline_rss+=("$(rss_kb "$BASELINE" merge "${files[@]}" -o "$out/baseline-$n.kgcounts")")
      cmp -s "$out/merged-$n.kgcounts" "$out/baseline-$n.kgcounts" || { echo "the baseline merged $n shards into other bytes"; exit 1; }
    fi
    build_rss+=("$(rss_kb "$KEYGRAM" build en "${counts_args[@]}" --out "$out/tables-$n" --no-swift)")
  done
  merge_mb=$(printf '%s\n' "${merge_rss[@]}" | median | awk '{ printf "%.1f", $1 / 1024 }')
  build_mb=$(printf '%s\n' "${build_rss[@]}" | median | awk '{ printf "%.1f", $1 / 1024 }')
  first_merge=${first_merge:-$merge_mb}; first_build=${first_build:-$build_mb}
  bytes=$(cat "${files[@]}" | wc -c)
  baseline=""
  [ -n "$BASELINE" ] && baseline=$(printf ' %20s' "$(printf '%s\n' "${baseline_rss[@]}" | median | awk '{ printf "%.1f", $1 / 1024 }')")
  printf '%7s %14s %14s %9s %18s %9s%s\n' "$n" "$bytes" "$merge_mb" "$(awk -v a="$merge_mb" -v b="$first_merge" 'BEGIN { printf "%.3f", a / b }')" \
    "$build_mb" "$(awk -v a="$build_mb" -v b="$first_build" 'BEGIN { printf "%.3f", a / b }')" "$baseline"
  table=$out/tables-$n/en.keygram
  if [ -z "$first_table" ]; then first_table=$table
  elif ! cmp -s "$first_table" "$table"; then echo "the table from $n shards differs from the first"; exit 1; fi
done
echo "every shard count built the same table ($(stat -c %s "$first_table") bytes)"
