#!/usr/bin/env bash
# `make accuracy`: the typing-accuracy figures of README.md and docs/Simulator.md. Tunes on
# the tuning text (the resolvers' parameters, then the lexicon balance), then types both
# held-out evaluation texts at σ = 4 … 12 pt, seed 1, with corrected and uncorrected errors.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYGRAM=${KEYGRAM:-.build/release/keygram}
"$KEYGRAM" tune --lang en
"$KEYGRAM" tune --lang en --lexicon
for text in corpora/en/heldout/*evaluation*.gz; do
  for sigma in 4 6 8 10 12; do
    echo
    "$KEYGRAM" simulate --lang en --text "$text" --sigma "$sigma"
  done
  echo
  "$KEYGRAM" simulate --lang en --text "$text" --sigma 8 --errors uncorrected
done
