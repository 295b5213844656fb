# Chart Workbench. `make run` and `make test` work on a fresh machine: missing system and
# Python packages are installed by scripts/ensure-deps.sh.
SWIFT ?= swift
PORT ?= 8080
HOST ?= 127.0.0.1
PYTEST = python3 -m pytest -q -p no:cacheprovider
# Debug builds keep line tables (a crash's backtrace still names file and line) but not the
# full debug info no one here reads (lldb does not run on this machine): 0.83× the CPU of a
# clean `swift build --build-tests`. Every debug build of the package passes the same flags, or
# SwiftPM would rebuild it all for the other ones.
DEBUG_FLAGS = -Xswiftc -gline-tables-only
# pytest workers for make test (pytest-xdist; Tests/conftest.py groups the tests: a file on one
# worker, the long independent tests of a few files each on its own). Most of the
# suite waits on servers, browsers and kotlinc, so a few workers fit even two cores.
TEST_WORKERS ?= 3

.PHONY: install manual dist contract run build release test unit integration browser fuzz fuzz-seeds bench bench-engine bench-cli bench-server bench-browser bench-import bench-parsers bench-history bench-explore clean

run: release
	.build/release/workbench serve --host $(HOST) --port $(PORT)

release:
	@scripts/ensure-deps.sh run
	$(SWIFT) build -c release --product workbench

build:
	@scripts/ensure-deps.sh run
	$(SWIFT) build $(DEBUG_FLAGS)

# One binary to hand on: the page is built in (Plugins/EmbedPage). `make install PREFIX=…` puts
# it with its man page (swift-argument-parser's generate-manual plugin, which builds the package
# in INSTALL_CONFIG) and bash/zsh/fish completions under PREFIX; `make dist` packs the same tree
# into DIST/workbench-VERSION-linux-ARCH.tar.gz with its SHA-256 sum beside it. The tests pass
# INSTALL_CONFIG=debug to reuse the build they have.
PREFIX ?= /usr/local
INSTALL_CONFIG ?= release
DIST ?= dist
VERSION := $(shell cat VERSION)
PACKAGE_NAME = workbench-$(VERSION)-linux-$(shell uname -m)
MANUAL = .build/plugins/GenerateManual/outputs/Workbench/workbench.1

manual:
	@scripts/ensure-deps.sh run
	$(SWIFT) package $(if $(filter debug,$(INSTALL_CONFIG)),$(DEBUG_FLAGS)) plugin generate-manual --configuration $(INSTALL_CONFIG)

install: manual
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/$(INSTALL_CONFIG)/workbench $(DESTDIR)$(PREFIX)/bin/workbench
	install -m 644 $(MANUAL) $(DESTDIR)$(PREFIX)/share/man/man1/workbench.1
	.build/$(INSTALL_CONFIG)/workbench --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/workbench
	.build/$(INSTALL_CONFIG)/workbench --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_workbench
	.build/$(INSTALL_CONFIG)/workbench --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/workbench.fish

dist:
	rm -rf .build/dist-stage
	$(MAKE) install PREFIX=$(CURDIR)/.build/dist-stage/$(PACKAGE_NAME)
	cp README.md .build/dist-stage/$(PACKAGE_NAME)/
	mkdir -p $(DIST)
	tar -C .build/dist-stage --sort=name --owner=0 --group=0 --numeric-owner -czf $(DIST)/$(PACKAGE_NAME).tar.gz $(PACKAGE_NAME)
	cd $(DIST) && sha256sum $(PACKAGE_NAME).tar.gz > $(PACKAGE_NAME).tar.gz.sha256
	@echo "$(DIST)/$(PACKAGE_NAME).tar.gz and its .sha256"

# Every test: engine unit tests, fuzz seeds, HTTP/CLI integration tests against the real binary,
# browser tests and the HTTP contract, each into its own log under .build; every one must pass,
# and a failing one's log is printed whole. The build needs only run's libraries: what the tests
# add (browser, kotlinc, Python packages) installs beside it, as the fuzz harnesses, which compile
# their own sources, build and run beside it (the package build leaves part of the second core
# idle); the unit tests and the contract run beside pytest, which keeps both cores busy from then on.
test:
	@scripts/ensure-deps.sh run
	@mkdir -p .build; scripts/ensure-deps.sh test-tools > .build/deps.log 2>&1 & deps=$$!; \
	  scripts/fuzz.sh --seeds $(FUZZ_SEED_SECONDS) > .build/fuzz.log 2>&1 & fuzz=$$!; \
	  $(SWIFT) build --build-tests $(DEBUG_FLAGS) || { kill $$fuzz; wait $$deps; exit 1; }; \
	  wait $$deps || { cat .build/deps.log; echo "deps: scripts/ensure-deps.sh test-tools failed (.build/deps.log)"; kill $$fuzz; exit 1; }; \
	  cat .build/deps.log; \
	  $(SWIFT) test --skip-build $(DEBUG_FLAGS) > .build/unit.log 2>&1 & unit=$$!; \
	  CONTRACT_PHASES=fuzzing,stateful scripts/contract.sh .build/debug/workbench $(CONTRACT_EXAMPLES) > .build/contract.log 2>&1 & contract=$$!; \
	  WORKBENCH_BIN=$(CURDIR)/.build/debug/workbench $(PYTEST) -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations=15 Tests/Integration Tests/Browser; tests=$$?; \
	  wait $$unit; unit=$$?; wait $$fuzz; fuzzed=$$?; wait $$contract; agreed=$$?; \
	  if [ $$unit -eq 0 ]; then tail -n 3 .build/unit.log; else cat .build/unit.log; echo "unit: swift test failed (.build/unit.log)"; fi; \
	  if [ $$fuzzed -eq 0 ]; then grep -E "ok|fuzz:" .build/fuzz.log | tail -n 6; else cat .build/fuzz.log; echo "fuzz: a harness failed (.build/fuzz.log)"; fi; \
	  tail -n 25 .build/contract.log; [ $$agreed -eq 0 ] || echo "contract: schemathesis found failures (.build/contract.log)"; \
	  [ $$tests -eq 0 ] && [ $$unit -eq 0 ] && [ $$fuzzed -eq 0 ] && [ $$agreed -eq 0 ]

unit: build
	$(SWIFT) test $(DEBUG_FLAGS)

integration: build
	WORKBENCH_BIN=$(CURDIR)/.build/debug/workbench $(PYTEST) Tests/Integration

browser: build
	WORKBENCH_BIN=$(CURDIR)/.build/debug/workbench $(PYTEST) Tests/Browser

# libFuzzer harnesses in Fuzz/ (see Fuzz/README.md): `make fuzz` mutates each for FUZZ_SECONDS;
# `make test` replays the committed corpus and mutates it for FUZZ_SEED_SECONDS each.
FUZZ_SECONDS ?= 60
# schemathesis examples per API operation (scripts/contract.sh); `make contract` runs every
# phase, `make test` the fuzzing and stateful ones.
CONTRACT_EXAMPLES ?= 5
contract: build
	scripts/contract.sh .build/debug/workbench $(CONTRACT_EXAMPLES)

FUZZ_SEED_SECONDS ?= 3
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-seeds:
	scripts/fuzz.sh --seeds $(FUZZ_SEED_SECONDS)

# Benchmarks, release builds, figures as medians and ratios against baselines run alongside.
bench: bench-engine bench-cli bench-server bench-import bench-parsers bench-history bench-browser bench-explore

bench-engine:
	@scripts/ensure-deps.sh bench
	$(SWIFT) build -c release --product EngineBenchmarks
	.build/release/EngineBenchmarks
	python3 Benchmarks/baselines.py

# The engine commands as whole processes against d3-shape in Node (when D3_SHAPE points at
# d3-shape/src/index.js) and pandas + tsdownsample, same run.
bench-cli: release
	@scripts/ensure-deps.sh bench
	python3 Benchmarks/cli_bench.py .build/release/workbench

bench-server: release
	@scripts/ensure-deps.sh bench
	Benchmarks/server.sh

bench-import: release
	@scripts/ensure-deps.sh bench
	python3 Benchmarks/import_bench.py .build/release/workbench

bench-parsers: release
	@scripts/ensure-deps.sh bench
	python3 Benchmarks/parsers_bench.py .build/release/workbench

bench-history: release
	@scripts/ensure-deps.sh bench
	python3 Benchmarks/history_bench.py .build/release/workbench

bench-browser: release
	@scripts/ensure-deps.sh bench
	python3 Benchmarks/browser_bench.py .build/release/workbench

# Explore learns: simulated studies through the HTTP API against random pairs + Bradley–Terry
# and optuna-dashboard's preferential GP sampler, which lives in the benchmark's own virtual
# environment (never needed to run the workbench), and beside a plain GP with EUBO (numpy, the
# method without the round's choices). Four families of held-out tastes (quadratic, two peaks,
# narrow, ridge); Explore answered by pairs, lines and galleries. EXPLORE_STUDIES (default 20)
# studies per family, OPTUNA_STUDIES and PLAIN_STUDIES (default 5) of them for the slow GPs.
EXPLORE_VENV = .build/explore-bench-venv
$(EXPLORE_VENV)/.installed:
	python3 -m venv $(EXPLORE_VENV)
	@# A CPU build of torch where one is at hand (no CUDA libraries), else PyPI's.
	$(EXPLORE_VENV)/bin/pip install -q "torch==2.13.0+cpu" || $(EXPLORE_VENV)/bin/pip install -q torch
	$(EXPLORE_VENV)/bin/pip install -q optuna-dashboard botorch
	touch $@

bench-explore: release $(EXPLORE_VENV)/.installed
	$(SWIFT) build -c release --product ExploreBenchmarks
	$(EXPLORE_VENV)/bin/python Benchmarks/explore_bench.py .build/release/workbench .build/release/ExploreBenchmarks
	$(EXPLORE_VENV)/bin/python Benchmarks/explore_curve_bound.py

clean:
	rm -rf .build
