#!/usr/bin/env bash
# Re-derives corpora/en/*.gz from Debian packages (see SOURCES.md), and the held-out text the
# touch simulator uses (corpora/en/heldout/: never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack bible-kjv bible-kjv-text fortunes jargon-text
"$scratch/bible-kjv/usr/bin/bible" -p "$scratch/bible-kjv-text/usr/lib" "Gen1:1-Rev22:21" > "$scratch/kjv.txt"
fortune_files "$scratch/fortunes/usr/share/games/fortunes" | xargs cat > "$scratch/fortunes.txt"

# Training text: nine blocks of 50 lines in every ten. The tenth block of each goes to
# heldout/, an evaluation text from the same sources that the table never sees.
store_split kjv-bible < "$scratch/kjv.txt"
store_split fortunes < "$scratch/fortunes.txt"
store_held_out

# The Jargon File, another kind of English, split into interleaved blocks of 200 lines: even
# blocks to tune the resolvers' parameters on, odd blocks to evaluate them on.
jargon="$scratch/jargon-text/usr/share/doc/jargon-text/jargon.txt.gz"
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 0' | store jargon-tuning)
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 1' | store jargon-evaluation)
echo "derive: en from bible-kjv-text $(version bible-kjv-text), fortunes $(version fortunes); held out: jargon-text $(version jargon-text)"
wordfreq_list en  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-en-us en_US  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
codespell_misspellings  # codespell-misspellings.gz: codespell 2.4.3's list of common misspellings (see SOURCES.md)
misspelling_lists  # heldout/misspellings/*.gz: codespell 2.4.3 and misspellings 1.5 from PyPI (see SOURCES.md)
