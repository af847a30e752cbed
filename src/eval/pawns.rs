//! Pawn structure: passed, isolated, doubled and backward pawns.
//!
//! Weights are hand-set starting values in the range that Fruit 2.1 and
//! the chessprogramming wiki's "Pawn Structure" pages use; they have not
//! been tuned yet (see docs/strength.md).

use super::bits::{adjacent_files, file_mask, pawn_attacks, ranks_ahead, relative_rank};
use super::score::S;
use crate::board::square::squares_of;
use crate::board::{Color, Square};

const DOUBLED: S = S(-10, -20);
const ISOLATED: S = S(-10, -15);
const BACKWARD: S = S(-8, -10);
/// By relative rank; the PeSTO pawn tables already reward advanced pawns,
/// so this is only the extra for having no pawn in the way.
const PASSED: [S; 8] = [
    S(0, 0),
    S(0, 5),
    S(0, 10),
    S(5, 20),
    S(15, 35),
    S(30, 60),
    S(50, 90),
    S(0, 0),
];
/// Endgame bonus per square of king-distance advantage to the passer's
/// promotion square, scaled by how advanced the passer is.
const PASSER_KING_DISTANCE: i32 = 4;

/// Chebyshev distance between two squares.
#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

/// The pawn-structure score of `us`'s pawns (from `us`'s side). Also
/// returns the set of `us`'s passed pawns.
pub fn evaluate(us: Color, pawns: [u64; 2], kings: [Square; 2]) -> (S, u64) {
    let them = !us;
    let ours = pawns[us.index()];
    let theirs = pawns[them.index()];
    let their_attacks = pawn_attacks(them, theirs);
    let mut score = S(0, 0);
    let mut passed = 0u64;
    for sq in squares_of(ours) {
        let file = sq.file();
        let rank = sq.rank();
        let ahead = ranks_ahead(us, rank);
        let neighbours = adjacent_files(file);
        if ours & file_mask(file) & ahead != 0 {
            score += DOUBLED;
        }
        if ours & neighbours == 0 {
            score += ISOLATED;
        } else {
            // Backward: no friendly pawn beside or behind it on the
            // adjacent files, and its stop square is hit by an enemy pawn.
            let behind_or_level = !ranks_ahead(us, rank);
            let support = ours & neighbours & behind_or_level;
            let stop = sq.offset(us.forward()).map_or(0, |s| s.bit());
            if support == 0 && stop & their_attacks != 0 {
                score += BACKWARD;
            }
        }
        let front_span = (file_mask(file) | neighbours) & ahead;
        if theirs & front_span == 0 && ours & file_mask(file) & ahead == 0 {
            passed |= sq.bit();
            let rr = relative_rank(us, rank) as usize;
            score += PASSED[rr];
            let promotion = Square::new(file, if us == Color::White { 7 } else { 0 });
            let edge =
                distance(kings[them.index()], promotion) - distance(kings[us.index()], promotion);
            score += S(0, edge * PASSER_KING_DISTANCE * rr as i32 / 2);
        }
    }
    (score, passed)
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
        let (_, passed) = evaluate(Color::White, pawn_sets(&b), kings);
        // d5 is not passed (c7 guards c6... but c7 is on an adjacent file ahead).
        assert_eq!(passed & Square::parse("d5").unwrap().bit(), 0);
        // h3 is behind h2? h2 has h3 ahead on its file: only h3 can be passed.
        assert_ne!(passed & Square::parse("h3").unwrap().bit(), 0);
        assert_eq!(passed & Square::parse("h2").unwrap().bit(), 0);
        let (black, black_passed) = evaluate(Color::Black, pawn_sets(&b), kings);
        assert_eq!(black_passed, 0);
        // A lone pawn on c7 is isolated.
        assert!(black.0 < 0);
    }
}
