# Ladya build targets.
#   make            build the release binary (and copy it to $(EXE) when given: OpenBench's convention)
#   make native     the same, tuned for this machine's CPU (not portable)
#   make test       every test, as CI runs it: cargo test, then a few games
#                   against Stockfish through ../shared/tools/match.py
#                   (needs python3 with python-chess, and stockfish)
#   make perft      every perft suite at its full published depth (minutes)
#   make bench      the fixed-depth search benchmark

CARGO ?= cargo
BIN := target/release/ladya

.PHONY: all native test perft bench clean

all:
	$(CARGO) build --release
ifdef EXE
	cp $(BIN) $(EXE)
endif

native:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release
ifdef EXE
	cp $(BIN) $(EXE)
endif

test:
	$(CARGO) test
	$(CARGO) test --release --test conformance -- --ignored --nocapture --test-threads=1

perft: all
	$(BIN) perft --epd perft-suites/standard.epd
	$(BIN) perft --epd perft-suites/tricky.epd
	$(BIN) perft --epd perft-suites/edge-cases.epd

bench: all
	$(BIN) bench

clean:
	$(CARGO) clean
