//! Which squares a side attacks, read straight off the 0x88 array.
//!
//! `is_attacked` looks outward from the target square: pawn and knight and
//! king steps first (one probe each), then the eight rays to the first piece.

use super::piece::{Color, Piece, PieceKind};
use super::square::Square;

pub const ORTHOGONAL: [i8; 4] = [16, -16, 1, -1];
pub const DIAGONAL: [i8; 4] = [17, 15, -15, -17];
pub const KING_STEPS: [i8; 8] = [16, -16, 1, -1, 17, 15, -15, -17];
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

#[inline(always)]
pub(crate) fn step(sq: u8, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

#[inline(always)]
pub(crate) fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}

/// True when `by` attacks `target`. The square `ignore` is treated as empty
/// (pass the moving king's square so that it does not hide a slider's ray);
/// pass any off-board value such as `0x88` to ignore nothing.
#[inline]
pub fn is_attacked(squares: &[Piece; 128], target: Square, by: Color, ignore: u8) -> bool {
    let t = target.0;
    let c = (by as u8) << 3;
    let pawn = PieceKind::Pawn as u8 | c;
    let knight = PieceKind::Knight as u8 | c;
    let bishop = PieceKind::Bishop as u8 | c;
    let rook = PieceKind::Rook as u8 | c;
    let queen = PieceKind::Queen as u8 | c;
    let king = PieceKind::King as u8 | c;

    // A white pawn on s attacks s+15 and s+17, so look back against its direction.
    let back = -by.forward();
    for d in [back - 1, back + 1] {
        let s = step(t, d);
        if on_board(s) && squares[s as usize].0 == pawn {
            return true;
        }
    }
    for d in KNIGHT_STEPS {
        let s = step(t, d);
        if on_board(s) && squares[s as usize].0 == knight {
            return true;
        }
    }
    for d in KING_STEPS {
        let s = step(t, d);
        if on_board(s) && squares[s as usize].0 == king {
            return true;
        }
    }
    for d in DIAGONAL {
        if ray_hits(squares, t, d, ignore, bishop, queen) {
            return true;
        }
    }
    for d in ORTHOGONAL {
        if ray_hits(squares, t, d, ignore, rook, queen) {
            return true;
        }
    }
    false
}

/// Walks from `from` in direction `d` to the first piece (skipping `ignore`)
/// and tells whether it is `a` or `b`.
#[inline(always)]
fn ray_hits(squares: &[Piece; 128], from: u8, d: i8, ignore: u8, a: u8, b: u8) -> bool {
    let mut s = step(from, d);
    while on_board(s) {
        let p = squares[s as usize].0;
        if p != 0 && s != ignore {
            return p == a || p == b;
        }
        s = step(s, d);
    }
    false
}
