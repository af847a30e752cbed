//! Attack sets as 64-square bit sets: `is_attacked`, SEE, and movegen's
//! counting of moves without listing them (`count`).
//!
//! The board is 0x88, but it also keeps each side's pieces as 64-square
//! sets (`a1` = bit 0, `h8` = bit 63); here the attacks of a piece are sets
//! too, so that the moves of a piece are counted with one popcount. The
//! tables are derived at compile time from the 0x88 steps of
//! `board::attacks`. Sliders use kindergarten bitboards (the
//! chessprogramming wiki): a line's occupancy is gathered into six bits
//! (a shift for a rank, one multiplication for a file or a diagonal) that
//! index the attacks of a 512-entry table per kind of line; no magic
//! numbers to search for and no large tables.

use super::Square;
use super::attacks::{DIAGONAL, KING_STEPS, KNIGHT_STEPS, ORTHOGONAL};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
pub const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xff;

/// The 64-square index of a 0x88 square (`Square::index64`, for `usize`).
const fn index64(sq: u8) -> usize {
    Square(sq).index64() as usize
}

/// The 0x88 square of a 64-square index (`Square::from_index64`).
const fn square88(i: usize) -> u8 {
    Square::from_index64(i as u8).0
}

/// For each square, the squares one of `steps` away.
const fn step_table(steps: &[i8]) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let s = square88(i);
        let mut k = 0;
        while k < steps.len() {
            let to = s.wrapping_add(steps[k] as u8);
            if to & 0x88 == 0 {
                t[i] |= 1 << index64(to);
            }
            k += 1;
        }
        i += 1;
    }
    t
}

pub static KNIGHT: [u64; 64] = step_table(&KNIGHT_STEPS);
pub static KING: [u64; 64] = step_table(&KING_STEPS);
/// The squares a pawn of each colour on a square attacks.
pub static PAWN: [[u64; 64]; 2] = [step_table(&[15, 17]), step_table(&[-15, -17])];

/// The squares of the line through a square along `step` (both ways),
/// the square itself excluded.
const fn line_through(i: usize, step: i8) -> u64 {
    let mut set = 0u64;
    let mut dir = 0;
    while dir < 2 {
        let d = if dir == 0 { step } else { -step };
        let mut s = square88(i).wrapping_add(d as u8);
        while s & 0x88 == 0 {
            set |= 1 << index64(s);
            s = s.wrapping_add(d as u8);
        }
        dir += 1;
    }
    set
}

/// For each square, the squares along `step` from it (exclusive) to the
/// edge of the board.
const fn ray_table(step: i8) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        let mut s = square88(i).wrapping_add(step as u8);
        while s & 0x88 == 0 {
            t[i] |= 1 << index64(s);
            s = s.wrapping_add(step as u8);
        }
        i += 1;
    }
    t
}

/// `DIAGONAL_RAYS[k][sq]`, `ORTHOGONAL_RAYS[k][sq]`: the ray from `sq`
/// along the `k`-th step of `DIAGONAL` or `ORTHOGONAL`.
pub static DIAGONAL_RAYS: [[u64; 64]; 4] = [
    ray_table(DIAGONAL[0]),
    ray_table(DIAGONAL[1]),
    ray_table(DIAGONAL[2]),
    ray_table(DIAGONAL[3]),
];
pub static ORTHOGONAL_RAYS: [[u64; 64]; 4] = [
    ray_table(ORTHOGONAL[0]),
    ray_table(ORTHOGONAL[1]),
    ray_table(ORTHOGONAL[2]),
    ray_table(ORTHOGONAL[3]),
];

/// The file, diagonal and anti-diagonal through each square, without it.
pub static LINES: [[u64; 3]; 64] = {
    let mut t = [[0u64; 3]; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = [
            line_through(i, ORTHOGONAL[0]),
            line_through(i, DIAGONAL[0]),
            line_through(i, DIAGONAL[1]),
        ];
        i += 1;
    }
    t
};

/// `RANK_ATTACKS[file * 64 + inner]`: the files a rook on `file` of a rank
/// attacks when `inner` holds the occupancy of the rank's files b to g.
static RANK_ATTACKS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut f = 0;
    while f < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut a = 0u8;
            let mut x = f + 1;
            while x < 8 {
                a |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x += 1;
            }
            let mut x = f as i32 - 1;
            while x >= 0 {
                a |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x -= 1;
            }
            t[f * 64 + inner] = a;
            inner += 1;
        }
        f += 1;
    }
    t
};

/// `BETWEEN[a][b]`: the squares strictly between two squares on one line
/// (rank, file or diagonal); empty when they are not on one.
pub static BETWEEN: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut i = 0;
    while i < 64 {
        let mut k = 0;
        while k < 8 {
            let d = KING_STEPS[k];
            let mut between = 0u64;
            let mut s = square88(i).wrapping_add(d as u8);
            while s & 0x88 == 0 {
                t[i][index64(s)] = between;
                between |= 1 << index64(s);
                s = s.wrapping_add(d as u8);
            }
            k += 1;
        }
        i += 1;
    }
    t
};

/// The squares a bishop (`BISHOP_RAYS`) or a rook (`ROOK_RAYS`) on a
/// square would attack on an empty board: a cheap test of whether a slider
/// can matter at all.
pub static BISHOP_RAYS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = LINES[i][1] | LINES[i][2];
        i += 1;
    }
    t
};
pub static ROOK_RAYS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = line_through(i, ORTHOGONAL[0]) | line_through(i, ORTHOGONAL[2]);
        i += 1;
    }
    t
};

/// `DIAGONAL_FILL[file * 64 + inner]`: `RANK_ATTACKS` copied onto every
/// rank, so that masking with a diagonal keeps the diagonal's attacks.
static DIAGONAL_FILL: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut i = 0;
    while i < 512 {
        t[i] = RANK_ATTACKS[i] as u64 * FILE_A;
        i += 1;
    }
    t
};

/// `FILE_ATTACKS[rank * 64 + inner]`: the squares of the a-file a rook on
/// `rank` of it attacks when `inner` holds the occupancy of ranks 2 to 7.
static FILE_ATTACKS: [u64; 512] = {
    let mut t = [0u64; 512];
    let mut i = 0;
    while i < 512 {
        let a = RANK_ATTACKS[i];
        let mut f = 0;
        while f < 8 {
            if a & (1 << f) != 0 {
                t[i] |= 1 << (f * 8);
            }
            f += 1;
        }
        i += 1;
    }
    t
};

/// The attacks along a diagonal `line` through `sq` (the square
/// excluded), by kindergarten bitboards (the chessprogramming wiki): one
/// multiplication gathers the diagonal's squares of files b to g into the
/// top six bits, whose attacks come from the rank table.
#[inline(always)]
fn diagonal_attacks(occ: u64, line: u64, sq: usize) -> u64 {
    const FILE_B: u64 = FILE_A << 1;
    let inner = ((occ & line).wrapping_mul(FILE_B) >> 58) as usize;
    DIAGONAL_FILL[(sq & 7) * 64 + inner] & line
}

/// The attacks along the file of `sq`: the file shifted onto the a-file,
/// its ranks 2 to 7 gathered into six bits by a multiplication.
#[inline(always)]
fn file_attacks(occ: u64, sq: usize) -> u64 {
    const DIAGONAL_C7_H2: u64 = 0x0004_0810_2040_8000;
    let file = sq & 7;
    let a_file = FILE_A & (occ >> file);
    let inner = (a_file.wrapping_mul(DIAGONAL_C7_H2) >> 58) as usize;
    FILE_ATTACKS[(sq >> 3 & 7) * 64 + inner] << file
}

#[inline(always)]
fn rank_attacks(occ: u64, sq: usize) -> u64 {
    let shift = sq & 56;
    let inner = (occ >> (shift + 1)) as usize & 63;
    (RANK_ATTACKS[(sq & 7) * 64 + inner] as u64) << shift
}

/// The squares a bishop on `sq` attacks, given the occupancy `occ`.
#[inline(always)]
pub fn bishop_attacks(sq: usize, occ: u64) -> u64 {
    let lines = &LINES[sq & 63];
    diagonal_attacks(occ, lines[1], sq) | diagonal_attacks(occ, lines[2], sq)
}

/// The squares a rook on `sq` attacks, given the occupancy `occ`.
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: u64) -> u64 {
    let sq = sq & 63;
    file_attacks(occ, sq) | rank_attacks(occ, sq)
}

/// The squares attacked by pawns of colour `white` (true) or black on `pawns`.
#[inline(always)]
pub fn pawn_attacks(pawns: u64, white: bool) -> u64 {
    if white {
        ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9)
    } else {
        ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7)
    }
}

/// Iterates over the 64-square indexes of a set.
#[inline(always)]
pub fn indexes(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attacks of a slider on `sq` along `steps`, by walking.
    fn walked(sq: usize, occ: u64, steps: &[i8]) -> u64 {
        let mut set = 0;
        for &d in steps {
            let mut s = square88(sq).wrapping_add(d as u8);
            while s & 0x88 == 0 {
                set |= 1 << index64(s);
                if occ & (1 << index64(s)) != 0 {
                    break;
                }
                s = s.wrapping_add(d as u8);
            }
        }
        set
    }

    #[test]
    fn slider_attacks_agree_with_walking_the_rays() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            // xorshift: sparse and dense occupancies.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(21) | (x >> 40);
            for sq in 0..64 {
                assert_eq!(bishop_attacks(sq, occ), walked(sq, occ, &DIAGONAL));
                assert_eq!(rook_attacks(sq, occ), walked(sq, occ, &ORTHOGONAL));
            }
        }
    }

    #[test]
    fn tables() {
        assert_eq!(KNIGHT[0], (1 << 10) | (1 << 17));
        assert_eq!(KING[63].count_ones(), 3);
        assert_eq!(PAWN[0][8], 1 << 17);
        assert_eq!(PAWN[1][15], 1 << 6);
        assert_eq!(pawn_attacks(1 << 8, true), 1 << 17);
        assert_eq!(pawn_attacks(1 << 15, false), 1 << 6);
        // a1-h8: b2..g7.
        assert_eq!(BETWEEN[0][63].count_ones(), 6);
        assert_eq!(BETWEEN[0][63], BETWEEN[63][0]);
        assert_eq!(BETWEEN[0][1], 0);
        assert_eq!(ROOK_RAYS[0], (FILE_A | RANK_1) & !1);
        assert_eq!(BISHOP_RAYS[0], BETWEEN[0][63] | 1 << 63);
        assert_eq!(BETWEEN[0][17], 0); // a knight's jump
    }
}
