#!/usr/bin/env bash
# Re-derives corpora/cs/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack fortunes-cs manpages-cs libreoffice-l10n-cs
# The Czech cookies (usr/share/games/fortunes/cs; cz holds the same files as links), without
# klasik-sk, which is Slovak. UTF-8 as shipped.
fortune_files "$scratch/fortunes-cs/usr/share/games/fortunes/cs" | grep -v '/klasik-sk$' | xargs cat | store_split fortunes
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-cs/usr/share/man" cs | store_split manpages
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-cs/usr/lib/libreoffice/program/resource/cs/LC_MESSAGES" cs | store_split libreoffice-ui
store_held_out
echo "derive: cs from fortunes-cs $(version fortunes-cs), manpages-cs $(version manpages-cs), libreoffice-l10n-cs $(version libreoffice-l10n-cs)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list cs large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
hunspell_forms hunspell-cs cs_CZ  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words czech  # offensive-words.gz: glin-profanity 4.1.0's czech list, from PyPI (see SOURCES.md)
