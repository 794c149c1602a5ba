#!/usr/bin/env bash
# Re-derives corpora/sv/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-sv libreoffice-help-sv libreoffice-l10n-sv
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-sv/usr/share/man" sv | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-sv/usr/share/libreoffice/help/sv" sv | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-sv/usr/lib/libreoffice/program/resource/sv/LC_MESSAGES" sv | store_split libreoffice-ui
store_held_out
echo "derive: sv from manpages-sv $(version manpages-sv), libreoffice-help-sv $(version libreoffice-help-sv), libreoffice-l10n-sv $(version libreoffice-l10n-sv)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list sv large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
hunspell_forms hunspell-sv sv_SE  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words swedish  # offensive-words.gz: glin-profanity 4.1.0's swedish list, from PyPI (see SOURCES.md)
