#!/usr/bin/env bash
# Adding a language as a user does it, end to end: in a copy of this repository, add corpora/eo/
# (Tests/Workflows/Fixtures/eo: Zamenhof's Proverbaro from Debian's fortunes-eo), then run
# `make tables` twice (the second build must see the module the first one added), verify,
# simulate on the language's held-out text, and `make test`. Nothing else is edited.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/keygram-add-language.XXXXXX")
trap 'rm -rf "$work"' EXIT
copy="$work/KeyGram"
mkdir -p "$copy"
# The working tree as git sees it: tracked files and untracked ones it does not ignore.
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$copy")
cp -R "$repo/Tests/Workflows/Fixtures/eo" "$copy/corpora/eo"
cd "$copy"

step() { printf '\n== add-language: %s\n' "$*"; }
step "make tables (1 of 2)"
make tables
step "make tables (2 of 2)"
make tables
grep -q '"Esperanto"' Package.swift || { echo "add-language: Package.swift does not list Esperanto" >&2; exit 1; }
test -f tables/eo.keygram && test -f Sources/KeyGramTables/Esperanto.swift
step "make verify"
make verify
step "keygram simulate eo"
.build/release/keygram simulate eo | tee "$work/simulate.txt"
grep -q "^| Gaussian × prior, trigram |" "$work/simulate.txt"
step "make test"
make test
echo "add-language: ok (built twice, verified, simulated and tested with corpora/eo added)"
