#!/usr/bin/env bash
# Re-derives corpora/it/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

wordfreq_list it  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-it it_IT  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
unpack fortunes-it debian-reference-it
# Twelve of the fourteen cookie files are ASCII, their accents typed as apostrophes ("perche'"):
# written as accented letters where the dictionary writes the word so (apostrophe_accents.py).
fortune_files "$scratch/fortunes-it/usr/share/games/fortunes/it" | xargs cat \
  | python3 apostrophe_accents.py hunspell-forms.gz wordfreq.freq.gz | store_split fortunes
# The plain-text rendering the package ships (UTF-8), not its HTML.
gzip -dc "$scratch/debian-reference-it/usr/share/debian-reference/debian-reference.it.txt.gz" | store_split debian-reference
# The Debian Administrator's Handbook in it-IT: modern prose, its untranslated paragraphs left out.
handbook_prose it-IT it | store_split debian-handbook
echo "derive: it debian-handbook.gz from debian-handbook $(version debian-handbook) (it-IT)"
store_held_out
echo "derive: it from fortunes-it $(version fortunes-it), debian-reference-it $(version debian-reference-it)"
offensive_words italian  # offensive-words.gz: glin-profanity 4.1.0's italian list, from PyPI (see SOURCES.md)
