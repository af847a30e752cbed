//! Piece activity: mobility, bishop pair, rooks on open files, and the
//! attacks on the enemy king's zone that king safety weighs.
//!
//! Mobility is a weight per number of safe squares reached (own pieces
//! and squares attacked by enemy pawns do not count); the tables started
//! from Fruit 2.1's linear weights and are tuned (`weights.rs`).

use super::bits::{adjacent_files, file_mask, pawn_attacks, ranks_ahead, relative_rank};
use super::score::S;
use super::trace::{Trace, term};
use super::weights as w;
use crate::board::attacks::{DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};
use crate::board::square::squares_of;
use crate::board::{Board, Color, PieceKind, Square};

const MOBILITY: [usize; 4] = [
    w::MOBILITY_KNIGHT,
    w::MOBILITY_BISHOP,
    w::MOBILITY_ROOK,
    w::MOBILITY_QUEEN,
];
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

pub fn evaluate<T: Trace>(t: &mut T, b: &Board, us: Color, pawns: [u64; 2]) -> Activity {
    let them = !us;
    let own = b.occupied_by(us);
    let unsafe_squares = pawn_attacks(them, pawns[them.index()]);
    let zone = king_zone(b, them);
    let our_pawn_attacks = pawn_attacks(us, pawns[us.index()]);
    let mut act = Activity::default();
    let mut bishops = 0;
    let mut minor_attacks = 0u64;
    // Pawns and the king have no mobility here: only the pieces are walked.
    let ours = own & !pawns[us.index()] & !b.king_square(us).bit();
    for sq in squares_of(ours) {
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
        if idx < 2 {
            minor_attacks |= attacked;
        }
        let count = (attacked & !own & !unsafe_squares).count_ones() as i32;
        act.score += term(t, us, MOBILITY[idx] + count as usize, 1);
        let hits = (attacked & zone).count_ones() as i32;
        if hits > 0 {
            act.king_attackers += 1;
            act.king_attack_units += ATTACK_UNITS[idx] * hits;
        }
        if idx < 2 && our_pawn_attacks & sq.bit() != 0 {
            let rr = relative_rank(us, sq.rank());
            let attackers_span = adjacent_files(sq.file()) & ranks_ahead(us, sq.rank());
            if (3..=5).contains(&rr) && pawns[them.index()] & attackers_span == 0 {
                let index = if idx == 0 {
                    w::KNIGHT_OUTPOST
                } else {
                    w::BISHOP_OUTPOST
                };
                act.score += term(t, us, index, 1);
            }
        }
        match kind {
            PieceKind::Bishop => bishops += 1,
            PieceKind::Rook => {
                let file = file_mask(sq.file());
                if pawns[us.index()] & file == 0 {
                    let index = if pawns[them.index()] & file == 0 {
                        w::ROOK_OPEN_FILE
                    } else {
                        w::ROOK_SEMI_OPEN_FILE
                    };
                    act.score += term(t, us, index, 1);
                }
                let seventh = if us == Color::White { 6 } else { 1 };
                let their_back = if us == Color::White { 7 } else { 0 };
                if sq.rank() == seventh && b.king_square(them).rank() == their_back {
                    act.score += term(t, us, w::ROOK_ON_SEVENTH, 1);
                }
            }
            _ => {}
        }
    }
    if bishops >= 2 {
        act.score += term(t, us, w::BISHOP_PAIR, 1);
    }
    // Threats against the enemy's pieces (pawns and king excluded).
    // Rooks and queens are the orthogonal sliders.
    let heavy = b.orthogonal[them.index()];
    let pieces = b.occupied_by(them) & !pawns[them.index()] & !b.king_square(them).bit();
    let by_pawn = (our_pawn_attacks & pieces).count_ones() as i32;
    act.score += term(t, us, w::THREAT_BY_PAWN, by_pawn);
    let by_minor = (minor_attacks & heavy).count_ones() as i32;
    act.score += term(t, us, w::THREAT_BY_MINOR, by_minor);
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
