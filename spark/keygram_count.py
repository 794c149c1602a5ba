#!/usr/bin/env python3
"""Count a corpus with Spark: `keygram count` over each partition's files, a tree of
`keygram merge`s, one final count file. `keygram build <lang> --counts OUT` then writes the same
table a build over the files writes (docs/CountFormat.md).

Each input file is dealt into --parts parts of its lines (`keygram count --part K/N`), so even
one large file spreads over the cluster; the (file, part) tasks are spread over --partitions
Spark partitions. Partitions return their count file's bytes, and `treeReduce` merges them
pairwise with `keygram merge`, so no node ever holds more than two count files' words at once
(merge streams words). Needs the keygram binary at the same path on every executor.

Given files of one's own, one more task counts the lists the language's lexicon is made from
(`keygram count --language-lists`), once: `build --counts` then makes what `build <lang> FILES` makes.

    spark/keygram_count.py --lang en --parts 3 --output all.kgcounts corpora/en/*.gz
"""
import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from pyspark.sql import SparkSession


def run(command):
    """Runs a keygram command; a failure raises with its stderr (which names file and byte)."""
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.strip()}")


def scratch_folder(root):
    """A new folder for one task's files inside the job's folder `root`, which the driver removes
    when the job ends, however it ends (an executor on another machine makes its own)."""
    os.makedirs(root, exist_ok=True)
    return tempfile.mkdtemp(prefix="task-", dir=root)


# The task that counts the language's lists (its word list, forms, accepted words, misspellings).
LANGUAGE_LISTS = "<language lists>"


def count_partition(settings):
    keygram, lang, corpora, relative_to, root = settings

    def count(index, tasks):
        tasks = list(tasks)
        if not tasks:
            return
        folder = scratch_folder(root)
        try:
            groups = {}
            for path, part, parts in tasks:
                groups.setdefault((part, parts), []).append(path)
            outputs = []
            for i, ((part, parts), paths) in enumerate(sorted(groups.items())):
                output = os.path.join(folder, f"p{index}-{i}.kgcounts")
                own = [path for path in paths if path != LANGUAGE_LISTS]
                command = [keygram, "count", lang, *own, "--jobs", "1", "--corpora", corpora, "-o", output]
                if LANGUAGE_LISTS in paths:
                    command.append("--language-lists")
                if relative_to:
                    command += ["--relative-to", relative_to]
                if parts > 1:
                    command += ["--part", f"{part}/{parts}"]
                run(command)
                outputs.append(output)
            final = outputs[0]
            if len(outputs) > 1:
                final = os.path.join(folder, f"p{index}.kgcounts")
                run([keygram, "merge", *outputs, "-o", final])
            with open(final, "rb") as f:
                yield f.read()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return count


def merger(keygram, root):
    def merge(a, b):
        folder = scratch_folder(root)
        try:
            paths = [os.path.join(folder, name) for name in ("a.kgcounts", "b.kgcounts", "ab.kgcounts")]
            for path, data in zip(paths, (a, b)):
                with open(path, "wb") as f:
                    f.write(data)
            run([keygram, "merge", paths[0], paths[1], "-o", paths[2]])
            with open(paths[2], "rb") as f:
                return f.read()
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return merge


def remove(folder, seconds=10):
    """Removes `folder`, trying again while a worker that is being stopped still writes in it."""
    deadline = time.monotonic() + seconds
    while os.path.exists(folder):
        shutil.rmtree(folder, ignore_errors=True)
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)


def stop_on_signal(number, frame):
    """SIGTERM and SIGHUP end the job as Ctrl-C does, through the `finally` that cleans up."""
    raise SystemExit(128 + number)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="corpus files (default: corpora/<lang>/*.gz, *.dz, *.txt)")
    parser.add_argument("--lang", required=True)
    parser.add_argument("--output", "-o", required=True, help="the final count file")
    parser.add_argument("--keygram", default=".build/release/keygram")
    parser.add_argument("--corpora", default="corpora")
    parser.add_argument("--relative-to", help="name inputs relative to this folder (default: corpora/<lang> when no files are given)")
    parser.add_argument("--parts", type=int, default=1, help="parts of its lines each file is dealt into")
    parser.add_argument("--partitions", type=int, default=0, help="Spark partitions (default: one per task)")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args(argv)

    keygram = os.path.abspath(args.keygram)
    corpora = os.path.abspath(args.corpora)
    files = args.files
    relative_to = args.relative_to
    if not files:
        folder = os.path.join(corpora, args.lang)
        files = sorted(f for ext in ("*.gz", "*.dz", "*.txt") for f in glob.glob(os.path.join(folder, ext)))
        relative_to = relative_to or folder
    files = [os.path.abspath(f) for f in files]
    relative_to = os.path.abspath(relative_to) if relative_to else None
    if not files:
        sys.exit(f"{args.lang}: no corpus files")
    if args.parts < 1:
        sys.exit("--parts must be 1 or more")
    tasks = [(path, part, args.parts) for path in files for part in range(args.parts)]
    if args.files:
        # One's own files: the language's lists are counted once, as `build <lang> FILES` reads them.
        tasks.append((LANGUAGE_LISTS, 0, 1))
    partitions = args.partitions or len(tasks)

    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, stop_on_signal)
    # Every task's files go in one folder of the job's, removed at the end even when interrupted.
    root = tempfile.mkdtemp(prefix="keygram-spark-")
    try:
        spark = (SparkSession.builder.master(args.master).appName("keygram-count")
                 .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
        try:
            rdd = spark.sparkContext.parallelize(tasks, numSlices=partitions)
            counts = (rdd.mapPartitionsWithIndex(count_partition((keygram, args.lang, corpora, relative_to, root)))
                      .treeReduce(merger(keygram, root), depth=2))
        finally:
            spark.stop()
    finally:
        remove(root)
    temporary = f"{args.output}.{os.getpid()}.tmp"
    try:
        with open(temporary, "wb") as f:
            f.write(counts)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, args.output)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    print(f"{args.output}: {len(counts)} bytes from {len(tasks)} tasks in {partitions} partitions")


if __name__ == "__main__":
    main()
