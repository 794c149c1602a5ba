#!/usr/bin/env python3
"""Fails when a stage of the table builder uses a type of a later stage.

The builder's folders (Sources/KeyGramPipeline/<Folder>/) form layers that depend one way
only, lowest first (docs/Pipeline.md draws them). Each type is mapped to the folder that
declares it; a file may name types of its own layer and of lower layers, never of higher
ones. Comments and string literals are ignored.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "KeyGramPipeline"
# Lowest first: Pipeline.swift (the top level of the folder, ".") wires the stages, and Verify
# rebuilds through it.
LAYERS = ["Internals", "Support", "Language", "Read", "Decode", "Count", "Normalise", "Emit", ".", "Verify"]

DECLARATION = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*"
                         r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)")
COMMENT = re.compile(r"//.*$")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def layer_of(path):
    relative = path.relative_to(ROOT)
    return LAYERS.index(relative.parts[0] if len(relative.parts) > 1 else ".")


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


def main():
    files = sorted(ROOT.rglob("*.swift"))
    unknown = {f.relative_to(ROOT).parts[0] for f in files if len(f.relative_to(ROOT).parts) > 1} - set(LAYERS)
    if unknown:
        sys.exit(f"check-stage-order: folders with no layer: {', '.join(sorted(unknown))} (add them to LAYERS)")
    # Only top-level declarations name a stage's types; nested ones are reached through them.
    owner = {}
    for f in files:
        for _, line in code_lines(f):
            if line.startswith((" ", "\t")):
                continue
            match = DECLARATION.match(line)
            if match:
                owner.setdefault(match.group(1), layer_of(f))
    problems = []
    for f in files:
        layer = layer_of(f)
        later = {name for name, home in owner.items() if home > layer}
        if not later:
            continue
        pattern = re.compile(r"\b(" + "|".join(sorted(later)) + r")\b")
        for number, line in code_lines(f):
            for name in sorted(set(pattern.findall(line))):
                problems.append(f"{f.relative_to(ROOT.parents[1])}:{number}: {LAYERS[layer]} uses {name}, "
                                f"declared in the later stage {LAYERS[owner[name]]}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-stage-order: {len(problems)} uses of a later stage's types "
              f"(the order is {' → '.join(LAYERS)})", file=sys.stderr)
        return 1
    print(f"check-stage-order: {len(files)} files, {len(owner)} types, every use flows {' → '.join(LAYERS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
