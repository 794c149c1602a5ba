#!/usr/bin/env python3
"""Writes the words of a word list that Hunspell itself accepts but that the dictionary's
expanded forms (hunspell-forms.gz) do not hold: compounds (German "regierungsgebäude"), forms
made by two affixes (Dutch "verwachtten"), which unmunch does not expand. KeyGram's builder never
counts a word the language's dictionary accepts as a misspelling (docs/Languages.md, "Words that
are misspellings"); these lines say which words it accepts beyond its forms. Standard library only.

usage: hunspell_accepts.py queries WORDLIST.freq.gz > queries.txt
       hunspell -i utf-8 -d DICTIONARY -G < queries.txt | hunspell_accepts.py accepted WORDLIST.freq.gz FORMS.gz > accepts.txt

queries: each of the list's first 150,000 words (the forms' reach, hunspell_forms.py) three ways,
as listed (lowercase), capitalised and in capitals, one per line: Hunspell accepts a noun only
with its capital, and any word in capitals.
accepted: reads the words Hunspell accepted (hunspell -G prints them) and writes each list word
(as the list writes it, with a letter in it) that was accepted some way and whose key the forms
do not hold, sorted.
"""
import gzip
import sys
import unicodedata

APOSTROPHES = "'\u2019\u02bc"
LIST_WORDS = 150_000


def key(word):
    """What a word list entry and a form are matched by: NFC, lowercase, no apostrophe."""
    word = unicodedata.normalize("NFC", word).lower()
    return "".join(c for c in word if c not in APOSTROPHES)


def list_words(list_path):
    with gzip.open(list_path, "rt", encoding="utf-8") as listed:
        return [line.split("\t")[0] for _, line in zip(range(LIST_WORDS), listed) if line.strip()]


def variants(word):
    return [word, word[:1].upper() + word[1:], word.upper()]


def queries(list_path):
    out = []
    for word in list_words(list_path):
        out += variants(word)
    sys.stdout.write("".join(line + "\n" for line in out))


def accepted(list_path, forms_path):
    answers = {unicodedata.normalize("NFC", line.rstrip("\n")) for line in sys.stdin}
    with gzip.open(forms_path, "rt", encoding="utf-8") as forms:
        held = {key(line.rstrip("\n")) for line in forms}
    words = set()
    for word in list_words(list_path):
        if any(c.isalpha() for c in word) and key(word) not in held and any(unicodedata.normalize("NFC", v) in answers for v in variants(word)):
            words.add(word)
    sys.stdout.write("".join(word + "\n" for word in sorted(words)))


if __name__ == "__main__":
    if sys.argv[1] == "queries":
        queries(sys.argv[2])
    elif sys.argv[1] == "accepted":
        accepted(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
