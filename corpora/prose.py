#!/usr/bin/env python3
"""Turns documentation (HTML pages, Mallard help pages) into clean running prose, one paragraph a line.

    python3 corpora/prose.py html    < list-of-html-files    > text
    python3 corpora/prose.py mallard < list-of-page-files    > text
    python3 corpora/prose.py html --translation CODE ENGLISH < list-of-html-files > text

With --translation, the pages are a translation into language CODE of a manual whose English
prose (this script's output for the English pages) is the file ENGLISH: a paragraph equal to one
of ENGLISH's lines (left untranslated) is dropped, and so is one that still reads as English
(plaintext.py's test, with CODE's markers: a paragraph of an older English edition).

The files are named on standard input, one path a line, and read in that order. Unlike
plaintext.py (which makes running text of another language out of man pages, help pages and
catalogues, and drops whatever reads as English), this keeps English and is stricter about what
counts as prose, because its output feeds the word-pair model as well as the letter counts: a
pair must be two words that stand next to each other in a real sentence, and a line start is a
sentence start.

What is left out:
  - markup, and whole elements that are not prose: <head>, scripts and styles, navigation and
    page furniture (<nav>, <header>, <footer>, <aside>, the classes in SKIPPED_CLASSES such as
    DocBook's docnav, toc, index and titlepage, Sphinx's sidebars), headings and titles, code
    blocks (<pre>, Mallard <screen> and <code>), figures' media, Mallard's <info> and <links>;
  - every sentence that holds inline code (<code>, <kbd>, <samp>, <tt>, <var>; Mallard <cmd>,
    <sys>, <file>, <key>, <keyseq>, <input>, <output>, <guiseq>, and a <link> with no text of its
    own, which the help viewer fills in), unless that code is one plain word of letters
    ("the webmin package", "the sudo group"): the words around it would make a false pair;
  - every sentence that holds a URL, an e-mail address, or a word that looks like code
    (plaintext.code_like: / \\ = _ < > { } [ ] | $ @ # ~ * ^ `, a digit next to a letter,
    a leading - or +);
  - every sentence with fewer than 3 words, or fewer than 3 letters in 4 of its non-space
    characters (numbers, symbols);
  - every paragraph (block: <p>, <div>, <li>, <dd>, <td>, Mallard <p> and <item>, ...) left with
    no sentence that ends as a sentence does: . ! ? or a closing : (a sentence that introduces a
    list or a command), optionally followed by closing quotes or brackets: so tables of contents,
    headings, labels, list fragments and table cells go;
  - a paragraph equal to one written before (repeated notes and boilerplate).

A paragraph keeps its remaining sentences in order on one line, joined by one space; white space
(including no-break spaces and the line breaks of the source) becomes one space, soft hyphens
are removed, and the text is Unicode NFC. Only the standard library is used; the output depends
only on the input bytes.
"""

import html.parser
import os
import re
import sys
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plaintext  # noqa: E402
from plaintext import URL, code_like  # noqa: E402

HOLE = "\ue000"  # stands for inline code that is left out: its sentence is dropped

MODES = {
    "html": {
        "skip": {"script", "style", "head", "header", "nav", "aside", "footer", "pre", "title",
                 "h1", "h2", "h3", "h4", "h5", "h6", "img", "object", "svg", "math", "noscript",
                 "button", "form", "select", "textarea"},
        "inline_code": {"code", "kbd", "samp", "tt", "var"},
        "empty_hole": set(),
        "void": {"br", "hr", "img", "meta", "link", "input", "area", "base", "col", "embed", "param",
                 "source", "wbr"},
        "blocks": {"p", "div", "br", "li", "dt", "dd", "td", "th", "tr", "table", "ul", "ol", "dl",
                   "section", "blockquote", "caption", "figure", "figcaption", "body", "html", "hr",
                   "article", "main"},
    },
    "mallard": {
        "skip": {"info", "title", "subtitle", "desc", "comment", "media", "screen", "code", "links",
                 "synopsis", "credit", "license", "revision", "ui:thumb", "tt:tt"},
        "inline_code": {"cmd", "sys", "file", "key", "keyseq", "input", "output", "guiseq", "var",
                        "em:code"},
        "empty_hole": {"link"},
        "void": set(),  # XML: an empty element is written <link/>
        "blocks": {"page", "section", "p", "item", "list", "steps", "terms", "tree", "note", "table",
                   "tr", "td", "th", "quote", "figure", "example", "listing", "br", "cite",
                   "if:choose", "if:when", "if:else", "if:if"},
    },
}

SKIPPED_CLASSES = {"docnav", "toc", "navheader", "navfooter", "index", "titlepage", "title",
                   "breadcrumbs", "breadcrumb", "sphinxsidebar", "sphinxsidebarwrapper", "related",
                   "footer", "header", "highlight", "screen", "programlisting", "synopsis",
                   "cmdsynopsis", "funcsynopsis", "navigation", "legalnotice", "indexterm",
                   "headerlink", "copyright", "mediaobject", "inlinemediaobject", "toc-backref",
                   "contents", "topic", "relations", "searchbox", "nav", "navbar", "sidebar-title"}

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
PLAIN_WORD = re.compile(r"[^\W\d_]+")
SPACE = re.compile(r"\s+")
# A sentence ends at . ! ? (and closing quotes or brackets) before white space.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][\"”’')\]])\s+")
ENDS_SENTENCE = re.compile(r"[.!?:][\"”’')\]]*$")
ABBREVIATION = re.compile(r"(?:^|\s)(?:e\.g|i\.e|etc|cf|vs|viz|Mr|Mrs|Ms|Dr|St|No|Fig|approx|resp|incl|esp|al)\.$", re.I)


class Parser(html.parser.HTMLParser):
    def __init__(self, mode: str, out: list[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.rules = MODES[mode]
        self.out = out
        self.stack: list[tuple[str, str]] = []   # (tag, role): role is "skip", "code" or ""
        self.skipping = 0
        self.code: list[str] | None = None
        self.code_depth = 0
        self.line: list[str] = []

    def flush(self) -> None:
        if self.line:
            self.out.append("".join(self.line))
            self.line = []

    def role(self, tag: str, attrs) -> str:
        classes = set()
        for name, value in attrs:
            if name == "class" and value:
                classes.update(value.split())
        if tag in self.rules["skip"] or classes & SKIPPED_CLASSES:
            return "skip"
        if tag in self.rules["inline_code"]:
            return "code"
        return ""

    def handle_starttag(self, tag, attrs):
        if tag in self.rules["void"]:
            self.handle_startendtag(tag, attrs)
            return
        role = self.role(tag, attrs)
        if self.skipping:
            self.stack.append((tag, role))
            self.skipping += role == "skip"
            return
        self.stack.append((tag, role))
        if role == "skip":
            self.skipping += 1
        elif role == "code":
            if self.code is None:
                self.code = []
            self.code_depth += 1
        elif tag in self.rules["blocks"] and self.code is None:
            self.flush()

    def handle_startendtag(self, tag, attrs):
        if self.skipping:
            return
        if tag in self.rules["empty_hole"]:
            self.line.append(HOLE)
        elif tag in self.rules["blocks"] and self.code is None:
            self.flush()

    def handle_endtag(self, tag):
        if not any(open_tag == tag for open_tag, _ in self.stack):
            return  # a stray end tag
        while self.stack:
            open_tag, role = self.stack.pop()
            if role == "skip":
                self.skipping -= 1
            elif role == "code" and not self.skipping:
                self.code_depth -= 1
                if self.code_depth == 0:
                    text = " ".join("".join(self.code).split())
                    self.code = None
                    self.line.append(text if PLAIN_WORD.fullmatch(text) else HOLE)
            if open_tag == tag:
                break
        if not self.skipping and self.code is None and tag in self.rules["blocks"]:
            self.flush()

    def handle_data(self, data):
        if self.skipping:
            return
        if self.code is not None:
            self.code.append(data)
        else:
            self.line.append(data)

    def close(self):
        super().close()
        self.flush()


def good_sentence(sentence: str) -> bool:
    if HOLE in sentence or URL.search(sentence):
        return False
    tokens = sentence.split()
    if len(WORD.findall(sentence)) < 3 or any(code_like(token) for token in tokens):
        return False
    characters = sentence.replace(" ", "")
    return sum(ch.isalpha() for ch in characters) * 4 >= 3 * len(characters)


def sentences(paragraph: str) -> list[str]:
    parts: list[str] = []
    for part in SENTENCE_END.split(paragraph):
        if parts and ABBREVIATION.search(parts[-1]):
            parts[-1] += " " + part
        else:
            parts.append(part)
    return parts


def prose(paragraph: str) -> str:
    paragraph = unicodedata.normalize("NFC", SPACE.sub(" ", paragraph.replace("\u00ad", "")).strip())
    kept = [s for s in sentences(paragraph) if good_sentence(s)]
    if not any(ENDS_SENTENCE.search(s) for s in kept):
        return ""
    return " ".join(kept)


def main() -> int:
    arguments = sys.argv[1:]
    english_lines: set[str] = set()
    markers = None
    if len(arguments) == 4 and arguments[1] == "--translation":
        code = arguments[2]
        with open(arguments[3], encoding="utf-8") as english:
            english_lines = set(english.read().split("\n"))
        markers = plaintext.ENGLISH_MARKERS
        if code in plaintext.OWN_WORDS:
            markers = (plaintext.ENGLISH_MARKERS | plaintext.EXTRA_MARKERS) - plaintext.OWN_WORDS[code]
        arguments = arguments[:1]
    if len(arguments) != 1 or arguments[0] not in MODES:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.reconfigure(encoding="utf-8", newline="\n")
    seen: set[str] = set(english_lines)
    for path in (line.rstrip("\n") for line in sys.stdin):
        if not path:
            continue
        with open(path, encoding="utf-8", errors="replace") as page:
            paragraphs: list[str] = []
            parser = Parser(arguments[0], paragraphs)
            parser.feed(page.read())
            parser.close()
        for paragraph in paragraphs:
            text = prose(paragraph)
            if markers is not None and text and plaintext.english(text, markers):
                continue
            if text and text not in seen:
                seen.add(text)
                sys.stdout.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
