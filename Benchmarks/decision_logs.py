"""Readers for the spelling scripts: the decision logs of `keygram simulate --write-decisions`
and the word list of `keygram inspect --words`."""


def letters(word):
    return "".join(c for c in word.lower() if c.isalpha())


def read_words(path):
    """Each word's count by its letters, the largest of its forms; the list's header line skipped."""
    lines = open(path, encoding="utf-8").read().splitlines()[1:]
    counts = {}
    for line in lines:
        word, count = line.split()
        key = letters(word)
        counts[key] = max(counts.get(key, 0), int(count))
    return counts


def read_decisions(path):
    """(intended, typed, typed score, verdict, best other word and its score or None)."""
    rows = []
    for line in open(path, encoding="utf-8"):
        if line.startswith("#"):
            continue
        fields = line.rstrip("\n").split("\t")
        other = None
        for alternative in fields[6:]:
            word, score = alternative.rsplit(" ", 1)
            if letters(word) != letters(fields[2]):
                other = (word, float(score))
                break
        rows.append((fields[1], fields[2], float(fields[3]), fields[4], other))
    return rows
