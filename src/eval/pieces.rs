//! Piece activity: mobility, bishop pair, rooks on open files, and the
//! attacks on the enemy king's zone that king safety weighs.
//!
//! Mobility weights and offsets follow Fruit 2.1 (Fabien Letouzey): a
//! piece earns its weight per reachable square beyond a typical count.
//! Squares attacked by enemy pawns do not count (safe mobility).

use super::bits::{file_mask, pawn_attacks};
use super::score::S;
use crate::board::attacks::{DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};
use crate::board::square::squares_of;
use crate::board::{Board, Color, PieceKind, Square};

const MOBILITY: [(S, i32); 4] = [
    (S(4, 4), 4),  // knight
    (S(5, 5), 6),  // bishop
    (S(2, 4), 7),  // rook
    (S(1, 2), 13), // queen
];
const BISHOP_PAIR: S = S(30, 50);
const ROOK_OPEN_FILE: S = S(25, 10);
const ROOK_SEMI_OPEN_FILE: S = S(10, 5);
const ROOK_ON_SEVENTH: S = S(10, 25);
/// King-attack units per square of the king zone a piece attacks
/// (the "attack units" scheme of the chessprogramming wiki's King Safety).
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];

/// What the activity pass learns about one side.
#[derive(Default, Clone, Copy)]
pub struct Activity {
    pub score: S,
    /// Pieces of this side that hit the enemy king zone.
    pub king_attackers: i32,
    /// Sum of their attack units.
    pub king_attack_units: i32,
}

/// The king zone of `color`: the king's square and its neighbours.
pub fn king_zone(b: &Board, color: Color) -> u64 {
    let k = b.king_square(color);
    let mut zone = k.bit();
    for d in KING_STEPS {
        if let Some(s) = k.offset(d) {
            zone |= s.bit();
        }
    }
    zone
}

pub fn evaluate(b: &Board, us: Color, pawns: [u64; 2]) -> Activity {
    let them = !us;
    let own = b.occupied_by(us);
    let unsafe_squares = pawn_attacks(them, pawns[them.index()]);
    let zone = king_zone(b, them);
    let mut act = Activity::default();
    let mut bishops = 0;
    for sq in squares_of(own) {
        let kind = match b.piece_at(sq).kind() {
            Some(k) => k,
            None => continue,
        };
        let (idx, steps, slides): (usize, &[i8], bool) = match kind {
            PieceKind::Knight => (0, &KNIGHT_STEPS, false),
            PieceKind::Bishop => (1, &DIAGONAL, true),
            PieceKind::Rook => (2, &ORTHOGONAL, true),
            PieceKind::Queen => (3, &KING_STEPS, true),
            _ => continue,
        };
        let attacked = attacks_from(b, sq, steps, slides);
        let count = (attacked & !own & !unsafe_squares).count_ones() as i32;
        let (weight, offset) = MOBILITY[idx];
        act.score += weight * (count - offset);
        let hits = (attacked & zone).count_ones() as i32;
        if hits > 0 {
            act.king_attackers += 1;
            act.king_attack_units += ATTACK_UNITS[idx] * hits;
        }
        match kind {
            PieceKind::Bishop => bishops += 1,
            PieceKind::Rook => {
                let file = file_mask(sq.file());
                if pawns[us.index()] & file == 0 {
                    act.score += if pawns[them.index()] & file == 0 {
                        ROOK_OPEN_FILE
                    } else {
                        ROOK_SEMI_OPEN_FILE
                    };
                }
                let seventh = if us == Color::White { 6 } else { 1 };
                let their_back = if us == Color::White { 7 } else { 0 };
                if sq.rank() == seventh && b.king_square(them).rank() == their_back {
                    act.score += ROOK_ON_SEVENTH;
                }
            }
            _ => {}
        }
    }
    if bishops >= 2 {
        act.score += BISHOP_PAIR;
    }
    act
}

/// The squares a piece on `sq` attacks, as a 64-square set.
#[inline]
fn attacks_from(b: &Board, sq: Square, steps: &[i8], slides: bool) -> u64 {
    let mut set = 0u64;
    for &d in steps {
        let mut s = sq;
        while let Some(t) = s.offset(d) {
            set |= t.bit();
            if !slides || !b.piece_at(t).is_empty() {
                break;
            }
            s = t;
        }
    }
    set
}
