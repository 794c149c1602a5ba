#!/usr/bin/env bash
# Re-derives corpora/nl/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-nl libreoffice-help-nl libreoffice-l10n-nl
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-nl/usr/share/man" nl | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-nl/usr/share/libreoffice/help/nl" nl | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-nl/usr/lib/libreoffice/program/resource/nl/LC_MESSAGES" nl | store_split libreoffice-ui
store_held_out
echo "derive: nl from manpages-nl $(version manpages-nl), libreoffice-help-nl $(version libreoffice-help-nl), libreoffice-l10n-nl $(version libreoffice-l10n-nl)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list nl large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
hunspell_forms hunspell-nl nl  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words dutch  # offensive-words.gz: glin-profanity 4.1.0's dutch list, from PyPI (see SOURCES.md)
