#!/usr/bin/env python3
"""Nodes per second of several UCI engines on the same positions (issue 13).

Each engine searches each position for --seconds on one thread with Hash 16
(fresh hash: `ucinewgame` first); the figure is the engine's own last
reported node count over its reported time. Run it on an idle machine.

  python3 scripts/nps_compare.py --seconds 2 \
      ladya=target/release/ladya toga=/usr/games/toga2 ethereal=/usr/games/ethereal-chess \
      glaurung=/usr/games/glaurung
"""
import argparse, sys
import chess, chess.engine

POSITIONS = [
    # Middlegames.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP2PPP/R2Q1RK1 w - - 0 12",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1P2PN2/PB1NBPPP/2RQ1RK1 w - - 0 12",
    # Endgames.
    "8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 w - - 0 1",
    "8/5pk1/6p1/3R4/7P/6P1/r4PK1/8 w - - 0 1",
]

OPTIONS = {
    "glaurung": {"Threads": 1, "OwnBook": False},
    "toga": {"Number of Threads": 1, "OwnBook": False},
}


def measure(path, name, seconds):
    engine = chess.engine.SimpleEngine.popen_uci(path)
    opts = {"Hash": 16}
    opts.update({k: v for k, v in OPTIONS.get(name, {}).items() if k in engine.options})
    if "Threads" in engine.options and "Threads" not in opts:
        opts["Threads"] = 1
    engine.configure(opts)
    rates = []
    for fen in POSITIONS:
        info = engine.analyse(chess.Board(fen), chess.engine.Limit(time=seconds), game=object())
        nodes, t = info.get("nodes", 0), info.get("time", 0)
        rates.append(nodes / t if t else 0)
    engine.quit()
    return rates


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("engines", nargs="+", help="name=path")
    args = ap.parse_args()
    print("engine      " + " ".join(f"{'pos' + str(i + 1):>8}" for i in range(len(POSITIONS))) + "     mean")
    for spec in args.engines:
        name, _, path = spec.partition("=")
        rates = measure(path, name, args.seconds)
        mean = sum(rates) / len(rates)
        print(f"{name:<11} " + " ".join(f"{r / 1e6:7.2f}M" for r in rates) + f" {mean / 1e6:7.2f}M", flush=True)


if __name__ == "__main__":
    sys.exit(main())
