#!/usr/bin/env python3
"""Perft speed of Ladya beside Stockfish's `go perft` (issue 13, item 3).

For each position, best of --runs: Ladya's own reported time
(`ladya perft D`), and Stockfish's time inside one running process, from
sending `go perft D` to its `Nodes searched` line, so that its start-up
(and the loading of its net) is not counted, as it would be by timing the
whole process. Both count at the last ply without making the moves (bulk
counting), and neither uses a transposition table. Single-threaded; on a
busy machine take the best of several runs.

  python3 scripts/perft_speed.py --ladya target/release/ladya \
      --stockfish /usr/games/stockfish --runs 3
"""
import argparse, re, subprocess, sys, time

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CASES = [("start position", None, 6), ("Kiwipete", KIWIPETE, 5)]


def ladya_time(exe, fen, depth):
    args = [exe, "perft", str(depth)] + (["--fen", fen] if fen else [])
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    nodes = int(re.search(r"Nodes searched: (\d+)", out).group(1))
    seconds = float(re.search(r"Time: ([0-9.]+) s", out).group(1))
    return nodes, seconds


def stockfish_time(exe, fen, depth):
    p = subprocess.Popen([exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def until(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"{exe} ended before '{prefix}'")

    send("uci")
    until("uciok")
    send("position " + (f"fen {fen}" if fen else "startpos"))
    send("isready")
    until("readyok")
    start = time.perf_counter()
    send(f"go perft {depth}")
    line = until("Nodes searched")
    seconds = time.perf_counter() - start
    send("quit")
    p.wait()
    return int(line.split(":")[1]), seconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    print(f"{'position':<16} {'depth':>5} {'nodes':>11}  {'ladya s':>8} {'stockfish s':>11}  ratio")
    for name, fen, depth in CASES:
        ladya = [ladya_time(a.ladya, fen, depth) for _ in range(a.runs)]
        fish = [stockfish_time(a.stockfish, fen, depth) for _ in range(a.runs)]
        nodes = {n for n, _ in ladya} | {n for n, _ in fish}
        if len(nodes) != 1:
            sys.exit(f"{name}: the node counts differ: {sorted(nodes)}")
        lt = min(s for _, s in ladya)
        ft = min(s for _, s in fish)
        print(f"{name:<16} {depth:>5} {nodes.pop():>11}  {lt:>8.3f} {ft:>11.3f}  "
              f"{ft / lt:.2f}x")


if __name__ == "__main__":
    main()
