#!/usr/bin/env bash
# Re-derives corpora/eo/proverbaro.gz from Debian's fortunes-eo (see SOURCES.md), holding every
# tenth block of 50 lines out as heldout/same-sources-evaluation.gz. Run from corpora/eo/.
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-eo
# The fortune separators ("%" lines) are no text; the proverbs are one a line.
grep -vx '%' "$scratch/fortunes-eo/usr/share/games/fortunes/eo/proverbaro" | store_split proverbaro
store_held_out
echo "derive: eo from fortunes-eo $(version fortunes-eo)"
