#!/usr/bin/env python3
"""`make spark-test`: the Spark job over the shipped English corpus, dealt into 9 shards (3 files
× 3 parts of their lines), on local[2], must give the table `make tables` writes, byte for byte."""
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

KEYGRAM = os.path.abspath(".build/release/keygram")


def main():
    work = tempfile.mkdtemp(prefix="keygram-spark-test-")
    counts = os.path.join(work, "en.kgcounts")
    # Run as a script, as spark-submit would: its functions then travel to the workers by value.
    job = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keygram_count.py")
    subprocess.run([sys.executable, job, "--lang", "en", "--parts", "3", "--master", "local[2]", "--output", counts], check=True)
    reference, from_counts = os.path.join(work, "reference"), os.path.join(work, "spark")
    # What `make tables` writes for English, and the same from the Spark job's counts.
    subprocess.run([KEYGRAM, "build", "en", "--out", reference, "--swift-out", reference], check=True, capture_output=True)
    subprocess.run([KEYGRAM, "build", "en", "--counts", counts, "--out", from_counts, "--swift-out", from_counts],
                   check=True, capture_output=True)
    failures = []
    for name in ("en.keygram", "English.swift"):
        if not filecmp.cmp(os.path.join(reference, name), os.path.join(from_counts, name), shallow=False):
            failures.append(name)
    if not filecmp.cmp(os.path.join(reference, "en.keygram"), "tables/en.keygram", shallow=False):
        failures.append("tables/en.keygram (the committed table is out of date)")
    if failures:
        sys.exit("spark-test: differs: " + ", ".join(failures))
    shutil.rmtree(work, ignore_errors=True)
    print("spark-test: ok: 9 shards (3 files x 3 parts) on local[2] give tables/en.keygram and English.swift byte for byte")


if __name__ == "__main__":
    main()
