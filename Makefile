# OpenBench-style entry points.
#   make                 optimised native binary at ./tvilling (or EXE=path); FEATURES=tune
#                        makes a tuning build (docs/tuning.md)
#   make test            everything CI runs: format, lints, Rust tests, bench signatures,
#                        client tests
#   make bench           chess search bench (node count + speed)
#   make bench-check     each game's bench node count against the commit messages
#   make perft-bench     our chess perft against Stockfish's, side by side
#   make perft-bench-draughts
#   make windows         tvilling.exe for Windows GUIs such as Arena (cross-built here)
#   make windows-test    that .exe under Wine through python-chess (not part of `make test`)
#   make dist            release archives for Linux (x86-64, aarch64) and Windows in dist/
#   make portable-test   those builds under emulated older CPUs (not part of `make test`)
#   make fuzz            each fuzz target for FUZZ_SECONDS (nightly + cargo-fuzz; not in `make test`)

EXE ?= tvilling
CARGO ?= cargo
# Cargo features of `make build`: `tune` exposes the search's constants as UCI options.
FEATURES ?=
BIN := target/release/tvilling
# Client libraries for the protocol tests. pydraughts and py-draughts both install a
# package named `draughts`, so each gets its own virtual environment.
VENV := target/venv
VENV_PYD2 := target/venv-py-draughts
PYTEST_ARGS ?= -q
# Seconds any one client test may run (pytest-timeout): a hung engine fails its test
# instead of hanging CI. The longest test, a whole game on clocks, takes about a minute.
PYTEST_TIMEOUT ?= 300

.PHONY: all build test lint rust-test bench-check client-test venvs bench perft-bench perft-bench-draughts windows windows-test dist portable-test fuzz clean

all: build

build:
	$(CARGO) build --release $(if $(FEATURES),--features $(FEATURES))
	@if [ "$(EXE)" != "$(BIN)" ]; then cp $(BIN) $(EXE); fi

test: lint rust-test bench-check client-test

# The fuzz targets run only under `make fuzz`, and the tuning build only on a tuner, so here
# they are at least compiled against the engine as it is now.
lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --all-targets -- -D warnings
	$(CARGO) clippy --release --all-targets --features tune -- -D warnings
	$(CARGO) check --manifest-path fuzz/Cargo.toml --bins

rust-test:
	$(CARGO) test --release

# The chess and draughts bench node counts against the newest `Bench: N` and `Draughts
# bench: N` lines of the commit messages (scripts/bench/check_signature.sh): a commit that
# changes play says its figures.
bench-check:
	$(CARGO) build --release
	scripts/bench/check_signature.sh $(BIN)

# The pins live in this file, so a venv made by an older version of it is brought up to date.
$(VENV)/.installed: Makefile
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q --disable-pip-version-check pytest==8.3.4 pytest-timeout==2.4.0 chess==1.11.2 pydraughts==0.6.7
	touch $@

$(VENV_PYD2)/.installed: Makefile
	python3 -m venv $(VENV_PYD2)
	$(VENV_PYD2)/bin/pip install -q --disable-pip-version-check pytest==8.3.4 pytest-timeout==2.4.0 py-draughts==1.10.1
	touch $@

venvs: $(VENV)/.installed $(VENV_PYD2)/.installed

# The draughts engines the client tests start use endgame tables from EGDB, made once here
# (20 s) rather than in the background of every test's engine.
EGDB := target/egdb

client-test: venvs
	$(CARGO) build --release
	$(BIN) dbgen --pieces 4 --dir $(EGDB)
	TVILLING_EGDB=$(abspath $(EGDB)) TVILLING=$(abspath $(BIN)) $(VENV)/bin/python -m pytest --timeout=$(PYTEST_TIMEOUT) $(PYTEST_ARGS) engine-tests/clients
	TVILLING_EGDB=$(abspath $(EGDB)) TVILLING=$(abspath $(BIN)) $(VENV_PYD2)/bin/python -m pytest --timeout=$(PYTEST_TIMEOUT) $(PYTEST_ARGS) engine-tests/py_draughts

bench: build
	$(BIN) bench

perft-bench: build $(VENV)/.installed
	$(VENV)/bin/python scripts/bench/perft_bench.py --engine $(BIN)

perft-bench-draughts: build
	python3 scripts/bench/perft_bench_draughts.py --engine $(BIN)

# Binaries for other machines (scripts/build/portable.sh, docs/builds.md): built for a fixed CPU
# level instead of this machine's, with the NNUE's AVX2 and AVX-512 loops chosen at run time.
# x86-64-v2 runs on every x86-64 PC since about 2009, x86-64-v3 (AVX2) is faster on those
# since about 2015. The Linux builds are static (musl).
DIST_BUILDS := linux-x86-64-v2 linux-x86-64-v3 linux-aarch64 windows-x86-64-v2 windows-x86-64-v3
PORTABLE_BUILDS ?= $(DIST_BUILDS)
PORTABLE := target/portable/bin

# Windows: the .exe and a test of it under Wine. Kept out of `make test`: Wine takes a
# minute to set up and CI gains nothing from it that the Linux tests do not check.
WINDOWS_EXE ?= tvilling.exe
WINDOWS_BUILD ?= windows-x86-64-v2
WINEPREFIX := $(abspath target/wineprefix)

windows:
	scripts/build/portable.sh $(WINDOWS_BUILD) $(abspath $(WINDOWS_EXE))

windows-test: windows $(VENV)/.installed
	@command -v wine >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -q wine wine64; } \
		|| { echo "windows-test needs Wine: apt-get install wine wine64" >&2; exit 1; }
	TVILLING_EXE=$(abspath $(WINDOWS_EXE)) WINEPREFIX=$(WINEPREFIX) $(VENV)/bin/python -m pytest \
		--timeout=$(PYTEST_TIMEOUT) -v -s engine-tests/windows

dist:
	scripts/build/dist.sh $(DIST_BUILDS)

# Each build under qemu-user with older CPUs than this machine's, against the native build,
# and each x86-64 build's instructions read by objdump (engine-tests/portable). Out of
# `make test`: five builds with fat LTO take about ten minutes on two cores.
portable-test: $(VENV)/.installed
	@{ command -v qemu-x86_64 && command -v qemu-aarch64; } >/dev/null \
		|| { [ "$$(id -u)" = 0 ] && { apt-get install -y -q qemu-user || { apt-get update -q && apt-get install -y -q qemu-user; }; }; } \
		|| { echo "portable-test needs qemu-user: apt-get install qemu-user" >&2; exit 1; }
	$(CARGO) build --release
	for build in $(PORTABLE_BUILDS); do \
		case $$build in windows-*) exe=$$build.exe;; *) exe=$$build;; esac; \
		scripts/build/portable.sh $$build $(PORTABLE)/$$exe || exit 1; \
	done
	TVILLING=$(abspath $(BIN)) TVILLING_PORTABLE=$(abspath $(PORTABLE)) \
		TVILLING_PORTABLE_BUILDS="$(PORTABLE_BUILDS)" $(VENV)/bin/python -m pytest \
		--timeout=$(PYTEST_TIMEOUT) $(PYTEST_ARGS) engine-tests/portable

# Fuzzing (fuzz/, a crate of its own): each target in turn for FUZZ_SECONDS, with debug
# assertions and overflow checks on. New inputs go to fuzz/corpus/<target> (not committed),
# the committed seeds are read from fuzz/seeds/<target>, a crash stops with its input in
# fuzz/artifacts/<target>. Longer runs: `cd fuzz && cargo +nightly fuzz run -a <target>`.
# Leak detection is off: a thread that has done its work frees its handle in a thread-local
# destructor, which may run after LeakSanitizer checks at the end of an execution, so any
# target that starts threads (a search, a cleared hash table) reports a few bytes.
FUZZ_TARGETS := chess_fen uci_session draughts_hub dxp nnue_file egdb_file book_file
FUZZ_SECONDS ?= 45

fuzz:
	@command -v cargo-fuzz >/dev/null || { echo "make fuzz needs cargo-fuzz: cargo install cargo-fuzz" >&2; exit 1; }
	@rustup toolchain list | grep -q '^nightly' || { echo "make fuzz needs the nightly toolchain: rustup toolchain install nightly" >&2; exit 1; }
	cd fuzz && for target in $(FUZZ_TARGETS); do \
		mkdir -p corpus/$$target && \
		cargo +nightly fuzz run -a $$target corpus/$$target seeds/$$target -- \
			-max_total_time=$(FUZZ_SECONDS) -timeout=30 -detect_leaks=0 || exit 1; \
	done

clean:
	$(CARGO) clean
