#!/usr/bin/env python3
"""The spell-checker peers of `keygram simulate --misspellings`, on the same pairs.

Each misspelling (typed exactly: a spell checker sees letters, not touches) goes to
- SymSpell (symspellpy) with the table's lexicon words as its dictionary, edit distance 2;
- SymSpell with its own English dictionary (frequency_dictionary_en_82_765.txt);
- pyspellchecker (Norvig's corrector) with its own English dictionary.
A non-word (not in the corrector's dictionary) is replaced by its top suggestion; a word of the
dictionary is kept. Prints, per corrector: corrected (replaced by the intended word) and the
intended word among its first three suggestions.

usage: misspelling-peers.py PAIRS WORDS   (PAIRS: intended<TAB>misspelling, gzip;
                                           WORDS: `keygram inspect TABLE --words --top 100000`)
"""
import gzip
import importlib.resources
import sys

from spellchecker import SpellChecker
from symspellpy import SymSpell, Verbosity


def pairs(path):
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [tuple(line.rstrip("\n").split("\t")) for line in lines if line.strip() and not line.startswith("#")]


def symspell(words_path=None):
    checker = SymSpell(max_dictionary_edit_distance=2)
    if words_path:
        with open(words_path, encoding="utf-8") as listing:
            next(listing)  # the header line
            for line in listing:
                parts = line.split()
                if len(parts) == 2:
                    checker.create_dictionary_entry(parts[0], max(1, int(round(float(parts[1])))))
    else:
        path = importlib.resources.files("symspellpy") / "frequency_dictionary_en_82_765.txt"
        checker.load_dictionary(str(path), term_index=0, count_index=1)
    words = checker.words

    def suggest(word):
        if word in words:
            return [word]
        return [s.term for s in checker.lookup(word, Verbosity.CLOSEST, max_edit_distance=2)]
    return suggest


def norvig():
    checker = SpellChecker(language="en")

    def suggest(word):
        if word in checker:
            return [word]
        candidates = checker.candidates(word) or set()
        return sorted(candidates, key=lambda c: -checker.word_usage_frequency(c))
    return suggest


def main():
    pairs_path, words_path = sys.argv[1], sys.argv[2]
    tests = pairs(pairs_path)
    print(f"{pairs_path}: {len(tests)} misspellings, typed exactly")
    print("| corrector | corrected | intended word in the top 3 |")
    print("|---|---:|---:|")
    for name, suggest in [("SymSpell, the table's 100,000 lexicon words", symspell(words_path)),
                          ("SymSpell, its own 82,765-word dictionary", symspell()),
                          ("pyspellchecker (Norvig's corrector), its own dictionary", norvig())]:
        corrected = top3 = 0
        for intended, wrong in tests:
            suggestions = suggest(wrong)
            corrected += bool(suggestions) and suggestions[0] == intended
            top3 += intended in suggestions[:3]
        print(f"| {name} | {corrected * 100 / len(tests):.1f}% | {top3 * 100 / len(tests):.1f}% |")


if __name__ == "__main__":
    main()
