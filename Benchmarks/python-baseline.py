"""The straightforward way to make KeyGram's counts: gzip + collections.Counter.

The same counts as `keygram build` (letters a-z case-folded, apostrophes dropped, anything
else ends a word): unigrams, word-initial letters, bigrams with end of word, trigrams with
word start. Used by `make bench` as the baseline KeyGram is measured against.
"""
import collections
import gzip
import re
import sys

WORD = re.compile(r"[a-z]+")

unigrams, initials, bigrams, trigrams = (collections.Counter() for _ in range(4))
for path in sys.argv[1:]:
    with gzip.open(path, "rt", encoding="utf-8", errors="replace") as text:
        for line in text:
            line = line.lower().replace("'", "").replace("\u2019", "")
            for word in WORD.findall(line):
                unigrams.update(word)
                initials[word[0]] += 1
                padded = "^" + word + "$"
                bigrams.update(padded[i:i + 2] for i in range(1, len(padded) - 1))
                trigrams.update(padded[i:i + 3] for i in range(len(padded) - 2))
print(sum(unigrams.values()), "letters,", sum(initials.values()), "words")
