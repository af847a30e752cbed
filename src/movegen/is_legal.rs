//! Is one given move legal here? (`generator` lists them all.) The search
//! asks this of the hash move, which it tries before generating anything:
//! the table's move was stored for a position with the same key, almost
//! always this one, but a key collision (or an entry torn by two threads)
//! may hand over anything.
//!
//! The answer is the generator's (`legal_moves(b).contains(m)`, flags and
//! all), found without generating: the piece, the target square and the
//! path are checked as the generator would emit the move, then the king is
//! looked at with the move played on the piece sets.

use super::{MoveList, generate_legal};
use crate::board::attacks::{
    DIAGONAL_STEP, KING_STEP_DELTA, KNIGHT_STEP_DELTA, ORTHOGONAL_STEP, is_attacked, line_step,
    path_is_clear, step,
};
use crate::board::{Board, Color, Move, PieceKind, flag};

/// "No square" for `path_is_clear`'s ignored square.
const NONE: u8 = 0x88;

/// True when `m` is one of the legal moves of `b`, exactly as the
/// generator writes it.
pub fn is_legal(b: &Board, m: Move) -> bool {
    let flags = m.flags();
    if m.is_null() || flags == 6 || flags == 7 {
        return false; // the null move, or a code no move uses
    }
    // Castling and en passant have rules of their own and are rare as
    // hash moves: the generator answers for them.
    if m.is_castle() || flags == flag::EN_PASSANT {
        let mut list = MoveList::new();
        generate_legal(b, &mut list);
        return list.contains(m);
    }
    let us = b.side;
    let them = !us;
    let from = m.from().0;
    let to = m.to().0;
    let piece = b.squares[from as usize];
    if !piece.is_color(us) {
        return false;
    }
    let target = b.squares[to as usize];
    let target_ok = if m.is_capture() {
        target.is_color(them)
    } else {
        target.is_empty()
    };
    if !target_ok {
        return false;
    }

    // The move as the piece makes it.
    let delta = (to as i16 - from as i16 + 119) as usize;
    let line = |table: &[i8; 240]| {
        let d = line_step(table, from, to);
        d != 0 && path_is_clear(&b.squares, from, to, d, NONE)
    };
    let kind = PieceKind::from_u8(piece.kind_bits());
    let moves_so = match kind {
        Some(PieceKind::Pawn) => {
            let fwd = us.forward();
            let (start_rank, promo_rank) = if us == Color::White { (1, 7) } else { (6, 0) };
            if (to >> 4 == promo_rank) != m.is_promotion() {
                return false;
            }
            if m.is_capture() {
                to == step(from, fwd - 1) || to == step(from, fwd + 1)
            } else if flags == flag::DOUBLE_PUSH {
                let over = step(from, fwd);
                from >> 4 == start_rank
                    && to == step(over, fwd)
                    && b.squares[over as usize].is_empty()
            } else {
                to == step(from, fwd)
            }
        }
        _ if m.is_promotion() || flags == flag::DOUBLE_PUSH => false,
        Some(PieceKind::Knight) => KNIGHT_STEP_DELTA[delta],
        Some(PieceKind::Bishop) => line(&DIAGONAL_STEP),
        Some(PieceKind::Rook) => line(&ORTHOGONAL_STEP),
        Some(PieceKind::Queen) => line(&DIAGONAL_STEP) || line(&ORTHOGONAL_STEP),
        Some(PieceKind::King) => KING_STEP_DELTA[delta],
        None => false,
    };
    if !moves_so {
        return false;
    }

    // Our king afterwards. A king step is tested as the generator tests
    // it, with the king lifted off the board.
    if kind == Some(PieceKind::King) {
        let lifted = b.occupancy() & !m.from().bit();
        return !is_attacked(b.attackers(them), m.to(), them, lifted);
    }
    let occupancy = (b.occupancy() & !m.from().bit()) | m.to().bit();
    let mut attackers = b.attackers(them);
    let survivors = !m.to().bit();
    attackers.pawns &= survivors;
    attackers.diagonal &= survivors;
    attackers.orthogonal &= survivors;
    attackers.knights &= survivors;
    !is_attacked(attackers, b.king[us.index()], them, occupancy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{STANDARD_SUITES, legal_moves, suite_fens};

    /// Every one of the 65,536 move codes in every perft-suite position, and
    /// the root's and the child's own moves one move later, against the
    /// generator.
    #[test]
    fn agrees_with_the_generator_on_the_perft_suites() {
        let mut legal = 0usize;
        for fen in suite_fens(&STANDARD_SUITES) {
            let fen = fen.as_str();
            let root = Board::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let root_moves = legal_moves(&root);
            for code in 0..=u16::MAX {
                let m = Move(code);
                let expected = root_moves.contains(m);
                assert_eq!(is_legal(&root, m), expected, "{m} in {fen}");
                legal += expected as usize;
            }
            for &m in &root_moves {
                let child = root.make(m);
                let child_moves = legal_moves(&child);
                for &n in root_moves.iter().chain(child_moves.iter()) {
                    let expected = child_moves.contains(n);
                    assert_eq!(is_legal(&child, n), expected, "{n} in {}", child.to_fen());
                }
            }
        }
        assert!(legal > 1_000, "{legal} legal moves");
    }
}
