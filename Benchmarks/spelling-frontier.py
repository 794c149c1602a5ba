#!/usr/bin/env python3
"""How far a better replace rule could take spelling correction, from two decision logs.

The decoder replaces typed letters that are no word when its best alternative beats them by the
spelling margin. This script asks what any threshold on that lead could reach with the scores as
they are: for each typed length it picks the threshold that an oracle would (a Lagrangian sweep
of corrections against broken words), so its figures are a ceiling for rules of that kind, fitted
to the tuning data, not a setting to ship.

Inputs, all from the tuning halves (docs/Simulator.md, "Misspellings"):
  TEXT_LOG   keygram simulate en --text corpora/en/heldout/jargon-tuning.gz --sigma 8 --decode \
               --write-decisions TEXT_LOG
  LIST_LOG   keygram simulate en --misspellings corpora/en/heldout/misspellings/tuning.gz \
               --write-decisions LIST_LOG
  WORDS      keygram inspect tables/en.keygram --words --top 100000 > WORDS

Correct words are the text's words typed with every letter right that are no lexicon word (a
spelling correction may replace only those); a misspelling counts where its intended word is the
best alternative other than the typed letters, and is corrected where that word replaced them
(its letters: the simulator's table also asks for the intended capitals and apostrophes).
"""
import sys

from decision_logs import letters, read_decisions, read_words


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    text, misspellings, words = read_decisions(sys.argv[1]), read_decisions(sys.argv[2]), read_words(sys.argv[3])
    unknown = [r for r in text if r[4] and letters(r[0]) == letters(r[1]) and letters(r[1]) not in words]
    found = [r for r in misspellings if r[4] and letters(r[4][0]) == letters(r[0])]
    corrected = sum(1 for r in misspellings if r[3] == "replaced" and r[4] and letters(r[4][0]) == letters(r[0]))
    broken = sum(1 for r in unknown if r[3] == "replaced")
    total = len(misspellings)
    print(f"text: {len(text):,} words; {len(unknown):,} typed right, no lexicon word, with an alternative; {broken} of them replaced")
    print(f"list: {total:,} misspellings at the keys' centres; {100 * corrected / total:.1f}% replaced by the intended letters; "
          f"the intended word is the best alternative for {100 * len(found) / total:.1f}% (the ceiling of any replace rule)")
    print("\n| length | correct words | their lead: median, 90% | misspellings | their lead: 25%, median |")
    print("|---:|---:|---|---:|---|")
    # The best word's lead over the typed letters, by typed length: (correct words', misspellings').
    leads = {}
    for rows, side in ((unknown, 0), (found, 1)):
        for r in rows:
            leads.setdefault(len(letters(r[1])), ([], []))[side].append(r[4][1] - r[2])
    lengths = sorted(leads)

    def quantiles(values, *shares):
        values = sorted(values)
        return ", ".join(f"{values[int(share * (len(values) - 1))]:.1f}" for share in shares) if values else "-"

    for length in lengths:
        a, b = leads[length]
        if len(a) + len(b) >= 20:
            print(f"| {length} | {len(a)} | {quantiles(a, .5, .9)} | {len(b):,} | {quantiles(b, .25, .5)} |")
    thresholds = [step / 2 for step in range(-20, 81)]
    choices = {length: [(sum(x > t for x in a), sum(x > t for x in b), t) for t in thresholds] for length, (a, b) in leads.items()}
    print("\n| price of a broken word (misspellings) | correct words broken | corrected at space | threshold at 5, 7, 9, 11 letters |")
    print("|---:|---:|---:|---|")
    for price in (400, 200, 100, 60, 40, 15):
        picks = {length: max(options, key=lambda o: o[1] - price * o[0]) for length, options in choices.items()}
        shown = ", ".join(f"{picks[n][2]:g}" if n in picks else "-" for n in (5, 7, 9, 11))
        print(f"| {price} | {sum(p[0] for p in picks.values())} | {100 * sum(p[1] for p in picks.values()) / total:.1f}% | {shown} |")


if __name__ == "__main__":
    main()
