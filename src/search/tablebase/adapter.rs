//! The attack sets that pyrrhic-rs asks of an engine (its `EngineAdapter`),
//! on 64-square bitboards (bit 0 = a1, bit 7 = h1, bit 8 = a2).
//!
//! Our board is 0x88, so the sets are walked with 0x88 steps: a step that
//! leaves the board sets the 0x88 bits, as everywhere else in the engine.

use crate::board::Square;
use crate::board::attacks::{DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};
use pyrrhic_rs::{Color, EngineAdapter};

/// The adapter type handed to `pyrrhic_rs::TableBases`.
#[derive(Clone, Copy, Debug)]
pub struct Adapter;

/// The squares one step of each of `steps` away from the 64-square `square`.
fn leaper(square: u64, steps: &[i8]) -> u64 {
    let from = Square::from_index64(square as u8);
    steps
        .iter()
        .filter_map(|&d| from.offset(d))
        .fold(0, |set, s| set | s.bit())
}

/// The squares a slider on `square` reaches along `directions`, up to and
/// including the first occupied square of each ray.
fn slider(square: u64, occupied: u64, directions: &[i8]) -> u64 {
    let from = Square::from_index64(square as u8);
    let mut set = 0;
    for &d in directions {
        let mut s = from;
        while let Some(next) = s.offset(d) {
            set |= next.bit();
            if occupied & next.bit() != 0 {
                break;
            }
            s = next;
        }
    }
    set
}

impl EngineAdapter for Adapter {
    fn pawn_attacks(color: Color, square: u64) -> u64 {
        let forward: i8 = if color == Color::White { 16 } else { -16 };
        leaper(square, &[forward - 1, forward + 1])
    }

    fn knight_attacks(square: u64) -> u64 {
        leaper(square, &KNIGHT_STEPS)
    }

    fn bishop_attacks(square: u64, occupied: u64) -> u64 {
        slider(square, occupied, &DIAGONAL)
    }

    fn rook_attacks(square: u64, occupied: u64) -> u64 {
        slider(square, occupied, &ORTHOGONAL)
    }

    fn queen_attacks(square: u64, occupied: u64) -> u64 {
        slider(square, occupied, &DIAGONAL) | slider(square, occupied, &ORTHOGONAL)
    }

    fn king_attacks(square: u64) -> u64 {
        leaper(square, &KING_STEPS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Color as Side, PieceKind};

    /// The squares `by` attacks, from the adapter's sets.
    fn attacked_by(b: &Board, by: Side) -> u64 {
        let occupied = b.occupied_by(Side::White) | b.occupied_by(Side::Black);
        let mut set = 0;
        for (sq, p) in b.pieces() {
            if p.color() != by {
                continue;
            }
            let s = u64::from(sq.index64());
            set |= match p.kind().unwrap() {
                PieceKind::Pawn => Adapter::pawn_attacks(
                    if by == Side::White {
                        Color::White
                    } else {
                        Color::Black
                    },
                    s,
                ),
                PieceKind::Knight => Adapter::knight_attacks(s),
                PieceKind::Bishop => Adapter::bishop_attacks(s, occupied),
                PieceKind::Rook => Adapter::rook_attacks(s, occupied),
                PieceKind::Queen => Adapter::queen_attacks(s, occupied),
                PieceKind::King => Adapter::king_attacks(s),
            };
        }
        set
    }

    #[test]
    fn attack_sets_agree_with_the_board() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            "8/8/8/3Q4/8/8/8/k6K w - - 0 1",
            "1k6/8/8/8/8/8/8/R3K2R b - - 0 1",
        ];
        for fen in fens {
            let b = Board::from_fen(fen).unwrap();
            for by in [Side::White, Side::Black] {
                let mine = attacked_by(&b, by);
                for i in 0..64u8 {
                    let sq = Square::from_index64(i);
                    assert_eq!(
                        mine & sq.bit() != 0,
                        b.is_attacked(sq, by),
                        "{fen}: {sq:?} attacked by {by:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn corner_sets() {
        // a1 = bit 0: a knight reaches b3 and c2, a king a2, b1 and b2.
        assert_eq!(Adapter::knight_attacks(0), (1 << 17) | (1 << 10));
        assert_eq!(Adapter::king_attacks(0), (1 << 8) | (1 << 1) | (1 << 9));
        // A white pawn on a2 attacks b3 only; a black one on h7, g6 only.
        assert_eq!(Adapter::pawn_attacks(Color::White, 8), 1 << 17);
        assert_eq!(Adapter::pawn_attacks(Color::Black, 55), 1 << 46);
        // A rook on a1 with a blocker on a3: a2, a3 and the first rank.
        assert_eq!(
            Adapter::rook_attacks(0, 1 << 16),
            (1 << 8) | (1 << 16) | 0xfe
        );
    }
}
