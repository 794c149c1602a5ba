#!/usr/bin/env python3
"""Restores letters that wordfreq's case folding took out of a word list, from spelling evidence.

    python3 corpora/spelling.py LANG LIST.gz [--dictionary FILE ...] [--text FILE ...] [--report N]

wordfreq stores words case-folded (Unicode's full case folding), which rewrites some letters for
good: German ß becomes "ss" (so "straße" is listed as "strasse") and Greek final ς becomes σ (so
"πως" is listed as "πωσ"). Case folding also drops capitals; only the letters that folding turns
into *other* letters are restored here, per language:

  de  ss → ß. A listed word whose "ss" spelling the evidence does not know, while exactly one of
      its ß spellings it does know, takes that spelling. A word the evidence knows both ways
      ("Masse" and "Maße") or not at all keeps ss. A compound the evidence lacks
      ("paketgrösse") is spelled as its longest known ending of 4 letters or more ("größe").
      Evidence: the word forms of a Hunspell dictionary (--dictionary, unmunch's output), which
      speaks for both spellings, and the corpus text (--text), which speaks for ß spellings only:
      older texts wrote "weiss" and "grosse" for want of ß.
  el  σ → ς at the end of every word, as Greek spelling always writes it.

The list is rewritten in place (gzip -9, no name, mtime 0; sorted by count, then by word, as
corpora/wordfreq.py writes it); a word restored onto one already listed adds its count to it.
A summary, and with --report the N most frequent rewrites, go to standard error.
"""

import argparse
import gzip
import io
import os
import re
import sys
import unicodedata


def read_list(path):
    with gzip.open(path, "rt", encoding="utf-8", newline="\n") as f:
        for line in f:
            word, count = line.rstrip("\n").split("\t")
            yield word, int(count)


def write_list(path, counts):
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    text = "".join(f"{word}\t{count}\n" for word, count in rows).encode("utf-8")
    temporary = path + ".tmp"
    with open(temporary, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as f:
            f.write(text)
    os.replace(temporary, path)


def evidence_words(paths):
    """Every word of the evidence files, lowercased (not case-folded, which would undo ß)."""
    words = set()
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8", errors="replace") as f:
            for line in f:
                for word in re.findall(r"\w+", unicodedata.normalize("NFC", line)):
                    words.add(word.lower())
    return words


def eszett_variants(word):
    """Each spelling of `word` with one or more of its "ss" written ß."""
    places = [match.start() for match in re.finditer(r"(?=ss)", word)]
    variants = set()
    for mask in range(1, 1 << len(places)):
        chosen = [p for bit, p in enumerate(places) if mask >> bit & 1]
        if any(b - a < 2 for a, b in zip(chosen, chosen[1:])):
            continue  # "sss": two overlapping pairs cannot both be ß
        spelled = word
        for p in reversed(chosen):
            spelled = spelled[:p] + "ß" + spelled[p + 2:]
        variants.add(spelled)
    return variants


def restore_eszett(word, known, ending_spellings):
    if "ss" not in word or word in known:
        return word
    found = [v for v in eszett_variants(word) if v in known]
    if len(found) == 1:
        return found[0]
    if found:
        return word
    # A compound the evidence lacks: its last part, the longest known ending, decides.
    for start in range(1, len(word) - 3):
        ending = word[start:]
        if ending in known:
            return word
        spelled = ending_spellings.get(ending)
        if spelled:
            return word[:start] + spelled
    return word


def restore_final_sigma(word):
    return re.sub(r"σ(?!\w)", "ς", word)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lang")
    parser.add_argument("list")
    parser.add_argument("--dictionary", nargs="*", default=[])
    parser.add_argument("--text", nargs="*", default=[])
    parser.add_argument("--report", type=int, default=0)
    args = parser.parse_args()

    counts, rewrites = {}, []
    if args.lang == "de":
        known = evidence_words(args.dictionary)
        if not known:
            sys.exit("spelling: German needs --dictionary (Hunspell word forms)")
        known |= {word for word in evidence_words(args.text) if "ß" in word}
        # Endings of 4+ letters that the evidence writes with ß and never with ss.
        ending_spellings = {}
        for word in known:
            if "ß" in word and len(word) >= 4:
                folded = word.replace("ß", "ss")
                if folded not in known:
                    ending_spellings.setdefault(folded, word)
        restore = lambda word: restore_eszett(word, known, ending_spellings)
    elif args.lang == "el":
        restore = restore_final_sigma
    else:
        sys.exit(f"spelling: no restoration is defined for {args.lang}")

    for word, count in read_list(args.list):
        spelled = restore(word)
        if spelled != word:
            rewrites.append((count, word, spelled))
        counts[spelled] = counts.get(spelled, 0) + count
    write_list(args.list, counts)
    total = sum(counts.values())
    moved = sum(count for count, _, _ in rewrites)
    print(f"spelling: {args.lang}: {len(rewrites)} words rewritten ({moved / total:.2%} of the list's mass)",
          file=sys.stderr)
    for count, word, spelled in sorted(rewrites, reverse=True)[:args.report]:
        print(f"  {word} → {spelled}\t{count}", file=sys.stderr)


if __name__ == "__main__":
    main()
