# Shared helpers for corpora/<lang>/derive.sh: fetch Debian packages and unpack them into a
# scratch folder, then write reproducible gzip (no name, no timestamp) into the language folder.
set -euo pipefail

KEYGRAM_CORPORA=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# unpack PACKAGE...: download each .deb (no install needed) and extract it under $scratch/PACKAGE.
unpack() {
  command -v apt-get >/dev/null || { echo "derive: apt-get is needed to fetch Debian packages" >&2; exit 1; }
  for package in "$@"; do
    (cd "$scratch" && apt-get download "$package" >/dev/null 2>&1) || {
      echo "derive: cannot download $package; run 'apt-get update' first" >&2; exit 1; }
    mkdir -p "$scratch/$package"
    dpkg-deb -x "$scratch/${package}"_*.deb "$scratch/$package"
    dpkg-deb -f "$scratch/${package}"_*.deb Version > "$scratch/$package.version"
  done
}

# version PACKAGE: the version that unpack fetched.
version() { cat "$scratch/$1.version"; }

# store NAME < text: gzip standard input as corpora/<lang>/NAME.gz, reproducibly and atomically.
store() {
  local target="$1.gz"
  gzip -9 -n > "$target.tmp"
  mv "$target.tmp" "$target"
  echo "derive: wrote $(basename "$(pwd)")/$target ($(gzip -dc "$target" | wc -c) bytes of text)"
}

# fortune_files DIR: the fortune text files in DIR (not the .dat indexes or .u8 links), sorted.
fortune_files() {
  find "$1" -maxdepth 1 -type f ! -name '*.dat' ! -name '*.u8' | LC_ALL=C sort
}
