#!/usr/bin/env python3
"""SPSA tuning of the search's parameters with fastchess (issue 25, item 8).

OpenBench's method (Spall's SPSA with OpenBench's schedule): at iteration k
every parameter is pushed by +c_k or -c_k at random; an engine with all the
pushes added (`plus`) plays a few game pairs against one with them all
subtracted (`minus`); each parameter then moves by r_k * c_k * (wins - losses)
in the direction of its push. With n iterations, A = a_ratio * n, and
OpenBench's exponents alpha = 0.602, gamma = 0.101:

    c = c_end * n^gamma            c_k = c / k^gamma
    a = r_end * c_end^2 * (A + n)^alpha    a_k = a / (A + k)^alpha
    r_k = a_k / c_k^2

so that the push ends at c_end and the learning rate at r_end.

The engine is a tune build (`cargo build --release --features tune
--target-dir target/tune`), whose every `search::params` constant is a UCI
spin option; the parameters, their ranges and c_end come from its
`spsa-params` command (OpenBench's input format), r_end from --r-end.
Integer values are rounded when sent. Games are played at a fixed node
count by default (load-independent, so datagen may run beside at nice 19).

The state (iteration, values, game counts) is kept in --state after each
iteration, so that a run stopped at a session's end resumes where it was:
run the same command again. Each iteration's values are appended to
<state>.csv, its games to <state>.pgn and fastchess's warnings to
<state>.log (for scripts/ledger.py).

    scripts/spsa.py --engine target/tune/release/ladya \\
        --iterations 5000 --pairs 4 --nodes 20000 --state /work/spsa/state.json

Prints the values every --report iterations, and at the end the lines
`name, value` to set as the new defaults (to be confirmed by an SPRT).
"""

import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

ALPHA = 0.602
GAMMA = 0.101


def read_params(engine, only):
    out = subprocess.run([engine, "spsa-params"], capture_output=True, text=True, check=True)
    params = []
    for line in out.stdout.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) < 6:
            continue
        name, kind, default, lo, hi, c_end = fields[:6]
        if only and name not in only:
            continue
        params.append(
            {
                "name": name,
                "int": kind == "int",
                "default": float(default),
                "min": float(lo),
                "max": float(hi),
                "c_end": float(c_end),
            }
        )
    missing = set(only or []) - {p["name"] for p in params}
    if missing:
        sys.exit(f"spsa.py: no such parameter: {', '.join(sorted(missing))}")
    return params


def schedule(p, k, n, r_end, a_ratio):
    """c_k and r_k of parameter p at iteration k (1-based) of n."""
    big_a = a_ratio * n
    c = p["c_end"] * n**GAMMA
    a = r_end * p["c_end"] ** 2 * (big_a + n) ** ALPHA
    c_k = c / k**GAMMA
    a_k = a / (big_a + k) ** ALPHA
    return c_k, a_k / c_k**2


def sent(p, v):
    v = min(max(v, p["min"]), p["max"])
    return int(round(v)) if p["int"] else v


RESULT = re.compile(r"Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)")


def play(args, plus, minus, seed, workdir):
    """Game pairs between the two settings; (wins, losses, draws) of plus."""

    def engine(name, values):
        opts = [f"option.{k}={v}" for k, v in values.items()]
        return ["-engine", f"cmd={os.path.abspath(args.engine)}", f"name={name}", *opts]

    limit = [f"tc={args.tc}"] if args.tc else ["tc=inf", f"nodes={args.nodes}"]
    cmd = [
        os.path.abspath(args.fastchess),
        *engine("plus", plus),
        *engine("minus", minus),
        "-each", *limit, "option.Hash=16", "option.Threads=1",
        "-openings", f"file={os.path.abspath(args.book)}", "format=epd", "order=random",
        "-srand", str(seed),
        "-repeat", "-rounds", str(args.pairs), "-games", "2",
        "-concurrency", str(args.concurrency),
        "-recover",
        # Every game kept for the ledger (fastchess appends to both files).
        "-pgnout", f"file={os.path.abspath(args.state)}.pgn",
        "-log", f"file={os.path.abspath(args.state)}.log", "level=warn",
    ]  # fmt: skip
    if args.adjudicate:
        cmd += ["-draw", "movenumber=40", "movecount=8", "score=10"]
        cmd += ["-resign", "movecount=3", "score=600", "twosided=true"]
    out = subprocess.run(cmd, cwd=workdir, capture_output=True, text=True)
    found = RESULT.findall(out.stdout)
    if out.returncode != 0 or not found:
        sys.exit(f"spsa.py: fastchess failed ({out.returncode}):\n{out.stdout[-2000:]}{out.stderr[-2000:]}")
    games, wins, losses, draws = map(int, found[-1])
    if games != 2 * args.pairs:
        print(f"spsa.py: {games} games of {2 * args.pairs}", file=sys.stderr)
    return wins, losses, draws


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.normpath(os.path.join(here, "..", "..", "shared"))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="a tune build of ladya")
    ap.add_argument("--state", required=True, help="JSON state file (created, or resumed)")
    ap.add_argument("--iterations", type=int, default=5000)
    ap.add_argument("--pairs", type=int, default=4, help="game pairs an iteration")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--tc", help="a time control instead of --nodes, e.g. 4+0.04")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--r-end", type=float, default=0.002)
    ap.add_argument("--a-ratio", type=float, default=0.1)
    ap.add_argument("--only", help="comma-separated parameter names (default: all)")
    ap.add_argument("--report", type=int, default=50, help="print the values every N iterations")
    ap.add_argument("--adjudicate", action="store_true", help="fishtest-style draw and resign adjudication")
    ap.add_argument("--book", default=os.path.join(shared, "data", "books", "openings.epd"))
    ap.add_argument("--fastchess", default=os.path.join(shared, "tools", "fastchess"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    only = args.only.split(",") if args.only else None
    params = read_params(args.engine, only)
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if sorted(state["values"]) != sorted(p["name"] for p in params):
            sys.exit("spsa.py: the state file holds other parameters")
        if state["iterations"] != args.iterations:
            sys.exit("spsa.py: the state file was started with other --iterations")
    else:
        state = {
            "iterations": args.iterations,
            "done": 0,
            "values": {p["name"]: p["default"] for p in params},
            "wins": 0,
            "losses": 0,
            "draws": 0,
        }
    rng = random.Random(args.seed * 1_000_003 + state["done"])
    workdir = tempfile.mkdtemp(prefix="spsa-")
    csv = args.state + ".csv"
    if not os.path.exists(csv):
        with open(csv, "w") as f:
            f.write("iteration,wins,losses,draws," + ",".join(p["name"] for p in params) + "\n")

    n = args.iterations
    while state["done"] < n:
        k = state["done"] + 1
        plus, minus, pushes = {}, {}, {}
        for p in params:
            c_k, r_k = schedule(p, k, n, args.r_end, args.a_ratio)
            delta = rng.choice((-1, 1))
            v = state["values"][p["name"]]
            plus[p["name"]] = sent(p, v + c_k * delta)
            minus[p["name"]] = sent(p, v - c_k * delta)
            pushes[p["name"]] = (c_k, r_k, delta)
        wins, losses, draws = play(args, plus, minus, rng.randrange(1 << 31), workdir)
        for p in params:
            c_k, r_k, delta = pushes[p["name"]]
            v = state["values"][p["name"]] + r_k * c_k * (wins - losses) * delta
            state["values"][p["name"]] = min(max(v, p["min"]), p["max"])
        state["done"] = k
        state["wins"] += wins
        state["losses"] += losses
        state["draws"] += draws
        tmp = args.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(state, f, indent=1)
        os.replace(tmp, args.state)
        with open(csv, "a") as f:
            vals = ",".join(f"{state['values'][p['name']]:.3f}" for p in params)
            f.write(f"{k},{wins},{losses},{draws},{vals}\n")
        if k % args.report == 0 or k == n:
            games = state["wins"] + state["losses"] + state["draws"]
            print(f"iteration {k}/{n}, {games} games", flush=True)
            for p in params:
                print(f"  {p['name']:<20} {state['values'][p['name']]:9.2f}  (default {p['default']:g})", flush=True)
    print("final values:")
    for p in params:
        print(f"{p['name']}, {sent(p, state['values'][p['name']])}")


if __name__ == "__main__":
    main()
