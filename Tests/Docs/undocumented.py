#!/usr/bin/env python3
"""Fails when a public declaration of the runtime has no doc comment.

    python3 Tests/Docs/undocumented.py SYMBOL_GRAPH_DIR

Reads the symbol graphs swiftc wrote (-emit-symbol-graph) and lists every public symbol with a
source location and no doc comment. Symbols without a location are synthesized or inherited
(Equatable's ==, Collection's defaults), whose documentation DocC takes from the protocol.
"""
import glob
import json
import os
import sys


def main() -> int:
    folder = sys.argv[1]
    missing = []
    total = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") != "public" or "location" not in symbol:
                continue
            total += 1
            if not symbol.get("docComment"):
                location = symbol["location"]
                file = location["uri"].split("/Sources/")[-1]
                line = location["position"]["line"] + 1
                missing.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])} has no doc comment")
    for line in sorted(missing):
        print(line)
    print(f"{total - len(missing)} of {total} public declarations documented")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
