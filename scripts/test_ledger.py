#!/usr/bin/env python3
"""Tests of scripts/ledger.py on handcrafted PGNs and logs (no engine games).

  python3 scripts/test_ledger.py        (make test runs it)

The end-to-end test runs the arbiter of target/release/ladya (or $LADYA) and is skipped, saying
so, when that binary is missing."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ledger  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# fastchess 1.8.2's form: the reason after the last move's comment, the Termination tag.
FASTCHESS_PGN = """[Event "Fastchess Tournament"]
[Round "1"]
[White "new"]
[Black "old"]
[Result "1-0"]
[Termination "normal"]

1. e4 {+0.30/9 0.010s} e5 {-0.20/9 0.010s} 2. Bc4 {+0.40/9 0.010s} Nc6 {-0.30/9 0.010s}
3. Qh5 {+0.50/9 0.010s} Nf6 {-9.00/9 0.010s} 4. Qxf7# {+M1/2 0.001s, White mates} 1-0

[Event "Fastchess Tournament"]
[Round "1"]
[White "old"]
[Black "new"]
[Result "1-0"]
[Termination "time forfeit"]

1. d4 {+0.20/9 0.010s} d5 {-0.10/9 0.010s} 2. c4 {+0.30/9 0.010s,
Black loses on time (101ms overrun)} 1-0

[Event "Fastchess Tournament"]
[Round "2"]
[White "new"]
[Black "old"]
[Result "1/2-1/2"]
[Termination "adjudication"]

1. Nf3 {+0.10/9 0.010s} Nf6 {+0.00/9 0.010s, Draw by adjudication} 1/2-1/2

[Event "Fastchess Tournament"]
[Round "2"]
[White "old"]
[Black "new"]
[Result "*"]
[Termination "unterminated"]

1. e4 {+0.20/9 0.010s} *

"""


def games_of(text):
    return ledger.read_games(text.splitlines(True))


class Classify(unittest.TestCase):
    def test_fastchess_games(self):
        games = games_of(FASTCHESS_PGN)
        self.assertEqual(len(games), 4)
        self.assertEqual(games[1]["comment"], "+0.30/9 0.010s, Black loses on time (101ms overrun)")
        self.assertEqual([ledger.classify(g["tags"], g["comment"]) for g in games],
                         [None, ("time", "new"), None, None])

    def test_fastchess_terminations(self):
        tags = {"White": "a", "Black": "b", "Result": "0-1"}
        cases = [
            ("illegal move", "White makes an illegal move: a1a8", ("illegal", "a")),
            ("abandoned", "+0.54/12 0.03s, White disconnects", ("disconnect", "a")),
            ("abandoned", "Black's connection stalls", ("stall", "b")),
            ("time forfeit", None, ("time", "a")),  # no reason: the loser
            ("normal", "+M1/40 0.000s, Black mates", None),
            ("adjudication", "Black wins by adjudication", None),
        ]
        for term, comment, want in cases:
            self.assertEqual(ledger.classify(dict(tags, Termination=term), comment), want, term)

    def test_match_py_terminations(self):
        tags = {"White": "ladya", "Black": "sf", "Result": "1-0"}
        cases = [
            ("sf lost on time", ("time", "sf")),
            ("sf lost on time, opponent cannot mate", ("time", "sf")),
            ("illegal move by sf: illegal uci: 'a1a8' in 8/8/8/8/8/8/8/8 w - - 0 1", ("illegal", "sf")),
            ("sf crashed: engine process died unexpectedly (exit code: 3)", ("crash", "sf")),
            ("sf failed to start: TimeoutError ", ("crash", "sf")),
            ("sf stalled (no bestmove in 65 s)", ("stall", "sf")),
            ("checkmate", None),
            ("threefold repetition", None),
            ("adjudicated: resign", None),
        ]
        for term, want in cases:
            self.assertEqual(ledger.classify(dict(tags, Termination=term), None), want, term)


class Logs(unittest.TestCase):
    def test_fastchess_log_and_output_do_not_add_up(self):
        log = [
            "[WARN  ] [19:57:34.567411] <  1> fastchess --- Engine old loses on time by 101ms\n",
            "[WARN  ] [19:57:59.917859] <  1> fastchess --- Engine old disconnects\n",
            "[WARN  ] [19:57:59.917964] <   > fastchess --- Warning; Engine old is not responsive\n",
            "[WARN  ] [19:57:58.910367] <   > fastchess --- Warning; Illegal move a1a8 played by new\n",
            "Finished game 2 (new vs old): 1-0 {Black loses on time (101ms overrun)}\n",
            "Finished game 3 (new vs old): 0-1 {White makes an illegal move}\n",
        ]
        faults, who, warnings = ledger.scan_log(log)
        self.assertEqual(faults, {"time": 1, "illegal": 1, "disconnect": 1, "crash": 0, "stall": 0})
        self.assertEqual(who, {"time": {"old"}, "illegal": {"new"}, "disconnect": {"old"}})
        self.assertEqual(warnings, {"engine is not responsive": 1})

    def test_match_py_output(self):
        out = [
            "  fault: sf lost on time (game 3, opening rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1)\n",
            "terminations: checkmate 3, sf lost on time 1\n",
            "faults ladya: illegal 0, time 0, crash 0, stall 0\n",
            "faults sf: illegal 0, time 1, crash 0, stall 0\n",
        ]
        faults, who, _ = ledger.scan_log(out)
        self.assertEqual(faults["time"], 1)
        self.assertEqual(sum(faults.values()), 1)
        self.assertEqual(who, {"time": {"sf"}})


def verdicts(*calls):
    return [{"game": i + 1, "verdict": c} for i, c in enumerate(calls)]


class Streak(unittest.TestCase):
    def test_a_fault_restarts_the_count(self):
        m = ledger.judge_match(games_of(FASTCHESS_PGN), verdicts("ok", "ok", "ok", "unfinished"), [])
        self.assertEqual((m["games"], m["unbroken"], m["tail"], m["broken"]), (3, 1, 1, True))
        line = ledger.ledger_line(m, (9_999, 20_000), "t", "2026-01-02", "abc1234", "")
        self.assertEqual(ledger.cells(line), ["2026-01-02", "abc1234", "t", "3", "time 1 (new)",
                                              "unfinished 1", "1", "20,003", ""])

    def test_clean_games_add_to_the_count(self):
        clean = [g for g in games_of(FASTCHESS_PGN) if ledger.classify(g["tags"], g["comment"]) is None]
        m = ledger.judge_match(clean, verdicts("ok", "ok", "unfinished"), [])
        line = ledger.ledger_line(m, (9_999, 20_000), "a | b", "d", "c", "note")
        self.assertEqual(ledger.cells(line)[2:], ["a | b", "2", "none", "unfinished 1", "10,001", "20,002", "note"])
        text = "intro\n\n" + ledger.HEADER + "\n|---|\n" + line + "\n"
        self.assertEqual(ledger.last_counts(text), (10_001, 20_002))
        self.assertEqual(ledger.last_counts(ledger.HEADER + "\n"), (0, 0))

    def test_an_opponents_fault_is_listed_but_keeps_the_count(self):
        m = ledger.judge_match(games_of(FASTCHESS_PGN)[:2], verdicts("ok", "ok"), [], opponents=["new"])
        self.assertEqual(ledger.faults_text(m), "time 1 (new)")
        self.assertEqual((m["broken"], m["unbroken"]), (False, 2))

    def test_a_fault_in_the_log_only_ends_the_count(self):
        log = ledger.scan_log(["Engine old disconnects\n"])
        m = ledger.judge_match(games_of(FASTCHESS_PGN)[:1], verdicts("ok"), [log])
        self.assertEqual((m["broken"], m["tail"]), (True, 0))
        self.assertIn("1 disconnect fault(s) in the log only", m["notes"])

    def test_an_arbiter_error_ends_the_count(self):
        m = ledger.judge_match(games_of(FASTCHESS_PGN)[:1], verdicts("error"), [])
        self.assertEqual((m["broken"], m["tail"], ledger.not_ok_text(m)), (True, 0, "error 1"))


class EndToEnd(unittest.TestCase):
    def test_the_arbiter_and_the_ledger_file(self):
        ladya = os.environ.get("LADYA", os.path.join(ROOT, "target", "release", "ladya"))
        if not os.access(ladya, os.X_OK):
            self.skipTest(f"no binary at {ladya} (cargo build --release, or LADYA=path)")
        with tempfile.TemporaryDirectory() as d:
            pgn, book = os.path.join(d, "games.pgn"), os.path.join(d, "reliability.md")
            with open(pgn, "w") as f:
                f.write(FASTCHESS_PGN)
            shutil.copy(os.path.join(ROOT, "docs", "reliability.md"), book)
            with open(book) as f:
                before = ledger.last_counts(f.read())
            args = ["--pgn", pgn, "--ledger", book, "--ladya", ladya, "--name", "e2e", "--commit", "c0ffee0"]
            with open(os.devnull, "w") as null:
                stdout, sys.stdout = sys.stdout, null
                try:
                    self.assertEqual(ledger.main(args), 0)
                finally:
                    sys.stdout = stdout
            with open(book) as f:
                last = f.read().splitlines()[-1]
            c = ledger.cells(last)
            self.assertEqual(c[1:6], ["c0ffee0", "e2e", "3", "time 1 (new)", "unfinished 1"])
            self.assertEqual(c[6:8], ["1", f"{before[1] + 3:,}"])
            # the arbiter's exit status 2 (an unreadable file) stops the script
            self.assertEqual(subprocess.run([sys.executable, ledger.__file__, "--pgn", os.path.join(d, "missing.pgn"),
                                             "--ledger", book, "--ladya", ladya, "--dry-run"],
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode, 2)


if __name__ == "__main__":
    unittest.main()
