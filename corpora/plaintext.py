#!/usr/bin/env python3
"""Turns man pages as groff renders them, HTML help pages and gettext catalogues into running text.

    python3 corpora/plaintext.py man  [--lang CODE] < rendered-man-pages.txt  > text
    python3 corpora/plaintext.py html [--lang CODE] < list-of-html-files      > text
    python3 corpora/plaintext.py po   [--lang CODE] < msgunfmt-output.po      > text

corpora/<lang>/derive.sh scripts pipe their Debian packages' text through this before store_split.
The output is UTF-8, one paragraph (or one message) a line. Every mode then applies the same line
rules, so that what is left is prose in the language rather than code or English:

  - words that look like code are removed from the line: anything with a character of
    / \\ = _ < > { } [ ] | $ @ # ~ * ^ ` or a digit next to a letter, anything starting with - or +
    (options), and URLs and e-mail addresses; with --lang el or uk also every word written wholly
    in Latin letters (names such as LibreOffice or Ctrl, English terms);
  - a line left with fewer than 2 letters is dropped;
  - a line that reads as English is dropped: at least 1 in 5 of its words, or at least 2 and at
    least 1 in 8, are among ENGLISH_MARKERS, English function words that are not words of the
    languages KeyGram ships (so not "of" or "as", Dutch, "be", Hungarian, "not", Turkish, or "by",
    Danish) nor key and command names ("Enter", "Select"); with --lang CODE (a key of OWN_WORDS)
    the short words of EXTRA_MARKERS count too, and no marker that is a word of CODE counts;
  - a line equal to one written before is dropped (help pages and catalogues repeat their
    boilerplate and their button labels many times), so the output keeps each line's first
    occurrence, in input order.

Mode-specific rules:
  man   the page header and footer lines ("LS(1) User Commands LS(1)") and the section headings
        (a line of capitals: NAME, SYNOPSIS, in any script) are dropped.
  html  the files named on standard input, one path a line, in that order; of each, the text
        of the page's body only; <script>, <style>, <head>, <header>, <nav>, <aside>,
        <footer>, <pre>, <code>, <kbd>, <samp> and <var> are left out; block elements end a line.
  po    msgstr text only (msgid is the English original), and only where it differs from its
        msgid; keyboard accelerators (~ and _ before a letter, "&" in "&File"), markup tags and
        placeholders (%s, %1, $(ARG1), %PRODUCTNAME, {name}) are removed first.

Only the standard library is used; the output depends only on the input bytes.
"""

import html.parser
import re
import sys
import unicodedata

ENGLISH_MARKERS = frozenset(
    "the and this that with which from you your are will when should must these those their "
    "there been has have would could only into than then such does its any used use using each "
    "other or if it click choose".split()
)
# With --lang CODE, more short English words count as markers: those of EXTRA_MARKERS, less any
# marker that is also a word of that language (OWN_WORDS: "on" is Finnish for "is", "to" Czech for
# "it", "are" Romanian for "has").
EXTRA_MARKERS = frozenset("a an at in to is on of for as be by not can all are was".split())
OWN_WORDS = {
    "cs": {"a", "to", "on"}, "da": {"at", "to", "is", "for", "by", "be"}, "el": set(), "fi": {"on"},
    "hu": {"a", "be", "is"}, "nl": {"in", "is", "of", "as", "an", "was"}, "sv": {"in", "by", "all", "be"},
    "tr": {"not", "can", "at", "on", "as"}, "uk": set(), "nb": {"at", "to", "is", "for", "by", "be"},
    "ro": {"a", "an", "are"},
}
# With --lang CODE for a language not written in Latin letters, a word written wholly in Latin
# letters (a program's or a product's name, an English term) is removed from the line too: it
# would only end the words around it, as a letter outside the alphabet.
OWN_SCRIPT = {"el": "GREEK", "uk": "CYRILLIC"}
CODE_CHARACTERS = set("/\\=_<>{}[]|$@#~*^`")
URL = re.compile(r"(https?|ftp)://\S+|www\.\S+|\S+@\S+\.\S+")
DIGIT_LETTER = re.compile(r"\d[^\W\d_]|[^\W\d_]\d")
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def code_like(token: str) -> bool:
    if token[0] in "-+" and len(token) > 1:
        return True
    return any(ch in CODE_CHARACTERS for ch in token) or DIGIT_LETTER.search(token) is not None


def latin_word(token: str) -> bool:
    letters_of = [ch for ch in token if ch.isalpha()]
    return bool(letters_of) and all(unicodedata.name(ch, "").startswith("LATIN") for ch in letters_of)


def clean_line(line: str, drop_latin: bool = False) -> str:
    line = URL.sub(" ", line)
    tokens = [token for token in line.split() if not code_like(token) and not (drop_latin and latin_word(token))]
    return " ".join(tokens)


def english(line: str, markers_set: frozenset = ENGLISH_MARKERS) -> bool:
    words = [word.lower() for word in WORD.findall(line)]
    markers = sum(1 for word in words if word in markers_set)
    return (markers >= 1 and markers * 5 >= len(words)) or (markers >= 2 and markers * 8 >= len(words))


def letters(line: str) -> int:
    return sum(1 for ch in line if ch.isalpha())


class Writer:
    def __init__(self, markers: frozenset = ENGLISH_MARKERS, drop_latin: bool = False) -> None:
        self.seen: set[str] = set()
        self.markers = markers
        self.drop_latin = drop_latin
        self.out = sys.stdout

    def write(self, line: str) -> None:
        line = clean_line(line, self.drop_latin)
        if letters(line) < 2 or english(line, self.markers) or line in self.seen:
            return
        self.seen.add(line)
        self.out.write(line + "\n")


# ---- man ----------------------------------------------------------------------------------------

PAGE_HEADER = re.compile(r"^\S+\(\w+\)\s.*\S+\(\w+\)$")


def heading(line: str) -> bool:
    cased = [ch for ch in line if ch.isalpha()]
    return bool(cased) and all(not ch.islower() for ch in cased) and len(line) < 60


def man(writer: Writer) -> None:
    for raw in sys.stdin:
        line = raw.strip()
        if not line or PAGE_HEADER.match(line) or heading(line):
            continue
        writer.write(line)


# ---- html ---------------------------------------------------------------------------------------

SKIPPED = {"script", "style", "head", "header", "nav", "aside", "footer", "pre", "code", "kbd", "samp", "var"}
BLOCKS = {"p", "div", "br", "li", "dt", "dd", "td", "th", "tr", "h1", "h2", "h3", "h4", "h5", "h6",
          "title", "table", "ul", "ol", "dl", "section", "blockquote", "caption", "body", "html"}


class TextParser(html.parser.HTMLParser):
    def __init__(self, writer: Writer) -> None:
        super().__init__(convert_charrefs=True)
        self.writer = writer
        self.skipping: list[str] = []
        self.line: list[str] = []

    def flush(self) -> None:
        text = " ".join("".join(self.line).split())
        self.line = []
        if text:
            self.writer.write(text)

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping.append(tag)
        elif tag in BLOCKS and not self.skipping:
            self.flush()

    def handle_startendtag(self, tag, attrs):
        if tag in BLOCKS and not self.skipping:
            self.flush()

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            if tag in self.skipping:
                while self.skipping and self.skipping.pop() != tag:
                    pass
        elif tag in BLOCKS and not self.skipping:
            self.flush()

    def handle_data(self, data):
        if not self.skipping:
            self.line.append(data)


def html_pages(writer: Writer, paths: list[str]) -> None:
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as page:
            parser = TextParser(writer)
            parser.feed(page.read())
            parser.close()
            parser.flush()


# ---- po ----------------------------------------------------------------------------------------

ACCELERATOR = re.compile(r"[~_&](?=\w)")
TAG = re.compile(r"<[^<>]*>")
PLACEHOLDER = re.compile(r"%[-+ #0-9.]*[a-zA-Z]+%?|%\d+|\$\([A-Za-z0-9_]+\)|\{[^{}]*\}|\$[A-Za-z0-9_]+\$?")


def po_string(lines: list[str]) -> str:
    text = "".join(lines)
    return (text.replace("\\n", "\n").replace("\\t", " ").replace('\\"', '"').replace("\\\\", "\\"))


def po(writer: Writer) -> None:
    entries: list[tuple[str, list[str]]] = []   # (msgid, msgstrs)
    msgid: list[str] = []
    current: list[str] | None = None
    strs: list[list[str]] = []

    def finish():
        if strs:
            entries.append((po_string(msgid), [po_string(s) for s in strs]))

    for raw in sys.stdin:
        line = raw.strip()
        if line.startswith("msgid "):
            finish()
            msgid, strs = [line[6:].strip()[1:-1]], []
            current = msgid
        elif line.startswith("msgid_plural ") or line.startswith("msgctxt "):
            current = None
        elif line.startswith("msgstr"):
            strs.append([line.split(" ", 1)[1].strip()[1:-1]])
            current = strs[-1]
        elif line.startswith('"') and current is not None:
            current.append(line[1:-1])
    finish()
    for original, translations in entries:
        for text in translations:
            if not text or text == original:
                continue
            text = PLACEHOLDER.sub(" ", TAG.sub(" ", ACCELERATOR.sub("", text)))
            for part in text.split("\n"):
                writer.write(part)


def main() -> int:
    arguments = sys.argv[1:]
    markers, drop_latin = ENGLISH_MARKERS, False
    if len(arguments) == 3 and arguments[1] == "--lang" and arguments[2] in OWN_WORDS:
        markers = (ENGLISH_MARKERS | EXTRA_MARKERS) - OWN_WORDS[arguments[2]]
        drop_latin = arguments[2] in OWN_SCRIPT
        arguments = arguments[:1]
    if len(arguments) != 1 or arguments[0] not in ("man", "html", "po"):
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    writer = Writer(markers, drop_latin)
    mode = arguments[0]
    if mode == "man":
        man(writer)
    elif mode == "html":
        html_pages(writer, [line.rstrip("\n") for line in sys.stdin if line.strip()])
    else:
        po(writer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
