#!/usr/bin/env bash
# Re-derives corpora/pl/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

command -v groff >/dev/null || { echo "derive: groff (Debian package groff-base) is needed to render the man pages" >&2; exit 1; }

unpack fortunes-pl manpages-pl
# The cookies are UTF-8 (the package recoded them; two are plain ASCII).
fortune_files "$scratch/fortunes-pl/usr/share/games/fortunes/pl" | xargs cat | store_split fortunes
# Section 8 of the Polish man pages (system administration), rendered to plain UTF-8 text as man(1)
# shows it: groff -mandoc, no bold/underline overstriking, no hyphenation and one long line per
# paragraph (so no word is split at a line end); runs of spaces are squeezed to one, since groff pads
# each page's header and footer line to that length. Symlinked aliases are skipped (find -type f),
# so no page is counted twice.
find "$scratch/manpages-pl/usr/share/man/pl/man8" -type f -name '*.gz' | LC_ALL=C sort | while read -r page; do
  gzip -dc "$page" | groff -K utf8 -Tutf8 -mandoc -rHY=0 -rLL=1000n -P-cbou 2>/dev/null
done | tr -s ' ' | store_split manpages-8
store_held_out
echo "derive: pl from fortunes-pl $(version fortunes-pl), manpages-pl $(version manpages-pl)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list pl  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-pl pl_PL  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words polish  # offensive-words.gz: glin-profanity 4.1.0's polish list, from PyPI (see SOURCES.md)
