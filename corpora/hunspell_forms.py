#!/usr/bin/env python3
"""Writes how a Hunspell dictionary spells the words of a word list: every form that Hunspell's
unmunch expands from the dictionary (read on standard input, in the dictionary's SET encoding)
whose lowercase is a word of the list, one per line, sorted, each once. KeyGram's builder takes
a word's capitals from these forms where the corpus text holds too few occurrences of it
(docs/Languages.md, "How words are written"). Standard library only.

usage: unmunch DIC AFF | hunspell_forms.py AFF WORDLIST.freq.gz > forms.txt
"""
import gzip
import sys
import unicodedata

APOSTROPHES = "'\u2019\u02bc"
LIST_WORDS = 150_000


def encoding(aff_path):
    """The dictionary's character set: the .aff file's SET line (ISO8859-1 when absent)."""
    with open(aff_path, "rb") as aff:
        for raw in aff:
            line = raw.decode("latin-1").strip()
            if line.startswith("SET "):
                name = line.split()[1]
                return {"ISO8859-1": "latin-1", "ISO8859-2": "iso8859-2", "ISO8859-7": "iso8859-7",
                        "ISO8859-9": "iso8859-9", "KOI8-R": "koi8-r", "KOI8-U": "koi8-u",
                        "microsoft-cp1251": "cp1251"}.get(name, name)
    return "latin-1"


def key(word):
    """What a word list entry and a form are matched by: NFC, lowercase, one apostrophe."""
    word = unicodedata.normalize("NFC", word).lower()
    for apostrophe in APOSTROPHES[1:]:
        word = word.replace(apostrophe, "'")
    return word


def main():
    aff_path, list_path = sys.argv[1], sys.argv[2]
    with gzip.open(list_path, "rt", encoding="utf-8") as listed:
        # The list is by frequency; a lexicon takes at most its first 100,000 words (and a word
        # list entry with an apostrophe may fold into one of them), so 150,000 is plenty.
        words = {key(line.split("\t")[0]) for _, line in zip(range(LIST_WORDS), listed) if line.strip()}
    charset = encoding(aff_path)
    forms = set()
    for raw in sys.stdin.buffer:
        form = raw.decode(charset, errors="replace")
        form = unicodedata.normalize("NFC", form.split("/")[0].strip())
        if form and "\ufffd" not in form and key(form) in words:
            forms.add(form.replace("\u2019", "'").replace("\u02bc", "'"))
    sys.stdout.write("".join(form + "\n" for form in sorted(forms)))


if __name__ == "__main__":
    main()
