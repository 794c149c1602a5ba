#!/usr/bin/env bash
# Re-derives corpora/ru/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-ru
# fortunes-ru 1.52-3.1 ships UTF-8 (checked with file(1) and iconv). Russian text of this age is
# often KOI8-R, so refuse a release that is not UTF-8 rather than store mojibake.
files=$(fortune_files "$scratch/fortunes-ru/usr/share/games/fortunes/ru")
echo "$files" | xargs cat | iconv -f UTF-8 -t UTF-8 >/dev/null || {
  echo "derive: fortunes-ru is not UTF-8 any more; convert it (iconv -f KOI8-R) in ru/derive.sh" >&2; exit 1; }
echo "$files" | xargs cat | store_split fortunes
# The Debian Administrator's Handbook in ru-RU: modern prose, its untranslated paragraphs left out.
handbook_prose ru-RU ru | store_split debian-handbook
echo "derive: ru debian-handbook.gz from debian-handbook $(version debian-handbook) (ru-RU)"
store_held_out
echo "derive: ru from fortunes-ru $(version fortunes-ru)"
wordfreq_list ru  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-ru ru_RU  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words russian  # offensive-words.gz: glin-profanity 4.1.0's russian list, from PyPI (see SOURCES.md)
