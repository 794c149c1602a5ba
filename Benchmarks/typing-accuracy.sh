#!/usr/bin/env bash
# `make accuracy`: the typing-accuracy figures of docs/Simulator.md (and README's headline). Tunes on
# the tuning text (the resolvers' parameters, the lexicon balance, the word decoder), then types
# both held-out evaluation texts at σ = 4 … 12 pt, seed 1, with corrected and uncorrected errors,
# the word decoder's rows, skipped and doubled touches, the keys without a letter as on a phone with
# the space bar tapped, spaces left out, a typist who misspells, each autocorrect level with a typist
# who reverts, every language's held-out text, and the SymSpell peer (symspellpy from PyPI, in a venv under .build-accuracy) on the same touches.
set -euo pipefail
cd "$(dirname "$0")/.."
KEYGRAM=${KEYGRAM:-.build/release/keygram}
VENV=.build-accuracy/venv
"$KEYGRAM" tune en
"$KEYGRAM" tune en --lexicon
"$KEYGRAM" tune en --decoder --limit 300000
"$KEYGRAM" tune en --spread --timed --dual-gaussian
# Real misspellings (heldout/misspellings/: tuning pairs from codespell, evaluation pairs from
# Wikipedia's lists), at the keys' centres and with σ = 8 pt touch noise: the decoder as the
# English table sets it, then at its generic defaults.
for pairs in corpora/en/heldout/misspellings/*.gz; do
  echo
  "$KEYGRAM" simulate en --misspellings "$pairs" --sigma 8
  echo
  "$KEYGRAM" simulate en --misspellings "$pairs" --sigma 8 --generic-decoder
done
for text in corpora/en/heldout/*evaluation*.gz; do
  for sigma in 4 6 8 10 12; do
    echo
    "$KEYGRAM" simulate en --text "$text" --sigma "$sigma" --decode
  done
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --errors uncorrected
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --omit-rate 0.01 --extra-rate 0.01
  # Word boundaries: the keys without a letter with their real effects and the space bar tapped
  # (the decoded rows, their ", no key taps" rows, then the oracle that types letters there),
  # spaces left out, and a typist who puts half their wrong letters right with backspace.
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps --special-keys-type-letters
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps --space-omit-rate 0.01
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps --notice-rate 0.5
  # Both kinds of error in one run: a typist who misspells 1% of words (the evaluation pairs,
  # kept out of every tuning) and undoes half of the replacements of words typed as meant.
  echo
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --misspell-rate 0.01 --undo-rate 0.5 \
    --misspelling-list corpora/en/heldout/misspellings/evaluation.gz
done
# Autocorrect levels, each with a typist who reverts half the wrong replacements: the English
# tuning text (the rule that picks English's starting level reads it), then every language's
# held-out text (English: both).
echo
"$KEYGRAM" simulate en --levels --text corpora/en/heldout/jargon-tuning.gz --misspelling-list corpora/en/heldout/misspellings/tuning.gz
for text in corpora/en/heldout/*evaluation*.gz; do
  echo
  "$KEYGRAM" simulate en --levels --text "$text"
done
for lang in $(ls corpora/*/language.json | xargs -n1 dirname | xargs -n1 basename | grep -vx en); do
  echo
  "$KEYGRAM" simulate "$lang" --levels
done
# Timed typists (docs/Runtime.md): the dual-Gaussian one against the best fixed σ on the tuning
# text (16 pt), and a speed-independent one (σ = 8 pt) against its best (9 pt).
echo
"$KEYGRAM" simulate en --timed --dual-gaussian --fixed-sigma 16 8 --decode
echo
"$KEYGRAM" simulate en --timed --fixed-sigma 9 8 --decode
for lang in $(ls corpora/*/language.json | xargs -n1 dirname | xargs -n1 basename); do
  echo
  "$KEYGRAM" simulate "$lang" --sigma 8 --decode
  echo
  "$KEYGRAM" simulate "$lang" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps
  echo
  "$KEYGRAM" simulate "$lang" --sigma 8 --decode --errors uncorrected --key-effects real --space-taps --special-keys-type-letters
done

# The peer: static resolution of the same touches, then SymSpell over each word.
test -x "$VENV/bin/python" || python3 -m venv "$VENV"
"$VENV/bin/python" -c 'import symspellpy' 2>/dev/null || "$VENV/bin/pip" install -q 'symspellpy>=6.7,<7'
"$VENV/bin/python" -c 'import spellchecker' 2>/dev/null || "$VENV/bin/pip" install -q 'pyspellchecker>=0.8,<1'
mkdir -p .build-accuracy
"$KEYGRAM" inspect tables/en.keygram --words --top 100000 > .build-accuracy/en-words.txt
for text in corpora/en/heldout/*evaluation*.gz; do
  name=$(basename "$text" .gz)
  "$KEYGRAM" simulate en --text "$text" --sigma 8 --decode --write-touches ".build-accuracy/$name.touches" > /dev/null
  echo
  "$VENV/bin/python" Benchmarks/symspell-peer.py ".build-accuracy/$name.touches" .build-accuracy/en-words.txt
done
# The spell-checker peers on the evaluation misspellings.
echo
"$VENV/bin/python" Benchmarks/misspelling-peers.py corpora/en/heldout/misspellings/evaluation.gz .build-accuracy/en-words.txt
