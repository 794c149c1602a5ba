#!/usr/bin/env bash
# Re-derives corpora/en/*.gz from Debian packages (see SOURCES.md), and the held-out text the
# touch simulator uses (corpora/en/heldout/: never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack bible-kjv bible-kjv-text fortunes jargon-text debian-handbook gnome-user-docs libreoffice-help-en-us gimp-help-en
"$scratch/bible-kjv/usr/bin/bible" -p "$scratch/bible-kjv-text/usr/lib" "Gen1:1-Rev22:21" > "$scratch/kjv.txt"
fortune_files "$scratch/fortunes/usr/share/games/fortunes" | xargs cat > "$scratch/fortunes.txt"

# Training text: nine blocks of 50 lines in every ten. The tenth block of each goes to
# heldout/, an evaluation text from the same sources that the table never sees.
store_split kjv-bible < "$scratch/kjv.txt"
store_split fortunes < "$scratch/fortunes.txt"
# Modern running English: four user manuals as prose, one paragraph a line (corpora/prose.py:
# no markup, code, commands, headings, navigation or tables of contents; see SOURCES.md).
prose() { LC_ALL=C sort | python3 "$KEYGRAM_CORPORA/prose.py" "$1"; }
find "$scratch/debian-handbook/usr/share/doc/debian-handbook/html/en-US" -maxdepth 1 -name '*.html' | prose html | store_split debian-handbook
find "$scratch/gnome-user-docs/usr/share/help/C" -name '*.page' | prose mallard | store_split gnome-help
find "$scratch/libreoffice-help-en-us/usr/share/libreoffice/help/en-US/text" -name '*.html' ! -path '*/text/sbasic/*' | prose html | store_split libreoffice-help
find "$scratch/gimp-help-en/usr/share/gimp/2.0/help/en" -name '*.html' | prose html | store_split gimp-help
store_held_out

# The Jargon File, another kind of English, split into interleaved blocks of 200 lines: even
# blocks to tune the resolvers' parameters on, odd blocks to evaluate them on.
jargon="$scratch/jargon-text/usr/share/doc/jargon-text/jargon.txt.gz"
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 0' | store jargon-tuning)
(cd heldout && gzip -dc "$jargon" | awk 'int((NR - 1) / 200) % 2 == 1' | store jargon-evaluation)
echo "derive: en from bible-kjv-text $(version bible-kjv-text), fortunes $(version fortunes), debian-handbook $(version debian-handbook), gnome-user-docs $(version gnome-user-docs), libreoffice-help-en-us $(version libreoffice-help-en-us), gimp-help-en $(version gimp-help-en); held out: jargon-text $(version jargon-text)"
wordfreq_list en  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-en-us en_US  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
codespell_misspellings  # codespell-misspellings.gz: codespell 2.4.3's list of common misspellings (see SOURCES.md)
misspelling_lists  # heldout/misspellings/*.gz: codespell 2.4.3 and misspellings 1.5 from PyPI (see SOURCES.md)
offensive_words --better-profanity english  # offensive-words.gz: glin-profanity 4.1.0's english list and better-profanity 0.7.0's, from PyPI (see SOURCES.md)
symspell_bigrams  # symspell-bigrams.freq.gz: symspellpy 6.10.1's English word-pair counts (see SOURCES.md)
