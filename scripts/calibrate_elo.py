#!/usr/bin/env python3
"""Calibrate Ladya's UCI_Elo against Stockfish 15.1's UCI_Elo ladder (issue 47).

Plays a ladder of Ladya strength knobs against Stockfish 15.1 at UCI_LimitStrength
anchors, fits Elo as a smooth monotone function of the knob by maximum likelihood over
all games, and writes the table that the engine reads (src/search/skill_table.rs).

The knob is log2 of Ladya's node budget per move; the engine ties the move-choice
weakness to it (src/search/skill.rs), and the `Skill Nodes` option sets it directly
(nodes = round(2^knob)). `full` in --knobs is Ladya at full strength (no limit), whose
Elo sets the top of the table (rounded down to 50).

Every pairing (a "cell": knob x anchor x time control) is a run of fastchess game pairs
(each opening with both colours, openings in book order), its PGN kept under
RESULTS/pgn/. Running the tool again plays only what is missing up to --games per cell
and continues with the next openings, so a ladder can be run in stages and stopped
at any time; every run refits over ALL games in RESULTS.

  # Stage 1: a coarse scan.
  python3 scripts/calibrate_elo.py --results ../calib --knobs 6,8,10,12,14,16,18,20,full \\
      --anchors 1350,1600,2000,2400,2850 --games 20 --tc 10+0.1 --concurrency 2
  # Stage 2: more games, only where a knob's score is informative (anchors within
  # 300 of its fitted Elo so far), and the table written into the engine.
  python3 scripts/calibrate_elo.py --results ../calib --knobs 6,8,10,12,14,16,18,20,full \\
      --anchors 1350,1600,1800,2000,2200,2400,2600,2850 --near 300 --games 100 \\
      --tc 10+0.1 --anchor-tc 2600=depth,2700=depth,2850=depth --concurrency 2 --table src/search/skill_table.rs
  # Refit and report only:
  python3 scripts/calibrate_elo.py --results ../calib --games 0
  # After a new net, the short re-run (docs/strength-limit.md): three budgets and full
  # strength, two anchors each, and the old curve's shape refitted with a shift.
  python3 scripts/calibrate_elo.py --results ../calib-r8 --shift-of ../calib/fit.json ...

Needs fastchess (--fastchess) and Stockfish 15.1 (--stockfish); the fit is pure Python.
Stockfish's limited levels are depth-bound: Stockfish 15.1 searches with the clock as
usual but plays the move that it picks at depth 1 + level (level from UCI_Elo, its
Skill struct), so a clock too fast to reach that depth plays weaker than the label.
The report checks that depth from the PGNs (each Stockfish move's depth); give a slower
--anchor-tc to an anchor that misses it, or ANCHOR=depth (no clock: exactly its pick depth).

Validation (Ladya with UCI_LimitStrength at each label against Stockfish at that label,
the build with the new table, its own results folder):
  python3 scripts/calibrate_elo.py --results ../calib-val --validate 1600,2000,2400,2450 \\
      --games 100 --tc 10+0.1 --anchor-tc 2400=depth,2450=depth --concurrency 2
"""
import argparse
import datetime
import hashlib
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from elo_fit import (Curve, chi2_sf, fit_curve, floor50, loglik,  # noqa: E402
                     own_estimate, table_rows)

SF_MIN_ELO, SF_MAX_ELO = 1350, 2850
DEFAULT_BOOK = "../shared/data/books/openings.epd"


# ---------------------------------------------------------------------------------------
# Stockfish 15.1's UCI_Elo -> Skill level (search.cpp, struct Skill; Stockfish PR #2225)
# ---------------------------------------------------------------------------------------
def sf_level(elo):
    return min(20.0, max(0.0, ((elo - 1346.6) / 143.4) ** (1 / 0.806)))


def sf_pick_depth(elo):
    """The iteration at which Stockfish 15.1 picks its move: depth 1 + int(level)."""
    return 1 + int(sf_level(elo))


def sf_refit_ccrl_blitz(elo):
    """What Stockfish's January 2023 refit (PR #4341, commit a08b8d4) says 15.1's
    level at this UCI_Elo plays at, in CCRL Blitz Elo: its cubic level(Elo) inverted."""
    level = sf_level(elo)

    def new_level(e):
        x = (e - 1320) / (3190 - 1320)
        return ((37.2473 * x - 40.8525) * x + 22.2943) * x - 0.311438

    lo, hi = 1320.0, 3190.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if new_level(mid) < level else (lo, mid)
    return lo


# ---------------------------------------------------------------------------------------
# Players, cells and the results folder
# ---------------------------------------------------------------------------------------
def knob_nodes(knob):
    return max(1, int(round(2.0 ** knob)))


def player_name(nodes, label=None):
    """A Ladya player's PGN name: ladya-full, ladya-n<nodes>, or ladya-elo<label> (a
    validation game: UCI_LimitStrength on at that UCI_Elo)."""
    if label is not None:
        return f"ladya-elo{label}"
    return "ladya-full" if nodes is None else f"ladya-n{nodes}"


def parse_player(name):
    """PGN name -> ('full', None), ('knob', nodes) or ('label', elo); None for anything else."""
    if name == "ladya-full":
        return ("full", None)
    m = re.fullmatch(r"ladya-(n|elo)(\d+)", name)
    return ({"n": "knob", "elo": "label"}[m.group(1)], int(m.group(2))) if m else None


def parse_anchor(name):
    m = re.fullmatch(r"sf-elo(\d+)", name)
    return int(m.group(1)) if m else None


def parse_tc(text):
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)", text)
    if not m:
        raise SystemExit(f"bad time control '{text}': use base+increment in seconds, e.g. 10+0.1")
    return float(m.group(1)), float(m.group(2))


def split_tc(tc):
    """A cell's clocks: 'L' (both engines) or 'L/sfS' (Stockfish slower) -> (L, S)."""
    ladya, _, sf = tc.partition("/sf")
    return ladya, sf or ladya


def tc_tag(tc):
    return tc.replace("/sf", "_sf").replace("+", "p")


def cell_path(results, nodes, anchor, tc, label=None):
    who = f"elo{label}" if label is not None else "full" if nodes is None else f"n{nodes}"
    return os.path.join(results, "pgn", f"{who}_sf{anchor}_tc{tc_tag(tc)}.pgn")


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def load_book(path):
    """EPD book -> list of position keys (the first four FEN fields), in file order."""
    keys = []
    with open(path) as f:
        for line in f:
            fields = line.split(";")[0].split()
            if len(fields) >= 4:
                keys.append(" ".join(fields[:4]))
    if not keys:
        raise SystemExit(f"no positions in the book {path}")
    return keys


# ---------------------------------------------------------------------------------------
# PGN reading (fastchess's output: tags, SAN moves, one {score/depth time} comment a move)
# ---------------------------------------------------------------------------------------
TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')
DEPTH = re.compile(r"^\s*(?:[+-]?\d+(?:\.\d+)?|[+-]?M\d+)/(\d+)\b")


def read_pgn(path):
    """Yields (tags, comments) for each game in a PGN file; a game starts at its Event tag."""
    tags, body = {}, []
    with open(path, errors="replace") as f:
        for line in f:
            m = TAG.match(line)
            if m and m.group(1) == "Event" and tags:
                yield tags, re.findall(r"\{([^}]*)\}", " ".join(body))
                tags, body = {}, []
            if m:
                tags[m.group(1)] = m.group(2)
            elif line.strip():
                body.append(line.strip())
    if tags:
        yield tags, re.findall(r"\{([^}]*)\}", " ".join(body))


class Game:
    __slots__ = ("player", "nodes", "anchor", "tc", "score", "termination", "loser",
                 "opening", "sf_depths", "path")


def load_games(results):
    """Every finished game under RESULTS/pgn, from Ladya's side."""
    games = []
    folder = os.path.join(results, "pgn")
    if not os.path.isdir(folder):
        return games
    for fname in sorted(os.listdir(folder)):
        if not fname.endswith(".pgn"):
            continue
        tc_m = re.search(r"_tc([\d.]+)p([\d.]+)(?:_sf(?:([\d.]+)p([\d.]+)|d(\d+)))?\.pgn$",
                         fname)
        tc = f"{tc_m.group(1)}+{tc_m.group(2)}" if tc_m else "?"
        if tc_m and tc_m.group(3):
            tc += f"/sf{tc_m.group(3)}+{tc_m.group(4)}"
        elif tc_m and tc_m.group(5):
            tc += f"/sfd{tc_m.group(5)}"  # Stockfish to a fixed depth, no clock
        for tags, comments in read_pgn(os.path.join(folder, fname)):
            white, black, result = tags.get("White", ""), tags.get("Black", ""), tags.get("Result", "*")
            if result not in ("1-0", "0-1", "1/2-1/2"):
                continue
            if parse_player(white):
                ladya, sf, ladya_white = white, black, True
            elif parse_player(black):
                ladya, sf, ladya_white = black, white, False
            else:
                continue
            anchor = parse_anchor(sf)
            if anchor is None:
                continue
            g = Game()
            g.player, g.nodes = parse_player(ladya)
            g.anchor, g.tc, g.path = anchor, tc, fname
            white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            g.score = white_score if ladya_white else 1.0 - white_score
            g.termination = tags.get("Termination", "")
            g.loser = None if g.score == 0.5 else ("ladya" if g.score == 0.0 else "stockfish")
            fen = tags.get("FEN", "")
            g.opening = " ".join(fen.split()[:4]) if fen else None
            # Stockfish's depth on each of its moves: comments alternate sides from the
            # side to move in the FEN.
            white_first = (fen.split()[1] if fen else "w") == "w"
            sf_first = white_first != ladya_white
            g.sf_depths = []
            for i, c in enumerate(comments):
                if (i % 2 == 0) == sf_first:
                    m = DEPTH.match(c)
                    if m:
                        g.sf_depths.append(int(m.group(1)))
            games.append(g)
    return games


# ---------------------------------------------------------------------------------------
# Playing a cell with fastchess
# ---------------------------------------------------------------------------------------
def play_cell(args, engine, nodes, anchor, tc, book_keys, games, dry_run=False, label=None):
    """One cell: a knob (nodes; None is full strength) or, for validation, a UCI_Elo label
    (label; nodes is then unused) against Stockfish at one anchor and clock."""
    path = cell_path(args.results, nodes, anchor, tc, label)
    kind, who = ("label", label) if label is not None else (
        "full" if nodes is None else "knob", nodes)
    mine = [g for g in games if g.player == kind and g.nodes == who and g.anchor == anchor
            and g.tc == tc]
    missing = args.games - len(mine)
    if missing <= 0:
        return 0
    index = {k: i for i, k in enumerate(book_keys)}
    used = [index[g.opening] for g in mine if g.opening in index]
    if len(used) < len(mine):
        raise SystemExit(f"{path}: some openings are not in the book {args.book}; use the book "
                         "that this results folder was started with")
    start = max(used) + 2 if used else 1  # fastchess counts openings from 1
    pairs = (missing + 1) // 2
    if start + pairs - 1 > len(book_keys):
        raise SystemExit(f"{path}: the book has {len(book_keys)} openings, this cell needs "
                         f"{start + pairs - 1}")
    if dry_run:
        print(f"  would play {player_name(nodes, label)} v sf-elo{anchor} at {tc}: {pairs} pair(s) from "
              f"opening {start} ({len(mine)} game(s) already)")
        return 2 * pairs
    ladya_tc, sf_tc = split_tc(tc)
    ladya = ["-engine", f"cmd={engine}", f"name={player_name(nodes, label)}", f"tc={ladya_tc}",
             f"option.Move Overhead={args.ladya_overhead}"]
    if label is not None:
        ladya += ["option.UCI_LimitStrength=true", f"option.UCI_Elo={label}"]
    elif nodes is not None:
        ladya.append(f"option.Skill Nodes={nodes}")
    # "d<N>": Stockfish searches to depth N (its pick depth) with no clock: it plays the
    # move it would pick at any clock that reaches N, and spends nothing past it.
    sf_limit = f"depth={sf_tc[1:]}" if sf_tc.startswith("d") else f"tc={sf_tc}"
    sf = ["-engine", f"cmd={os.path.abspath(args.stockfish)}", f"name=sf-elo{anchor}",
          sf_limit, "option.UCI_LimitStrength=true", f"option.UCI_Elo={anchor}",
          f"option.Move Overhead={args.sf_overhead}"]
    cmd = [os.path.abspath(args.fastchess), *ladya, *sf,
           "-each", "option.Hash=16", "option.Threads=1",
           "-openings", f"file={os.path.abspath(args.book)}", "format=epd", "order=sequential",
           f"start={start}",
           "-repeat", "-rounds", str(pairs), "-concurrency", str(args.concurrency),
           "-recover", "-autosaveinterval", "0", "-ratinginterval", "0",
           "-pgnout", f"file={os.path.abspath(path)}", "append=true"]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    os.makedirs(os.path.join(args.results, "logs"), exist_ok=True)
    log = os.path.join(args.results, "logs", os.path.basename(path)[:-4] + ".log")
    print(f"  play {player_name(nodes, label)} v sf-elo{anchor} at {tc}: {pairs} pair(s) from "
          f"opening {start} ({len(mine)} game(s) already) ...", flush=True)
    began = time.time()
    with open(log, "a") as out:
        out.write(f"\n# {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M:%S}Z "
                  f"{shlex.join(cmd)}\n")
        out.flush()
        # In the logs folder: fastchess leaves its config.json in its working folder.
        rc = subprocess.call(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=os.path.dirname(log))
    took = time.time() - began
    meta_path = os.path.join(args.results, "timing.json")
    timing = json.load(open(meta_path)) if os.path.exists(meta_path) else []
    timing.append({"cell": os.path.basename(path), "games": 2 * pairs, "seconds": round(took, 1),
                   "concurrency": args.concurrency})
    json.dump(timing, open(meta_path, "w"), indent=1)
    if rc != 0:
        raise SystemExit(f"fastchess exited with {rc}; see {log}")
    return 2 * pairs


def write_table(path, rows, top, top_source, command, stages, summary):
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    lines = [
        "//! `UCI_Elo` -> knob (log2 of the node budget), written by",
        "//! `scripts/calibrate_elo.py`: do not edit by hand, run it again. The engine",
        "//! interpolates linearly between rows, so the node budget is geometric between them.",
        "//!",
        f"//! Written {date} by:",
        f"//!   {command}",
    ]
    if stages:
        lines.append("//! from the games of:")
        lines += [f"//!   {s['date'][:10]}: {s['command']} ({s['played']} games)" for s in stages]
    lines += [f"//! {s}" if s else "//!" for s in summary]
    lines += [
        "",
        "/// Whether a calibration run wrote this table (false: session 15's",
        "/// hand-fitted anchors, reproduced).",
        "pub const CALIBRATED: bool = true;",
        "",
        "/// The weakest `UCI_Elo`.",
        f"pub const MIN_ELO: u32 = {rows[0][0]};",
        "",
        "/// Full strength on the ladder: `UCI_Elo` at or above it plays at full",
        f"/// strength. This top is {top_source}.",
        f"pub const MAX_ELO: u32 = {top};",
        "",
        "/// `(UCI_Elo, log2 of the node budget)`, both increasing; the first row is",
        "/// `MIN_ELO` and the last `MAX_ELO` (whose knob only shapes the approach).",
        "/// Rows marked `// extrapolated` lie outside the knobs that were played.",
        f"pub const ELO_TO_LOG2_NODES: [(u32, f64); {len(rows)}] = [",
    ]
    for e, k, extra in rows:
        lines.append(f"    ({e}, {k:.4f}),{' // extrapolated' if extra else ''}")
    lines.append("];")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def anchor_lost_on_time(g):
    """Stockfish lost on time: it was stopped short of its pick depth (too fast a clock for
    its Move Overhead, or a machine too busy to run it), so the game says nothing about its
    label. Such games are reported as faults and left out of every estimate; Ladya's own
    time losses stay in, as its play."""
    return g.loser == "stockfish" and "time" in g.termination.lower()


def report_validation(args, labels, say):
    """Item 4 of issue 47: Ladya at a UCI_Elo label against Stockfish at the same label
    should score 40-60%."""
    say("## Validation: Ladya at UCI_Elo L (UCI_LimitStrength) against Stockfish at L")
    say()
    say("| UCI_Elo | v Stockfish | tc | +W =D -L | score | Elo difference (95%) | 40-60% |")
    say("|---|---|---|---|---|---|---|")
    cells = {}
    for g in labels:
        cells.setdefault((g.nodes, g.anchor, g.tc), []).append(g.score)
    for (label, anchor, tc), scores in sorted(cells.items()):
        n, s = len(scores), sum(scores)
        w, d = scores.count(1.0), scores.count(0.5)
        best, low, high, _ = own_estimate([(None, anchor, n, s)], anchor - 1000.0, anchor + 1000.0)
        inside = 0.4 <= s / n <= 0.6
        say(f"| {label} | {anchor} | {tc} | +{w} ={d} -{n - w - d} | {s:g}/{n} "
            f"({100 * s / n:.1f}%) | {best - anchor:+.0f} [{low - anchor:+.0f}, "
            f"{high - anchor:+.0f}] | {'yes' if inside else 'NO'} |")
    say()


def report(args, games, out):
    def say(text=""):
        print(text)
        out.append(text)

    if not games:
        say("No games yet.")
        return None
    every = games
    games = [g for g in every if not anchor_lost_on_time(g)]
    left_out = len(every) - len(games)
    labels = [g for g in games if g.player == "label"]  # validation: not in the fit
    games = [g for g in games if g.player != "label"]
    say(f"## Games: {len(every)} in {os.path.join(args.results, 'pgn')}"
        + (f", {left_out} of them left out (Stockfish lost on time; see Faults)" if left_out
           else ""))
    say()
    # Cells.
    cells = {}
    for g in games:
        key = (g.player, g.nodes, g.anchor, g.tc)
        c = cells.setdefault(key, [0, 0, 0, 0])
        c[0 if g.score == 1 else 1 if g.score == 0.5 else 2] += 1
        c[3] += g.score
    if cells:
        say("| Ladya | knob | v Stockfish | tc | +W =D -L | score |")
        say("|---|---|---|---|---|---|")
    order = sorted(cells, key=lambda k: (k[0] == "full", k[1] or 0, k[2], k[3]))
    for key in order:
        player, nodes, anchor, tc = key
        w, d, l, s = cells[key]
        n = w + d + l
        knob = "full" if nodes is None else f"{math.log2(nodes):.3f}"
        say(f"| {player_name(nodes)} | {knob} | {anchor} | {tc} | +{w} ={d} -{l} | "
            f"{s:g}/{n} ({100 * s / n:.1f}%) |")
    if cells:
        say()
    # Faults: time losses, illegal moves, crashes, stalls (fastchess's Termination tag).
    faults = {}
    for g in every:
        t = g.termination.lower()
        if g.loser and t and t not in ("normal", "adjudication"):
            faults.setdefault((t, g.loser), 0)
            faults[(t, g.loser)] += 1
    if faults:
        say("Faults (Termination tag, side that lost): " + ", ".join(
            f"{t} {who} {n}" for (t, who), n in sorted(faults.items())))
    else:
        say("Faults: none (no time loss, illegal move, crash or stall).")
    say()
    # Stockfish's pick depth.
    say("## Stockfish's pick depth (15.1 plays the move it picks at depth 1 + level)")
    say()
    say("| anchor | refit: CCRL Blitz | tc | level | pick depth | SF moves | reached | below | median depth |")
    say("|---|---|---|---|---|---|---|---|---|")
    by_anchor = {}
    for g in every:
        by_anchor.setdefault((g.anchor, split_tc(g.tc)[1]), []).extend(g.sf_depths)
    short = []
    for (anchor, tc), depths in sorted(by_anchor.items()):
        need = sf_pick_depth(anchor)
        if not depths:
            say(f"| {anchor} | {sf_refit_ccrl_blitz(anchor):.0f} | {tc} | {sf_level(anchor):.2f} | "
                f"{need} | 0 | - | - | - |")
            continue
        below = sum(d < need for d in depths)
        med = sorted(depths)[len(depths) // 2]
        frac = below / len(depths)
        say(f"| {anchor} | {sf_refit_ccrl_blitz(anchor):.0f} | {tc} | {sf_level(anchor):.2f} | "
            f"{need} | {len(depths)} | {100 * (1 - frac):.1f}% | {below} | {med} |")
        if frac > args.depth_tolerance:
            short.append((anchor, tc, frac))
    for anchor, tc, frac in short:
        say(f"WARNING: Stockfish at {anchor} missed its pick depth on {100 * frac:.1f}% of its "
            f"moves at {tc}: give that anchor a slower clock (--anchor-tc {anchor}=...).")
    say()
    if labels:
        report_validation(args, labels, say)
    if not games:
        return None

    # Per player: own estimates.
    say("## Each knob's own Elo (its games only, anchors fixed at their labels; 95% by likelihood ratio)")
    say()
    players = {}
    for (player, nodes, anchor, _tc), (w, d, l, s) in cells.items():
        players.setdefault((player, nodes), {}).setdefault(anchor, [0, 0.0])
        players[(player, nodes)][anchor][0] += w + d + l
        players[(player, nodes)][anchor][1] += s
    own = {}
    for key in sorted(players, key=lambda k: (k[0] == "full", k[1] or 0)):
        cl = [(key, a, n, s) for a, (n, s) in players[key].items()]
        lo_bound = min(a for _k, a, _n, _s in cl) - 1000.0
        hi_bound = max(a for _k, a, _n, _s in cl) + 1000.0
        best, low, high, _ = own_estimate(cl, lo_bound, hi_bound)
        side = "above" if best >= hi_bound - 1e-6 else "below" if best <= lo_bound + 1e-6 else ""
        own[key] = (best, low, high, sum(n for _k, _a, n, _s in cl), side)
    knob_cells = [(math.log2(nodes), a, n, s) for (player, nodes), by in players.items()
                  if player == "knob" for a, (n, s) in by.items()]
    fit = None
    model = args.model
    n_knobs = len({k for k, *_ in knob_cells})
    base = None
    auto = model == "auto"
    if args.shift_of:
        base = Curve.from_json(json.load(open(args.shift_of))["curve"])
        model = "shift"
    elif model == "auto":
        model = ("cubic" if n_knobs >= 6 else "quadratic" if n_knobs >= 4
                 else "linear" if n_knobs >= 2 else None)
    # One free Elo per knob: the yardstick of the curve's deviance test.
    ll_free = sum(loglik([(math.log2(n), a, m, s) for a, (m, s) in by.items()],
                         lambda _k, e=own[(p, n)][0]: e)
                  for (p, n), by in players.items() if p == "knob")
    rejected = None
    if knob_cells and model:
        curve, cov, ll_curve = fit_curve(knob_cells, model, base)
        if auto and model == "cubic":
            # The smooth shape, unless its own deviance test rejects it: then the polyline
            # through the knobs (monotone, one slope a stretch), which cannot be rejected.
            dev, df = max(0.0, 2 * (ll_free - ll_curve)), n_knobs - curve.n_params()
            if df > 0 and chi2_sf(dev, df) < 0.05:
                rejected = (model, dev, df, chi2_sf(dev, df))
                curve, cov, ll_curve = fit_curve(knob_cells, "polyline")
        fit = (curve, cov)
    say("| Ladya | knob | nodes | games | own Elo (95%) | fitted curve (95%) |")
    say("|---|---|---|---|---|---|")
    for key in sorted(players, key=lambda k: (k[0] == "full", k[1] or 0)):
        player, nodes = key
        best, low, high, n, side = own[key]
        if side == "above":  # never lost: only a lower bound
            own_text = f"above {low:.0f} (no loss)"
        elif side == "below":
            own_text = f"below {high:.0f} (no win)"
        else:
            own_text = f"{best:.0f} [{low:.0f}, {high:.0f}]"
        fitted = ""
        if player == "knob":
            k = math.log2(nodes)
            if fit:
                fitted = f"{fit[0].value(k):.0f} ± {fit[0].band(k, fit[1]):.0f}"
        knob = "full" if nodes is None else f"{math.log2(nodes):.3f}"
        say(f"| {player_name(nodes)} | {knob} | {nodes or '-'} | {n} | {own_text} | {fitted} |")
    say()
    warned = False
    for (player, nodes), (_b, low, high, _n, side) in own.items():
        warned = warned or (bool(side) and player == "knob")
        if player == "full":
            continue  # full strength is not on the curve: see the top below
        if side == "above":
            say(f"WARNING: {player_name(nodes)} never lost: its Elo is only bounded (above "
                f"{low:.0f}), so the curve's top is loose; play it against stronger anchors.")
        elif side == "below":
            say(f"WARNING: {player_name(nodes)} never won: its Elo is only bounded (below "
                f"{high:.0f}), so the curve's bottom is loose; play it against weaker anchors.")
    if warned:
        say()
    result = {"own": {player_name(k[1]): own[k] for k in own}}
    if fit:
        curve, cov = fit
        df = n_knobs - curve.n_params()
        dev = max(0.0, 2 * (ll_free - ll_curve))
        if rejected:
            say(f"The {rejected[0]} curve does not fit (deviance {rejected[1]:.2f} on {rejected[2]} "
                f"df against one free Elo per knob, p = {rejected[3]:.3f}): the polyline through "
                "the knobs is used instead (--model forces a shape).")
        names = {"polyline": "a, then one slope a stretch between knobs (Elo per doubling)",
                 "cubic": "a, c0, c1, c2 (Elo at k0; the slope's Bernstein coefficients: Elo "
                          "per doubling at k0, the middle's pull, at k1)",
                 "quadratic": "a, s0, s1 (Elo at k0; Elo per doubling at k0 and k1)",
                 "linear": "a, s (Elo at k0; Elo per doubling)",
                 "shift": "delta (added to the earlier curve)"}[curve.model]
        say(f"## Fitted curve: {curve.model}, k0 = {curve.k0:.3f}, k1 = {curve.k1:.3f}")
        say(f"parameters {names}: " + ", ".join(
            f"{t:.1f} ± {1.96 * math.sqrt(max(cov[i][i], 0)):.1f}" for i, t in enumerate(curve.theta)))
        if df > 0:
            say(f"goodness of fit: deviance {dev:.2f} on {df} df against one free Elo per knob, "
                f"p = {chi2_sf(dev, df):.2f} (small p: the shape does not fit)")
        say()
        say("| knob | nodes | curve Elo | ± 95% | Elo per doubling |")
        say("|---|---|---|---|---|")
        k = math.floor(curve.k0)
        while k <= math.ceil(curve.k1):
            tag = "" if curve.k0 <= k <= curve.k1 else " (outside the ladder)"
            say(f"| {k}{tag} | {knob_nodes(k)} | {curve.value(k):.0f} | {curve.band(k, cov):.0f} | "
                f"{curve.slope(k):.0f} |")
            k += 1
        say()
        result["curve"] = curve.to_json()
        result["cov"] = cov
    full = own.get(("full", None))
    result_top = None
    if full and full[4]:
        top = args.top or None
        result_top = "given by --top (full strength only bounded)"
        say(f"WARNING: full strength {'never lost' if full[4] == 'above' else 'never won'}: its "
            f"Elo is only bounded, so it sets no top; play it against "
            f"{'stronger' if full[4] == 'above' else 'weaker'} anchors. Top: {top} (--top).")
    elif full:
        top = floor50(full[0])
        result_top = "the fitted full strength rounded down to 50"
        say(f"Full strength: {full[0]:.0f} [{full[1]:.0f}, {full[2]:.0f}] on the ladder -> top "
            f"{top} (rounded down to 50).")
    elif args.top:
        top = args.top
        result_top = "given by --top (no full-strength games)"
        say(f"No full-strength games: top {top} from --top.")
    elif fit:
        top = floor50(fit[0].value(fit[0].k1))
        result_top = "the highest knob's fitted Elo (NO full-strength games: not full strength)"
        say(f"WARNING: no full-strength games and no --top: the top is the highest knob's "
            f"fitted Elo, {top}, which is not a measured full strength.")
    else:
        top = None
    result["top"] = top
    result["top_source"] = result_top if top else None
    if fit and top:
        rows = table_rows(fit[0], args.min_elo, top)
        if not rows or rows[-1][0] != top or len(rows) < 2:
            say(f"WARNING: no table: the curve does not reach from {args.min_elo} to {top}.")
            return result
        result["rows"] = rows
        say()
        say("## The table (UCI_Elo -> knob; the engine interpolates)")
        say()
        say("| UCI_Elo | knob | nodes | from |")
        say("|---|---|---|---|")
        for e, k, extra in rows:
            say(f"| {e}{' (full strength)' if e == top else ''} | {k:.3f} | {knob_nodes(k)} | "
                f"{'extrapolated' if extra else 'fitted'} |")
        if rows and rows[0][0] > args.min_elo:
            say(f"WARNING: the minimum rose from {args.min_elo} to {rows[0][0]}: the curve "
                "cannot go that low with at least one node; add a lower knob.")
        if any(extra for *_x, extra in rows):
            say("WARNING: some rows are extrapolated beyond the knobs played (straight, with the "
                "end's slope, at least 10 Elo a doubling above the top knob); add knobs there.")
    return result


# ---------------------------------------------------------------------------------------
def choose_anchors(args, knobs, anchors, games):
    """The anchors each player plays in this run: all of them, or with --near / --nearest
    those near its estimate so far (its own games; with --shift-of and no games yet, the
    earlier fit). A player that never lost so far (never won) is placed at its bound and
    looks only upwards (downwards)."""
    prior = {}
    by_player = {}
    for g in games:
        if anchor_lost_on_time(g) or g.player == "label":
            continue
        by_player.setdefault(g.nodes, []).append((g.nodes, g.anchor, 1, g.score))
    for nodes, cells in by_player.items():
        best, low, high, _ = own_estimate(cells, 0.0, 4500.0)
        side = "above" if best >= 4500.0 else "below" if best <= 0.0 else ""
        prior[nodes] = (best, low, high, side)
    if args.shift_of:
        old = json.load(open(args.shift_of))
        base = Curve.from_json(old["curve"])
        for knob in knobs:
            nodes = None if knob is None else knob_nodes(knob)
            if nodes in prior:
                continue
            if nodes is not None:
                e = base.value(math.log2(nodes))
                prior[nodes] = (e, e, e, "")
            elif "ladya-full" in old.get("own", {}):
                prior[None] = tuple(old["own"]["ladya-full"][i] for i in (0, 1, 2, 4))
    plan = {}
    for knob in knobs:
        nodes = None if knob is None else knob_nodes(knob)
        if nodes not in prior or not (args.near or args.nearest):
            plan[nodes] = list(anchors)
            continue
        best, low, high, side = prior[nodes]
        centre = low if side == "above" else high if side == "below" else best
        if side == "above":
            ranked = sorted(anchors, key=lambda a: (a < centre - args.near, abs(a - centre)))
        elif side == "below":
            ranked = sorted(anchors, key=lambda a: (a > centre + args.near, abs(a - centre)))
        else:
            ranked = sorted(anchors, key=lambda a: abs(a - centre))
        if args.nearest:
            chosen = ranked[:args.nearest]
        else:
            lo, hi = {"above": (centre - args.near, math.inf),
                      "below": (-math.inf, centre + args.near)}.get(
                          side, (centre - args.near, centre + args.near))
            chosen = [a for a in anchors if lo <= a <= hi]
        plan[nodes] = sorted(chosen)
    return plan


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--results", required=True, help="folder for the PGNs, logs and fit")
    ap.add_argument("--engine", default="target/release/ladya", help="Ladya binary (copied "
                    "into RESULTS on the first run; later runs must use the same build)")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--fastchess", default="../shared/tools/fastchess")
    ap.add_argument("--book", default=DEFAULT_BOOK, help="EPD openings, played in file order")
    ap.add_argument("--knobs", default="", help="log2 of the node budget, comma-separated; "
                    "'full' for full strength (e.g. 6,8,10,12,full)")
    ap.add_argument("--anchors", default="", help="Stockfish UCI_Elo anchors, 1350..2850")
    ap.add_argument("--validate", default="", help="UCI_Elo labels to validate: Ladya with "
                    "UCI_LimitStrength at each label against Stockfish at the same label, "
                    "--games each (use a results folder of the build with the new table)")
    ap.add_argument("--near", type=float, default=0, help="play a knob only against anchors "
                    "within this many Elo of its estimate so far (0: all anchors)")
    ap.add_argument("--nearest", type=int, default=0, help="play a knob only against the N "
                    "anchors nearest its estimate so far (0: all anchors)")
    ap.add_argument("--games", type=int, default=0, help="games per cell (knob x anchor x tc); "
                    "even; 0 plays nothing and only refits")
    ap.add_argument("--tc", default="10+0.1", help="base+increment in seconds")
    ap.add_argument("--anchor-tc", default="", help="another clock for Stockfish at some "
                    "anchors (Ladya keeps --tc): slower where it misses its pick depth, faster "
                    "where it reaches that depth early and would spend the rest for nothing: "
                    "2850=60+0.6,2600=15+0.15,2000=3+0.03; or ANCHOR=depth: Stockfish "
                    "searches exactly to its pick depth, with no clock (the same move as any "
                    "clock that reaches that depth, and much cheaper at the top anchors)")
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--ladya-overhead", type=int, default=100, help="Ladya's Move Overhead, ms")
    ap.add_argument("--sf-overhead", type=int, default=50, help="Stockfish's Move Overhead, ms "
                    "(its time manager subtracts 52 x this from a 50-move budget: keep it small)")
    ap.add_argument("--model", choices=("auto", "polyline", "cubic", "quadratic", "linear"),
                    default="auto", help="auto: cubic (an S-shaped slope) with 6 or more knobs, "
                    "or the polyline through the knobs where the cubic's deviance test rejects "
                    "it (p < 0.05); quadratic with 4 or 5 knobs, else linear")
    ap.add_argument("--shift-of", default="", help="an earlier run's fit.json: refit only a "
                    "shift of its curve (the short re-run after a new net)")
    ap.add_argument("--min-elo", type=int, default=1320, help="the table's lowest UCI_Elo")
    ap.add_argument("--top", type=int, default=0, help="the top when no full-strength games")
    ap.add_argument("--depth-tolerance", type=float, default=0.05, help="warn when Stockfish "
                    "misses its pick depth on more than this share of its moves")
    ap.add_argument("--dry-run", action="store_true", help="say what would be played and stop")
    ap.add_argument("--table", default="", help="write the Rust table here "
                    "(e.g. src/search/skill_table.rs); RESULTS/skill_table.rs always")
    args = ap.parse_args()
    if args.games % 2:
        raise SystemExit("--games must be even (game pairs)")
    os.makedirs(args.results, exist_ok=True)
    command = "python3 scripts/calibrate_elo.py " + shlex.join(sys.argv[1:])
    out = [f"# calibrate_elo.py report, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M}Z",
           "", f"    {command}", ""]

    knobs = []
    for item in filter(None, args.knobs.split(",")):
        knobs.append(None if item.strip() == "full" else float(item))
    anchors = [int(a) for a in filter(None, args.anchors.split(","))]
    for a in anchors:
        if not SF_MIN_ELO <= a <= SF_MAX_ELO:
            raise SystemExit(f"anchor {a} is outside Stockfish 15.1's UCI_Elo range "
                             f"({SF_MIN_ELO}..{SF_MAX_ELO})")
    tcs = {}
    parse_tc(args.tc)
    for item in filter(None, args.anchor_tc.split(",")):
        a, _, tc = item.partition("=")
        if tc == "depth":
            tc = f"d{sf_pick_depth(int(a))}"
        else:
            parse_tc(tc)
        tcs[int(a)] = tc

    validate = [int(a) for a in filter(None, args.validate.split(","))]
    for a in validate:
        if not SF_MIN_ELO <= a <= SF_MAX_ELO:
            raise SystemExit(f"label {a} is outside Stockfish 15.1's UCI_Elo range "
                             f"({SF_MIN_ELO}..{SF_MAX_ELO})")
    if args.games > 0 and ((knobs and anchors) or validate):
        # The engine: one build for the whole folder.
        meta_path = os.path.join(args.results, "meta.json")
        meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
        digest = sha256(args.engine)
        if meta and meta["engine_sha256"] != digest:
            raise SystemExit(f"{args.engine} is not the build that {args.results} was started "
                             f"with ({meta['engine_sha256'][:12]}); use a new results folder")
        engine = os.path.abspath(os.path.join(args.results, f"ladya-{digest[:12]}"))
        if not os.path.exists(engine) and not args.dry_run:
            shutil.copy2(args.engine, engine)
        settings = {"ladya_overhead": args.ladya_overhead, "sf_overhead": args.sf_overhead}
        if not meta and not args.dry_run:
            meta = {"engine": os.path.abspath(args.engine), "engine_sha256": digest,
                    "book": os.path.abspath(args.book), **settings,
                    "started": datetime.datetime.now(datetime.timezone.utc).isoformat()}
            json.dump(meta, open(meta_path, "w"), indent=1)
        for k, v in settings.items():
            if meta.get(k, v) != v:
                raise SystemExit(f"{args.results} was started with {k} = {meta[k]}; keep it")
        for tc in sorted(t for t in {args.tc, *tcs.values()} if not t.startswith("d")):
            base, inc = parse_tc(tc)
            budget = 1000 * base + 1000 * inc * 49
            left = max(1.0, budget - args.sf_overhead * 52)
            if left < 0.8 * budget:
                print(f"WARNING: at {tc} Stockfish's time manager plans with {left / budget:.0%} of "
                      f"its usual budget (Move Overhead {args.sf_overhead} ms x 52 comes off "
                      f"{budget / 1000:.1f} s): its depth suffers; see the pick-depth check.")
        if os.path.abspath(args.book) != meta.get("book", os.path.abspath(args.book)):
            print(f"note: the book differs from the one this folder started with ({meta['book']})")
        book_keys = load_book(args.book)
        played = 0
        plan = choose_anchors(args, knobs, anchors, load_games(args.results))
        for knob in knobs:
            nodes = None if knob is None else knob_nodes(knob)
            for anchor in plan[nodes]:
                tc = args.tc if anchor not in tcs else f"{args.tc}/sf{tcs[anchor]}"
                played += play_cell(args, engine, nodes, anchor, tc, book_keys,
                                    load_games(args.results), args.dry_run)
        for label in validate:
            tc = args.tc if label not in tcs else f"{args.tc}/sf{tcs[label]}"
            played += play_cell(args, engine, None, label, tc, book_keys,
                                load_games(args.results), args.dry_run, label=label)
        if played and not args.dry_run:
            meta.setdefault("runs", []).append({
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
                "command": command, "played": played})
            json.dump(meta, open(meta_path, "w"), indent=1)
        if args.dry_run:
            timing_path = os.path.join(args.results, "timing.json")
            timing = json.load(open(timing_path)) if os.path.exists(timing_path) else []
            n = sum(t["games"] for t in timing)
            per = sum(t["seconds"] for t in timing) / n if n else None
            print(f"{played} game(s) to play" + (f", about {played * per / 3600:.1f} h at "
                  f"{per:.1f} s a game (this folder's games so far)" if per else "") + ".")
            return
        print(f"Played {played} new game(s)." if played else "Nothing to play: every cell has "
              f"its {args.games} games (resumed from {args.results}).")
        print()

    games = load_games(args.results)
    result = report(args, games, out)
    timing_path = os.path.join(args.results, "timing.json")
    if os.path.exists(timing_path):
        timing = json.load(open(timing_path))
        n = sum(t["games"] for t in timing)
        secs = sum(t["seconds"] for t in timing)
        if n:
            line = (f"Time: {n} games played by this tool in {secs / 3600:.2f} h wall "
                    f"({secs / n:.1f} s a game at the concurrency used).")
            print(line)
            out.append(line)
    with open(os.path.join(args.results, "report.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    if result:
        with open(os.path.join(args.results, "fit.json"), "w") as f:
            json.dump({"command": command, **{k: v for k, v in result.items()}}, f, indent=1)
    if result and result.get("rows"):
        summary = [f"{len(games)} games against Stockfish 15.1's UCI_Elo anchors; fit: "
                   f"{result['curve']['model']} in the knob; top: {result['top_source']}.",
                   f"The report (points, intervals, curve) is {args.results}/report.md;",
                   "docs/strength-limit.md explains the scale."]
        meta_path = os.path.join(args.results, "meta.json")
        meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
        # Games brought in from other folders (meta "imported": one entry or a list, each
        # written by hand with the reason those games still hold) list their runs first.
        imports = meta.get("imported", [])
        imports = [imports] if isinstance(imports, dict) else imports
        stages = [run for imp in imports for run in imp.get("runs", [])] + meta.get("runs", [])
        for path in filter(None, [os.path.join(args.results, "skill_table.rs"), args.table]):
            write_table(path, result["rows"], result["top"], result["top_source"], command,
                        stages, summary)
            print(f"Wrote {path}")


if __name__ == "__main__":
    main()
