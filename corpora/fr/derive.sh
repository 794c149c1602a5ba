#!/usr/bin/env bash
# Re-derives corpora/fr/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack stardict-xmlittre debian-reference-fr

# The Littré (1863-1877, public domain) as XMLittré ships it for StarDict: one dictzip (gzip)
# stream of UTF-8 paragraphs with light Pango markup (<b>, <i>, <small>, <big>, <span>). Debian has
# no French fortunes and the whole dictionary is ~100 MB, so this keeps an even sample: every 30th
# non-empty paragraph, skipping each entry's HISTORIQUE section (Old and Middle French citations,
# 12th-16th century, not the language a keyboard types). Then the markup tags are removed and the
# three entities the file uses are decoded. Nothing else is changed.
gzip -dc "$scratch/stardict-xmlittre/usr/share/stardict/dic/XMLittre.dict.dz" |
  awk -v n=30 '
    /<b><big>HISTORIQUE<\/big><\/b>/ { historique = 1; next }
    /<b><big>[^<]*<\/big><\/b>/ { historique = 0 }
    historique || /^[[:space:]]*$/ { next }
    ++kept % n == 0' |
  sed -e 's/<[^>]*>//g' -e 's/&lt;/</g; s/&gt;/>/g; s/&amp;/\&/g' | store_split littre

# The plain-text rendering Debian Reference ships (UTF-8), not its HTML.
gzip -dc "$scratch/debian-reference-fr/usr/share/debian-reference/debian-reference.fr.txt.gz" | store_split debian-reference
# The Debian Administrator's Handbook in fr-FR: modern prose, its untranslated paragraphs left out.
handbook_prose fr-FR fr | store_split debian-handbook
echo "derive: fr debian-handbook.gz from debian-handbook $(version debian-handbook) (fr-FR)"
store_held_out
echo "derive: fr from stardict-xmlittre $(version stardict-xmlittre), debian-reference-fr $(version debian-reference-fr)"
wordfreq_list fr  # wordfreq.freq.gz: PyPI wordfreq 3.1.1 (see SOURCES.md)
hunspell_forms hunspell-fr-classical fr  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words french  # offensive-words.gz: glin-profanity 4.1.0's french list, from PyPI (see SOURCES.md)
