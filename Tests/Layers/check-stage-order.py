#!/usr/bin/env python3
"""Fails when a stage of the table builder, or a room of the runtime, uses a type of a later one.

The builder's folders (Sources/KeyGramPipeline/<Folder>/) and the runtime's (Sources/KeyGram/<Folder>/)
each form layers that depend one way only, lowest first (docs/Pipeline.md draws the builder's).
Each type is mapped to the folder that declares it; a file may name types of its own layer and
of lower layers, never of higher ones, except for the runtime's few listed allowances.
Comments and string literals are ignored. It also fails when a raw-pointer type or
`withUnsafe…` call appears in the runtime outside Internals/ and the files listed with a reason.
"""
import pathlib
import re
import sys

SOURCES = pathlib.Path(__file__).resolve().parents[2] / "Sources"
ROOT = SOURCES / "KeyGramPipeline"
# Lowest first: Pipeline.swift (the top level of the folder, ".") wires the stages, and Verify
# rebuilds through it.
LAYERS = ["Internals", "Support", "Language", "Read", "Decode", "Count", "Normalise", "Emit", ".", "Verify"]

RUNTIME_ROOT = SOURCES / "KeyGram"
# The runtime's rooms, lowest first: fixed buffers and bytes, the table, the text rules (typed
# scalars → letter symbols: apostrophes, composition, final forms), its lexicon and the user's word
# history, the typing context, the keyboard's geometry, touch learning, the per-keystroke
# resolvers, the word decoder, the typing engine that drives them all.
RUNTIME_LAYERS = ["Internals", "Table", "Text", "Lexicon", "Context", "Geometry", "Touch", "Resolvers", "Decoder", "Engine"]
# The loops the runtime has today: (file, type) → why. Each is a use of a later room's type;
# new ones fail the check.
RUNTIME_UPWARD_USES = {
    ("Internals/TableBytes.swift", "KeyGramTableError"): "reading past a table's bytes throws the table's error",
    ("Internals/TableBytes.swift", "TableFormat"): "the bytes check the table format's alignment and header",
    ("Table/KeyGramTable.swift", "Lexicon"): "the table validates its lexicon section when it opens",
    ("Table/TableSections.swift", "Lexicon"): "finding the sections validates the lexicon's",
    ("Table/TableFormat.swift", "Lexicon"): "TableFormat.Lexicon, the format's own nested name, not the Lexicon type",
}
# The builder's uses of a later stage's type name that are not that type: (file, name) → why.
BUILDER_NESTED_NAMES = {
}
# Files outside Internals/ that may name raw-pointer types or call withUnsafe…: path → why.
RAW_POINTER_FILES = {
    "Table/KeyGramTable.swift": "init(copying:) copies an in-memory image into TableBytes",
    "Table/LetterDistribution.swift": "topLetters(into:) fills memory the caller manages, without allocating",
    "Table/TableSections.swift": "decodes a UTF-8 string straight from the table's bytes",
}
# The decoder reads the table through the Table, Text and Lexicon rooms' types, never its bytes or format.
DECODER_TABLE_BYTES = re.compile(r"\b(TableFormat|TableBytes|uint(?:8|16|32|64)\(at:|section\b)")
# Decoder/ files stay short enough to read: one concern each.
DECODER_MOST_LINES = 300
RAW_POINTER = re.compile(r"\b(Unsafe(?:Mutable)?(?:Raw)?(?:Buffer)?Pointer|OpaquePointer|Unmanaged|unsafeBitCast|withUnsafe\w*)\b")

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
                         r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)")
COMMENT = re.compile(r"//.*$")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def folder_of(path, root):
    relative = path.relative_to(root)
    return relative.parts[0] if len(relative.parts) > 1 else "."


def code_lines(path):
    """The file's lines without comments and string literals (multi-line strings and block comments included)."""
    in_block = in_multiline = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if in_multiline:
            if '"""' in line:
                in_multiline = False
            continue
        if in_block:
            if "*/" in line:
                in_block = False
                line = line.split("*/", 1)[1]
            else:
                continue
        if '"""' in line:
            in_multiline = line.count('"""') % 2 == 1
            line = line.split('"""', 1)[0]
        if "/*" in line and "*/" not in line:
            in_block = True
            line = line.split("/*", 1)[0]
        line = COMMENT.sub("", STRING.sub('""', line))
        yield number, line


def check_layers(root, layers, allowed, what):
    """The uses of a later layer's types in `root`, less the `allowed` (file, type) pairs; and a summary."""
    files = sorted(root.rglob("*.swift"))
    unknown = {folder_of(f, root) for f in files} - set(layers)
    if unknown:
        sys.exit(f"check-stage-order: folders of {root.name} with no layer: {', '.join(sorted(unknown))} (add them to the layers)")
    # Only top-level declarations name a layer's types; nested ones are reached through them.
    owner = {}
    for f in files:
        for _, line in code_lines(f):
            if line.startswith((" ", "\t")):
                continue
            match = DECLARATION.match(line)
            if match:
                owner.setdefault(match.group(1), layers.index(folder_of(f, root)))
    problems, used = [], set()
    for f in files:
        layer = layers.index(folder_of(f, root))
        later = {name for name, home in owner.items() if home > layer}
        if not later:
            continue
        pattern = re.compile(r"\b(" + "|".join(sorted(later)) + r")\b")
        relative = str(f.relative_to(root))
        for number, line in code_lines(f):
            for name in sorted(set(pattern.findall(line))):
                if (relative, name) in allowed:
                    used.add((relative, name))
                    continue
                problems.append(f"{f.relative_to(SOURCES.parent)}:{number}: {layers[layer]} uses {name}, "
                                f"declared in the later {what} {layers[owner[name]]}")
    for stale in sorted(set(allowed) - used):
        problems.append(f"check-stage-order: the allowance {stale} is no longer used: remove it")
    order = " → ".join(layers)
    return problems, f"{root.name}: {len(files)} files, {len(owner)} types, every use flows {order}"


def check_raw_pointers(root, allowed):
    """Raw-pointer names in `root` outside Internals/ and the `allowed` files."""
    problems, used = [], set()
    for f in sorted(root.rglob("*.swift")):
        relative = str(f.relative_to(root))
        if folder_of(f, root) == "Internals":
            continue
        for number, line in code_lines(f):
            names = set(RAW_POINTER.findall(line))
            if names and relative in allowed:
                used.add(relative)
            elif names:
                problems.append(f"{f.relative_to(SOURCES.parent)}:{number}: {', '.join(sorted(names))} outside Internals/ "
                                f"(move it there, or list the file in RAW_POINTER_FILES with a reason)")
    problems += [f"check-stage-order: RAW_POINTER_FILES lists {name}, which names no raw pointer: remove it"
                 for name in sorted(set(allowed) - used)]
    return problems


def check_decoder(root):
    """Decoder/ files that read table bytes, name the table format, or run past `DECODER_MOST_LINES` lines."""
    problems = []
    for f in sorted((root / "Decoder").rglob("*.swift")):
        lines = f.read_text(encoding="utf-8").count("\n")
        if lines > DECODER_MOST_LINES:
            problems.append(f"{f.relative_to(SOURCES.parent)}: {lines} lines; a Decoder/ file holds one concern in at most {DECODER_MOST_LINES}")
        for number, line in code_lines(f):
            names = set(DECODER_TABLE_BYTES.findall(line))
            if names:
                problems.append(f"{f.relative_to(SOURCES.parent)}:{number}: {', '.join(sorted(names))} in Decoder/ "
                                f"(read the table through Lexicon, LetterDistribution or the text rules)")
    return problems


def main():
    builder_problems, builder_summary = check_layers(ROOT, LAYERS, BUILDER_NESTED_NAMES, "stage")
    runtime_problems, runtime_summary = check_layers(RUNTIME_ROOT, RUNTIME_LAYERS, RUNTIME_UPWARD_USES, "room")
    pointer_problems = check_raw_pointers(RUNTIME_ROOT, RAW_POINTER_FILES)
    decoder_problems = check_decoder(RUNTIME_ROOT)
    problems = builder_problems + runtime_problems + pointer_problems + decoder_problems
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-stage-order: {len(problems)} problems (the builder's order is {' → '.join(LAYERS)}; "
              f"the runtime's {' → '.join(RUNTIME_LAYERS)}, with {len(RUNTIME_UPWARD_USES)} listed loops)", file=sys.stderr)
        return 1
    print(f"check-stage-order: {builder_summary}; {runtime_summary}, with {len(RUNTIME_UPWARD_USES)} listed loops; "
          f"raw pointers only in Internals/ and {len(RAW_POINTER_FILES)} listed files; "
          f"Decoder/ reads no table bytes, no file over {DECODER_MOST_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
