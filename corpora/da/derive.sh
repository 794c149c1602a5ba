#!/usr/bin/env bash
# Re-derives corpora/da/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-da libreoffice-help-da libreoffice-l10n-da
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-da/usr/share/man" da | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-da/usr/share/libreoffice/help/da" da | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-da/usr/lib/libreoffice/program/resource/da/LC_MESSAGES" da | store_split libreoffice-ui
store_held_out
echo "derive: da from manpages-da $(version manpages-da), libreoffice-help-da $(version libreoffice-help-da), libreoffice-l10n-da $(version libreoffice-l10n-da)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list da small  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its small list (see SOURCES.md)
hunspell_forms hunspell-da da_DK  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words danish  # offensive-words.gz: glin-profanity 4.1.0's danish list, from PyPI (see SOURCES.md)
