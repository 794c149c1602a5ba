#!/usr/bin/env bash
# Re-derives corpora/en/*.gz from Debian packages (see SOURCES.md), and the held-out text the
# touch simulator uses (corpora/en/heldout/: never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack bible-kjv bible-kjv-text fortunes jargon-text
"$scratch/bible-kjv/usr/bin/bible" -p "$scratch/bible-kjv-text/usr/lib" "Gen1:1-Rev22:21" | store kjv-bible
fortune_files "$scratch/fortunes/usr/share/games/fortunes" | xargs cat | store fortunes

# The Jargon File, split into interleaved blocks of 200 lines: even blocks to tune the
# resolvers' parameters on, odd blocks to evaluate them on. Neither is training text.
mkdir -p heldout
jargon="$scratch/jargon-text/usr/share/doc/jargon-text/jargon.txt.gz"
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 0' | store jargon-tuning)
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 1' | store jargon-evaluation)
echo "derive: en from bible-kjv-text $(version bible-kjv-text), fortunes $(version fortunes); held out: jargon-text $(version jargon-text)"
