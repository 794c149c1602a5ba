#!/usr/bin/env bash
# A keyboard's package that depends on the runtime and one table by path, as an app does by URL:
# it must build and run, and resolve no package at all (Package.resolved pins nothing, and no
# checkout is fetched): the builder's dependencies sit behind the Builder trait.
# Its keyboard is README's integration block, taken from README as it stands, compiled against
# stand-ins for UIKit and driven as a user types: so README's code cannot drift.
# The package and its build live in .build-consumer/ (ignored by git), so a second run is quick.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
package="$repo/.build-consumer/MyKeyboard"
mkdir -p "$package/Sources/MyKeyboard"
cat > "$package/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription
let package = Package(
  name: "MyKeyboard",
  dependencies: [.package(name: "KeyGram", path: "$repo")],
  targets: [
    .executableTarget(name: "MyKeyboard", dependencies: [
      .product(name: "KeyGram", package: "KeyGram"),
      .product(name: "KeyGramTablesEnglish", package: "KeyGram"),
    ], swiftSettings: [.swiftLanguageMode(.v5)]),
  ])
SWIFT
# README's block: the first swift fence after its marker line.
python3 - "$repo/README.md" "$package/Sources/MyKeyboard/KeyboardViewController.swift" <<'PY'
import sys
readme = open(sys.argv[1]).read()
marker = "<!-- keyboard-integration:"
if marker not in readme:
    sys.exit("consumer: README.md has no keyboard-integration block")
block = readme[readme.index(marker):]
block = block[block.index("```swift\n") + len("```swift\n"):]
block = block[:block.index("```")]
lines = [line for line in block.splitlines() if line.strip() and not line.strip().startswith("//") and not line.strip().startswith("import ")]
print(f"consumer: README's keyboard is {len(lines)} lines of host code")
if len(lines) > 30:
    sys.exit(f"consumer: README's keyboard has {len(lines)} lines of host code; at most 30")
open(sys.argv[2], "w").write("import Foundation\n" + block)
PY
cp "$repo/Tests/Workflows/Fixtures/UIKitStandIns.swift" "$package/Sources/MyKeyboard/UIKitStandIns.swift"
cp "$repo/Tests/Workflows/Fixtures/KeyboardUser.swift" "$package/Sources/MyKeyboard/main.swift"
cd "$package"
rm -f Package.resolved
swift build 2>&1 | tail -3
output=$(swift run -q MyKeyboard)
echo "$output"
echo "$output" | grep -q '^consumer-run: ok$' || { echo "consumer: README's keyboard did not type as expected" >&2; exit 1; }
if [ -f Package.resolved ] && grep -q '"identity"' Package.resolved; then
  echo "consumer: Package.resolved pins packages:" >&2; cat Package.resolved >&2; exit 1
fi
if [ -d .build/checkouts ] && [ -n "$(ls -A .build/checkouts)" ]; then
  echo "consumer: packages were fetched: $(ls .build/checkouts)" >&2; exit 1
fi
echo "consumer: ok (README's keyboard built and typed on KeyGram and KeyGramTablesEnglish; resolved no package)"
