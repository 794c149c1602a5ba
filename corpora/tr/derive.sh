#!/usr/bin/env bash
# Re-derives corpora/tr/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-tr libreoffice-help-tr libreoffice-l10n-tr
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-tr/usr/share/man" tr | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-tr/usr/share/libreoffice/help/tr" tr | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-tr/usr/lib/libreoffice/program/resource/tr/LC_MESSAGES" tr | store_split libreoffice-ui
store_held_out
echo "derive: tr from manpages-tr $(version manpages-tr), libreoffice-help-tr $(version libreoffice-help-tr), libreoffice-l10n-tr $(version libreoffice-l10n-tr)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list tr small  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its small list (see SOURCES.md)
offensive_words turkish  # offensive-words.gz: glin-profanity 4.1.0's turkish list, from PyPI (see SOURCES.md)
