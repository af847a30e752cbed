"""Writes perft-suites/double-chess960.epd: named Chess960 castling edge
cases and Double Chess960 positions (start arrays of ../shared/data/books/frc.epd
whose two sides differ, and positions after seeded random play from them
where the side to move can castle), counted by python-chess's own move
generator (chess.Board(fen, chess960=True)). Run from the repository root:
python3 scripts/double_chess960_perft.py (a few minutes)."""
import chess, random
def perft(b, d):
    if d == 1: return b.legal_moves.count()
    n = 0
    for m in b.legal_moves:
        b.push(m); n += perft(b, d-1); b.pop()
    return n
def counts(fen, maxd, budget=400000):
    b = chess.Board(fen, chess960=True)
    out = []
    for d in range(1, maxd+1):
        n = perft(b, d); out.append((d, n))
        if n > budget: break
    return out
def shredder(b):
    return b.fen(shredder=True)
lines = []
hand = [
 ("queen-side castling: the rook on b1 shields c1 from the queen on a1 (king d1 may not castle)", "4k3/8/8/8/8/8/8/qR1K4 w B - 0 1"),
 ("king already on c1: the rook on b1 leaving would uncover the queen on a1", "4k3/8/8/8/8/8/8/qRK5 w B - 0 1"),
 ("black: king c8, rook b8, white rook a8 behind it", "Rrk5/8/8/8/8/8/8/4K3 b b - 0 1"),
 ("black: king d8, rook b8, white queen a8", "Qr1k4/8/8/8/8/8/8/4K3 b b - 0 1"),
 ("king already on g1, rook h1 goes to f1", "4k3/8/8/8/8/8/8/6KR w H - 0 1"),
 ("king already on g1, f1 attacked (only the king's squares must be safe)", "4k3/8/8/8/8/8/5r2/6KR w H - 0 1"),
 ("rook already on f1, king e1 goes to g1", "4k3/8/8/8/8/8/8/4KR2 w F - 0 1"),
 ("rook already on d1, king b1 goes to c1", "4k3/8/8/8/8/8/8/1K1R4 w D - 0 1"),
 ("king f1 and rook g1 swap squares", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1"),
 ("king d1 and rook c1 swap squares", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1"),
 ("king b1, rook a1: both move, a knight on f1 blocks the h1 rook's check", "4k3/8/8/8/8/8/8/RK3N1r w A - 0 1"),
 ("king f1, rook h1: f1g1 is a king step and g1 the castling target", "4k3/8/8/8/8/8/8/5K1R w H - 0 1"),
 ("king b1 between rooks a1 and c1, each a castling rook", "1k6/8/8/8/8/8/8/RKR5 w CA - 0 1"),
 ("king g1 between rooks f1 and h1", "6k1/8/8/8/8/8/8/5RKR w HF - 0 1"),
 ("both sides, kings on b and g, rooks outside; a bishop attacks the path", "rk4r1/6p1/8/8/8/8/1b6/R5KR w HAga - 0 1"),
 ("king b1 castles king-side to g1 over a long empty rank; black queen watches e2", "4k3/4q3/8/8/8/8/8/1K5R w H - 0 1"),
 ("two rooks on the king's side: the inner one holds the right", "4k3/8/8/8/8/8/8/4KRR1 w F - 0 1"),
 ("two rooks on the king's side: the outer one holds the right (X-FEN K)", "4k3/8/8/8/8/8/8/4KRR1 w G - 0 1"),
]
for name, fen in hand:
    b = chess.Board(fen, chess960=True)
    assert b.is_valid(), (fen, b.status())
    lines.append("# " + name)
    c = counts(fen, 6, 50000)
    lines.append(shredder(b) + " " + " ".join(f";D{d} {n}" for d, n in c))
# Double Chess960 start arrays from frc.epd, and positions after random play.
rng = random.Random(960)
books = [l.split(';')[0].strip() for l in open('../shared/data/books/frc.epd') if l.strip()]
doubles = [f for f in books if f.split('/')[0].upper() != f.split('/')[7].split()[0]]
lines.append("# Double Chess960 start arrays (each side its own), from ../shared/data/books/frc.epd")
for fen in doubles[:6]:
    b = chess.Board(fen, chess960=True)
    c = counts(b.fen(), 4, 20000)
    lines.append(shredder(b) + " " + " ".join(f";D{d} {n}" for d, n in c))
lines.append("# Double Chess960 after random play (seed 960), castling still possible for the side to move")
found = 0
for fen in doubles[6:]:
    if found >= 24: break
    b = chess.Board(fen, chess960=True)
    plies = rng.randrange(8, 30)
    ok = True
    for _ in range(plies):
        ms = list(b.legal_moves)
        if not ms: ok = False; break
        # favour castling and king/rook moves a little less than uniform: uniform is fine
        b.push(rng.choice(ms))
    if not ok or b.is_game_over(): continue
    if not any(b.is_castling(m) for m in b.legal_moves): continue
    c = counts(b.fen(), 4, 20000)
    lines.append(shredder(b) + " " + " ".join(f";D{d} {n}" for d, n in c))
    found += 1
header = ['# Chess960 castling edge cases (named) and Double Chess960 positions; counts from python-chess',
          '# (chess.Board(fen, chess960=True), its own perft), written by scripts/double_chess960_perft.py.']
open('perft-suites/double-chess960.epd', 'w').write("\n".join(header + lines) + "\n")
print("done", found)
