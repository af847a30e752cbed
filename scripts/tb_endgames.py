#!/usr/bin/env python3
"""Won tablebase endings played out against Stockfish (which has no tables).

For each ending (KBN v K, KR v K, KQ v KR) it draws random positions that
the Syzygy tables call won for the side to move, gives that side to Ladya
(with SyzygyPath set) and the other to Stockfish, and plays until the game
ends. A pass is a mate delivered by Ladya before the fifty-move rule could
be claimed; every move is checked by python-chess, and a position reached
after Ladya's move must still be a tablebase win.

  python3 scripts/tb_endgames.py --ladya target/release/ladya \
      --stockfish /usr/games/stockfish --syzygy tests/data/syzygy --games 5
"""
import argparse, os, random, sys
import chess, chess.engine, chess.syzygy

ENDINGS = {
    "KBNvK": [chess.KING, chess.BISHOP, chess.KNIGHT],
    "KRvK": [chess.KING, chess.ROOK],
    "KQvKR": [chess.KING, chess.QUEEN],
}
DEFENDER = {"KBNvK": [chess.KING], "KRvK": [chess.KING], "KQvKR": [chess.KING, chess.ROOK]}


def random_won_position(rng, name, tb):
    while True:
        board = chess.Board(None)
        attacker = rng.choice([chess.WHITE, chess.BLACK])
        squares = rng.sample(chess.SQUARES, len(ENDINGS[name]) + len(DEFENDER[name]))
        pieces = [(p, attacker) for p in ENDINGS[name]] + [(p, not attacker) for p in DEFENDER[name]]
        for sq, (p, c) in zip(squares, pieces):
            board.set_piece_at(sq, chess.Piece(p, c))
        board.turn = attacker
        if not board.is_valid() or board.is_game_over():
            continue
        if tb.probe_wdl(board) == 2 and 10 <= tb.probe_dtz(board) <= 60:
            return board


def play(ladya, stockfish, board, tb, movetime):
    attacker = board.turn
    while not board.is_game_over(claim_draw=False):
        if board.halfmove_clock >= 100:
            return "fifty-move rule"
        engine = ladya if board.turn == attacker else stockfish
        move = engine.play(board, chess.engine.Limit(time=movetime)).move
        if move is None or move not in board.legal_moves:
            return f"illegal move {move} in {board.fen()}"
        board.push(move)
        if board.turn != attacker and not board.is_game_over():
            if tb.probe_wdl(board) != -2:
                return f"won position thrown away after {move}: {board.fen()}"
    if board.is_checkmate() and board.turn != attacker:
        return "mate"
    return f"game over without mate: {board.result()} {board.fen()}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ladya", default="target/release/ladya")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--syzygy", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "syzygy"))
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--movetime", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tb = chess.syzygy.open_tablebase(args.syzygy)
    ladya = chess.engine.SimpleEngine.popen_uci(args.ladya)
    ladya.configure({"SyzygyPath": args.syzygy})
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    failures = 0
    try:
        for name in ENDINGS:
            for i in range(args.games):
                start = random_won_position(rng, name, tb)
                board = start.copy()
                outcome = play(ladya, stockfish, board, tb, args.movetime)
                plies = board.ply() - start.ply()
                print(f"{name} {i + 1}: {start.fen()} -> {outcome} in {plies} plies "
                      f"(DTZ at the start {tb.probe_dtz(start)})", flush=True)
                failures += outcome != "mate"
    finally:
        ladya.quit()
        stockfish.quit()
    print(f"{failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
