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

Reports on standard error how many entries were read, kept and left out.

usage: offensive.py LIST...
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
    if len(sys.argv) < 2:
        sys.exit(__doc__.rstrip().rsplit("\n", 1)[-1])
    read, left_out, kept = 0, 0, set()
    for path in sys.argv[1:]:
        for entry in entries(path):
            read += 1
            word = normalised(entry)
            if is_word(word):
                kept.add(word)
            else:
                left_out += 1
    out = sys.stdout.buffer
    for word in sorted(kept):
        out.write(word.encode("utf-8") + b"\n")
    print(f"offensive: {read} entries read, {len(kept)} words kept, {left_out} left out "
          f"(not a single word of letters), {read - left_out - len(kept)} repeats merged", file=sys.stderr)


if __name__ == "__main__":
    main()
