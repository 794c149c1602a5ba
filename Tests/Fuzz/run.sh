#!/usr/bin/env bash
# Runs each fuzz target under libFuzzer (built by `make fuzz-build`) for SECONDS, or until it has
# made RUNS executions, JOBS targets at a time, and prints per target this run's executions,
# rate and findings and the executions the target has made in all since its corpus was started
# (the ledger, .build-fuzz/runs/<target>/ledger), and appends each target's line to the record,
# FUZZ_LEDGER (default: the committed Tests/Fuzz/ledger.tsv; `make fuzz-smoke` writes one under
# .build-fuzz instead). A run over 1 s is a hang. An input that
# crashes, hangs or breaks a promise is copied to Tests/Fuzz/<target>/regressions/ to commit
# (the test suite replays that folder). Exit status 1 when any target found something.
# Usage: [FUZZ_JOBS=2] [FUZZ_RUNS=10000000] [FUZZER=path] [FUZZ_LEDGER=file] Tests/Fuzz/run.sh SECONDS TARGET...
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=$1; shift
jobs=${FUZZ_JOBS:-$(nproc)}
runs_cap=${FUZZ_RUNS:--1}
fuzzer=${FUZZER:-.build-fuzz/release/keygram-fuzz}  # FUZZER: a copy, so a rebuild cannot disturb a long run
work=.build-fuzz/runs
cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)
# Scratch files (each harness rewrites its input file every run) live in memory when it can.
scratch_root=$PWD/$work; [ -d /dev/shm ] && [ -w /dev/shm ] && scratch_root=/dev/shm/keygram-fuzz-$$

# The record: one line per target and run (Tests/Fuzz/README.md); committed for campaigns only.
record=${FUZZ_LEDGER:-Tests/Fuzz/ledger.tsv}
mkdir -p "$(dirname "$record")"
[ -f "$record" ] || printf 'date\ttarget\tseconds\texecutions\texec/s\tfindings\tcpu\n' >"$record"

# One target: fuzz, copy findings, write "runs rate findings" to its result file.
fuzz_target() {
  local target=$1
  local corpus=$work/$target/corpus artifacts=$work/$target/artifacts scratch=$scratch_root/$target/tmp
  local log=$work/$target/log.txt
  rm -rf "$artifacts" "$scratch"; mkdir -p "$corpus" "$artifacts" "$scratch"
  # -rss_limit_mb: 2 GiB; gzip 4 GiB, as ASan keeps ~190 bytes per ended thread (Tests/Fuzz/README.md).
  local rss_limit=2048; [ "$target" = gzip ] && rss_limit=4096
  # Leaks are checked; lsan.supp names the one found outside this project (Foundation's) and one deliberate one.
  KEYGRAM_FUZZ_TARGET=$target TMPDIR=$scratch ASAN_OPTIONS=detect_leaks=1 \
    LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan.supp:print_suppressions=0 \
    "$fuzzer" "$corpus" "Tests/Fuzz/$target/seeds" -max_total_time="$seconds" -runs="$runs_cap" -timeout=1 \
    -rss_limit_mb=$rss_limit -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  local status=$?
  local runs rate findings
  runs=$(awk '/stat::number_of_executed_units:/ { n = $2 } END { print n + 0 }' "$log")
  rate=$(awk '/stat::average_exec_per_sec:/ { n = $2 } END { print n + 0 }' "$log")
  findings=$(find "$artifacts" -type f | wc -l)
  # Died without an artifact: a finding, unless stopped by Ctrl-C or kill (libFuzzer then prints its stats and exits 72).
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ] && ! grep -q 'libFuzzer: run interrupted' "$log"; then findings=1; fi
  mkdir -p "Tests/Fuzz/$target/regressions"
  for artifact in "$artifacts"/*; do [ -f "$artifact" ] && cp "$artifact" "Tests/Fuzz/$target/regressions/"; done
  printf '%s %s %s %s %s\n' "$(date -u +%FT%TZ)" "$runs" "$rate" "$findings" "$cpu" >>"$work/$target/ledger"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$target" "$seconds" "$runs" "$rate" "$findings" "$cpu, $(nproc) cores" >>"$record"
  echo "$runs $rate $findings" >"$work/$target/result"
  rm -rf "$scratch"
}

for target in "$@"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  rm -f "$work/$target/result"
  fuzz_target "$target" &
done
wait
[ "$scratch_root" != "$PWD/$work" ] && rm -rf "$scratch_root"

total_runs=0; total_findings=0
printf '%-10s %14s %10s %9s %14s  %s\n' target executions exec/s findings "in all" cpu
for target in "$@"; do
  read -r runs rate findings <"$work/$target/result" 2>/dev/null || { runs=0; rate=0; findings=1; }
  in_all=$(awk '{ n += $2 } END { print n + 0 }' "$work/$target/ledger")
  printf '%-10s %14s %10s %9s %14s  %s\n' "$target" "$runs" "$rate" "$findings" "$in_all" "$cpu"
  if [ "$findings" -gt 0 ]; then
    echo "  $target: see $work/$target/log.txt; the input is in Tests/Fuzz/$target/regressions/ (the test suite replays it: swift test --traits Builder --filter FuzzRegressionTests)"
    grep -m3 -E 'ERROR:|Fatal error|fuzz.*: |ALARM|==[0-9]+==' "$work/$target/log.txt" | sed 's/^/    /'
  fi
  total_runs=$((total_runs + runs)); total_findings=$((total_findings + findings))
done
printf '%-10s %14s %10s %9s\n' total "$total_runs" "" "$total_findings"
[ "$total_findings" -eq 0 ]
