#!/usr/bin/env python3
"""Writes one language's word-frequency list from the wordfreq package (3.1.1; its 'large' list by default).

    python3 corpora/wordfreq.py LANG OUTPUT.gz [--wordlist large|small|best] [--top N]

Output: gzip (level 9, no file name, mtime 0, so the same input gives the same bytes) of UTF-8
lines "word<TAB>count\\n", sorted by count (highest first), then by word in code-point order.

The words are kept as wordfreq gives them (its own tokenisation and case folding; digits were
already replaced by "0" by wordfreq, as its README explains); `keygram build` decodes them itself
(case folding, NFC, apostrophes). Two kinds of entry are dropped, and counted on standard error:
  - words with a character of Unicode category C (control, format, surrogate, private use,
    unassigned) or a white-space character: a tab or a newline would break the line format, and
    the others that occur (soft hyphens inside words, zero-width joiners in emoji sequences,
    left-to-right marks, a narrow no-break space after a French word) are not typed as letters;
  - words with no letter at all (digit shapes such as "0,00", punctuation, emoji).

Only the standard library and wordfreq are used. corpora/derive-common.sh (wordfreq_list) runs
this in a venv with wordfreq==3.1.1 installed.
"""

import argparse
import gzip
import importlib.metadata
import os
import sys
import unicodedata

WORDFREQ_VERSION = "3.1.1"

# wordfreq stores frequencies in bins of 0.01 on the Zipf scale (log10 of occurrences per 10^9
# words), and its 'large' lists stop at Zipf 1.0: in all eight languages the smallest frequency is
# 10^(1.01 - 9) = 1.023e-8. Scaling by 1e9 (counts are then occurrences per billion words, the
# Zipf scale's own unit) maps it to 10, so no word rounds to 0 and the largest ("the" in English,
# 0.0537) is 53.7 million: every count, and the sum of a whole list (about 1e9), fits 32 bits.
# The price: below a count of about 45 neighbouring bins (2.3% apart) may round to the same
# integer, so the rarest few bins merge; that is noise for a lexicon. The `max(1, ...)` only
# guards the "at least 1" promise should a later list go lower. The 'small' lists (--wordlist small,
# for languages with no 'large' list) stop at Zipf 3.0, so their smallest count is 1,023.
SCALE = 1_000_000_000


def unwanted_character(ch: str) -> bool:
    return unicodedata.category(ch).startswith("C") or ch.isspace()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lang", help="a wordfreq language code: any with a list of the chosen size, such as "
                        "ar cs de en es fi fr it ja nl pl pt ru sv uk ... (an unknown code lists them all)")
    parser.add_argument("output", help="the .gz file to write")
    parser.add_argument("--wordlist", default="large", choices=["large", "best", "small"],
                        help="wordfreq's list: 'large' (the default; 21 languages in wordfreq 3.1.1), 'best' "
                             "(the largest each language has) or 'small' (42 languages: every one wordfreq has)")
    parser.add_argument("--top", type=int, default=0, help="keep only the N most frequent words (default: all)")
    args = parser.parse_args()

    version = importlib.metadata.version("wordfreq")
    if version != WORDFREQ_VERSION:
        print(f"wordfreq.py: wordfreq {version} is installed; the lists are defined by {WORDFREQ_VERSION}",
              file=sys.stderr)
        return 1
    # This file is itself named wordfreq.py, and Python puts its folder first on the module path:
    # take that folder off so that the import finds the package, not this script.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]
    import wordfreq

    available = sorted(wordfreq.available_languages(wordlist=args.wordlist))
    if args.lang not in available:
        print(f"wordfreq.py: wordfreq {WORDFREQ_VERSION} has no '{args.wordlist}' list for \"{args.lang}\"; "
              f"it has: {' '.join(available)}" + ("" if args.wordlist == "small" else "; try --wordlist small"),
              file=sys.stderr)
        return 1
    frequencies = wordfreq.get_frequency_dict(args.lang, wordlist=args.wordlist)
    rows = []
    dropped_characters = dropped_no_letter = 0
    for word, frequency in frequencies.items():
        if any(unwanted_character(ch) for ch in word):
            dropped_characters += 1
        elif not any(ch.isalpha() for ch in word):
            dropped_no_letter += 1
        else:
            rows.append((max(1, round(frequency * SCALE)), word))
    rows.sort(key=lambda row: (-row[0], row[1]))
    total = len(rows)
    if args.top > 0:
        rows = rows[: args.top]

    temporary = args.output + ".tmp"
    with open(temporary, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out:
            out.write("".join(f"{word}\t{count}\n" for count, word in rows).encode("utf-8"))
    os.replace(temporary, args.output)

    kept = f"{len(rows)} words" + (f" (top {args.top} of {total})" if len(rows) < total else "")
    print(f"wordfreq.py: {args.lang}: {kept}, counts {rows[0][0]}..{rows[-1][0]} (frequency x {SCALE:.0e}); "
          f"of {len(frequencies)} entries dropped {dropped_characters} with a control/format/space character, "
          f"{dropped_no_letter} with no letter", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
