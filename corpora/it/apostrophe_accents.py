#!/usr/bin/env python3
"""Writes the Italian typewriter accents of stdin as accented letters, on stdout.

The Italian fortune cookies are ASCII: they write a final accented vowel as the vowel and an
apostrophe ("perche'", "piu'", "citta'", "E'"). Each such word becomes the word with the accented
vowel (perché, più, città, È) when the dictionary writes that word (hunspell-forms.gz, given as
the argument); of two that it writes, the more frequent in wordfreq.freq.gz (the second
argument). The imperatives and truncations that Italian writes with an apostrophe stay: di', fa',
va', sta' (say, do, go, stay), po' (poco), mo', be', to'; so does a word the dictionary does not
write accented (a closing quote: 'ciao').

Usage: apostrophe_accents.py hunspell-forms.gz wordfreq.freq.gz < text > text
"""
import gzip
import re
import sys

GRAVE = {"a": "à", "e": "è", "i": "ì", "o": "ò", "u": "ù"}
ACUTE = {"e": "é"}
KEPT = {"di", "fa", "va", "sta", "po", "mo", "be", "to"}
LETTERS = "A-Za-zàèéìòùÀÈÉÌÒÙ"
WORD = re.compile(rf"(?<![{LETTERS}])([{LETTERS}]*[aeiouAEIOU])['`](?![{LETTERS}])")


def main():
    with gzip.open(sys.argv[1], "rt", encoding="utf-8") as forms:
        written = {line.strip().lower() for line in forms}
    counts = {}
    with gzip.open(sys.argv[2], "rt", encoding="utf-8") as words:
        for line in words:
            word, _, count = line.rstrip("\n").partition("\t")
            counts[word] = int(count)

    def accented(match):
        word = match.group(1)
        stem, vowel = word[:-1], word[-1]
        if word.lower() in KEPT:
            return match.group(0)
        lower = vowel.lower()
        candidates = [table[lower] for table in (GRAVE, ACUTE) if lower in table]
        found = [mark for mark in candidates if (stem + mark).lower() in written]
        if not found:
            return match.group(0)
        mark = max(found, key=lambda m: (counts.get((stem + m).lower(), 0), m == candidates[0]))
        return stem + (mark.upper() if vowel.isupper() else mark)

    for line in sys.stdin:
        sys.stdout.write(WORD.sub(accented, line))


if __name__ == "__main__":
    main()
