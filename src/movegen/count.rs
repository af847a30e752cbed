//! The number of legal moves, counted by sets rather than listed: perft's
//! bulk counting at the last ply, and `has_legal_move`.
//!
//! The same rules as `generator::generate`, which stays the reference (a test
//! compares the two on every node of the perft suites' first plies), done
//! with the attack sets of `board::bitboard`: the checkers and pins from
//! the king outward, the squares the enemy attacks (our king lifted) for
//! the king's steps, then one popcount per piece for knights and sliders
//! (their targets summed by `tally`), and a few shifts for all the free
//! pawns together. En passant, and castling with an
//! enemy rook or queen on our first rank (Chess960's hidden attacks), are
//! rare and use the generator's own tests.

use super::generator::{castling_moves, en_passant_is_safe};
use super::move_list::MoveCounter;
use super::tally::Tally;
use crate::board::bitboard::{
    BETWEEN, BISHOP_RAYS, FILE_A, FILE_H, KING, KNIGHT, LINES, PAWN, RANK_1, ROOK_RAYS,
    bishop_attacks, indexes, rook_attacks,
};
use crate::board::{Board, Color, Square};

/// The number of legal moves of `b`.
pub fn count_legal(b: &Board) -> u64 {
    let us = b.side;
    let them = !us;
    let (u, t) = (us.index(), them.index());
    let white = us == Color::White;
    let ours = b.occupied[u];
    let theirs = b.occupied[t];
    let occ = ours | theirs;
    let k = b.king[u].index64() as usize & 63;
    let king_bit = 1u64 << k;
    let their_pawns = b.pawns[t];
    let their_knights = b.knights(them);
    let their_diagonal = b.diagonal[t];
    let their_orthogonal = b.orthogonal[t];

    // Step 1. What the enemy attacks, asked only of the king's free
    // neighbours and castling squares, usually a few.
    let enemy = Enemy {
        pawn_squares: &PAWN[u],
        pawns: their_pawns,
        knights: their_knights,
        king: KING[b.king[t].index64() as usize & 63],
        diagonal: their_diagonal,
        orthogonal: their_orthogonal,
        lifted: occ ^ king_bit,
    };

    // Step 2. Checkers and pins, looked for only when an enemy slider is on
    // a line with our king: a pinning slider would see the king through
    // exactly one of our pieces, which then keeps to the line through the
    // king and itself.
    let mut checkers = (KNIGHT[k] & their_knights) | (PAWN[u][k] & their_pawns);
    let mut pinned = 0u64;
    let aligned = (BISHOP_RAYS[k] & their_diagonal) | (ROOK_RAYS[k] & their_orthogonal);
    if aligned != 0 {
        let snipers = (bishop_attacks(k, theirs) & their_diagonal)
            | (rook_attacks(k, theirs) & their_orthogonal);
        for s in indexes(snipers) {
            let blockers = BETWEEN[k][s & 63] & occ;
            if blockers == 0 {
                checkers |= 1 << s;
            } else if blockers & blockers.wrapping_sub(1) == 0 {
                pinned |= blockers & ours;
            }
        }
    }

    // Step 3. The king's steps; in double check nothing else.
    let mut king_moves = KING[k] & !ours;
    for s in indexes(king_moves) {
        if enemy.attacks(s) {
            king_moves ^= 1 << s;
        }
    }
    if checkers & checkers.wrapping_sub(1) != 0 {
        return king_moves.count_ones() as u64;
    }
    let mut tally = Tally::default();
    tally.add(king_moves);
    let mut n = 0;

    // Step 4. Castling (never in check).
    if checkers == 0 && b.castling != 0 {
        n += castling_count(b, &enemy);
    }

    // Step 5. Every other piece: targets that are not ours and, in check,
    // block or capture the checker. A pinned knight never stays on its line.
    let target = if checkers == 0 {
        !ours
    } else {
        BETWEEN[k][checkers.trailing_zeros() as usize & 63] | checkers
    };
    let pawns = b.pawns[u];
    let diagonal = b.diagonal[u];
    let orthogonal = b.orthogonal[u];
    let knights = ours & !(pawns | diagonal | orthogonal | king_bit) & !pinned;
    for s in indexes(knights) {
        tally.add(KNIGHT[s] & target);
    }
    for s in indexes(diagonal) {
        let mut a = bishop_attacks(s, occ) & target;
        if pinned & (1 << s) != 0 {
            a &= line(k, s);
        }
        tally.add(a);
    }
    for s in indexes(orthogonal) {
        let mut a = rook_attacks(s, occ) & target;
        if pinned & (1 << s) != 0 {
            a &= line(k, s);
        }
        tally.add(a);
    }
    n += pawn_moves(pawns & !pinned, white, occ, theirs, target, &mut tally);
    for s in indexes(pawns & pinned) {
        n += pawn_moves(1 << s, white, occ, theirs, target & line(k, s), &mut tally);
    }
    if let Some(ep) = b.en_passant() {
        let e = ep.index64() as usize & 63;
        for s in indexes(PAWN[t][e] & pawns) {
            if en_passant_is_safe(b, Square::from_index64(s as u8).0, ep.0) {
                n += 1;
            }
        }
    }
    n + tally.total()
}

/// The enemy's pieces, for asking whether they attack a square.
struct Enemy<'a> {
    /// The squares from which an enemy pawn attacks each square (our
    /// pawns' attacks).
    pawn_squares: &'a [u64; 64],
    pawns: u64,
    knights: u64,
    /// The squares the enemy king attacks.
    king: u64,
    diagonal: u64,
    orthogonal: u64,
    /// The occupancy with our king lifted, so that a step back along a
    /// slider's line stays attacked.
    lifted: u64,
}

impl Enemy<'_> {
    /// True when the enemy attacks square `s`. A slider is looked at only
    /// when it is on a line with `s`.
    #[inline(always)]
    fn attacks(&self, s: usize) -> bool {
        let s = s & 63;
        (KNIGHT[s] & self.knights) | (self.pawn_squares[s] & self.pawns) | (self.king & (1 << s))
            != 0
            || (BISHOP_RAYS[s] & self.diagonal != 0
                && bishop_attacks(s, self.lifted) & self.diagonal != 0)
            || (ROOK_RAYS[s] & self.orthogonal != 0
                && rook_attacks(s, self.lifted) & self.orthogonal != 0)
    }
}

/// The whole line (rank, file or diagonal) through the squares `a` and
/// `b`, which are on one.
#[inline(always)]
fn line(a: usize, b: usize) -> u64 {
    let b_bit = 1u64 << (b & 63);
    let rank = RANK_1 << (a & 56);
    let [file, diagonal, anti_diagonal] = LINES[a & 63];
    let on = [file, diagonal, anti_diagonal, rank]
        .into_iter()
        .find(|l| l & b_bit != 0);
    on.unwrap_or(0) | 1 << (a & 63)
}

/// Adds to `tally` the targets of the moves of the pawns on `pawns` to
/// squares of `target`, en passant aside; returns the three more that
/// each promotion counts (four moves to one square).
#[inline(always)]
fn pawn_moves(
    pawns: u64,
    white: bool,
    occ: u64,
    theirs: u64,
    target: u64,
    tally: &mut Tally,
) -> u64 {
    if pawns == 0 {
        return 0;
    }
    let empty = !occ;
    let (push, double, left, right, last) = if white {
        let push = (pawns << 8) & empty;
        let double = ((push & (RANK_1 << 16)) << 8) & empty;
        let left = ((pawns & !FILE_A) << 7) & theirs;
        let right = ((pawns & !FILE_H) << 9) & theirs;
        (push, double, left, right, RANK_1 << 56)
    } else {
        let push = (pawns >> 8) & empty;
        let double = ((push & (RANK_1 << 40)) >> 8) & empty;
        let left = ((pawns & !FILE_A) >> 9) & theirs;
        let right = ((pawns & !FILE_H) >> 7) & theirs;
        (push, double, left, right, RANK_1)
    };
    // A single and a double push never reach the same square: the double
    // push crosses it.
    let (push, left, right) = (push & target, left & target, right & target);
    tally.add(push | (double & target));
    tally.add(left);
    tally.add(right);
    let promoting = (push | left | right) & last;
    if promoting == 0 {
        0
    } else {
        3 * ((push & last).count_ones() + (left & last).count_ones() + (right & last).count_ones())
            as u64
    }
}

/// Step 4 of `count_legal`: the castling moves of the side to move, which
/// is not in check.
#[inline(always)]
fn castling_count(b: &Board, enemy: &Enemy) -> u64 {
    let us = b.side;
    let them = !us;
    let rank_shift = us.back_rank() as u32 * 8;
    // The king's squares are attacked only through the rook that leaves
    // when an enemy rook or queen stands on our first rank (`legal`'s
    // castling notes): then the generator's own test.
    if (b.orthogonal[them.index()] >> rank_shift) as u8 != 0 {
        let mut c = MoveCounter::default();
        castling_moves(b, b.king[us.index()].0, b.attackers(them), &mut c);
        return c.0;
    }
    let first_rank = ((b.occupied[0] | b.occupied[1]) >> rank_shift) as u8;
    let king_file = b.king[us.index()].file();
    let mut n = 0;
    for (queen_side, king_to) in [(false, 6u8), (true, 2u8)] {
        let index = us.index() * 2 + usize::from(queen_side);
        if b.castling & (1 << index) == 0 || first_rank & b.castling_stretch[index] != 0 {
            continue;
        }
        // The squares from the king's to its target, the target included
        // (the king's own is not attacked: it is not in check).
        let (lo, hi) = (king_file.min(king_to), king_file.max(king_to));
        let path = ((0xffu16 << lo) as u8 & (0xffu16 >> (7 - hi)) as u8 & !(1 << king_file)) as u64;
        if !indexes(path << rank_shift).any(|s| enemy.attacks(s)) {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::legal_moves;

    /// Every node of `b`'s tree to `depth`: the count agrees with the list.
    fn agree(b: &Board, depth: u32) {
        let moves = legal_moves(b);
        assert_eq!(
            count_legal(b),
            moves.len() as u64,
            "count disagrees with the generator in {}",
            b.to_fen()
        );
        if depth > 0 {
            for &m in moves.iter() {
                agree(&b.make(m), depth - 1);
            }
        }
    }

    #[test]
    fn counts_agree_with_the_generator_on_every_suite() {
        for (suite, depth) in [
            ("standard", 3),
            ("tricky", 3),
            ("edge-cases", 3),
            ("random", 3),
            ("en-passant", 3),
            ("double-chess960", 2),
            ("chess960", 1),
        ] {
            for fen in crate::movegen::suite_fens(&[suite]) {
                agree(&Board::from_fen(&fen).expect("suite FEN"), depth);
            }
        }
    }
}
