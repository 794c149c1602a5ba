#!/usr/bin/env bash
# Re-derives corpora/pt/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-br focalinux-text
# Brazilian Portuguese cookies, UTF-8.
fortune_files "$scratch/fortunes-br/usr/share/games/fortunes" | xargs cat | store_split fortunes
# Guia Foca GNU/Linux, plain text in ISO-8859-1: the three levels in reading order, converted to UTF-8.
guide="$scratch/focalinux-text/usr/share/doc/focalinux/text"
for level in iniciante intermediario avancado; do gzip -dc "$guide/$level/index.txt.gz"; done |
  iconv -f ISO-8859-1 -t UTF-8 | store_split focalinux
# The Debian Administrator's Handbook in pt-BR: modern prose, its untranslated paragraphs left out.
handbook_prose pt-BR pt | store_split debian-handbook
echo "derive: pt debian-handbook.gz from debian-handbook $(version debian-handbook) (pt-BR)"
store_held_out
echo "derive: pt from fortunes-br $(version fortunes-br), focalinux-text $(version focalinux-text)"
wordfreq_list pt  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-pt-pt pt_PT  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words portuguese  # offensive-words.gz: glin-profanity 4.1.0's portuguese list, from PyPI (see SOURCES.md)
