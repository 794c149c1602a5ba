#!/usr/bin/env python3
"""Would spelling margins of their own per edit kind correct more, from two decision logs?

The decoder has two spelling margins: one for corrections that only left letters out or swapped
neighbours, one for the rest, each following the typed length (English's: 0 and 26 at 7 letters,
at most 9 and 15, 5 nats nearer per letter, down to -10). This script sorts every correction by
the edit that turns the word into the typed letters (by string alignment: a letter left out, one
of a doubled pair left out, a letter added, a doubled letter typed twice, a vowel for a vowel,
a swap, or several edits; another letter is a touch's miss, held to the plain margin) and fits, for each kind alone, the margin at 7 letters,
its limit and its step that an oracle would pick at a price of PRICE corrected misspellings per
correct word broken. The fit is on the tuning data, so its gains are a ceiling.

Inputs, all from the tuning halves, as for spelling-frontier.py:
  TEXT_LOG   keygram simulate en --text corpora/en/heldout/jargon-tuning.gz --sigma 8 --decode \\
               --write-decisions TEXT_LOG
  LIST_LOG   keygram simulate en --misspellings corpora/en/heldout/misspellings/tuning.gz \\
               --write-decisions LIST_LOG
  WORDS      keygram inspect tables/en.keygram --words --top 100000 > WORDS
"""
import sys

from decision_logs import letters, read_decisions, read_words

VOWELS = set("aeiouy")
PRICE = 150
# English's settings (corpora/en/language.json): (margin at 7 letters, limit) per class.
SLIP_KINDS = {"omit", "omit-double", "swap"}
SHIPPED = {"slips": (0, 9), "others": (26, 15)}


def edit_kind(typed, word):
    """The one edit that turns `word` into `typed`, or "several"."""
    t, w = letters(typed), letters(word)
    if len(t) == len(w):
        diffs = [i for i in range(len(t)) if t[i] != w[i]]
        if len(diffs) == 2 and diffs[1] == diffs[0] + 1 and t[diffs[0]] == w[diffs[1]] and t[diffs[1]] == w[diffs[0]]:
            return "swap"
        if len(diffs) == 1:
            return "vowel" if t[diffs[0]] in VOWELS and w[diffs[0]] in VOWELS else "letter"
    elif len(t) + 1 == len(w):
        for i in range(len(w)):
            if w[:i] + w[i + 1:] == t:
                return "omit-double" if w[i] in w[max(i - 1, 0):i] + w[i + 1:i + 2] else "omit"
    elif len(t) == len(w) + 1:
        for i in range(len(t)):
            if t[:i] + t[i + 1:] == w:
                return "extra-double" if t[i] in t[max(i - 1, 0):i] + t[i + 1:i + 2] else "extra"
    return "several"


def margin(length, base, limit, step, floor=-10, reference=7):
    return min(limit, max(floor, base + step * (reference - length)))


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    text, misspellings, words = read_decisions(sys.argv[1]), read_decisions(sys.argv[2]), read_words(sys.argv[3])
    correct = [r for r in text if r[4] and letters(r[0]) == letters(r[1]) and letters(r[1]) not in words]
    found = [r for r in misspellings if r[4] and letters(r[4][0]) == letters(r[0])]
    total = len(misspellings)
    by_kind = {}
    for rows, side in ((correct, 0), (found, 1)):
        for r in rows:
            by_kind.setdefault(edit_kind(r[1], r[4][0]), ([], []))[side].append((len(letters(r[1])), r[4][1] - r[2]))
    print(f"{total:,} tuning misspellings; price of a broken word: {PRICE} corrected misspellings\n")
    print("| kind | correct words with it | misspellings with it | shipped: broken, corrected | fitted: margin at 7, limit, step | fitted: broken, corrected | change: broken, corrected |")
    print("|---|---:|---:|---|---|---|---|")
    for kind, (good, bad) in sorted(by_kind.items()):
        if kind == "letter":
            continue
        shipped = SHIPPED["slips" if kind in SLIP_KINDS else "others"]
        count = lambda rows, rule: sum(1 for n, lead in rows if lead > margin(n, *rule))
        now = (count(good, shipped + (5,)), count(bad, shipped + (5,)))
        rules = [(base, limit, step) for base in range(-10, 40, 2) for limit in range(-10, 30, 2) for step in (3, 5, 7)]
        best = max(rules, key=lambda rule: count(bad, rule) - PRICE * count(good, rule))
        fitted = (count(good, best), count(bad, best))
        print(f"| {kind} | {len(good)} | {len(bad):,} | {now[0]}, {now[1]:,} | {best[0]}, {best[1]}, {best[2]} | {fitted[0]}, {fitted[1]:,} | "
              f"{fitted[0] - now[0]:+d}, {100 * (fitted[1] - now[1]) / total:+.1f}% |")


if __name__ == "__main__":
    main()
