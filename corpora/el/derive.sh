#!/usr/bin/env bash
# Re-derives corpora/el/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack manpages-el libreoffice-help-el libreoffice-l10n-el
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-el/usr/share/man" el | store_split manpages
# LibreOffice's help pages, the text of each page's body (html_text).
html_text "$scratch/libreoffice-help-el/usr/share/libreoffice/help/el" el | store_split libreoffice-help
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-el/usr/lib/libreoffice/program/resource/el/LC_MESSAGES" el | store_split libreoffice-ui
store_held_out
echo "derive: el from manpages-el $(version manpages-el), libreoffice-help-el $(version libreoffice-help-el), libreoffice-l10n-el $(version libreoffice-l10n-el)" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list el small  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its small list (see SOURCES.md)
# wordfreq folds final ς to σ; Greek always writes ς at a word's end, so corpora/spelling.py restores it.
python3 "$KEYGRAM_CORPORA/spelling.py" el wordfreq.freq.gz
hunspell_forms hunspell-el el_GR  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
