//! Which squares a side attacks, read straight off the 0x88 array.
//!
//! `is_attacked` probes the pawn, knight and king squares around the target,
//! then takes each enemy slider (the board keeps them as bit sets) and, when
//! a 0x88 difference table says it is on a line with the target, walks the
//! squares between.

use super::piece::{Color, Piece, PieceKind};
use super::square::Square;

pub const ORTHOGONAL: [i8; 4] = [16, -16, 1, -1];
pub const DIAGONAL: [i8; 4] = [17, 15, -15, -17];
pub const KING_STEPS: [i8; 8] = [16, -16, 1, -1, 17, 15, -15, -17];
pub const KNIGHT_STEPS: [i8; 8] = [33, 31, 18, 14, -14, -18, -31, -33];

/// For a 0x88 difference `to - from` (offset by 119), the unit step that
/// walks from `from` to `to` along a diagonal, or 0 when not on one.
pub static DIAGONAL_STEP: [i8; 240] = line_steps(&DIAGONAL);
/// The same for ranks and files.
pub static ORTHOGONAL_STEP: [i8; 240] = line_steps(&ORTHOGONAL);

const fn line_steps(dirs: &[i8; 4]) -> [i8; 240] {
    let mut t = [0i8; 240];
    let mut i = 0;
    while i < 4 {
        let d = dirs[i];
        let mut k = 1;
        while k < 8 {
            t[(d as i16 * k + 119) as usize] = d;
            k += 1;
        }
        i += 1;
    }
    t
}

/// The step from `from` toward `to` on a line in `table`, 0 when not aligned.
#[inline(always)]
pub fn line_step(table: &[i8; 240], from: u8, to: u8) -> i8 {
    table[(to as i16 - from as i16 + 119) as usize]
}

#[inline(always)]
pub(crate) fn step(sq: u8, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

#[inline(always)]
pub(crate) fn on_board(sq: u8) -> bool {
    sq & 0x88 == 0
}

/// What `is_attacked` needs to know of the attacking side beyond the
/// squares: its sliders as 64-square sets, and its king.
#[derive(Clone, Copy)]
pub struct Attackers {
    /// Bishops and queens.
    pub diagonal: u64,
    /// Rooks and queens.
    pub orthogonal: u64,
    pub knights: u64,
    pub king: Square,
}

/// For a 0x88 difference (offset by 119): true when it is one king step.
pub static KING_STEP_DELTA: [bool; 240] = step_deltas(&KING_STEPS);
/// The same for a knight's jump.
pub static KNIGHT_STEP_DELTA: [bool; 240] = step_deltas(&KNIGHT_STEPS);

const fn step_deltas(steps: &[i8; 8]) -> [bool; 240] {
    let mut t = [false; 240];
    let mut i = 0;
    while i < 8 {
        t[(steps[i] as i16 + 119) as usize] = true;
        i += 1;
    }
    t
}

/// True when some square of `set` is one step of `table` away from `t`.
#[inline(always)]
pub fn any_step_away(table: &[bool; 240], mut set: u64, t: u8) -> bool {
    while set != 0 {
        let s = Square::from_index64(set.trailing_zeros() as u8).0;
        set &= set - 1;
        if table[(t as i16 - s as i16 + 119) as usize] {
            return true;
        }
    }
    false
}

/// True when `by` attacks `target`.
/// The square `ignore` is treated as empty (pass the moving king's square so
/// that it does not hide a slider's ray); pass `0x88` to ignore nothing.
#[inline]
pub fn is_attacked(
    squares: &[Piece; 128],
    attackers: Attackers,
    target: Square,
    by: Color,
    ignore: u8,
) -> bool {
    let t = target.0;
    let c = (by as u8) << 3;
    let pawn = PieceKind::Pawn as u8 | c;

    // A white pawn on s attacks s+15 and s+17, so look back against its direction.
    let back = -by.forward();
    for d in [back - 1, back + 1] {
        let s = step(t, d);
        if on_board(s) && squares[s as usize].0 == pawn {
            return true;
        }
    }
    if any_step_away(&KNIGHT_STEP_DELTA, attackers.knights, t) {
        return true;
    }
    if KING_STEP_DELTA[(t as i16 - attackers.king.0 as i16 + 119) as usize] {
        return true;
    }
    slider_reaches(squares, attackers.diagonal, &DIAGONAL_STEP, t, ignore)
        || slider_reaches(squares, attackers.orthogonal, &ORTHOGONAL_STEP, t, ignore)
}

/// True when a slider of `set` has a clear line to `t` along `table`'s lines.
#[inline(always)]
fn slider_reaches(
    squares: &[Piece; 128],
    mut set: u64,
    table: &[i8; 240],
    t: u8,
    ignore: u8,
) -> bool {
    while set != 0 {
        let s = Square::from_index64(set.trailing_zeros() as u8).0;
        set &= set - 1;
        let d = line_step(table, s, t);
        if d != 0 && path_is_clear(squares, s, t, d, ignore) {
            return true;
        }
    }
    false
}

/// True when every square strictly between `from` and `to` (walking by
/// `d`) is empty or is `ignore`.
#[inline(always)]
pub fn path_is_clear(squares: &[Piece; 128], from: u8, to: u8, d: i8, ignore: u8) -> bool {
    let mut s = step(from, d);
    while s != to {
        if !squares[s as usize].is_empty() && s != ignore {
            return false;
        }
        s = step(s, d);
    }
    true
}
