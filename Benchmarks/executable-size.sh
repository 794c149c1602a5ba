#!/usr/bin/env bash
# `make bench-size`: the size of a release executable that opens English from the generated
# Swift, linking one language's module (KeyGramTablesEnglish) against all of them
# (KeyGramTables), and against none (the table read from tables/en.keygram).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/OneLanguage" "$work/Sources/AllLanguages" "$work/Sources/NoTables"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "ExecutableSize",
  dependencies: [.package(name: "KeyGram", path: "$root")],
  targets: [
    .executableTarget(name: "OneLanguage", dependencies: [.product(name: "KeyGramTablesEnglish", package: "KeyGram")]),
    .executableTarget(name: "AllLanguages", dependencies: [.product(name: "KeyGramTables", package: "KeyGram")]),
    .executableTarget(name: "NoTables", dependencies: [.product(name: "KeyGram", package: "KeyGram")]),
  ])
SWIFT
printf 'import KeyGram\nimport KeyGramTablesEnglish\nprint(try KeyGramTable(embedded: KeyGramTables.english).letterCount)\n' > "$work/Sources/OneLanguage/main.swift"
printf 'import KeyGramTables\nprint(try KeyGramTables.table(for: "en")!.letterCount)\n' > "$work/Sources/AllLanguages/main.swift"
printf 'import KeyGram\nprint(try KeyGramTable(contentsOf: CommandLine.arguments[1]).letterCount)\n' > "$work/Sources/NoTables/main.swift"
(cd "$work" && swift package resolve >/dev/null 2>&1)
# A clean debug build of the runtime, then of the eight tables on top of it.
seconds() { local start=$EPOCHREALTIME; "$@" >/dev/null; echo "$EPOCHREALTIME - $start" | bc; }
(cd "$root" && swift package --scratch-path "$work/scratch" resolve >/dev/null 2>&1)
runtime=$(cd "$root" && seconds swift build --scratch-path "$work/scratch" --target KeyGram)
tables=$(cd "$root" && seconds swift build --scratch-path "$work/scratch" --target KeyGramTables)
(cd "$work" && swift build -c release >/dev/null)
bin="$work/.build/release"
# Each must open English for real (26 letters), or the sizes mean nothing.
[ "$("$bin/OneLanguage")" = 26 ] && [ "$("$bin/AllLanguages")" = 26 ] && [ "$("$bin/NoTables" "$root/tables/en.keygram")" = 26 ]
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1); $(swift --version 2>/dev/null | head -1)"
printf '%-44s %12s %12s\n' "release executable that opens English" "file bytes" "data bytes"
for name in NoTables OneLanguage AllLanguages; do
  case $name in
    NoTables) what="KeyGram only (tables/en.keygram from disk)" ;;
    OneLanguage) what="KeyGramTablesEnglish (one language)" ;;
    AllLanguages) what="KeyGramTables (all $(ls "$root"/tables/*.keygram | wc -l) languages)" ;;
  esac
  printf '%-44s %12s %12s\n' "$what" "$(stat -c %s "$bin/$name")" "$(size -A "$bin/$name" | awk '$1 == ".rodata" { print $2 }')"
done
printf 'clean debug build: KeyGram %.1f s, then KeyGramTables (every language module) %.1f s more\n' "$runtime" "$tables"
