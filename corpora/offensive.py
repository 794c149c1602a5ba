#!/usr/bin/env python3
"""Writes a language's list of offensive words, one word a line, to standard output, from
word lists of two PyPI packages (MIT; see corpora/<lang>/SOURCES.md):

- glin-profanity's dictionaries, `glin_profanity/data/dictionaries/<name>.json`, which read
  `{"words": [...]}` (a file named *.json);
- better-profanity's `better_profanity/profanity_wordlist.txt`, one entry a line (any other file;
  blank lines are skipped).

Each entry is stripped of surrounding white space, put in Unicode NFC and lowercased
(str.lower(), then NFC again). Kept: an entry made entirely of letters (Unicode categories L*),
one word. Left out: anything else, such as spellings with digits or symbols ("b!tch", "a$$",
"2g1c"), phrases of several words, hyphenated or apostrophised entries, and letters written
with a combining mark that has no precomposed form. The kept words of all the files given are
merged (a union), deduplicated and sorted by code point (the order of LC_ALL=C sort).

A broad list (`--broad LIST --confirmed-by OTHER`) adds only the words another list confirms:
better-profanity's holds everyday words ("kill", "organ", "vodka") beside the offensive ones, and
a word of it is kept only when profanityfilter's list (BSD; `profanityfilter/data/badwords.txt`)
or the other lists hold it too, or hold it less a final "s" or "es" (its plural: "whores").

Reports on standard error how many entries were read, kept and left out.

usage: offensive.py LIST... [--broad LIST --confirmed-by OTHER]
"""
import json
import sys
import unicodedata


def entries(path):
    if path.endswith(".json"):
        with open(path, encoding="utf-8") as source:
            words = json.load(source)["words"]
        if not all(isinstance(word, str) for word in words):
            sys.exit(f"offensive: {path}: an entry of \"words\" is not a string")
        return words
    with open(path, encoding="utf-8") as source:
        return [line for line in source.read().splitlines() if line.strip()]


def normalised(entry):
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", entry.strip()).lower())


def is_word(text):
    return text != "" and all(unicodedata.category(char).startswith("L") for char in text)


def main():
    arguments = sys.argv[1:]
    broad = confirming = None
    if "--broad" in arguments:
        at = arguments.index("--broad")
        if arguments[at + 2:at + 3] != ["--confirmed-by"] or len(arguments) != at + 4:
            sys.exit(__doc__.rstrip().rsplit("\n", 1)[-1])
        broad, confirming = arguments[at + 1], arguments[at + 3]
        arguments = arguments[:at]
    if not arguments:
        sys.exit(__doc__.rstrip().rsplit("\n", 1)[-1])
    read, left_out, kept = 0, 0, set()
    for path in arguments:
        for entry in entries(path):
            read += 1
            word = normalised(entry)
            if is_word(word):
                kept.add(word)
            else:
                left_out += 1
    if broad:
        confirmed = {normalised(entry) for entry in entries(confirming)} | kept
        unconfirmed = 0
        for entry in entries(broad):
            read += 1
            word = normalised(entry)
            if not is_word(word):
                left_out += 1
            elif word in confirmed or (word.endswith("s") and word[:-1] in confirmed) or (word.endswith("es") and word[:-2] in confirmed):
                kept.add(word)
            else:
                unconfirmed += 1
        print(f"offensive: {unconfirmed} words of {broad} left out, not in {confirming}", file=sys.stderr)
    out = sys.stdout.buffer
    for word in sorted(kept):
        out.write(word.encode("utf-8") + b"\n")
    print(f"offensive: {read} entries read, {len(kept)} words kept, {left_out} left out "
          f"(not a single word of letters), {read - left_out - len(kept)} repeats merged", file=sys.stderr)


if __name__ == "__main__":
    main()
