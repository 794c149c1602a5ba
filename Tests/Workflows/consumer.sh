#!/usr/bin/env bash
# A keyboard's package that depends on the runtime and one table by path, as an app does by URL:
# it must build and run, and resolve no package at all (Package.resolved pins nothing, and no
# checkout is fetched): the builder's dependencies sit behind the Builder trait.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/keygram-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/MyKeyboard/Sources/MyKeyboard"
cat > "$work/MyKeyboard/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "MyKeyboard",
  dependencies: [.package(name: "KeyGram", path: "$repo")],
  targets: [
    .executableTarget(name: "MyKeyboard", dependencies: [
      .product(name: "KeyGram", package: "KeyGram"),
      .product(name: "KeyGramTablesEnglish", package: "KeyGram"),
    ]),
  ])
SWIFT
cat > "$work/MyKeyboard/Sources/MyKeyboard/main.swift" <<'SWIFT'
import KeyGram
import KeyGramTablesEnglish

let table = try KeyGramTable(embedded: KeyGramTables.english)
var context = TypingContext(table: table)
context.record(contentsOf: "t")
let next = table.distribution(after: context.letterContext)
let best = next.indices.max { next[$0] < next[$1] }!
print("after t: \(best < table.alphabet.count ? String(table.alphabet[best]) : "$")")
SWIFT
cd "$work/MyKeyboard"
swift build 2>&1 | tail -3
output=$(swift run -q MyKeyboard)
echo "$output"
[ "$output" = "after t: h" ] || { echo "consumer: expected 'after t: h'" >&2; exit 1; }
if [ -f Package.resolved ] && grep -q '"identity"' Package.resolved; then
  echo "consumer: Package.resolved pins packages:" >&2; cat Package.resolved >&2; exit 1
fi
if [ -d .build/checkouts ] && [ -n "$(ls -A .build/checkouts)" ]; then
  echo "consumer: packages were fetched: $(ls .build/checkouts)" >&2; exit 1
fi
echo "consumer: ok (built and ran on KeyGram and KeyGramTablesEnglish; resolved no package)"
