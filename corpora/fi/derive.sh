#!/usr/bin/env bash
# Re-derives corpora/fi/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-fi libreoffice-help-fi libreoffice-l10n-fi
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-fi/usr/share/man" fi | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-fi/usr/share/libreoffice/help/fi" fi | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-fi/usr/lib/libreoffice/program/resource/fi/LC_MESSAGES" fi | store_split libreoffice-ui
store_held_out
echo "derive: fi from manpages-fi $(version manpages-fi), libreoffice-help-fi $(version libreoffice-help-fi), libreoffice-l10n-fi $(version libreoffice-l10n-fi)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list fi large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
offensive_words finnish  # offensive-words.gz: glin-profanity 4.1.0's finnish list, from PyPI (see SOURCES.md)
