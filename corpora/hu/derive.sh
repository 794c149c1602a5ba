#!/usr/bin/env bash
# Re-derives corpora/hu/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-hu libreoffice-help-hu libreoffice-l10n-hu
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-hu/usr/share/man" hu | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-hu/usr/share/libreoffice/help/hu" hu | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-hu/usr/lib/libreoffice/program/resource/hu/LC_MESSAGES" hu | store_split libreoffice-ui
store_held_out
echo "derive: hu from manpages-hu $(version manpages-hu), libreoffice-help-hu $(version libreoffice-help-hu), libreoffice-l10n-hu $(version libreoffice-l10n-hu)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list hu small  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its small list (see SOURCES.md)
hunspell_forms hunspell-hu hu_HU  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words hungarian  # offensive-words.gz: glin-profanity 4.1.0's hungarian list, from PyPI (see SOURCES.md)
