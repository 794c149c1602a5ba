#!/usr/bin/env bash
# `make check-docs`: what the docs show that can be made again is made again and compared.
# - the pictures in docs/images/ (make images) are what the current tables and defaults draw;
# - docs/CLI.md's `inspect --json` example holds the values tables/en.keygram gives;
# - README's suggestion bars are what the engine shows after their text;
# - README's keyboard integration compiles and types as it says (Tests/Workflows/consumer.sh);
# - README and docs/ speak of the product, not of how it was developed.
set -euo pipefail
cd "$(dirname "$0")/../.."
keygram=${KEYGRAM:-.build/release/keygram}
work=$(mktemp -d "${TMPDIR:-/tmp}/keygram-check-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0

"$keygram" plot hitmap en --after t --out "$work/hitmap-en-t.svg" >/dev/null
"$keygram" plot bigrams en --out "$work/bigrams-en.svg" >/dev/null
"$keygram" plot learning-curve en --out "$work/learning-curve-en.svg" >/dev/null
for picture in hitmap-en-t bigrams-en learning-curve-en; do
  if ! cmp -s "$work/$picture.svg" "docs/images/$picture.svg"; then
    echo "check-docs: docs/images/$picture.svg is not what the current tables draw; run make images"
    failed=1
  fi
done

"$keygram" inspect tables/en.keygram --json > "$work/en.json"
python3 - "$work/en.json" docs/CLI.md <<'PY' || failed=1
import json, re, sys
table = json.load(open(sys.argv[1]))
doc = open(sys.argv[2]).read()
example = doc[doc.index('{"language": "en",'):]
example = example[:example.index("```")]
checks = {
    '"unigram":  {"a": ': table["unigram"]["a"], '"initial":  {"a": ': table["initial"]["a"],
    '"bigram":   {"t": {"a": ': table["bigram"]["t"]["a"], '"$": ': table["bigram"]["t"]["$"],
    '"trigram":  {"^t": {"h": ': table["trigram"]["^t"]["h"],
    '"quadgram": {"^th": {"e": ': table["quadgram"]["^th"]["e"], '"ith": {"$": ': table["quadgram"]["ith"]["$"],
}
bad = []
for key, value in checks.items():
    shown = re.search(re.escape(key) + r"([0-9.]+)", example)
    if not shown:
        bad.append(f"{key.strip()} not found")
        continue
    digits = len(shown.group(1).split(".")[1]) if "." in shown.group(1) else 0
    if round(value, digits) != float(shown.group(1)):
        bad.append(f"{key.strip()}{shown.group(1)}, the table gives {value:.4f}")
lexicon = table["lexicon"]
shown = f'"lexicon":  {{"words": {lexicon["words"]}, "nodes": {lexicon["nodes"]}, "bytes": {lexicon["bytes"]}}}'
if shown not in example:
    bad.append(f"the lexicon line is not {shown}")
for problem in bad:
    print(f"check-docs: docs/CLI.md's inspect --json example: {problem}")
sys.exit(1 if bad else 0)
PY

# README's suggestion bars: each `<!-- bar: LANG "TEXT" -->*a*, *b*, *c*` is what the engine shows after TEXT.
python3 - "$keygram" README.md <<'PY' || failed=1
import json, re, subprocess, sys
keygram, readme = sys.argv[1], open(sys.argv[2]).read()
examples = re.findall(r'<!-- bar: (\w+) "([^"]*)" -->((?:\*[^*]+\*(?:, )?)+)', readme)
bad = [] if examples else ["no bar example found"]
for lang, text, shown in examples:
    words = re.findall(r'\*([^*]+)\*', shown)
    out = subprocess.run([keygram, "inspect", f"tables/{lang}.keygram", "--bar-after", text, "--top", str(len(words)), "--json"],
                         capture_output=True, text=True, check=True).stdout
    bar = json.loads(out)["bar"]
    if bar != words:
        bad.append(f'after "{text}" README shows {", ".join(words)}; the engine shows {", ".join(bar)}')
for problem in bad:
    print(f"check-docs: README's suggestion bar: {problem}")
sys.exit(1 if bad else 0)
PY

# README's keyboard integration, compiled against stand-ins for UIKit and typed on (it is also a workflow).
bash Tests/Workflows/consumer.sh || failed=1

if grep -nIiE '\bsessions?\b|\bissue [0-9]+|next lever|\bgoals?\b' README.md docs/*.md; then
  echo "check-docs: README and docs/ speak of development history (above); it belongs in CHANGELOG.md"
  failed=1
fi
[ "$failed" = 0 ] && echo "check-docs: ok (pictures, docs/CLI.md's inspect example, no development history)"
exit "$failed"
