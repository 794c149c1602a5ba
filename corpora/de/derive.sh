#!/usr/bin/env bash
# Re-derives corpora/de/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-de hunspell-de-de hunspell-tools
# The fortune files live in usr/share/games/fortunes/de (UTF-8; the *.u8 names are symlinks to them).
fortune_files "$scratch/fortunes-de/usr/share/games/fortunes/de" | xargs cat | store_split fortunes
# The Debian Administrator's Handbook in de-DE: modern prose, its untranslated paragraphs left out.
handbook_prose de-DE de | store_split debian-handbook
echo "derive: de debian-handbook.gz from debian-handbook $(version debian-handbook) (de-DE)"
store_held_out
echo "derive: de from fortunes-de $(version fortunes-de)"
wordfreq_list de  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
# wordfreq folds ß to ss; the Hunspell dictionary's word forms (and the corpus's ß words) restore it.
"$scratch/hunspell-tools/usr/bin/unmunch" "$scratch/hunspell-de-de/usr/share/hunspell/de_DE.dic" \
  "$scratch/hunspell-de-de/usr/share/hunspell/de_DE.aff" > "$scratch/de_DE.forms" 2>/dev/null
python3 "$KEYGRAM_CORPORA/spelling.py" de wordfreq.freq.gz --dictionary "$scratch/de_DE.forms" --text fortunes.gz
echo "derive: de ß restored from hunspell-de-de $(version hunspell-de-de)"
hunspell_forms hunspell-de-de de_DE  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words german  # offensive-words.gz: glin-profanity 4.1.0's german list, from PyPI (see SOURCES.md)
