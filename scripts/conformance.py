#!/usr/bin/env python3
"""Conformance games: the engine under test against a UCI opponent, every move checked by python-chess.

Each opening of the book is played twice, colours swapped, one game at a time. python-chess keeps
the board and the clocks: a move that is not legal (or a null move), a clock run out, a process that
dies and one that gives no bestmove within its clock and 5 s more (it is then killed) are faults,
counted by kind for the side that made them. A game ends when the Laws end it (checkmate,
stalemate, dead material, a fifth occurrence, 75 moves), when a draw may be claimed (a third
occurrence, 50 moves), at a fault, or by resignation (3 moves in a row at -10 pawns or worse by
the side's own score) or agreement (10 plies within 0.1 pawn after move 40). Every game is written
to --pgn with its Result and a Termination tag in words (`X lost on time`, ...), so that
`ladya outcome --pgn` can check each recorded result against the Laws.

The last lines say `faults NAME: illegal N, time N, crash N, stall N`, one per side (the engine's
first); the exit status is 1 when the engine under test made a fault.

Needs python-chess (python3 -m pip install chess). Example, as tests/conformance.rs runs it:
  python3 scripts/conformance.py --engine target/release/ladya --opponent /usr/games/stockfish \\
      --opponent-options UCI_LimitStrength=true,UCI_Elo=1350,Threads=1,Hash=16 \\
      --book tests/data/books/openings.epd --games 4 --tc 8+0.08 --pgn games.pgn
--chess960 plays Chess960 (python-chess sets UCI_Chess960, sends Shredder-FEN and king-takes-rook
castling; use a book of Chess960 start arrays); --ponder lets the engine ponder (python-chess sends
`go ponder` on its ponder move, then `ponderhit` or `stop`).
"""
import argparse
import os
import random
import shlex
import signal
import sys
import threading
import time

import chess
import chess.engine
import chess.pgn

FAULTS = ("illegal", "time", "crash", "stall")
STALL_GRACE = 5.0  # seconds beyond the clock before a silent engine counts as stalled


def read_book(path):
    """The positions of an EPD book: the first four fields, and the clocks when the line has them."""
    fens = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            fields = line.split(";")[0].split()
            if not fields or fields[0].startswith("#"):
                continue
            if len(fields) < 4:
                sys.exit(f"{path}:{number}: not an EPD position: {line.strip()}")
            clocks = fields[4:6] if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit() else ["0", "1"]
            fens.append(" ".join(fields[:4] + clocks))
    if not fens:
        sys.exit(f"{path}: no positions")
    return fens


def parse_options(text):
    """'Name=value,Name=value' -> {Name: value}."""
    options = {}
    for item in filter(None, (text or "").split(",")):
        name, _, value = item.partition("=")
        options[name.strip()] = value.strip()
    return options


class Player:
    """One engine process for the whole run, restarted after a fault killed it."""

    def __init__(self, name, command, options):
        self.name, self.command, self.options = name, command, options
        self.engine = None
        self.stalled = threading.Event()

    def ensure_started(self):
        if self.engine is None:
            self.engine = chess.engine.SimpleEngine.popen_uci(shlex.split(self.command), timeout=20)
            if self.options:
                self.engine.configure(self.options)

    def kill(self):
        """The watchdog's: end a process that gives no bestmove, so that the waiting call returns."""
        self.stalled.set()
        try:
            os.kill(self.engine.protocol.transport.get_pid(), signal.SIGKILL)
        except Exception:
            pass

    def close(self):
        if self.engine is not None:
            try:
                self.engine.quit()
            except Exception:
                try:
                    self.engine.close()
                except Exception:
                    pass
        self.engine = None


def loss(side):
    return "0-1" if side == chess.WHITE else "1-0"


def play_game(args, fen, white, black, ponder_player):
    """One game; returns (pgn game, fault kind or None, the side at fault)."""
    board = chess.Board(fen, chess960=args.chess960)
    game = chess.pgn.Game()
    game.setup(board)
    game.headers.update(Event="conformance", White=white.name, Black=black.name)
    base, _, inc = args.tc.partition("+")
    base, inc = float(base), float(inc or 0)
    clock = {chess.WHITE: base, chess.BLACK: base}
    resign_streak = {chess.WHITE: 0, chess.BLACK: 0}
    draw_streak = 0
    node = game

    def end(result, termination, fault=None, side=None):
        game.headers["Result"] = result
        game.headers["Termination"] = termination
        return game, fault, side

    for player, side in ((white, chess.WHITE), (black, chess.BLACK)):
        try:
            player.ensure_started()
        except Exception as e:
            player.close()
            return end(loss(side), f"{player.name} failed to start: {type(e).__name__} {e}", "crash", side)
    while True:
        outcome = board.outcome()
        if outcome is not None:
            return end(outcome.result(), outcome.termination.name.lower().replace("_", " "))
        if board.is_repetition(3):
            return end("1/2-1/2", "threefold repetition claimed")
        if board.halfmove_clock >= 100:
            return end("1/2-1/2", "fifty-move rule claimed")
        side = board.turn
        player = white if side == chess.WHITE else black
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=inc, black_inc=inc)
        # python-chess waits for a bestmove for ever under a clock: a watchdog kills a silent engine.
        player.stalled.clear()
        budget = clock[side] + STALL_GRACE
        watchdog = threading.Timer(budget, player.kill)
        watchdog.start()
        start = time.perf_counter()
        try:
            played = player.engine.play(board, limit, game=game, info=chess.engine.INFO_SCORE,
                                        ponder=player is ponder_player)
        except chess.engine.EngineTerminatedError as e:
            player.close()
            if player.stalled.is_set():
                return end(loss(side), f"{player.name} stalled (no bestmove in {budget:.0f} s)", "stall", side)
            return end(loss(side), f"{player.name} crashed: {e}", "crash", side)
        except chess.engine.EngineError as e:
            player.close()
            return end(loss(side), f"{player.name} played an illegal move: {e}", "illegal", side)
        finally:
            watchdog.cancel()
        elapsed = time.perf_counter() - start
        move = played.move
        if move is None or move == chess.Move.null() or move not in board.legal_moves:
            player.close()
            return end(loss(side), f"{player.name} played an illegal move: {move}", "illegal", side)
        if played.ponder is not None and player is ponder_player:
            args.ponder_searches += 1
        clock[side] -= elapsed
        if clock[side] < -args.margin / 1000:
            # FIDE 6.9: a flag fall is a draw when the opponent cannot mate (by material, as python-chess
            # judges; the arbiter, `ladya outcome`, proves it by the Laws).
            result = "1/2-1/2" if board.has_insufficient_material(not side) else loss(side)
            return end(result, f"{player.name} lost on time", "time", side)
        clock[side] += inc
        node = node.add_variation(move)
        score = played.info.get("score")
        if score is not None:
            node.comment = f"{score.pov(side)} {elapsed:.2f}s"
        board.push(move)
        if score is not None:
            cp = score.pov(side).score(mate_score=100000)
            resign_streak[side] = resign_streak[side] + 1 if cp <= -1000 else 0
            if resign_streak[side] >= 3:
                return end(loss(side), f"{player.name} resigns")
            draw_streak = draw_streak + 1 if abs(cp) <= 10 and board.fullmove_number > 40 else 0
            if draw_streak >= 10:
                return end("1/2-1/2", "draw agreed")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="command line of the engine under test")
    ap.add_argument("--opponent", required=True, help="command line of the opponent")
    ap.add_argument("--name", help="the engine's name in the PGN and the fault lines (default: its file name)")
    ap.add_argument("--opponent-name")
    ap.add_argument("--engine-options", default="", help="UCI options, Name=value,Name=value")
    ap.add_argument("--opponent-options", default="")
    ap.add_argument("--book", help="EPD openings (default: the start position, or the standard array with --chess960)")
    ap.add_argument("--games", type=int, default=4, help="games, rounded up to an even number (default 4)")
    ap.add_argument("--tc", default="8+0.08", help="base+increment in seconds (default 8+0.08)")
    ap.add_argument("--margin", type=float, default=50, help="ms past the clock before a time loss (default 50)")
    ap.add_argument("--chess960", action="store_true")
    ap.add_argument("--ponder", action="store_true", help="the engine under test ponders")
    ap.add_argument("--seed", type=int, default=1, help="the order of the book's openings")
    ap.add_argument("--pgn", help="write every game here")
    args = ap.parse_args()
    args.ponder_searches = 0

    fens = read_book(args.book) if args.book else [chess.Board(chess960=args.chess960).fen()]
    random.Random(args.seed).shuffle(fens)
    engine_name = args.name or os.path.basename(shlex.split(args.engine)[0])
    opponent_name = args.opponent_name or os.path.basename(shlex.split(args.opponent)[0])
    if opponent_name == engine_name:
        opponent_name += "-2"
    engine = Player(engine_name, args.engine, parse_options(args.engine_options))
    opponent = Player(opponent_name, args.opponent, parse_options(args.opponent_options))
    faults = {p.name: dict.fromkeys(FAULTS, 0) for p in (engine, opponent)}
    score = 0.0
    pgn = open(args.pgn, "w") if args.pgn else None
    games = 2 * ((args.games + 1) // 2)
    try:
        for n in range(games):
            fen = fens[(n // 2) % len(fens)]
            white, black = (engine, opponent) if n % 2 == 0 else (opponent, engine)
            game, fault, side = play_game(args, fen, white, black, engine if args.ponder else None)
            result = game.headers["Result"]
            score += {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5) if white is engine else \
                {"1-0": 0.0, "0-1": 1.0}.get(result, 0.5)
            plies = len(list(game.mainline_moves()))
            print(f"game {n + 1}: {white.name} - {black.name} {result} ({game.headers['Termination']}), "
                  f"{plies} plies from {fen}", flush=True)
            if fault:
                culprit = white if side == chess.WHITE else black
                faults[culprit.name][fault] += 1
            if pgn:
                pgn.write(str(game) + "\n\n")
                pgn.flush()
    finally:
        for p in (engine, opponent):
            p.close()
        if pgn:
            pgn.close()
    print(f"{engine.name}: {score:g} of {games}")
    if args.ponder:
        print(f"ponder searches: {args.ponder_searches}")
    for p in (engine, opponent):
        print(f"faults {p.name}: " + ", ".join(f"{k} {v}" for k, v in faults[p.name].items()))
    sys.exit(1 if any(faults[engine.name].values()) else 0)


if __name__ == "__main__":
    main()
