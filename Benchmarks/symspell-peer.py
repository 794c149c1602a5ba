#!/usr/bin/env python3
"""The SymSpell peer row of `make accuracy`: an autocorrect over statically typed words.

Reads the file `keygram simulate --write-touches` wrote (intended word, what static nearest-key
resolution typed, the touches) and passes each typed word through SymSpell (symspellpy), with
the table's lexicon words as its dictionary and a maximum edit distance of 2: a word that is not
in the dictionary is replaced by its top suggestion. Prints static's and the peer's committed
letter errors, word error rate, words fixed and broken, with 95% intervals (block bootstrap).

usage: symspell-peer.py TOUCHES WORDS   (WORDS: `keygram inspect TABLE --words --top 100000`)
"""
import random
import sys

from symspellpy import SymSpell, Verbosity


def letter_errors(committed, intended):
    """Letters on the wrong key when the lengths match, else the edit distance (as simulate counts)."""
    if len(committed) == len(intended):
        return sum(a != b for a, b in zip(committed, intended))
    previous = list(range(len(intended) + 1))
    for i, a in enumerate(committed):
        current = [i + 1]
        for j, b in enumerate(intended):
            current.append(min(previous[j] + (a != b), previous[j + 1] + 1, current[j] + 1))
        previous = current
    return previous[-1]


def main():
    touches_path, words_path = sys.argv[1], sys.argv[2]
    symspell = SymSpell(max_dictionary_edit_distance=2)
    with open(words_path, encoding="utf-8") as listing:
        next(listing)  # the header line
        for line in listing:
            parts = line.split()
            if len(parts) == 2:
                symspell.create_dictionary_entry(parts[0], max(1, int(round(float(parts[1])))))

    def correct(typed):
        # A key without a letter split the word, as it does for every method in simulate.
        out = []
        for part in typed.split(" "):
            if part == "" or part in symspell.words:
                out.append(part)
                continue
            suggestions = symspell.lookup(part, Verbosity.TOP, max_edit_distance=2)
            out.append(suggestions[0].term if suggestions else part)
        return " ".join(out)

    rows = []  # per word: (static letter errors, static word error, peer letter errors, peer word error, fixed, broken)
    with open(touches_path, encoding="utf-8") as log:
        for line in log:
            if line.startswith("#"):
                continue
            intended, typed, _ = line.rstrip("\n").split("\t")
            committed = correct(typed)
            static_errors, peer_errors = letter_errors(typed, intended), letter_errors(committed, intended)
            rows.append((static_errors, static_errors > 0, peer_errors, peer_errors > 0,
                         static_errors > 0 and peer_errors == 0, static_errors == 0 and peer_errors > 0))

    words = len(rows)
    blocks = [rows[k * words // 200:(k + 1) * words // 200] for k in range(200)]
    sums = [tuple(map(sum, zip(*block))) if block else (0,) * 6 for block in blocks]
    totals = tuple(map(sum, zip(*rows)))
    generator = random.Random(1)
    samples = []
    for _ in range(2000):
        pick = [sums[generator.randrange(len(sums))] for _ in sums]
        samples.append(tuple(map(sum, zip(*pick))))

    def interval(values):
        values = sorted(values)
        return values[int(len(values) * 0.025)], values[int(len(values) * 0.975) - 1]

    print(f"SymSpell peer (symspellpy, max edit distance 2, {len(symspell.words)} dictionary words) on {words} words of {touches_path}:\n")
    print("| method | letter errors | × fewer than static | 95% CI | word error rate | 95% CI | × fewer word errors | 95% CI | words fixed | words broken | 95% CI |")
    print("|---|---:|---:|---|---:|---|---:|---|---:|---:|---|")
    for name, letters, wrong in (("static", 0, 1), ("static + SymSpell", 2, 3)):
        ratio = interval([s[0] / max(s[letters], 1) for s in samples])
        rate = interval([s[wrong] / words for s in samples])
        word_ratio = interval([s[1] / max(s[wrong], 1) for s in samples])
        broken = interval([s[5] for s in samples]) if letters == 2 else (0, 0)
        print(f"| {name} | {totals[letters]} | {totals[0] / max(totals[letters], 1):.2f} | {ratio[0]:.2f}–{ratio[1]:.2f} | "
              f"{100 * totals[wrong] / words:.2f}% | {100 * rate[0]:.2f}–{100 * rate[1]:.2f}% | "
              f"{totals[1] / max(totals[wrong], 1):.2f} | {word_ratio[0]:.2f}–{word_ratio[1]:.2f} | "
              f"{totals[4] if letters == 2 else 0} | {totals[5] if letters == 2 else 0} | {broken[0]}–{broken[1]} |")


if __name__ == "__main__":
    main()
