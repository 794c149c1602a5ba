#!/usr/bin/env bash
# Re-derives corpora/nb/*.gz from Debian packages (see SOURCES.md), holding every tenth block of
# 50 lines out as heldout/same-sources-evaluation.gz (never read by `keygram build`).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

# Debian has no Norwegian Bokmål LibreOffice help, so the message catalogues of core GNU and Debian tools
# add to LibreOffice's own.
catalogue_packages="apt bash binutils-common coreutils diffutils dpkg findutils gettext gnupg-l10n grep libglib2.0-data libgtk2.0-common procps tar wget"
unpack manpages-nb libreoffice-l10n-nb $catalogue_packages
# Every man page of the package, rendered as man(1) shows it and made running text (man_text:
# headers, headings, options, code-like words and English lines dropped).
man_text "$scratch/manpages-nb/usr/share/man" nb | store_split manpages
# LibreOffice's user-interface messages: the translated text (msgstr) of its gettext catalogues.
mo_text "$scratch/libreoffice-l10n-nb/usr/lib/libreoffice/program/resource/nb/LC_MESSAGES" nb | store_split libreoffice-ui
# The tools' Norwegian Bokmål catalogues (usr/share/locale/nb/LC_MESSAGES), gathered into one folder under
# the package's name so that mo_text reads them in package order.
mkdir -p "$scratch/catalogues"
for package in $catalogue_packages; do
  for catalogue in "$scratch/$package/usr/share/locale/nb/LC_MESSAGES/"*.mo; do
    [ -f "$catalogue" ] && cp "$catalogue" "$scratch/catalogues/$package--$(basename "$catalogue")"
  done
done
mo_text "$scratch/catalogues" nb | store_split tool-messages
# The Debian Administrator's Handbook in nb-NO: modern prose, its untranslated paragraphs left out.
handbook_prose nb-NO nb | store_split debian-handbook
echo "derive: nb debian-handbook.gz from debian-handbook $(version debian-handbook) (nb-NO)"
store_held_out
tools=$(for package in $catalogue_packages; do printf ', %s %s' "$package" "$(version "$package")"; done)
echo "derive: nb from manpages-nb $(version manpages-nb), libreoffice-l10n-nb $(version libreoffice-l10n-nb)$tools" \
  "(rendered with groff $(groff -v 2>/dev/null | head -1 | awk '{print $NF}'))"
wordfreq_list nb large  # wordfreq.freq.gz: PyPI wordfreq 3.1.1, its large list (see SOURCES.md)
hunspell_forms hunspell-no nb_NO  # hunspell-forms.gz: how the dictionary writes the listed words (see SOURCES.md)
offensive_words norwegian  # offensive-words.gz: glin-profanity 4.1.0's norwegian list, from PyPI (see SOURCES.md)
