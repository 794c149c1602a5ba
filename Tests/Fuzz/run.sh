#!/usr/bin/env bash
# Runs each fuzz target for SECONDS under libFuzzer (built by `make fuzz-build`) and prints its
# executions, rate and findings, then the totals. A run over 1 s is a hang. An input that
# crashes, hangs or breaks a promise is copied to Tests/Fuzz/<target>/regressions/ to commit
# (the test suite replays that folder). Exit status 1 when any target found something.
# Usage: Tests/Fuzz/run.sh SECONDS TARGET...
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=$1; shift
fuzzer=.build-fuzz/release/keygram-fuzz
work=.build-fuzz/runs
total_runs=0; total_findings=0
printf '%-10s %14s %10s %9s  %s\n' target executions exec/s findings cpu
for target in "$@"; do
  corpus=$work/$target/corpus; artifacts=$work/$target/artifacts; scratch=$work/$target/tmp
  rm -rf "$artifacts" "$scratch"; mkdir -p "$corpus" "$artifacts" "$scratch"
  log=$work/$target/log.txt
  # -rss_limit_mb: the count-file target's largest legal dense counts stay far below it.
  # Leaks are checked; lsan.supp names the one found outside this project (Foundation's) and one deliberate one.
  KEYGRAM_FUZZ_TARGET=$target TMPDIR=$PWD/$scratch ASAN_OPTIONS=detect_leaks=1 \
    LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan.supp:print_suppressions=0 \
    "$fuzzer" "$corpus" "Tests/Fuzz/$target/seeds" -max_total_time="$seconds" -timeout=1 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  status=$?
  runs=$(awk '/stat::number_of_executed_units:/ { n = $2 } END { print n + 0 }' "$log")
  rate=$(awk '/stat::average_exec_per_sec:/ { n = $2 } END { print n + 0 }' "$log")
  findings=$(find "$artifacts" -type f | wc -l)
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ]; then findings=1; fi  # died without an artifact
  mkdir -p "Tests/Fuzz/$target/regressions"
  for artifact in "$artifacts"/*; do [ -f "$artifact" ] && cp "$artifact" "Tests/Fuzz/$target/regressions/"; done
  printf '%-10s %14s %10s %9s  %s\n' "$target" "${runs:-0}" "${rate:-0}" "$findings" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
  if [ "$findings" -gt 0 ]; then
    echo "  $target: see $log; the input is in Tests/Fuzz/$target/regressions/ (the test suite replays it: swift test --filter FuzzRegressionTests)"
    grep -m3 -E 'ERROR:|Fatal error|fuzz.*: |ALARM|==[0-9]+==' "$log" | sed 's/^/    /'
  fi
  total_runs=$((total_runs + ${runs:-0})); total_findings=$((total_findings + findings))
  rm -rf "$scratch"
done
printf '%-10s %14s %10s %9s\n' total "$total_runs" "" "$total_findings"
[ "$total_findings" -eq 0 ]
