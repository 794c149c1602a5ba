#!/usr/bin/env python3
"""Writes codespell's list of common misspellings as KeyGram's misspelling list: one
"misspelling<TAB>correction" line per correction, sorted, each once. Standard library only.

usage: codespell.py < codespell_lib/data/dictionary.txt > misspellings.txt

codespell's dictionary.txt has lines "misspelling->correction[, correction...][, reason]": a
comma in the right side makes its last part a reason (empty after a trailing comma), as codespell
reads it. An entry with a reason ("clas->class, disabled because of name clash in c++") says the
word may well be right, so it is left out. A correction may be several words ("alot->a lot"); one
that differs from the misspelling only in its apostrophes ("thered->there'd") is kept: KeyGram's
builder reads it as the word written without its apostrophe, which it keeps. Both sides are
lowercased.
"""
import sys


def main():
    pairs = set()
    for line in sys.stdin:
        line = line.rstrip("\n")
        if "->" not in line:
            continue
        misspelling, _, right = line.partition("->")
        misspelling, right = misspelling.strip().lower(), right.strip().lower()
        if "," in right:
            right, _, reason = right.rpartition(",")
            if reason.strip():
                continue
        for correction in right.split(","):
            correction = " ".join(correction.split())
            if not misspelling or not correction or "\t" in misspelling + correction:
                continue
            pairs.add((misspelling, correction))
    sys.stdout.write("".join(f"{m}\t{c}\n" for m, c in sorted(pairs)))


if __name__ == "__main__":
    main()
