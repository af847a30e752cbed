#!/usr/bin/env python3
"""Play short games in which Ladya ponders (python-chess sends `go ponder`,
then `ponderhit` or `stop`), against Stockfish. Exits 1 on an illegal move,
a time loss, a crash or a stall of Ladya.

usage: ponder_games.py LADYA STOCKFISH [GAMES] [BASE+INC]
"""
import sys, time
import chess, chess.engine

def main():
    ladya_cmd, sf_cmd = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    base, _, inc = (sys.argv[4] if len(sys.argv) > 4 else "4+0.04").partition("+")
    base, inc = float(base), float(inc or 0)
    faults = 0
    ponderhits = 0
    for g in range(games):
        ladya = chess.engine.SimpleEngine.popen_uci(ladya_cmd, timeout=20)
        sf = chess.engine.SimpleEngine.popen_uci(sf_cmd, timeout=20)
        sf.configure({"UCI_LimitStrength": True, "UCI_Elo": 1350, "Threads": 1})
        board = chess.Board()
        clock = {chess.WHITE: base, chess.BLACK: base}
        ladya_color = chess.WHITE if g % 2 == 0 else chess.BLACK
        outcome = None
        while not board.is_game_over(claim_draw=True) and board.ply() < 300:
            side = board.turn
            engine = ladya if side == ladya_color else sf
            limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                       white_inc=inc, black_inc=inc)
            start = time.perf_counter()
            try:
                result = engine.play(board, limit, ponder=(engine is ladya))
            except Exception as e:  # crash, stall or protocol error
                outcome = f"{'ladya' if engine is ladya else 'stockfish'} failed: {e!r}"
                faults += engine is ladya
                break
            elapsed = time.perf_counter() - start
            if engine is ladya and result.ponder is not None:
                ponderhits += 1  # python-chess now sends `go ponder` on it
            clock[side] -= elapsed
            if clock[side] < -0.05:
                outcome = f"{'ladya' if engine is ladya else 'stockfish'} lost on time"
                faults += engine is ladya
                break
            clock[side] += inc
            if result.move is None or result.move not in board.legal_moves:
                outcome = f"illegal move {result.move} by {'ladya' if engine is ladya else 'stockfish'}"
                faults += engine is ladya
                break
            board.push(result.move)
        print(f"game {g + 1}: {outcome or board.result(claim_draw=True)} after {board.ply()} plies")
        for e in (ladya, sf):
            try:
                e.quit()
            except Exception:
                pass
    print(f"ponder games: {games}, ponder searches started: {ponderhits}, ladya faults: {faults}")
    sys.exit(1 if faults else 0)

if __name__ == "__main__":
    main()
