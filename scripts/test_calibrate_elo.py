#!/usr/bin/env python3
"""Tests of scripts/calibrate_elo.py and scripts/elo_fit.py on handcrafted PGNs (no games
are played).

  python3 scripts/test_calibrate_elo.py        (make test runs it)"""
import contextlib
import io
import os
import shutil
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_elo as cal  # noqa: E402
import elo_fit  # noqa: E402

FEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def game(white, black, result, sf_depth=14, termination="normal", fen=FEN):
    """A fastchess-like game: one {score/depth time} comment a move, black to move first."""
    return (f'[Event "Fastchess Tournament"]\n[White "{white}"]\n[Black "{black}"]\n'
            f'[Result "{result}"]\n[FEN "{fen}"]\n[SetUp "1"]\n'
            f'[Termination "{termination}"]\n\n'
            f"1... e5 {{-0.20/{sf_depth if black.startswith('sf') else 9} 0.010s}} "
            f"2. Nf3 {{+0.30/{sf_depth if white.startswith('sf') else 9} 0.010s}} {result}\n\n")


class LoadGames(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="ladya-calib-test-")
        os.makedirs(os.path.join(self.dir, "pgn"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        with open(os.path.join(self.dir, "pgn", name), "w") as f:
            f.write(text)

    def test_each_cell_name_gives_its_player_and_clocks(self):
        # The file name carries the cell's clocks: a cell whose games are not found under
        # its own name would be played again on every run.
        self.write(os.path.basename(cal.cell_path(self.dir, 4096, 1600, "10+0.1")),
                   game("ladya-n4096", "sf-elo1600", "1-0"))
        self.write(os.path.basename(cal.cell_path(self.dir, None, 2500, "10+0.1/sfd14")),
                   game("sf-elo2500", "ladya-full", "1/2-1/2"))
        self.write(os.path.basename(cal.cell_path(self.dir, None, 1800, "10+0.1/sf6+0.06")),
                   game("ladya-full", "sf-elo1800", "1-0"))
        self.write(os.path.basename(cal.cell_path(self.dir, None, 2000, "10+0.1/sfd7",
                                                  label=2000)),
                   game("ladya-elo2000", "sf-elo2000", "0-1"))
        got = sorted((g.player, g.nodes, g.anchor, g.tc, g.score)
                     for g in cal.load_games(self.dir))
        self.assertEqual(got, [
            ("full", None, 1800, "10+0.1/sf6+0.06", 1.0),
            ("full", None, 2500, "10+0.1/sfd14", 0.5),
            ("knob", 4096, 1600, "10+0.1", 1.0),
            ("label", 2000, 2000, "10+0.1/sfd7", 0.0),
        ])

    def test_stockfishs_depth_is_read_from_its_own_moves(self):
        self.write("full_sf2500_tc10p0.1_sfd14.pgn",
                   game("ladya-full", "sf-elo2500", "1-0", sf_depth=13))
        (g,) = cal.load_games(self.dir)
        self.assertEqual(g.sf_depths, [13])  # black (Stockfish) moved first, at depth 13

    def test_a_full_cell_plays_nothing_more(self):
        self.write("full_sf2500_tc10p0.1_sfd14.pgn",
                   game("ladya-full", "sf-elo2500", "1-0") + game("sf-elo2500", "ladya-full", "1-0"))

        class Args:
            results, games, book = self.dir, 2, "unused"
        played = cal.play_cell(Args, "unused", None, 2500, "10+0.1/sfd14", [],
                               cal.load_games(self.dir), dry_run=True)
        self.assertEqual(played, 0)

    def test_validation_games_stay_out_of_the_fit(self):
        self.write("elo2000_sf2000_tc10p0.1_sfd7.pgn",
                   game("ladya-elo2000", "sf-elo2000", "1-0")
                   + game("sf-elo2000", "ladya-elo2000", "1/2-1/2"))

        class Args:
            results, shift_of, model, depth_tolerance, top, min_elo = self.dir, "", "auto", 0.05, 0, 1320
        out = []
        with contextlib.redirect_stdout(io.StringIO()):  # report() also prints what it writes
            result = cal.report(Args, cal.load_games(self.dir), out)
        self.assertIsNone(result)  # no ladder games: nothing to fit
        text = "\n".join(out)
        self.assertIn("| 2000 | 2000 | 10+0.1/sfd7 | +1 =1 -0 | 1.5/2 (75.0%)", text)
        self.assertIn("| NO |", text)  # 75% is outside 40-60%


class StockfishLevels(unittest.TestCase):
    def test_pick_depths_of_the_anchors(self):
        # Stockfish 15.1: level = ((Elo - 1346.6) / 143.4)^(1/0.806), pick depth 1 + level.
        self.assertEqual([cal.sf_pick_depth(e) for e in (1350, 1600, 2000, 2500, 2700, 2850)],
                         [1, 3, 7, 14, 17, 19])


class Fit(unittest.TestCase):
    def test_the_fit_self_test(self):
        elo_fit.self_test()  # known curves recovered from simulated games (quadratic, cubic)


if __name__ == "__main__":
    unittest.main()
