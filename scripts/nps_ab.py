#!/usr/bin/env python3
"""Nodes per second of two or more builds, measured in alternation (issue 13).

On a shared machine the speed of the whole machine drifts by 10-20% from
minute to minute, more than most changes being measured. This runs the
engines in turn on each position (the order reversed every other round), each
a fresh process searching for MS milliseconds with Hash 16, ROUNDS times,
and prints the median nodes per second of each position.

  python3 scripts/nps_ab.py MS ROUNDS POSITIONS ENGINE...
  python3 scripts/nps_ab.py 1500 5 1,4,5,6 /tmp/ladya-old target/release/ladya

POSITIONS are numbers of nps_compare.py's six (1-4 middlegames, 5 the pawn
ending, 6 the rook ending).
"""
import os, statistics, subprocess, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nps_compare import POSITIONS as POS  # noqa: E402


def nps(path, fen, ms):
    """The last `nps` an engine reports searching `fen` for `ms` milliseconds."""
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write(f"uci\nsetoption name Hash value 16\nisready\nposition fen {fen}\ngo movetime {ms}\n")
    p.stdin.flush()
    last = 0
    for line in p.stdout:
        words = line.split()
        if "nps" in words:
            last = int(words[words.index("nps") + 1])
        if line.startswith("bestmove"):
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return last


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    ms, rounds = int(sys.argv[1]), int(sys.argv[2])
    chosen = [int(x) for x in sys.argv[3].split(",")]
    engines = sys.argv[4:]
    rates = {e: {p: [] for p in chosen} for e in engines}
    for r in range(rounds):
        for p in chosen:
            for e in engines if r % 2 == 0 else engines[::-1]:
                rates[e][p].append(nps(e, POS[p - 1], ms))
    for e in engines:
        medians = [statistics.median(rates[e][p]) / 1e6 for p in chosen]
        print(f"{e:<24}" + " ".join(f"pos{p}:{m:5.2f}" for p, m in zip(chosen, medians))
              + f"  mean {sum(medians) / len(medians):.3f}", flush=True)


if __name__ == "__main__":
    main()
