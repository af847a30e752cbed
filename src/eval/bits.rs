//! 64-square set helpers for the evaluation (files, ranks, pawn attacks).

use crate::board::Color;

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;

#[inline]
pub const fn file_mask(file: u8) -> u64 {
    FILE_A << file
}

#[inline]
pub const fn rank_mask(rank: u8) -> u64 {
    0xFF << (8 * rank as u32)
}

/// The files beside `file`.
#[inline]
pub const fn adjacent_files(file: u8) -> u64 {
    ((file_mask(file) << 1) & !FILE_A) | ((file_mask(file) >> 1) & !FILE_H)
}

/// Every square on ranks strictly ahead of `rank` from `color`'s side.
#[inline]
pub const fn ranks_ahead(color: Color, rank: u8) -> u64 {
    match color {
        Color::White => {
            if rank >= 7 {
                0
            } else {
                !0u64 << (8 * (rank as u32 + 1))
            }
        }
        Color::Black => (1u64 << (8 * rank as u32)) - 1,
    }
}

/// The squares that `color`'s pawns attack.
#[inline]
pub const fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

/// The rank as `color` counts it (its back rank is 0).
#[inline]
pub const fn relative_rank(color: Color, rank: u8) -> u8 {
    match color {
        Color::White => rank,
        Color::Black => 7 - rank,
    }
}
