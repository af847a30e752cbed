#!/usr/bin/env python3
"""lichess-bot's default engine options through python-chess (issue 14): accepted, the engine plays, wdl sums to 1000, root_moves=[] gives the null move, a 960 game is legal.  python3 scripts/lichess_defaults.py target/release/ladya"""
import chess, chess.engine, sys
eng = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
eng.configure({"Move Overhead": 100, "Threads": 4, "Hash": 512, "SyzygyPath": "/no/such/folder", "UCI_ShowWDL": True})
board = chess.Board()
wdl_seen = 0
for ply in range(12):
    with eng.analysis(board, chess.engine.Limit(time=0.2), info=chess.engine.INFO_ALL) as an:
        for info in an:
            if "wdl" in info:
                w = info["wdl"].relative
                assert w.wins + w.draws + w.losses == 1000, w
                wdl_seen += 1
        best = an.wait().move
    assert best in board.legal_moves
    board.push(best)
# python-chess's root_moves=[] becomes "searchmoves 0000"
r = eng.play(board, chess.engine.Limit(depth=3), root_moves=[])
print("root_moves=[] ->", r.move)
# Chess960 through python-chess
b960 = chess.Board.from_chess960_pos(518 - 100)
for _ in range(10):
    m = eng.play(b960, chess.engine.Limit(time=0.1)).move
    assert m in b960.legal_moves, m
    b960.push(m)
print("plies", board.ply(), "wdl lines", wdl_seen, "960 moves ok:", b960.fen())
eng.quit()
