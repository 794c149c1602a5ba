# KeyGram: the two set-up commands are `make tables` and `make test` (see README.md).
SHELL := /bin/bash
SWIFT ?= swift
CONFIG ?= release
KEYGRAM = .build/$(CONFIG)/keygram
LANGS = $(notdir $(patsubst %/language.json,%,$(wildcard corpora/*/language.json)))

.PHONY: tables test verify bench bench-build bench-runtime bench-size accuracy images corpora deps spark-deps spark-test clean help

help:
	@echo "make tables   build every table in tables/ and Sources/KeyGramTables/ from corpora/"
	@echo "make test     run the test suite"
	@echo "make verify   check tables are normalised, intact and up to date (the CI gate)"
	@echo "make bench    benchmarks: build throughput vs zlib/gzip/Python, runtime ns/op and mallocs"
	@echo "make accuracy the typing simulator: tuning sweep and error rates on held-out text"
	@echo "make images   redraw the README's pictures (docs/images/) with the current tables and defaults"
	@echo "make corpora  re-derive corpora/<lang>/*.gz from their Debian packages"
	@echo "make spark-test  the Spark counting job (spark/keygram_count.py) on local[2] must give tables/en.keygram"

# zlib's headers and pkg-config file are the only system requirement.
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

$(KEYGRAM): deps $(shell find Sources -name '*.swift' -not -path 'Sources/KeyGramTables/*') Package.swift
	$(SWIFT) build -c $(CONFIG) --product keygram

tables: $(KEYGRAM)
	$(KEYGRAM) build --all

# The whole suite in a debug build, then the allocation proofs again as shipped (-c release),
# where generic code is specialised and nothing may allocate.
# Every test is Swift Testing, so XCTest's empty run is switched off.
test: deps
	$(SWIFT) test --disable-xctest
	$(SWIFT) test -c release --disable-xctest --filter Allocation

verify: $(KEYGRAM)
	$(KEYGRAM) verify tables

corpora:
	@for lang in $(LANGS); do bash corpora/$$lang/derive.sh || exit 1; done

bench: bench-build bench-runtime bench-size

bench-build: $(KEYGRAM)
	bash Benchmarks/build-throughput.sh

bench-runtime:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress

# A one-language executable against one with every language, and the tables' clean build time.
bench-size:
	bash Benchmarks/executable-size.sh

accuracy: $(KEYGRAM)
	bash Benchmarks/typing-accuracy.sh

images: $(KEYGRAM)
	$(KEYGRAM) plot hitmap --lang en --after t --out docs/images/hitmap-en-t.svg
	$(KEYGRAM) plot bigrams --lang en --out docs/images/bigrams-en.svg
	$(KEYGRAM) plot learning-curve --lang en --out docs/images/learning-curve-en.svg

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

clean:
	rm -rf .build .build-spark
