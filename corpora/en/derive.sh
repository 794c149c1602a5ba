#!/usr/bin/env bash
# Re-derives corpora/en/*.gz from Debian packages (see SOURCES.md).
source "$(dirname "$0")/../derive-common.sh"
cd "$(dirname "$0")"

unpack bible-kjv bible-kjv-text fortunes
"$scratch/bible-kjv/usr/bin/bible" -p "$scratch/bible-kjv-text/usr/lib" "Gen1:1-Rev22:21" | store kjv-bible
fortune_files "$scratch/fortunes/usr/share/games/fortunes" | xargs cat | store fortunes
echo "derive: en from bible-kjv-text $(version bible-kjv-text), fortunes $(version fortunes)"
