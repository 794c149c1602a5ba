#!/usr/bin/env python3
"""Writes how a Hunspell dictionary spells the words of a word list: every form that Hunspell's
unmunch expands from the dictionary (read on standard input, in the dictionary's SET encoding)
whose lowercase is a word of the list, one per line, sorted, each once. KeyGram's builder takes
a word's capitals from these forms where the corpus text holds too few occurrences of it
(docs/Languages.md, "How words are written"). Standard library only.

usage: hunspell_forms.py --standalone AFF < DIC > standalone.dic
       unmunch standalone.dic AFF | hunspell_forms.py AFF WORDLIST.freq.gz > forms.txt

--standalone drops the dictionary's entries that are no word on their own: those flagged
ONLYINCOMPOUND or FORBIDDENWORD, and NEEDAFFIX entries whose affixes only make forms for
compounds (ONLYINCOMPOUND) (German lists "regierungs" for the middle of compounds, which
unmunch would expand to a lowercase "regierung").
"""
import gzip
import sys
import unicodedata

APOSTROPHES = "'\u2019\u02bc"
LIST_WORDS = 150_000


def encoding(aff_path):
    """The dictionary's character set: the .aff file's SET line (ISO8859-1 when absent)."""
    with open(aff_path, "rb") as aff:
        for raw in aff:
            line = raw.decode("latin-1").strip()
            if line.startswith("SET "):
                name = line.split()[1]
                return {"ISO8859-1": "latin-1", "ISO8859-2": "iso8859-2", "ISO8859-7": "iso8859-7",
                        "ISO8859-9": "iso8859-9", "KOI8-R": "koi8-r", "KOI8-U": "koi8-u",
                        "microsoft-cp1251": "cp1251"}.get(name, name)
    return "latin-1"


def affix_settings(aff_path):
    """The .aff's flag type, the flags of entries that are no word on their own, the NEEDAFFIX
    flag, and the affix flags all of whose rules make a form for compounds only."""
    charset = encoding(aff_path)
    flag_type, compound_only, need_affix = "short", set(), None
    rules = {}
    with open(aff_path, "rb") as aff:
        lines = [raw.decode(charset, errors="replace").split() for raw in aff]
    for fields in lines:
        if len(fields) >= 2 and fields[0] == "FLAG":
            flag_type = fields[1]
        # COMPOUNDMIDDLE and COMPOUNDEND say a word may also stand inside a compound: not these.
        if len(fields) >= 2 and fields[0] in ("ONLYINCOMPOUND", "FORBIDDENWORD"):
            compound_only.add(fields[1])
        if len(fields) >= 2 and fields[0] == "NEEDAFFIX":
            need_affix = fields[1]
    for fields in lines:
        # A rule line: PFX|SFX flag strip add[/continuation] condition; the header has Y|N and a count.
        if len(fields) >= 4 and fields[0] in ("PFX", "SFX") and fields[2] not in ("Y", "N"):
            continuation = fields[3].partition("/")[2]
            rules.setdefault(fields[1], []).append(bool(entry_flags(continuation, flag_type) & compound_only))
    compound_affixes = {flag for flag, made in rules.items() if all(made)}
    return flag_type, compound_only, need_affix, compound_affixes


def entry_flags(flag_field, flag_type):
    """An entry's flags, as the .aff's FLAG line says they are written."""
    if flag_type == "long":
        return {flag_field[i:i + 2] for i in range(0, len(flag_field), 2)}
    if flag_type == "num":
        return set(flag_field.split(","))
    return set(flag_field)


def standalone(aff_path):
    """Copies the .dic on standard input without the entries that are no word on their own:
    flagged ONLYINCOMPOUND or forbidden, or needing an affix whose every rule makes a form for
    compounds only (German "regierungs/hke", which unmunch would expand to "regierung")."""
    charset = encoding(aff_path)
    flag_type, compound_only, need_affix, compound_affixes = affix_settings(aff_path)
    out = sys.stdout.buffer
    for number, raw in enumerate(sys.stdin.buffer):
        line = raw.decode(charset, errors="replace")
        _, _, field = line.rstrip("\n").partition("/")
        flags = entry_flags(field.split()[0] if field.split() else "", flag_type)
        if number > 0 and flags & compound_only:
            continue
        if number > 0 and need_affix in flags and (flags - {need_affix}) <= compound_affixes | {need_affix}:
            continue
        out.write(raw)


def key(word):
    """What a word list entry and a form are matched by: NFC, lowercase, one apostrophe."""
    word = unicodedata.normalize("NFC", word).lower()
    for apostrophe in APOSTROPHES[1:]:
        word = word.replace(apostrophe, "'")
    return word


def main():
    aff_path, list_path = sys.argv[1], sys.argv[2]
    with gzip.open(list_path, "rt", encoding="utf-8") as listed:
        # The list is by frequency; a lexicon takes at most its first 100,000 words (and a word
        # list entry with an apostrophe may fold into one of them), so 150,000 is plenty.
        words = {key(line.split("\t")[0]) for _, line in zip(range(LIST_WORDS), listed) if line.strip()}
    charset = encoding(aff_path)
    forms = set()
    for raw in sys.stdin.buffer:
        form = raw.decode(charset, errors="replace")
        form = unicodedata.normalize("NFC", form.split("/")[0].strip())
        if form and "\ufffd" not in form and key(form) in words:
            forms.add(form.replace("\u2019", "'").replace("\u02bc", "'"))
    sys.stdout.write("".join(form + "\n" for form in sorted(forms)))


if __name__ == "__main__":
    if sys.argv[1] == "--standalone":
        standalone(sys.argv[2])
    else:
        main()
