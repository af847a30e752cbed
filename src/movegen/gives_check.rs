//! Does a move give check? Answered from the board before the move, so
//! that the search can decide to prune a move without paying for `make`.
//!
//! A check after the move comes from the piece that lands on `to` (a pawn
//! or knight stepping next to the king, or a slider, a promoted piece or
//! the castling rook with a clear line to it), or is discovered: a slider
//! of ours whose line to the king ran through a square the move empties
//! (the from-square, the pawn taken en passant). For an ordinary move both
//! kinds lie on the two lines from the king through `from` and `to`, and
//! those two are read; en passant and castling, which change more squares,
//! take one pass over our sliders as they stand after the move, reading
//! each line through the squares the move empties and fills.

use crate::board::attacks::{
    DIAGONAL_STEP, KNIGHT_STEP_DELTA, ORTHOGONAL_STEP, line_step, on_board, step,
};
use crate::board::bitboard::{
    BETWEEN, BISHOP_RAYS, KNIGHT, PAWN, ROOK_RAYS, bishop_attacks, indexes, rook_attacks,
};
use crate::board::{
    Board, Move, Piece, PieceKind, Square, flag, is_diagonal_slider, is_orthogonal_slider,
};

/// "No square": never met on a walk between two squares of the board.
const NONE: u8 = 0x88;

/// True when playing `m` puts the opponent in check; equal to
/// `b.make(m).in_check()`.
///
/// Precondition: `m` is legal in `b` (as for `make`); not the null move.
#[inline]
pub fn gives_check(b: &Board, m: Move) -> bool {
    let us = b.side;
    let them = !us;
    let ksq = b.king[them.index()].0;
    let from = m.from();
    let to = m.to().0;
    let piece = b.squares[from.0 as usize];
    let placed = match m.promotion() {
        Some(k) => Piece::new(us, k),
        None => piece,
    };

    // Step 1. Direct checks by the jumpers: a pawn or a knight on `to`.
    let jumper_checks = match PieceKind::from_u8(placed.kind_bits()) {
        Some(PieceKind::Pawn) => {
            let fwd = us.forward();
            step(to, fwd - 1) == ksq || step(to, fwd + 1) == ksq
        }
        Some(PieceKind::Knight) => KNIGHT_STEP_DELTA[(ksq as i16 - to as i16 + 119) as usize],
        _ => false,
    };
    if jumper_checks {
        return true;
    }

    // Step 2. Our sliders after the move, and the squares it changes.
    let i = us.index();
    let mut diagonal = b.diagonal[i] & !from.bit();
    let mut orthogonal = b.orthogonal[i] & !from.bit();
    let to_bit = Square(to).bit();
    if is_diagonal_slider(placed) {
        diagonal |= to_bit;
    }
    if is_orthogonal_slider(placed) {
        orthogonal |= to_bit;
    }

    // Step 3. An ordinary move changes only the squares `from` and `to`,
    // and the king was not in check before it: a check can only come
    // along the two lines from the king through those squares. Walk each
    // from the king to the first piece (as the board stands after the move)
    // and see whether it is one of our sliders that moves that way.
    if !matches!(
        m.flags(),
        flag::EN_PASSANT | flag::CASTLE_KING | flag::CASTLE_QUEEN
    ) {
        let occupied_after = |s: u8| s == to || (s != from.0 && !b.squares[s as usize].is_empty());
        let checks_along = |table: &[i8; 240], sliders: u64, through: u8| {
            let d = line_step(table, ksq, through);
            if d == 0 {
                return false;
            }
            let mut x = step(ksq, d);
            while on_board(x) && !occupied_after(x) {
                x = step(x, d);
            }
            on_board(x) && sliders & Square(x).bit() != 0
        };
        return checks_along(&DIAGONAL_STEP, diagonal, to)
            || checks_along(&ORTHOGONAL_STEP, orthogonal, to)
            || checks_along(&DIAGONAL_STEP, diagonal, from.0)
            || checks_along(&ORTHOGONAL_STEP, orthogonal, from.0);
    }

    // Step 4. En passant and castling empty or fill a second square: take
    // each of our sliders in turn and read its line to the king.
    let mut emptied = [from.0, NONE];
    let mut filled = [to, NONE];
    match m.flags() {
        flag::EN_PASSANT => emptied[1] = (to as i16 - us.forward() as i16) as u8,
        flag::CASTLE_KING | flag::CASTLE_QUEEN => {
            // In Chess960 the rook may not move, or land where the king stood.
            let (rook_from, rook_to) = b.castling_rook_squares(m);
            orthogonal = (orthogonal & !rook_from.bit()) | rook_to.bit();
            emptied[1] = rook_from.0;
            filled[1] = rook_to.0;
        }
        _ => {}
    }

    // Any slider with a clear line to the king gives check.
    let occupied_after = |s: u8| {
        s == filled[0]
            || s == filled[1]
            || (!b.squares[s as usize].is_empty() && s != emptied[0] && s != emptied[1])
    };
    let reaches = |mut set: u64, table: &[i8; 240]| {
        while set != 0 {
            let s = Square::from_index64(set.trailing_zeros() as u8).0;
            set &= set - 1;
            let d = line_step(table, s, ksq);
            if d == 0 {
                continue;
            }
            let mut x = step(s, d);
            while x != ksq && !occupied_after(x) {
                x = step(x, d);
            }
            if x == ksq {
                return true;
            }
        }
        false
    };
    reaches(diagonal, &DIAGONAL_STEP) || reaches(orthogonal, &ORTHOGONAL_STEP)
}

/// What `gives_check` needs to know of a position, found once for all the
/// moves of a node (Stockfish's `CheckInfo`): the squares from which each
/// kind of our pieces would attack the enemy king as the board stands, and
/// our pieces that stand alone between the king and one of our sliders.
///
/// An ordinary move (not a promotion, castling or en passant) gives check
/// exactly when it lands on a checking square of its kind, or uncovers a
/// slider by leaving the line it blocked. The square it leaves cannot open
/// its own line to the king: a piece leaving a line of the king's that it
/// moves along would already be attacking the king, and only a promotion
/// changes what a piece moves like. The other moves take `gives_check`.
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    ksq: u8,
    /// By kind bits (pawn 1 .. queen 5; 0 and king 6 empty): 64-square sets.
    direct: [u64; 8],
    /// Our pieces that are the only piece between the king and our slider.
    blockers: u64,
}

impl CheckInfo {
    pub fn new(b: &Board) -> CheckInfo {
        let us = b.side;
        let them = !us;
        let ksq = b.king[them.index()];
        let k = ksq.index64() as usize;
        let i = us.index();
        let occupancy = b.occupied[0] | b.occupied[1];
        let mut direct = [0u64; 8];

        // The squares from which a piece of each kind attacks the king: a
        // pawn of theirs on the king's square attacks exactly the squares
        // ours would attack it from; sliders read the lines up to and with
        // their first piece.
        direct[PieceKind::Pawn as usize] = PAWN[them.index()][k];
        direct[PieceKind::Knight as usize] = KNIGHT[k];
        let diagonal = bishop_attacks(k, occupancy);
        let orthogonal = rook_attacks(k, occupancy);
        direct[PieceKind::Bishop as usize] = diagonal;
        direct[PieceKind::Rook as usize] = orthogonal;
        direct[PieceKind::Queen as usize] = diagonal | orthogonal;

        // A piece of ours is a blocker when it is the only piece between
        // the king and one of our sliders on a line that slider moves along.
        let mut blockers = 0u64;
        let snipers = (BISHOP_RAYS[k] & b.diagonal[i]) | (ROOK_RAYS[k] & b.orthogonal[i]);
        for s in indexes(snipers) {
            let between = BETWEEN[k][s] & occupancy;
            if between & b.occupied[i] != 0 && between & between.wrapping_sub(1) == 0 {
                blockers |= between;
            }
        }
        CheckInfo {
            ksq: ksq.0,
            direct,
            blockers,
        }
    }

    /// `gives_check(b, m)`, for the position this was made from.
    #[inline]
    pub fn gives_check(&self, b: &Board, m: Move) -> bool {
        if m.is_promotion()
            || matches!(
                m.flags(),
                flag::EN_PASSANT | flag::CASTLE_KING | flag::CASTLE_QUEEN
            )
        {
            return gives_check(b, m);
        }
        let from = m.from();
        let to = m.to();
        let kind = b.squares[from.0 as usize].kind_bits() as usize;
        if self.direct[kind] & to.bit() != 0 {
            return true;
        }
        if self.blockers & from.bit() == 0 {
            return false;
        }
        // Uncovered unless `to` stays on the line from the king through `from`.
        let diagonal = line_step(&DIAGONAL_STEP, self.ksq, from.0);
        if diagonal != 0 {
            diagonal != line_step(&DIAGONAL_STEP, self.ksq, to.0)
        } else {
            line_step(&ORTHOGONAL_STEP, self.ksq, from.0)
                != line_step(&ORTHOGONAL_STEP, self.ksq, to.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{STANDARD_SUITES, legal_moves, suite_fens};

    /// Every move of every perft-suite position, and of each position one
    /// move later, against `make` followed by `in_check`.
    #[test]
    fn agrees_with_make_on_the_perft_suites() {
        let mut names = STANDARD_SUITES.to_vec();
        names.extend(["double-chess960", "chess960"]);
        let mut checked = 0usize;
        let mut checks = 0usize;
        for fen in suite_fens(&names) {
            let fen = fen.as_str();
            let root = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            for m in legal_moves(&root).iter().copied() {
                let child = root.make(m);
                for b in [root, child] {
                    let moves: Vec<Move> = if b == root {
                        vec![m]
                    } else {
                        legal_moves(&b).iter().copied().collect()
                    };
                    let info = CheckInfo::new(&b);
                    for n in moves {
                        let expected = b.make(n).in_check();
                        assert_eq!(gives_check(&b, n), expected, "{n} in {}", b.to_fen());
                        assert_eq!(
                            info.gives_check(&b, n),
                            expected,
                            "CheckInfo: {n} in {}",
                            b.to_fen()
                        );
                        checked += 1;
                        checks += expected as usize;
                    }
                }
            }
        }
        assert!(
            checked > 100_000 && checks > 1_000,
            "{checked} moves, {checks} checks"
        );
    }
}
