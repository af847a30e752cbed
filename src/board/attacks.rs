//! Which squares a side attacks, and the 0x88 steps and line tables.
//!
//! `is_attacked` intersects the attack sets of `bitboard` from the target
//! square with the attacker's piece sets: a table lookup for pawns,
//! knights and the king, the kindergarten slider attacks for bishops,
//! rooks and queens, computed only when one stands on a line through the
//! target.

use super::bitboard::{BISHOP_RAYS, KING, KNIGHT, PAWN, ROOK_RAYS, bishop_attacks, rook_attacks};
use super::piece::{Color, Piece};
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

/// What `is_attacked` needs to know of the attacking side: its pieces as
/// 64-square sets, and its king.
#[derive(Clone, Copy)]
pub struct Attackers {
    pub pawns: u64,
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

/// True when `by`, whose pieces are `attackers`, attacks `target` on a
/// board whose occupied squares are `occupancy` (both sides). A caller
/// that tests a position other than the board's (the king lifted off, a
/// move played on a copy) passes that position's sets: an attacker that
/// was captured taken out of `attackers`, the squares emptied and filled
/// by the move in `occupancy`.
#[inline]
pub fn is_attacked(attackers: Attackers, target: Square, by: Color, occupancy: u64) -> bool {
    let t = target.index64() as usize & 63;
    // A pawn of `by` attacks `t` from where a pawn of the other colour on
    // `t` would attack.
    if (PAWN[(!by).index()][t] & attackers.pawns)
        | (KNIGHT[t] & attackers.knights)
        | (KING[t] & attackers.king.bit())
        != 0
    {
        return true;
    }
    // Sliders: the rays from the target, only when one can be on them.
    let diagonal = attackers.diagonal & BISHOP_RAYS[t];
    if diagonal != 0 && bishop_attacks(t, occupancy) & diagonal != 0 {
        return true;
    }
    let orthogonal = attackers.orthogonal & ROOK_RAYS[t];
    orthogonal != 0 && rook_attacks(t, occupancy) & orthogonal != 0
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
