# Ladya build targets.
#   make            build the release binary (and copy it to $(EXE) when given: OpenBench's convention;
#                   EVALFILE=net.lnn embeds that net)
#   make native     the same, tuned for this machine's CPU (not portable)
#   make trainer    a build for `ladya train` tuned for this machine's CPU, in
#                   target/native/release/ladya (the engine's own build stays portable)
#   make test       every test, as CI runs it: cargo test (and the SPSA tune build's
#                   parameter tests), then a few games
#                   against Stockfish through scripts/conformance.py
#                   (needs python3 with python-chess, and stockfish; the data
#                   is all in tests/data, nothing from ../shared)
#   make perft      every perft suite at its full published depth (the 960
#                   Chess960 positions to depth 6 are 507 G nodes: about 1.5 hours
#                   on one core)
#   make perft-speed  start position perft 6 and Kiwipete perft 5, beside Stockfish's go perft
#                   (scripts/perft_speed.py: python3)
#   make bench      the fixed-depth search benchmark
#   make tb-endgames  won tablebase endings played out against Stockfish (python-chess)
#   make ledger     a line in docs/reliability.md for a finished match (scripts/ledger.py)

CARGO ?= cargo
# EVALFILE=path embeds that net instead of nets/default.lnn (build.rs).
export EVALFILE
BIN := target/release/ladya

.PHONY: all native trainer test perft perft-speed bench tb-endgames clean

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

# About 25% more training samples a second than the portable build, with the
# same losses (docs/nnue.md, The trainer); kept apart so that `make` stays portable.
trainer:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release --target-dir target/native

test:
	$(CARGO) test
	$(CARGO) test --features tune --target-dir target/tune --lib params
	$(CARGO) test --release --test conformance -- --ignored --nocapture --test-threads=1
	python3 scripts/test_ledger.py
	python3 scripts/test_calibrate_elo.py

perft: all
	$(BIN) perft --epd perft-suites/standard.epd
	$(BIN) perft --epd perft-suites/tricky.epd
	$(BIN) perft --epd perft-suites/edge-cases.epd
	$(BIN) perft --epd perft-suites/random.epd
	$(BIN) perft --epd perft-suites/en-passant.epd
	$(BIN) perft --epd perft-suites/double-chess960.epd
	$(BIN) perft --epd perft-suites/chess960.epd

KIWIPETE := r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
STOCKFISH ?= /usr/games/stockfish

perft-speed: all
	$(BIN) perft 6
	$(BIN) perft 5 --fen "$(KIWIPETE)"
	@if [ -x $(STOCKFISH) ]; then \
	  echo "Best of 3, Stockfish timed inside its process (start-up not counted):"; \
	  python3 scripts/perft_speed.py --ladya $(BIN) --stockfish $(STOCKFISH) --runs 3; \
	fi

bench: all
	$(BIN) bench

# Won Syzygy endings (KBN v K, KR v K, KQ v KR) against Stockfish without tables.
tb-endgames: all
	python3 scripts/tb_endgames.py --ladya $(BIN) --stockfish $(STOCKFISH) --syzygy tests/data/syzygy --games 5

# A line in docs/reliability.md for a finished match (scripts/ledger.py):
#   make ledger PGN=games.pgn [LOG=fastchess.log] [NAME="what the match was"] [NOTE="..."]
# PGN and LOG may name several files each.
.PHONY: ledger
ledger: all
	python3 scripts/ledger.py --ladya $(BIN) $(foreach f,$(PGN),--pgn $(f)) $(foreach f,$(LOG),--log $(f)) \
	  $(if $(NAME),--name "$(NAME)") $(if $(NOTE),--note "$(NOTE)")

clean:
	$(CARGO) clean
