#!/usr/bin/env bash
# Re-derives corpora/es/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-es debian-reference-es maint-guide-es
# Top level of usr/share/games/fortunes/es only: like en, the offensive cookies (es/off/) stay out.
fortune_files "$scratch/fortunes-es/usr/share/games/fortunes/es" | xargs cat | store_split fortunes
# The plain-text renderings the packages ship (UTF-8), not their HTML.
gzip -dc "$scratch/debian-reference-es/usr/share/debian-reference/debian-reference.es.txt.gz" | store_split debian-reference
gzip -dc "$scratch/maint-guide-es/usr/share/doc/maint-guide-es/maint-guide.es.txt.gz" | store_split maint-guide
# The Debian Administrator's Handbook in es-ES: modern prose, its untranslated paragraphs left out.
handbook_prose es-ES es | store_split debian-handbook
echo "derive: es debian-handbook.gz from debian-handbook $(version debian-handbook) (es-ES)"
store_held_out
echo "derive: es from fortunes-es $(version fortunes-es), debian-reference-es $(version debian-reference-es)," \
  "maint-guide-es $(version maint-guide-es)"
wordfreq_list es  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-es es_ES  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words spanish  # offensive-words.gz: glin-profanity 4.1.0's spanish list, from PyPI (see SOURCES.md)
