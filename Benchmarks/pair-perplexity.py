#!/usr/bin/env python3
"""Reference word-pair (bigram) language models, for a side-by-side perplexity comparison.

usage: pair-perplexity.py TRAIN EVAL VOCAB [--models exact,nltk-formula,nltk,kenlm] [--nltk-limit N]
                          [--lmplz PATH] [--no-venv]
       pair-perplexity.py --self-test

Files (UTF-8, plain or gzip): TRAIN and EVAL hold one sentence a line, words separated by single
spaces, each word spelled as the table spells it (lowercase letters of its alphabet); a word
outside the vocabulary is written <unk> (any other word not in VOCAB is read as <unk> too).
VOCAB holds one word a line.

What is scored (the same for every model): each line starts a sentence (<s>). Every in-vocabulary
word w is scored by P(w | previous word), the previous word being <s> for the first word of a
line. An <unk> is not scored, and the word after it has no known context: it is scored by the
model's unigram distribution. There is no </s> term: the keyboard never predicts a sentence's end.
Perplexity = exp(-(1/N) sum ln P), N the number of words scored; every model is a distribution
over the vocabulary (plus nothing else), so the figures compare. A word a model gives P = 0 (only
NLTK's and its formula's, below) is not in N but counted apart ("zero_probability").

Models:
  exact    interpolated Kneser-Ney bigram, unpruned, this file's own: one discount per order,
           D = n1 / (n1 + 2 n2) from the counts of counts (pair counts for the bigram level,
           continuation counts for the unigram level);
             P(w | v)  = max(c(v w) - D2, 0) / c(v .) + D2 N1+(v .) / c(v .) * Pc(w)
             Pc(w)     = max(N1+(. w) - D1, 0) / N1+(. .) + D1 |{w: N1+(. w) > 0}| / N1+(. .) / |V|
           (a context never seen, or after <unk>: Pc(w)). Training counts the pairs (previous, w)
           with w in the vocabulary and previous in it or <s>; no pair across an <unk>.
  nltk-formula
           what NLTK computes (below), written out here as a check: the same bigram level over
           the continuation unigram N1+(. w) / N1+(. .) undiscounted and not interpolated with
           anything, so 0 for a word never seen after another in training.
  nltk     NLTK 3.10's KneserNeyInterpolated(order=2, discount=D2), fitted on the same pairs (its
           vocabulary: VOCAB and <s>). Its recursion ends in KneserNey.unigram_score, the bare
           continuation probability (no uniform below it), and that sums over every bigram
           context for each word scored: slow (tens of milliseconds a word on a 50,000-word
           vocabulary), so it is scored on the first --nltk-limit words of EVAL (default 5,000),
           and every model is also reported on the same slice.
  kenlm    KenLM: lmplz -o 2 (modified Kneser-Ney, three discounts per order, unigrams interpolated
           with the uniform) trained on TRAIN with each <unk> replaced by a placeholder word, queried
           with the kenlm Python module. KenLM's distribution also covers </s>, <unk> and the
           placeholder; it is renormalised over the vocabulary (divided by 1 - P(</s>) -
           P(placeholder) in each context), and a vocabulary word KenLM never saw in training gets
           P(<unk> | context) shared equally among all such words.

Dependencies: exact and nltk-formula need only the standard library. nltk (PyPI nltk) and the kenlm
module (PyPI kenlm, which compiles from source: a C++ compiler, zlib1g-dev) are pip-installed
into .build/pair-perplexity-venv, and the script re-runs itself there, unless --no-venv. lmplz
is not on PyPI as a program: the script builds it once from PyPI's kenlm sdist (which holds
KenLM's whole source) with CMake into .build/kenlm-lmplz, which needs the Debian packages cmake,
libboost-program-options-dev, libboost-system-dev, libboost-thread-dev, libboost-test-dev and
zlib1g-dev; or pass --lmplz PATH. A model that cannot be had is reported as unavailable, with why.

Prints a JSON object (models, perplexities, words scored, seconds) and then a short table.
"""
import collections
import gzip
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "pair-perplexity-venv")
LMPLZ_DIR = os.path.join(ROOT, ".build", "kenlm-lmplz")
PINS = {"nltk": "nltk==3.10.4", "kenlm": "kenlm==0.3.0"}
UNK, BOS = "<unk>", "<s>"


def lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as text:
        for line in text:
            yield line.split()


def read_vocab(path):
    return [words[0] for words in lines(path) if words]


def scored_positions(sentence, vocab):
    """(previous, word) for each word scored: previous is <s>, a word, or None (no context)."""
    previous = BOS
    for word in sentence:
        if word == UNK or word not in vocab:
            previous = None
            continue
        yield previous, word
        previous = word


def discount(counts):
    """D = n1 / (n1 + 2 n2) from a collection of counts (1 when there is no n2, 0 without n1)."""
    n1 = sum(1 for c in counts if c == 1)
    n2 = sum(1 for c in counts if c == 2)
    return n1 / (n1 + 2 * n2) if n1 else 0.0


class Bigram:
    """The 'exact' interpolated Kneser-Ney bigram, or with smooth_unigram=False 'nltk-formula'."""

    def __init__(self, train, vocab, smooth_unigram=True):
        self.vocab_size = len(vocab)
        self.pairs = collections.Counter()
        for sentence in train:
            for previous, word in scored_positions(sentence, vocab):
                if previous is not None:
                    self.pairs[previous, word] += 1
        self.d2 = discount(self.pairs.values())
        self.context_total = collections.Counter()
        self.context_types = collections.Counter()
        left = collections.Counter()
        for (previous, word), c in self.pairs.items():
            self.context_total[previous] += c
            self.context_types[previous] += 1
            left[word] += 1
        self.smooth_unigram = smooth_unigram
        self.left = left
        self.left_total = sum(left.values())
        self.d1 = discount(left.values())
        self.seen_types = len(left)

    def unigram(self, word):
        if not self.left_total:
            return 1.0 / self.vocab_size
        if not self.smooth_unigram:
            return self.left[word] / self.left_total
        return (max(self.left[word] - self.d1, 0.0) / self.left_total
                + self.d1 * self.seen_types / self.left_total / self.vocab_size)

    def prob(self, previous, word):
        lower = self.unigram(word)
        total = self.context_total.get(previous, 0) if previous is not None else 0
        if not total:
            return lower
        c = self.pairs.get((previous, word), 0)
        return max(c - self.d2, 0.0) / total + self.d2 * self.context_types[previous] / total * lower


def perplexity(prob, positions):
    """(perplexity, words scored, words given P = 0, which are left out of the perplexity)."""
    log_sum, n, zero = 0.0, 0, 0
    for previous, word in positions:
        p = prob(previous, word)
        if p > 0:
            log_sum += math.log(p)
            n += 1
        else:
            zero += 1
    return (math.exp(-log_sum / n) if n else float("nan")), n, zero


# ---- NLTK -------------------------------------------------------------------------------------

def nltk_model(train, vocab, d2):
    from nltk.lm import KneserNeyInterpolated, Vocabulary
    model = KneserNeyInterpolated(order=2, discount=d2, vocabulary=Vocabulary(sorted(vocab | {BOS}), unk_cutoff=1))
    # Fit on exactly the pairs the exact model counts (and each scored word as a unigram).
    texts = []
    for sentence in train:
        grams = []
        for previous, word in scored_positions(sentence, vocab):
            grams.append((word,))
            if previous is not None:
                grams.append((previous, word))
        texts.append(grams)
    model.fit(texts)

    def prob(previous, word):
        return model.score(word, [previous] if previous is not None else None)
    return prob, len(model.vocab)


# ---- KenLM ------------------------------------------------------------------------------------

PLACEHOLDER = "UNKNOWNWORD"  # not lowercase, so never a vocabulary word


def find_lmplz(explicit):
    if explicit:
        return explicit, None
    for candidate in (shutil.which("lmplz"), os.path.join(LMPLZ_DIR, "build", "bin", "lmplz")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate, None
    return build_lmplz()


def build_lmplz():
    """lmplz from PyPI's kenlm sdist, built with CMake (Debian: cmake, libboost-*-dev, zlib1g-dev)."""
    if not shutil.which("cmake"):
        return None, "cmake not found (Debian package cmake)"
    os.makedirs(LMPLZ_DIR, exist_ok=True)
    pip = os.path.join(VENV, "bin", "pip") if os.path.exists(os.path.join(VENV, "bin", "pip")) else None
    command = [pip] if pip else [sys.executable, "-m", "pip"]
    source = os.path.join(LMPLZ_DIR, "kenlm-0.3.0")
    if not os.path.isdir(source):
        got = subprocess.run(command + ["download", "--quiet", "--disable-pip-version-check", "--no-deps",
                                        "--no-binary", "kenlm", "--dest", LMPLZ_DIR, PINS["kenlm"]],
                             capture_output=True, text=True)
        if got.returncode:
            return None, "pip download kenlm failed: " + got.stderr.strip()[-300:]
        subprocess.run(["tar", "xzf", "kenlm-0.3.0.tar.gz"], cwd=LMPLZ_DIR, check=True)
    build = os.path.join(LMPLZ_DIR, "build")
    os.makedirs(build, exist_ok=True)
    print("pair-perplexity: building lmplz from the kenlm 0.3.0 sdist (a few minutes, once)", file=sys.stderr)
    for step in (["cmake", source, "-DCMAKE_BUILD_TYPE=Release"], ["make", "-j2", "lmplz"]):
        done = subprocess.run(step, cwd=build, capture_output=True, text=True)
        if done.returncode:
            return None, (f"{' '.join(step[:2])} failed (Debian: cmake libboost-program-options-dev "
                          f"libboost-system-dev libboost-thread-dev libboost-test-dev zlib1g-dev): "
                          + (done.stderr or done.stdout).strip()[-300:])
    return os.path.join(build, "bin", "lmplz"), None


def kenlm_model(train_path, vocab, lmplz, workdir):
    import kenlm
    text = os.path.join(workdir, "train.txt")
    with open(text, "w", encoding="utf-8") as out:
        for sentence in lines(train_path):
            out.write(" ".join(w if w in vocab else PLACEHOLDER for w in sentence) + "\n")
    arpa = os.path.join(workdir, "model.arpa")
    with open(text, "rb") as source, open(arpa, "wb") as target:
        run = subprocess.run([lmplz, "-o", "2", "-S", "20%", "-T", workdir, "--discount_fallback"],
                             stdin=source, stdout=target, stderr=subprocess.PIPE)
    if run.returncode:
        raise RuntimeError("lmplz failed: " + run.stderr.decode(errors="replace")[-500:])
    model = kenlm.Model(arpa)
    unseen = [w for w in vocab if w not in model]
    share = 1.0 / max(len(unseen), 1)
    out_state = kenlm.State()

    def log10p(state, word):
        return model.BaseScore(state, word, out_state)

    states = {}

    def context_state(previous):
        if previous in states:
            return states[previous]
        state = kenlm.State()
        if previous is None:
            model.NullContextWrite(state)
        elif previous == BOS:
            model.BeginSentenceWrite(state)
        else:
            start = kenlm.State()
            model.NullContextWrite(start)
            model.BaseScore(start, previous, state)
        outside = 10 ** log10p(state, "</s>") + 10 ** log10p(state, PLACEHOLDER) if PLACEHOLDER in model else 10 ** log10p(state, "</s>")
        states[previous] = (state, 1.0 - outside)
        return states[previous]

    def prob(previous, word):
        state, mass = context_state(previous)
        p = 10 ** log10p(state, word)
        if word not in model:
            p *= share
        return p / mass
    return prob, len(unseen)


# ---- running ----------------------------------------------------------------------------------

def ensure_venv(models):
    """Re-runs this script in .build/pair-perplexity-venv with nltk and kenlm installed."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    for name in ("nltk", "kenlm"):
        if name not in models:
            continue
        has = subprocess.run([python, "-c", f"import {name}"], capture_output=True).returncode == 0
        if not has:
            print(f"pair-perplexity: pip install {PINS[name]} into {VENV}", file=sys.stderr)
            subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "--quiet",
                            "--disable-pip-version-check", PINS[name]])  # failure: reported as unavailable
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


def compare(train_path, eval_path, vocab_path, models, nltk_limit, lmplz_path):
    vocab = set(read_vocab(vocab_path))
    train = list(lines(train_path))
    evaluation = list(lines(eval_path))
    positions = [p for sentence in evaluation for p in scored_positions(sentence, vocab)]
    evaluation_words = sum(len(s) for s in evaluation)
    report = {"train": train_path, "eval": eval_path, "vocab": vocab_path, "vocab_size": len(vocab),
              "eval_tokens": evaluation_words, "eval_unk": evaluation_words - len(positions), "models": {}}
    slice_ = positions[:nltk_limit]

    def timed(name, build, note=""):
        start = time.perf_counter()
        try:
            prob, extra = build()
        except Exception as error:  # an unavailable model is reported, not fatal
            report["models"][name] = {"available": False, "why": f"{type(error).__name__}: {error}"}
            return None
        built = time.perf_counter() - start
        entry = {"available": True, "train_seconds": round(built, 2)}
        entry.update(extra)
        for label, subset in (("all", positions), ("slice", slice_)):
            if name == "nltk" and label == "all":
                continue
            start = time.perf_counter()
            value, n, zero = perplexity(prob, subset)
            entry[label] = {"perplexity": round(value, 3), "words_scored": n, "zero_probability": zero,
                            "seconds": round(time.perf_counter() - start, 2)}
        if note:
            entry["note"] = note
        report["models"][name] = entry
        return prob

    exact = None
    if "exact" in models or "nltk" in models:
        def build_exact():
            nonlocal exact
            exact = Bigram(train, vocab)
            return exact.prob, {"D2": round(exact.d2, 6), "D1": round(exact.d1, 6),
                                "pairs": len(exact.pairs), "pair_tokens": sum(exact.pairs.values())}
        timed("exact", build_exact)
    if "nltk-formula" in models or "nltk" in models:
        timed("nltk-formula", lambda: (Bigram(train, vocab, smooth_unigram=False).prob, {}))
    if "nltk" in models:
        d2 = exact.d2 if exact else Bigram(train, vocab).d2

        def build_nltk():
            prob, size = nltk_model(train, vocab, d2)
            return prob, {"nltk_vocab_size": size}
        timed("nltk", build_nltk, note=f"scored on the first {len(slice_)} words only (slice)")
    if "kenlm" in models:
        def build_kenlm():
            lmplz, why = find_lmplz(lmplz_path)
            if not lmplz:
                raise RuntimeError(why)
            workdir = tempfile.mkdtemp(prefix="kenlm-", dir=os.path.join(ROOT, ".build"))
            try:
                prob, unseen = kenlm_model(train_path, vocab, lmplz, workdir)
            finally:
                shutil.rmtree(workdir, ignore_errors=True)
            return prob, {"lmplz": lmplz, "vocab_unseen_in_training": unseen}
        timed("kenlm", build_kenlm)
    return report


def table(report):
    rows = ["| model | perplexity (all) | words | perplexity (slice) | words | P = 0 (slice) | train s | eval s |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for name, entry in report["models"].items():
        if not entry.get("available"):
            rows.append(f"| {name} | unavailable: {entry['why'][:120]} | | | | | | |")
            continue
        whole, part = entry.get("all", {}), entry.get("slice", {})
        rows.append(f"| {name} | {whole.get('perplexity', '—')} | {whole.get('words_scored', '—')} | "
                    f"{part.get('perplexity', '—')} | {part.get('words_scored', '—')} | {part.get('zero_probability', '—')} | "
                    f"{entry['train_seconds']} | "
                    f"{whole.get('seconds', part.get('seconds', '—'))} |")
    return "\n".join(rows)


# ---- self-test --------------------------------------------------------------------------------

def self_test():
    """A 2-sentence toy whose exact-KN perplexity is worked out by hand below."""
    # Training "a b a b" / "b a c"; V = {a, b, c, d}. Pairs: <s>a 1, <s>b 1, ab 2, ba 2, ac 1:
    # n1 = 3, n2 = 2, D2 = 3/7. Continuation counts a 2 (<s>, b), b 2 (<s>, a), c 1 (a), total 5:
    # n1 = 1, n2 = 2, D1 = 1/5; 3 words seen. Pc(w) = (N(w) - 1/5)/5 + (1/5)(3/5)/4:
    # Pc(a) = Pc(b) = 0.39, Pc(c) = 0.19, Pc(d) = 0.03 (sum 1).
    # Evaluation "a c <unk> b" / "d a b", six words scored:
    #   P(a|<s>) = (1 - 3/7)/2 + (3/7)(2/2) 0.39      = 3.17/7
    #   P(c|a)   = (1 - 3/7)/3 + (3/7)(2/3) 0.19      = 5.14/21
    #   b after <unk>: Pc(b)                           = 0.39
    #   P(d|<s>) = 0 + (3/7) 0.03                      = 0.09/7
    #   a after d (never a context): Pc(a)             = 0.39
    #   P(b|a)   = (2 - 3/7)/3 + (3/7)(2/3) 0.39      = 13.34/21
    hand = [3.17 / 7, 5.14 / 21, 0.39, 0.09 / 7, 0.39, 13.34 / 21]
    expected = math.exp(-sum(math.log(p) for p in hand) / 6)  # 4.400623...
    with tempfile.TemporaryDirectory() as folder:
        paths = {}
        for name, text in (("train", "a b a b\nb a c\n"), ("eval", "a c <unk> b\nd a b\n"), ("vocab", "a\nb\nc\nd\n")):
            paths[name] = os.path.join(folder, name)
            with open(paths[name], "w", encoding="utf-8") as out:
                out.write(text)
        vocab = set(read_vocab(paths["vocab"]))
        model = Bigram(list(lines(paths["train"])), vocab)
        got, n, _ = perplexity(model.prob, [p for s in lines(paths["eval"]) for p in scored_positions(s, vocab)])
        failures = []
        if n != 6:
            failures.append(f"words scored {n}, expected 6")
        if abs(got - expected) > 1e-9:
            failures.append(f"perplexity {got!r}, by hand {expected!r}")
        if abs(model.d2 - 3 / 7) > 1e-12 or abs(model.d1 - 1 / 5) > 1e-12:
            failures.append(f"discounts D2 {model.d2}, D1 {model.d1}")
        for context in (BOS, "a", "b", "c", None):
            total = sum(model.prob(context, w) for w in vocab)
            if abs(total - 1) > 1e-12:
                failures.append(f"P(. | {context}) sums to {total}")
        # NLTK, where it is installed (in the venv), against its formula written out here.
        try:
            import nltk  # noqa: F401
        except ImportError:
            print("self-test: nltk not installed here, its check skipped (run in .build/pair-perplexity-venv)")
        else:
            train = list(lines(paths["train"]))
            nltk_prob, _ = nltk_model(train, vocab, model.d2)
            formula = Bigram(train, vocab, smooth_unigram=False)
            for context in (BOS, "a", "b", "c", None):
                for word in sorted(vocab):
                    if abs(nltk_prob(context, word) - formula.prob(context, word)) > 1e-12:
                        failures.append(f"NLTK P({word} | {context}) {nltk_prob(context, word)} "
                                        f"against its formula {formula.prob(context, word)}")
            print("self-test: NLTK's KneserNeyInterpolated(order=2) matches nltk-formula on the toy")
    print(f"self-test: exact KN toy perplexity {got:.6f}, by hand {expected:.6f}, {n} words scored")
    print("1 passed, 0 failed" if not failures else "0 passed, 1 failed\n" + "\n".join(failures))
    return 0 if not failures else 1


def main():
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        return self_test()
    models = ["exact", "nltk-formula", "nltk", "kenlm"]
    nltk_limit, lmplz, use_venv, files = 5000, None, True, []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--models":
            models = arguments.pop(0).split(",")
        elif argument == "--nltk-limit":
            nltk_limit = int(arguments.pop(0))
        elif argument == "--lmplz":
            lmplz = arguments.pop(0)
        elif argument == "--no-venv":
            use_venv = False
        else:
            files.append(argument)
    if len(files) != 3 or not set(models) <= {"exact", "nltk-formula", "nltk", "kenlm"}:
        print(__doc__, file=sys.stderr)
        return 2
    if use_venv and ({"nltk", "kenlm"} & set(models)):
        ensure_venv(models)
    report = compare(*files, models, nltk_limit, lmplz)
    print(json.dumps(report, indent=2))
    print()
    print(table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
