#!/usr/bin/env bash
# Re-derives corpora/uk/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-uk libreoffice-l10n-uk
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-uk/usr/share/man" uk | store_split manpages
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-uk/usr/lib/libreoffice/program/resource/uk/LC_MESSAGES" uk | store_split libreoffice-ui
store_held_out
echo "derive: uk from manpages-uk $(version manpages-uk), libreoffice-l10n-uk $(version libreoffice-l10n-uk)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list uk large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
hunspell_forms hunspell-uk uk_UA  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
