#!/usr/bin/env python3
"""A line in docs/reliability.md for a finished match: its games judged and scanned for faults.

  python3 scripts/ledger.py --pgn games.pgn [--pgn more.pgn] [--log fastchess.log] \\
      [--name "what the match was"] [--note "..."] [--ladya target/release/ladya] [--dry-run]

(`make ledger PGN=games.pgn LOG=fastchess.log NAME=... NOTE=...` runs it with the release build.)

- Every PGN goes through `ladya outcome --pgn FILE --format json` (the FIDE arbiter): each game's
  verdict, ok, mismatch, unfinished or error.
- Every game's `Termination` tag, and the comment fastchess writes after the last move (e.g.
  "Black loses on time (101ms overrun)"), name a fault: a loss on time, an illegal move, a
  disconnect (the engine's process ended or its pipe closed: fastchess's "abandoned"), a crash
  (match.py's word for the same) or a stall (no answer). fastchess 1.8.2 and
  ../shared/tools/match.py write these; see docs/reliability.md for the strings.
- Every log (fastchess's `-log file=...`, or what fastchess or match.py printed) is scanned for
  the same faults; where a log shows more faults of a kind than the PGNs, the extra ones count
  too, as if in the match's last game.
- One line is appended to the ledger's table: date, commit, match, games, faults by kind (with
  who made them), the arbiter's verdicts that are not ok, the consecutive games without a fault
  at the end of this match (carried from the line before), the games ledgered so far, a note.

Only the standard library; python3 3.8 or later. Exit status 0 when the line was written (faults
or not: the ledger records them), 2 when a file cannot be read or the arbiter fails.
"""
import argparse
import datetime
import gzip
import json
import os
import re
import subprocess
import sys

KINDS = ("time", "illegal", "disconnect", "crash", "stall")
ARBITER_NOT_OK = ("mismatch", "error", "unfinished")
HEADER = "| date | commit | match | games | faults | arbiter: not ok | streak | games so far | note |"
COLUMNS = HEADER.count("|") - 1
STREAK_COLUMN, TOTAL_COLUMN = 6, 7

TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')


def open_text(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8", errors="replace")
    return open(path, encoding="utf-8", errors="replace")


# ---------------------------------------------------------------- the PGN: tags and last comment


def read_games(lines):
    """The games of a PGN as dicts: 'tags' (name -> value), 'comment' (the last comment, or
    None), 'moves' (whether any movetext came). A game starts at a tag line after movetext;
    braces may span lines; `;` comments run to the end of the line."""
    games, game, in_comment, comment = [], None, False, []
    for line in lines:
        line = line.rstrip("\r\n").lstrip("\ufeff")
        if not in_comment and line.startswith("["):
            m = TAG.match(line.strip())
            if m:
                if game is None or game["moves"]:
                    game = {"tags": {}, "comment": None, "moves": False}
                    games.append(game)
                game["tags"][m.group(1)] = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
                continue
        if line.startswith("%") and not in_comment:
            continue
        i = 0
        while i < len(line):
            c = line[i]
            if in_comment:
                end = line.find("}", i)
                if end < 0:
                    comment.append(line[i:])
                    break
                comment.append(line[i:end])
                in_comment = False
                if game is not None:
                    game["comment"] = " ".join(s.strip() for s in comment).strip()
                i = end + 1
                continue
            if c == "{":
                in_comment, comment = True, []
            elif c == ";":
                break
            elif not c.isspace():
                if game is None:  # movetext without tags: a game all the same
                    game = {"tags": {}, "comment": None, "moves": False}
                    games.append(game)
                game["moves"] = True
            i += 1
    return games


def side_named(text):
    """'White' or 'Black' when a fastchess reason starts with the side, else None."""
    for side in ("White", "Black"):
        if re.search(r"\b%s\b" % side, text or ""):
            return side
    return None


def fault_of(kind, side_hint, tags):
    """(kind, culprit's name): the culprit is the side named, or the side that lost."""
    side = side_hint
    if side is None:
        result = tags.get("Result", "*")
        side = "Black" if result == "1-0" else "White" if result == "0-1" else None
    return kind, (tags.get(side, side) if side else "?")


def classify(tags, comment):
    """(kind, culprit) of a game's fault, or None. Termination tags of fastchess 1.8.2 ('time
    forfeit', 'illegal move', 'abandoned' for a disconnect or a stall, 'unterminated', 'normal',
    'adjudication') and of match.py ('NAME lost on time[, opponent cannot mate]', 'illegal move
    by NAME: ...', 'NAME crashed: ...', 'NAME failed to start: ...', 'NAME stalled (...)')."""
    term = tags.get("Termination", "")
    t = term.lower()
    reason = comment or ""
    names = {tags.get("White"): "White", tags.get("Black"): "Black"}

    def named_side():
        hits = [n for n in names if n and (t.startswith(n.lower() + " ") or t.startswith("illegal move by " + n.lower()))]
        return names[max(hits, key=len)] if hits else side_named(reason)

    # match.py's crash and stall first: their reasons may quote an error such as TimeoutError
    if " crashed" in t or " failed to start" in t:
        return fault_of("crash", named_side(), tags)
    if " stalled" in t:
        return fault_of("stall", named_side(), tags)
    if t.startswith("illegal move") or "makes an illegal move" in reason:
        return fault_of("illegal", named_side(), tags)
    if t == "abandoned" or "disconnects" in reason or "connection stalls" in reason:
        kind = "stall" if "stall" in reason else "disconnect"
        return fault_of(kind, side_named(reason), tags)
    # the spellings the arbiter takes for a time forfeit (src/pgn/arbiter.rs, is_time_forfeit)
    squashed = re.sub(r"[^a-z]", "", t)
    if "timeforfeit" in squashed or "timeout" in squashed or "ontime" in squashed or "loses on time" in reason:
        return fault_of("time", named_side(), tags)
    return None


# ---------------------------------------------------------------- logs

# fastchess 1.8.2's log (-log file=...) and its standard output; match.py's output.
LOG_PATTERNS = (
    ("time", re.compile(r"Engine (.+?) loses on time by \d+ ?ms")),
    ("disconnect", re.compile(r"Engine (.+?) disconnects\b")),
    ("stall", re.compile(r"Engine (.+?) stalls\b")),
    ("illegal", re.compile(r"Illegal move \S+ played by (.+?)\s*$")),
)  # fastchess reports a crashed engine as a disconnect ("Engine crashed (stdout)" is only the cause)
# fastchess's standard output: 'Finished game 3 (A vs B): 1-0 {Black loses on time (101ms overrun)}'
FINISHED = re.compile(r"Finished game \d+ \((.+) vs (.+)\): \S+ \{(.*)\}\s*$")
# match.py: '  fault: REASON (game N, opening FEN)' and 'faults NAME: illegal 0, time 0, crash 0, stall 0'
MATCH_PY_FAULT = re.compile(r"^\s*fault: (.+) \(game \d+, opening .*\)\s*$")
MATCH_PY_SUMMARY = re.compile(r"^faults (.+?): illegal (\d+), time (\d+), crash (\d+), stall (\d+)\s*$")
WARNINGS = (
    re.compile(r"Warning; (Illegal PV move)"),
    re.compile(r"Warning; (PV continues after \S+)"),
    re.compile(r"Warning; (Engine \S+ is not responsive)"),
    re.compile(r"Warning; (No bestmove found)"),
    re.compile(r"Warning; (Mating PV does not end with checkmate)"),
)


def scan_log(lines):
    """Faults a log shows, by kind: the largest count any one way of reporting gives (a log may
    carry the same fault as a log line, a 'Finished game' line and a summary). Returns
    ({kind: count}, {kind: set of culprits}, {warning: count})."""
    ways = {}  # way -> {kind: count}
    who = {k: set() for k in KINDS}
    warnings = {}

    def count(way, kind, name):
        ways.setdefault(way, {k: 0 for k in KINDS})[kind] += 1
        who[kind].add(name)

    for line in lines:
        line = line.rstrip("\r\n")
        for kind, pattern in LOG_PATTERNS:
            m = pattern.search(line)
            if m:
                count("log", kind, m.group(1))
        m = FINISHED.search(line)
        if m:
            white, black, reason = m.groups()
            fault = classify({"White": white, "Black": black, "Termination": ""}, reason)
            if fault:
                count("finished", *fault)
        m = MATCH_PY_FAULT.match(line)
        if m:
            reason = m.group(1)
            # the culprit's name starts the reason (or follows 'illegal move by ')
            name = re.sub(r"^illegal move by ", "", reason).split(" ")[0].rstrip(":")
            fault = classify({"Termination": reason, "White": name, "Result": "*"}, None)
            if fault:
                count("match.py", fault[0], name)
        m = MATCH_PY_SUMMARY.match(line)
        if m:
            name = m.group(1)
            for kind, n in zip(("illegal", "time", "crash", "stall"), m.groups()[1:]):
                for _ in range(int(n)):
                    count("match.py summary", kind, name)
        for w in WARNINGS:
            m = w.search(line)
            if m:
                key = re.sub(r"Engine \S+ ", "engine ", m.group(1))
                warnings[key] = warnings.get(key, 0) + 1
    faults = {k: max([w[k] for w in ways.values()] or [0]) for k in KINDS}
    return faults, {k: v for k, v in who.items() if faults[k]}, warnings


# ---------------------------------------------------------------- the arbiter


def arbiter(ladya, path):
    """The arbiter's JSON objects for the games of `path` and its summary."""
    if path.endswith(".gz"):
        with gzip.open(path, "rb") as f:
            proc = subprocess.run([ladya, "outcome", "--pgn", "-", "--format", "json"], input=f.read(),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    else:
        proc = subprocess.run([ladya, "outcome", "--pgn", path, "--format", "json"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"ladya outcome --pgn {path}: exit {proc.returncode}: {proc.stderr.decode().strip()}")
    games, summary = [], None
    for line in proc.stdout.decode().splitlines():
        obj = json.loads(line)
        if obj.get("summary"):
            summary = obj
        else:
            games.append(obj)
    if summary is None:
        raise RuntimeError(f"ladya outcome --pgn {path}: no summary line")
    return games, summary


# ---------------------------------------------------------------- one match


def judge_match(pgn_games, verdicts, logs, opponents=()):
    """Everything the ledger's line needs. pgn_games: read_games' dicts of all PGNs in order;
    verdicts: the arbiter's JSON objects in the same order (same count, or the note says so);
    logs: scan_log's results. Faults by a player named in `opponents` are listed but do not
    break the streak.

    Returns a dict: games, faults {kind: n}, culprits {kind: set}, not_ok {verdict: n},
    unbroken (games without a fault before the first fault, or all of them),
    tail (games without a fault after the last one), broken (whether any fault broke the
    streak), notes (list of strings)."""
    notes = []
    faults = {k: 0 for k in KINDS}
    culprits = {k: set() for k in KINDS}
    not_ok = {}
    for v in verdicts:
        if v["verdict"] != "ok":
            not_ok[v["verdict"]] = not_ok.get(v["verdict"], 0) + 1
    if len(verdicts) != len(pgn_games):
        notes.append(f"the arbiter read {len(verdicts)} games, the scan {len(pgn_games)}")
    else:
        for v, g in zip(verdicts, pgn_games):
            named = "white" in v or "black" in v  # the arbiter names the players its tags give
            if named and (v.get("white"), v.get("black")) != (g["tags"].get("White"), g["tags"].get("Black")):
                notes.append(f"game {v['game']}: the arbiter and the scan disagree on the players")
                break
    unbroken, tail, broken, games = 0, 0, False, 0
    for i, g in enumerate(pgn_games):
        verdict = verdicts[i]["verdict"] if i < len(verdicts) else "error"
        fault = classify(g["tags"], g["comment"])
        if fault:
            faults[fault[0]] += 1
            culprits[fault[0]].add(fault[1])
        if verdict == "unfinished" and not fault:
            continue  # an interrupted game: neither a game played nor a fault
        games += 1
        # an arbiter 'error' (an illegal or unreadable move in the record) cannot be shown clean
        breaks = (fault is not None and fault[1] not in opponents) or verdict == "error"
        if breaks:
            broken, tail = True, 0
        else:
            tail += 1
            if not broken:
                unbroken += 1
    for log_faults, log_who, _ in logs:
        for k in KINDS:
            extra = log_faults[k] - faults[k]
            if extra > 0:
                faults[k] += extra
                culprits[k] |= log_who[k]
                notes.append(f"{extra} {k} fault(s) in the log only")
                if not log_who[k] <= set(opponents):
                    broken, tail = True, 0
    warnings = {}  # the most any one log shows (a log file and a captured output repeat each other)
    for _, _, w in logs:
        for key, n in w.items():
            warnings[key] = max(warnings.get(key, 0), n)
    if warnings:
        notes.append("log warnings: " + ", ".join(f"{n} {key}" for key, n in sorted(warnings.items())))
    return {"games": games, "faults": faults, "culprits": culprits, "not_ok": not_ok,
            "unbroken": unbroken, "tail": tail, "broken": broken, "notes": notes}


def faults_text(m):
    parts = [f"{k} {m['faults'][k]} ({', '.join(sorted(m['culprits'][k])) or '?'})"
             for k in KINDS if m["faults"][k]]
    return ", ".join(parts) or "none"


def not_ok_text(m):
    return ", ".join(f"{v} {m['not_ok'][v]}" for v in ARBITER_NOT_OK if m["not_ok"].get(v)) or "none"


# ---------------------------------------------------------------- the ledger file


def cells(row):
    """A table row's cells ('\\|' is a pipe inside a cell)."""
    inner = row.strip()[1:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", inner)]


def last_counts(ledger_text):
    """(streak, games so far) of the table's last row, (0, 0) before the first."""
    rows = [line for line in ledger_text.splitlines() if line.startswith("| ") and not line.startswith("| date ")]
    rows = [r for r in rows if len(cells(r)) == COLUMNS]
    if not rows:
        return 0, 0
    c = cells(rows[-1])
    return int(c[STREAK_COLUMN].replace(",", "")), int(c[TOTAL_COLUMN].replace(",", ""))


def row(values):
    return "| " + " | ".join(str(v).replace("|", "\\|").replace("\n", " ") for v in values) + " |"


def ledger_line(m, before, name, date, commit, note):
    streak_before, total_before = before
    streak = streak_before + m["unbroken"] if not m["broken"] else m["tail"]
    notes = ([note] if note else []) + m["notes"]
    return row([date, commit, name, f"{m['games']:,}", faults_text(m), not_ok_text(m),
                f"{streak:,}", f"{total_before + m['games']:,}", "; ".join(notes)])


def git_commit(repo):
    try:
        out = subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, check=True)
        return out.stdout.decode().strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main(argv=None):
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pgn", action="append", required=True, help="a PGN of the match (repeat for more; .gz read too)")
    ap.add_argument("--log", action="append", default=[], help="a fastchess -log file, or fastchess's or match.py's output")
    ap.add_argument("--name", help="the match, as the ledger names it (default: the PGN's folder/file and its players)")
    ap.add_argument("--note", default="", help="free text for the note column")
    ap.add_argument("--opponent", action="append", default=[],
                    help="a player whose faults are listed but do not break Ladya's streak (e.g. stockfish)")
    ap.add_argument("--ladya", default=os.path.join(here, "target", "release", "ladya"), help="the binary whose arbiter judges")
    ap.add_argument("--ledger", default=os.path.join(here, "docs", "reliability.md"))
    ap.add_argument("--date", default=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"))
    ap.add_argument("--commit", help="default: the repository's HEAD")
    ap.add_argument("--dry-run", action="store_true", help="print the line, append nothing")
    a = ap.parse_args(argv)

    pgn_games, verdicts, summaries = [], [], []
    try:
        for path in a.pgn:
            with open_text(path) as f:
                pgn_games += read_games(f)
            v, s = arbiter(a.ladya, path)
            verdicts += v
            summaries.append(s)
        logs = []
        for path in a.log:
            with open_text(path) as f:
                logs.append(scan_log(f))
        with open(a.ledger, encoding="utf-8") as f:
            text = f.read()
    except (OSError, RuntimeError, ValueError) as e:
        print(f"ledger: {e}", file=sys.stderr)
        return 2
    m = judge_match(pgn_games, verdicts, logs, a.opponent)
    name = a.name
    if not name:
        players = sorted({g["tags"].get(s) for g in pgn_games for s in ("White", "Black")} - {None})
        where = " + ".join(os.path.join(os.path.basename(os.path.dirname(os.path.abspath(p))), os.path.basename(p)) for p in a.pgn)
        name = f"{where}: {' v '.join(players)}" if players else where
    line = ledger_line(m, last_counts(text), name, a.date, a.commit or git_commit(here), a.note)
    for s, path in zip(summaries, a.pgn):
        print(f"{path}: games {s['games']}, ok {s['ok']}, mismatch {s['mismatch']}, unfinished {s['unfinished']}, error {s['error']}")
    print(f"faults: {faults_text(m)}; arbiter, not ok: {not_ok_text(m)}")
    print(line)
    if not a.dry_run:
        with open(a.ledger, "a", encoding="utf-8") as f:
            if not text.endswith("\n"):
                f.write("\n")
            f.write(line + "\n")
        print(f"appended to {a.ledger}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
