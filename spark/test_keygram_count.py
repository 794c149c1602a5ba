#!/usr/bin/env python3
"""`make spark-test`: the Spark job over the shipped English corpus, dealt into 9 shards (3 files
× 3 parts of their lines), on local[2], must give the table `make tables` writes, byte for byte;
and a job interrupted mid-way (Ctrl-C to its process group, or SIGTERM to the driver) must leave
no keygram-spark-* folder in $TMPDIR."""
import filecmp
import glob
import gzip
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

KEYGRAM = os.path.abspath(".build/release/keygram")


def interrupted_jobs_leave_nothing(job):
    """Interrupts the job once its tasks are writing count files; no keygram-spark-* may stay."""
    failures = []
    for number, whom in ((signal.SIGINT, "process group"), (signal.SIGTERM, "driver")):
        tmp = tempfile.mkdtemp(prefix="keygram-spark-interrupt-")
        output = os.path.join(tmp, "out.kgcounts")
        process = subprocess.Popen([sys.executable, job, "--lang", "en", "--parts", "3", "--master", "local[2]",
                                    "--output", output], env=dict(os.environ, TMPDIR=tmp), start_new_session=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        def writing():  # a task has a folder with something in it
            return any(os.listdir(folder) for folder in glob.glob(os.path.join(tmp, "keygram-spark-*")) if os.path.isdir(folder))

        deadline = time.monotonic() + 180
        while not writing() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        started = writing()
        time.sleep(0.5)  # mid-task
        if number == signal.SIGINT:
            os.killpg(process.pid, number)  # as Ctrl-C in a terminal
        else:
            process.send_signal(number)
        try:
            process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            failures.append(f"{whom} {signal.Signals(number).name}: the job did not stop")
        try:
            os.killpg(process.pid, signal.SIGKILL)  # a JVM left running, if any
        except ProcessLookupError:
            pass
        left = glob.glob(os.path.join(tmp, "keygram-spark-*"))
        if not started:
            failures.append(f"{whom} {signal.Signals(number).name}: no task had started")
        if left:
            failures.append(f"{whom} {signal.Signals(number).name}: left {left}")
        shutil.rmtree(tmp, ignore_errors=True)
    return failures


def own_files(job, work):
    """One's own files through the job (2 files x 2 parts, and the language's lists once) give what
    `build en FILES` gives; returns what differs."""
    with gzip.open("corpora/en/fortunes.gz", "rt", encoding="utf-8") as f:
        lines = [line for _, line in zip(range(4000), f)]
    own = []
    for index in range(2):
        path = os.path.join(work, f"own{index}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(lines[index * 2000:(index + 1) * 2000])
        own.append(path)
    counts = os.path.join(work, "own.kgcounts")
    subprocess.run([sys.executable, job, "--lang", "en", "--parts", "2", "--master", "local[2]", "--output", counts, *own], check=True)
    reference, from_counts = os.path.join(work, "own-reference"), os.path.join(work, "own-spark")
    subprocess.run([KEYGRAM, "build", "en", *own, "--out", reference, "--no-swift", "--min-letters", "0"], check=True, capture_output=True)
    subprocess.run([KEYGRAM, "build", "en", "--counts", counts, "--out", from_counts, "--no-swift", "--min-letters", "0"],
                   check=True, capture_output=True)
    same = filecmp.cmp(os.path.join(reference, "en.keygram"), os.path.join(from_counts, "en.keygram"), shallow=False)
    return [] if same else ["en.keygram of one's own files (2 files x 2 parts and the language's lists)"]


def main():
    job_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keygram_count.py")
    interrupted = interrupted_jobs_leave_nothing(job_path)
    if interrupted:
        sys.exit("spark-test: an interrupted job left files: " + "; ".join(interrupted))
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
    failures = own_files(job, work)
    for name in ("en.keygram", "English.swift"):
        if not filecmp.cmp(os.path.join(reference, name), os.path.join(from_counts, name), shallow=False):
            failures.append(name)
    if not filecmp.cmp(os.path.join(reference, "en.keygram"), "tables/en.keygram", shallow=False):
        failures.append("tables/en.keygram (the committed table is out of date)")
    if failures:
        sys.exit("spark-test: differs: " + ", ".join(failures))
    shutil.rmtree(work, ignore_errors=True)
    print("spark-test: ok: interrupted jobs (SIGINT to the group, SIGTERM to the driver) left no keygram-spark-* folder")
    print("spark-test: ok: 9 shards (3 files x 3 parts) on local[2] give tables/en.keygram and English.swift byte for byte")
    print("spark-test: ok: one's own files (2 files x 2 parts) and the language's lists counted once give what build en FILES gives")


if __name__ == "__main__":
    main()
