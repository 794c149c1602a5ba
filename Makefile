# KeyGram: the two set-up commands are `make tables` and `make test` (see README.md).
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
KEYGRAM = .build/$(CONFIG)/keygram
# The builder, its CLI and the lab are behind the package trait Builder (Package.swift), so that a
# keyboard depending on the runtime resolves no package; every build here turns it on.
TRAITS = --traits Builder
LANGS = $(notdir $(patsubst %/language.json,%,$(wildcard corpora/*/language.json)))

.PHONY: keygram tables canonical-pairs test verify workflows docs check-docs bench bench-build bench-count bench-runtime bench-size bench-merge accuracy images corpora deps spark-deps spark-test fuzz fuzz-smoke fuzz-build fuzz-deps clean help

help:
	@echo "make keygram  build the CLI (.build/release/keygram), with ISA-L where its header is installed"
	@echo "make tables   build every table in tables/ and Sources/KeyGramTables/ from corpora/"
	@echo "make test     run the test suite"
	@echo "make canonical-pairs  regenerate the runtime's canonical pairs (Sources/KeyGram/Text/generated/) from Python's Unicode data"
	@echo "make verify   check tables are normalised, intact and up to date (the CI gate)"
	@echo "make check-docs  redraw the pictures and recheck docs/CLI.md's inspect example: fails when the docs drift"
	@echo "make docs     the runtime's API reference (DocC) in .build-docs/KeyGram.doccarchive; fails on a broken link"
	@echo "make workflows  a table from your own text verified as your CI would, and a language added to a copy of the repository"
	@echo "make bench    benchmarks: build throughput vs zlib/gzip/Python, runtime ns/op and mallocs"
	@echo "make bench-count  the count stage's instructions per byte against its baseline (valgrind; CI runs it)"
	@echo "make accuracy the typing simulator: tuning sweep and error rates on held-out text"
	@echo "make images   redraw the pictures of README and docs/Simulator.md (docs/images/) with the current tables and defaults"
	@echo "make corpora  re-derive corpora/<lang>/*.gz from their Debian packages"
	@echo "make spark-test  the Spark counting job (spark/keygram_count.py) on local[2] must give tables/en.keygram"
	@echo "make fuzz     libFuzzer + ASan on every parser, FUZZ_SECONDS (600) each; make fuzz-smoke: 20 s each"

# zlib's headers and pkg-config file are required. Intel ISA-L (libisal-dev; isal gives
# `igzip`, the benchmarks' baseline) is optional: keygram opens libisal.so.2 at run time and
# inflates with zlib where it is missing, so a missing ISA-L is a warning, unless REQUIRE_ISAL=1
# (CI) makes it an error.
REQUIRE_ISAL ?= 0
deps:
	@if ! pkg-config --exists zlib 2>/dev/null; then \
	  echo "KeyGram needs zlib's development files (Debian/Ubuntu package zlib1g-dev)."; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing zlib1g-dev and pkg-config with apt-get..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zlib1g-dev pkg-config; \
	  else \
	    echo "Install it with: sudo apt-get install zlib1g-dev pkg-config"; exit 1; \
	  fi; \
	fi
	@if ! pkg-config --exists libisal 2>/dev/null || ! command -v igzip >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Intel ISA-L (libisal-dev, isal) with apt-get..."; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libisal-dev isal) \
	      || echo "warning: apt-get could not install libisal-dev isal"; \
	  else \
	    echo "warning: Intel ISA-L is not installed: keygram inflates gzip with zlib, about 2.5 times slower (docs/Pipeline.md); install it with: sudo apt-get install libisal-dev isal"; \
	  fi; \
	  if ! pkg-config --exists libisal 2>/dev/null; then \
	    if [ "$(REQUIRE_ISAL)" = 1 ]; then echo "ISA-L (libisal-dev) is required here (REQUIRE_ISAL=1)"; exit 1; fi; \
	    echo "warning: building without ISA-L: gzip corpora are inflated with zlib; the tests skip ISA-L's cases"; \
	  fi; \
	fi

# Whether ISA-L's header is installed, told to Package.swift (a define for Sources/CIsal), so a build
# after libisal-dev was installed (or removed) compiles CIsal again: __has_include alone is asked only
# when something else makes it compile. Asked when the recipe runs, after deps may have installed it.
# Tests/Build/isal-header.sh checks it: a build without the header, then make.
ISAL_HEADER = KEYGRAM_ISAL_HEADER=$$(pkg-config --exists libisal 2>/dev/null && echo 1 || echo 0)

# deps is phony, so this recipe runs every time and SwiftPM decides what is out of date.
$(KEYGRAM): deps $(shell find Sources -name '*.swift' -not -path 'Sources/KeyGramTables/*') $(wildcard Sources/CIsal/*.c Sources/CIsal/include/*.h) Package.swift
	$(ISAL_HEADER) $(SWIFT) build $(TRAITS) -c $(CONFIG) --product keygram

keygram: $(KEYGRAM)

tables: $(KEYGRAM)
	$(KEYGRAM) build --all

# The runtime's composition table (Sources/KeyGram/Text/generated/CanonicalPairs.swift), made from
# the running Python's Unicode data; its banner names the command and the Unicode version.
# make test checks it is current: the tool's --check where Python has the file's Unicode version,
# and CanonicalPairsTests on any machine (Foundation's normalisation, scalars of that version).
canonical-pairs:
	python3 tools/canonical-pairs.py Sources/KeyGram/Text/generated/CanonicalPairs.swift

# The runtime's and the lab's tests in a debug build, where every fixed buffer and table read is
# bounds-checked; then, as shipped (-c release), the allocation proofs, where generic code is
# specialised and nothing may allocate, and the builder's and the CLI's tests, which stream real
# corpora and build whole tables (about six times faster optimised). Every test runs once.
# Every test is Swift Testing, so XCTest's empty run is switched off.
# The builder's stages depend one way only (docs/Pipeline.md); the script fails on a use that flows back.
# ISA-L's test cases run where libisal loads; without it InflaterTests fails unless
# KEYGRAM_ALLOW_NO_ISAL=1, which make sets unless REQUIRE_ISAL=1.
RELEASE_SUITES = KeyGramPipelineTests\.|KeygramCLITests\.
test: deps
	python3 Tests/Layers/check-stage-order.py
	python3 tools/canonical-pairs.py --check
	bash Tests/Fuzz/check-smoke-ledger.sh
	$(ISAL_HEADER) $(SWIFT) test $(TRAITS) --disable-xctest --skip '$(RELEASE_SUITES)'
	$(ISAL_HEADER) KEYGRAM_ALLOW_NO_ISAL=$(if $(filter 1,$(REQUIRE_ISAL)),0,1) $(SWIFT) test $(TRAITS) -c release --disable-xctest \
	  --filter 'Allocation|$(RELEASE_SUITES)'

verify: $(KEYGRAM)
	$(KEYGRAM) verify tables

# The user's workflows (Tests/Workflows): a keyboard's package that depends on the runtime and
# resolves no package; a table built from one's own text and verified as another repository's CI
# would; a language added to a copy of this repository, built twice, verified, simulated, tested.
workflows: $(KEYGRAM)
	bash Tests/Workflows/consumer.sh
	bash Tests/Workflows/own-table.sh
	bash Tests/Workflows/add-language.sh

# The runtime's API reference, with the toolchain's own docc (no plugin, so consumers resolve
# nothing): symbol graphs of KeyGram alone, then the catalogue; a broken symbol link, a missing
# article or an undocumented public declaration fails.
DOCS = .build-docs
docs:
	rm -rf $(DOCS)/symbol-graphs && mkdir -p $(DOCS)/symbol-graphs
	$(SWIFT) build --target KeyGram --scratch-path $(DOCS)/scratch \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS)/symbol-graphs
	python3 Tests/Docs/undocumented.py $(DOCS)/symbol-graphs
	docc convert Sources/KeyGram/KeyGram.docc --additional-symbol-graph-dir $(DOCS)/symbol-graphs \
	  --fallback-display-name KeyGram --fallback-bundle-identifier org.keygram.KeyGram \
	  --output-path $(DOCS)/KeyGram.doccarchive --warnings-as-errors
	@echo "API reference: $(DOCS)/KeyGram.doccarchive"

# What the docs show that can be made again (pictures, docs/CLI.md's inspect example) is made again
# and compared; README and docs/ must not speak of development history.
check-docs: $(KEYGRAM)
	bash Tests/Docs/check-docs.sh

# A language folder without derive.sh (it is optional: docs/Languages.md) is skipped with a message.
corpora:
	@for lang in $(LANGS); do \
	  if [ -f corpora/$$lang/derive.sh ]; then bash corpora/$$lang/derive.sh || exit 1; \
	  else echo "corpora/$$lang: no derive.sh, skipped (its corpus is kept as it is)"; fi; \
	done

bench: bench-build bench-count bench-runtime bench-size bench-merge

bench-build: $(KEYGRAM)
	bash Benchmarks/build-throughput.sh

# Instructions per byte of the count stage under callgrind, against Benchmarks/count-instructions.baseline.
bench-count: $(KEYGRAM)
	bash Benchmarks/count-instructions.sh

bench-runtime:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

# Peak memory of merge and build --counts over 2, 20 and 200 shards of the English corpus.
bench-merge: $(KEYGRAM)
	bash Benchmarks/merge-memory.sh

# A one-language executable against one with every language, and the tables' clean build time.
bench-size:
	bash Benchmarks/executable-size.sh

accuracy: $(KEYGRAM)
	bash Benchmarks/typing-accuracy.sh

images: $(KEYGRAM)
	$(KEYGRAM) plot hitmap en --after t --out docs/images/hitmap-en-t.svg
	$(KEYGRAM) plot bigrams en --out docs/images/bigrams-en.svg
	$(KEYGRAM) plot learning-curve en --out docs/images/learning-curve-en.svg

# The Spark job needs Java 17 (Debian's openjdk-17-jre-headless) and pyspark 4, from pip, in a
# venv under .build-spark (ignored by git).
SPARK_VENV = .build-spark/venv
spark-deps:
	@if ! command -v java >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing openjdk-17-jre-headless with apt-get..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jre-headless; \
	  else \
	    echo "The Spark test needs Java 17: sudo apt-get install openjdk-17-jre-headless"; exit 1; \
	  fi; \
	fi
	@if ! python3 -c 'import ensurepip' 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
	  else \
	    echo "The Spark test needs Python's venv: sudo apt-get install python3-venv"; exit 1; \
	  fi; \
	fi
	@test -x $(SPARK_VENV)/bin/python || python3 -m venv $(SPARK_VENV)
	@$(SPARK_VENV)/bin/python -c 'import pyspark' 2>/dev/null || $(SPARK_VENV)/bin/pip install -q 'pyspark>=4,<5'

spark-test: $(KEYGRAM) spark-deps
	$(SPARK_VENV)/bin/python spark/test_keygram_count.py

# Coverage-guided fuzzing (Tests/Fuzz/README.md): one libFuzzer executable, built with
# AddressSanitizer in its own scratch folder so the normal build stays warm. SwiftPM passes
# -sanitize=fuzzer and -sanitize=address to swiftc as two flags, and the last one wins (no
# coverage at all), so the combined flag is passed again after them.
FUZZ_SECONDS ?= 600
FUZZ_JOBS ?= $(shell nproc)
FUZZ_RUNS ?= -1
FUZZ_TARGETS = table verifier gzip letters manifest freqlist countfile touchmodel wordhistory worddecoder typingengine

# libFuzzer's runtime ships with the swift.org toolchain; a toolchain without it gets Debian's.
fuzz-deps:
	@echo '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>, _ n: Int) -> CInt { 0 }' > /tmp/keygram-fuzz-probe.swift
	@if ! $(SWIFT)c -sanitize=fuzzer,address -parse-as-library /tmp/keygram-fuzz-probe.swift -o /tmp/keygram-fuzz-probe >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "swiftc -sanitize=fuzzer cannot link; installing libclang-rt-dev for libclang_rt.fuzzer..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-rt-dev; \
	    swiftlib=$$($(SWIFT)c -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p'); \
	    resource=$$(ls -d "$$swiftlib"/../clang/*/lib/linux | head -1); \
	    for lib in /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer*-x86_64.a; do \
	      [ -f "$$resource/$$(basename $$lib)" ] || cp "$$lib" "$$resource/"; done; \
	  fi; \
	  $(SWIFT)c -sanitize=fuzzer,address -parse-as-library /tmp/keygram-fuzz-probe.swift -o /tmp/keygram-fuzz-probe \
	    || { echo "swiftc -sanitize=fuzzer does not work: this Swift toolchain lacks libclang_rt.fuzzer"; exit 1; }; \
	fi
	@rm -f /tmp/keygram-fuzz-probe /tmp/keygram-fuzz-probe.swift

fuzz-build: deps fuzz-deps
	$(ISAL_HEADER) KEYGRAM_FUZZ=1 $(SWIFT) build $(TRAITS) -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
	  --product keygram-fuzz --scratch-path .build-fuzz

# FUZZ_JOBS targets at a time (default: every core); FUZZ_RUNS stops a target at that many executions.
# FUZZ_LEDGER: the record each run appends to; the committed one for campaigns, one under
# .build-fuzz for smoke runs, so CI changes no tracked file.
FUZZ_LEDGER ?= Tests/Fuzz/ledger.tsv
fuzz: fuzz-build
	FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_LEDGER=$(FUZZ_LEDGER) bash Tests/Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=20 FUZZ_LEDGER=.build-fuzz/smoke-ledger.tsv

clean:
	rm -rf .build .build-spark .build-fuzz
