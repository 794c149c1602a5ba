#!/usr/bin/env bash
# A table built from a user's own text in a repository that is not this one, checked as that
# repository's CI would (docs/CLI.md, "Use in your CI"): build, verify against the sources, the same
# bytes from a second checkout at another path, and a changed source caught.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
keygram="$repo/.build/release/keygram"
test -x "$keygram" || (cd "$repo" && swift build --traits Builder -c release --product keygram)
work=$(mktemp -d "${TMPDIR:-/tmp}/keygram-own-table.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The user's repository: their text, and their copy of the language's folder (manifest and word list).
user="$work/my-keyboard"
mkdir -p "$user/text" "$user/corpora/en"
# The first bytes of a shipped text (head closes the pipe early, which is no failure here).
first_bytes() { gzip -dc "$1" | head -c "$2" || true; }
first_bytes "$repo/corpora/en/fortunes.gz" 400000 > "$user/text/notes.txt"
first_bytes "$repo/corpora/en/kjv-bible.gz" 400000 | gzip -9n > "$user/text/letters.gz"
cp "$repo/corpora/en/language.json" "$repo/corpora/en/wordfreq.freq.gz" "$user/corpora/en/"

build() { (cd "$1" && "$keygram" build en text/notes.txt text/letters.gz --out Tables --swift-out Sources/MyTables); }
verify() { (cd "$1" && "$keygram" verify Tables --source-root . --swift-out Sources/MyTables); }

echo "== own-table: build and verify in $user"
build "$user"
verify "$user"

echo "== own-table: a second checkout at another path gives the same bytes"
other="$work/elsewhere/deeper/my-keyboard"
mkdir -p "$(dirname "$other")"
cp -R "$user" "$other"
rm -rf "$other/Tables" "$other/Sources"
build "$other"
cmp "$user/Tables/en.keygram" "$other/Tables/en.keygram"
cmp "$user/Sources/MyTables/English.swift" "$other/Sources/MyTables/English.swift"
if grep -q "$work" "$user/Tables/en.keygram"; then echo "own-table: the table holds a build path" >&2; exit 1; fi

echo "== own-table: a changed source fails verify"
echo "one more line" >> "$user/text/notes.txt"
if verify "$user" > "$work/stale.txt"; then echo "own-table: verify passed a stale table" >&2; exit 1; fi
grep -q "freshness: text/notes.txt changed since the table was built" "$work/stale.txt"
echo "own-table: ok"
