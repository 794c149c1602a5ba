#!/usr/bin/env bash
# `make fuzz-smoke` must not append to the committed Tests/Fuzz/ledger.tsv: its runs go to a
# ledger under .build-fuzz. Checks the Makefile's smoke command, and runs run.sh in a scratch
# copy with a stand-in fuzzer to see where its line lands.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
command=$(make -n fuzz-smoke FUZZ_TARGETS=touchmodel 2>/dev/null | grep 'Tests/Fuzz/run.sh')
case "$command" in
  *FUZZ_LEDGER=.build-fuzz/*) ;;
  *) echo "check-smoke-ledger: make fuzz-smoke runs '$command', which appends to the committed ledger" >&2; exit 1 ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/keygram-smoke-ledger.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Tests/Fuzz/touchmodel/seeds"
cp Tests/Fuzz/run.sh "$work/Tests/Fuzz/"
printf 'date\ttarget\tseconds\texecutions\texec/s\tfindings\tcpu\n' >"$work/Tests/Fuzz/ledger.tsv"
# A stand-in for libFuzzer: its final statistics, and success.
printf '#!/bin/sh\necho "stat::number_of_executed_units: 7"\necho "stat::average_exec_per_sec: 1"\n' >"$work/fuzzer"
chmod +x "$work/fuzzer"
(cd "$work" && FUZZER="$work/fuzzer" FUZZ_LEDGER=.build-fuzz/smoke-ledger.tsv bash Tests/Fuzz/run.sh 1 touchmodel >/dev/null)
if [ "$(wc -l <"$work/Tests/Fuzz/ledger.tsv")" -ne 1 ]; then
  echo "check-smoke-ledger: run.sh appended to the committed ledger despite FUZZ_LEDGER" >&2; exit 1
fi
if ! grep -q $'\ttouchmodel\t1\t7\t' "$work/.build-fuzz/smoke-ledger.tsv"; then
  echo "check-smoke-ledger: run.sh wrote no line to FUZZ_LEDGER" >&2; exit 1
fi
echo "check-smoke-ledger: make fuzz-smoke records its runs in .build-fuzz/smoke-ledger.tsv, not Tests/Fuzz/ledger.tsv"
