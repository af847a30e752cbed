//! Pawn structure: passed (and blocked passed), isolated, doubled,
//! backward and connected pawns.
//!
//! The weights are in `weights.rs` (tuned; docs/tuning.md).

use super::bits::{adjacent_files, file_mask, pawn_attacks, ranks_ahead, relative_rank};
use super::score::S;
use super::trace::{Trace, term};
use super::weights as w;
use crate::board::square::squares_of;
use crate::board::{Color, Square};

/// Chebyshev distance between two squares.
#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The pawn-structure score of `us`'s pawns (from `us`'s side). Also
/// returns the set of `us`'s passed pawns.
pub fn evaluate<T: Trace>(
    t: &mut T,
    us: Color,
    pawns: [u64; 2],
    kings: [Square; 2],
    occupied: u64,
) -> (S, u64) {
    let (score, passed) = structure(t, us, pawns);
    (score + passers(t, us, passed, kings, occupied), passed)
}

/// The part of `evaluate` that depends on the pawns alone (so that it can
/// be cached by pawn structure): every term but the passed pawns' king
/// distances and blockades. Also returns the set of `us`'s passed pawns.
pub fn structure<T: Trace>(t: &mut T, us: Color, pawns: [u64; 2]) -> (S, u64) {
    let them = !us;
    let ours = pawns[us.index()];
    let theirs = pawns[them.index()];
    let their_attacks = pawn_attacks(them, theirs);
    let our_attacks = pawn_attacks(us, ours);
    let mut score = S(0, 0);
    let mut passed = 0u64;
    for sq in squares_of(ours) {
        let file = sq.file();
        let rank = sq.rank();
        let ahead = ranks_ahead(us, rank);
        let neighbours = adjacent_files(file);
        if ours & file_mask(file) & ahead != 0 {
            score += term(t, us, w::DOUBLED, 1);
        }
        if ours & neighbours == 0 {
            score += term(t, us, w::ISOLATED, 1);
        } else {
            // Backward: no friendly pawn beside or behind it on the
            // adjacent files, and its stop square is hit by an enemy pawn.
            let behind_or_level = !ranks_ahead(us, rank);
            let support = ours & neighbours & behind_or_level;
            let stop = sq.offset(us.forward()).map_or(0, |s| s.bit());
            if support == 0 && stop & their_attacks != 0 {
                score += term(t, us, w::BACKWARD, 1);
            }
        }
        let phalanx = ours & neighbours & crate::eval::bits::rank_mask(rank);
        if (our_attacks & sq.bit()) != 0 || phalanx != 0 {
            score += term(t, us, w::CONNECTED + relative_rank(us, rank) as usize, 1);
        }
        let front_span = (file_mask(file) | neighbours) & ahead;
        if theirs & front_span == 0 && ours & file_mask(file) & ahead == 0 {
            passed |= sq.bit();
            let rr = relative_rank(us, rank) as usize;
            score += term(t, us, w::PASSED + rr, 1);
        }
    }
    (score, passed)
}

/// The terms of `us`'s passed pawns that depend on more than the pawns:
/// which king is nearer the promotion square, and a blocked stop square.
pub fn passers<T: Trace>(
    t: &mut T,
    us: Color,
    passed: u64,
    kings: [Square; 2],
    occupied: u64,
) -> S {
    let them = !us;
    let mut score = S(0, 0);
    for sq in squares_of(passed) {
        let rr = relative_rank(us, sq.rank()) as usize;
        let promotion = Square::new(sq.file(), if us == Color::White { 7 } else { 0 });
        let edge =
            distance(kings[them.index()], promotion) - distance(kings[us.index()], promotion);
        score += term(t, us, w::PASSER_KING_DISTANCE + rr, edge);
        let stop = sq.offset(us.forward()).map_or(0, |s| s.bit());
        if stop & occupied != 0 {
            score += term(t, us, w::PASSED_BLOCKED + rr, 1);
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn pawn_sets(b: &Board) -> [u64; 2] {
        let mut p = [0u64; 2];
        for (sq, piece) in b.pieces() {
            if piece.kind() == Some(crate::board::PieceKind::Pawn) {
                p[piece.color().index()] |= sq.bit();
            }
        }
        p
    }

    #[test]
    fn passed_isolated_doubled() {
        // White: a passed d5 pawn, doubled isolated h-pawns. Black: c7 only.
        let b = Board::from_fen("4k3/2p5/8/3P4/8/7P/7P/4K3 w - - 0 1").unwrap();
        let kings = [b.king_square(Color::White), b.king_square(Color::Black)];
        let (_, passed) = evaluate(
            &mut crate::eval::trace::NoTrace,
            Color::White,
            pawn_sets(&b),
            kings,
            0,
        );
        // d5 is not passed (c7 guards c6... but c7 is on an adjacent file ahead).
        assert_eq!(passed & Square::parse("d5").unwrap().bit(), 0);
        // h3 is behind h2? h2 has h3 ahead on its file: only h3 can be passed.
        assert_ne!(passed & Square::parse("h3").unwrap().bit(), 0);
        assert_eq!(passed & Square::parse("h2").unwrap().bit(), 0);
        let (black, black_passed) = evaluate(
            &mut crate::eval::trace::NoTrace,
            Color::Black,
            pawn_sets(&b),
            kings,
            0,
        );
        assert_eq!(black_passed, 0);
        // A lone pawn on c7 is isolated.
        assert!(black.0 < 0);
    }
}
