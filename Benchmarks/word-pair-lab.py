#!/usr/bin/env python3
"""What the previous word as context would add to the word decoder, measured in the lab.

Reads the decisions `keygram simulate --decode --write-decisions FILE` wrote (per word: the
previous committed word, the intended word, the typed letters with their score, and the
decoder's ranked alternatives with their scores, all in nats), and a pruned word-pair model
counted from the training corpora (never the held-out texts). Each alternative w, and the typed
letters, gain λ · log(P(w | previous) / P(w)) where the pair was kept (Kneser-free: the pair's
relative frequency, interpolated with P(w) by d); the decision is taken again with the same
margin. Prints committed word errors with and without the pair prior, words fixed and broken,
and the pair section's size in bytes in a compact encoding (per kept pair: a varint delta of
the second word's rank and one byte of quantised log-ratio; per first word: a 4-byte offset).

usage: word-pair-lab.py DECISIONS PAIRS MARGIN [LAMBDA ...]
  PAIRS: a file of "first second count" lines (word-pair-lab.py --count CORPUS.gz ... > PAIRS)
"""
import collections
import gzip
import math
import re
import sys

WORD = re.compile(r"[a-z]+")


def count(paths, top):
    pairs = collections.Counter()
    unigrams = collections.Counter()
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as text:
            for line in text:
                # Sentences break at . ! ? ; words are lowercase letter runs, apostrophes dropped.
                for sentence in re.split(r"[.!?;:]", line.lower().replace("'", "").replace("\u2019", "")):
                    words = WORD.findall(sentence)
                    unigrams.update(words)
                    pairs.update(zip(words, words[1:]))
    for (first, second), n in pairs.most_common(top):
        print(first, second, n)
    print("#unigrams", sum(unigrams.values()))
    for word, n in unigrams.items():
        print("#u", word, n)


def size_in_bytes(pairs, rank):
    by_first = collections.defaultdict(list)
    for (first, second) in pairs:
        by_first[first].append(rank.get(second, len(rank)))
    total = 0
    for first, seconds in by_first.items():
        total += 4
        previous = 0
        for r in sorted(seconds):
            delta = r - previous
            previous = r
            total += 1 + (1 if delta < 128 else 2 if delta < 16384 else 3)
    return total, len(by_first)


def main():
    if sys.argv[1] == "--count":
        top = int(sys.argv[2])
        return count(sys.argv[3:], top)
    decisions_path, pairs_path, margin = sys.argv[1], sys.argv[2], float(sys.argv[3])
    lambdas = [float(x) for x in sys.argv[4:]] or [1.0]
    pairs, unigrams, total = {}, {}, 1
    with open(pairs_path) as f:
        for line in f:
            parts = line.split()
            if parts[0] == "#unigrams":
                total = int(parts[1])
            elif parts[0] == "#u":
                unigrams[parts[1]] = int(parts[2])
            else:
                pairs[(parts[0], parts[1])] = int(parts[2])
    rank = {w: i for i, (w, _) in enumerate(sorted(unigrams.items(), key=lambda kv: -kv[1]))}
    size, firsts = size_in_bytes(pairs, rank)
    first_totals = collections.Counter()
    for (first, _), n in pairs.items():
        first_totals[first] += n
    words = []
    with open(decisions_path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            previous, intended, typed, typed_score = fields[0], fields[1], fields[2], float(fields[3])
            alternatives = [(w, float(s)) for w, s in (a.rsplit(" ", 1) for a in fields[6:] if a)]
            words.append((previous, intended, typed, typed_score, alternatives))

    def boost(previous, word, lam):
        n = pairs.get((previous, word))
        if not n or word not in unigrams:
            return 0.0
        p_pair = n / first_totals[previous]
        p_word = unigrams[word] / total
        return lam * math.log(p_pair / p_word)

    print(f"{len(words)} words; {len(pairs)} pairs kept ({firsts} first words): {size} bytes ({size / 1024:.0f} KiB)")
    for lam in [0.0] + lambdas:
        errors = fixed = broken = 0
        for previous, intended, typed, typed_score, alternatives in words:
            committed = typed
            score_typed = typed_score + boost(previous, typed, lam)
            best, best_score = None, -math.inf
            for w, s in alternatives:
                s += boost(previous, w, lam)
                if s > best_score:
                    best, best_score = w, s
            if best is not None and best != typed and best_score - score_typed > margin:
                committed = best
            errors += committed != intended
            fixed += typed != intended and committed == intended
            broken += typed == intended and committed != intended
        print(f"λ {lam}: word errors {errors} ({100 * errors / len(words):.2f}%), fixed {fixed}, broken {broken}")


if __name__ == "__main__":
    main()
