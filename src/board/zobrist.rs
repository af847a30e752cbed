//! Zobrist keys, generated at compile time by SplitMix64 from a fixed seed.

use super::piece::Piece;
use super::square::Square;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

pub struct Keys {
    /// Indexed by piece code (0..16) and 64-square index; row 0 (empty) is all zero.
    pub pieces: [[u64; 64]; 16],
    /// Indexed by the 4-bit castling rights.
    pub castling: [u64; 16],
    pub en_passant_file: [u64; 8],
    pub black_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 16],
        castling: [0; 16],
        en_passant_file: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x4C61_6479_6120_3038u64; // "Ladya 08"
    let mut p = 1;
    while p < 16 {
        let mut s = 0;
        while s < 64 {
            let (ns, v) = splitmix64(state);
            state = ns;
            if p & 7 != 0 && p & 7 != 7 {
                keys.pieces[p][s] = v;
            }
            s += 1;
        }
        p += 1;
    }
    // Castling: one key per right, combined so that the key of a set of
    // rights is the xor of its members.
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (ns, v) = splitmix64(state);
        state = ns;
        single[i] = v;
        i += 1;
    }
    let mut rights = 0;
    while rights < 16 {
        let mut k = 0;
        let mut b = 0;
        while b < 4 {
            if rights & (1 << b) != 0 {
                k ^= single[b];
            }
            b += 1;
        }
        keys.castling[rights] = k;
        rights += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (ns, v) = splitmix64(state);
        state = ns;
        keys.en_passant_file[f] = v;
        f += 1;
    }
    let (_, v) = splitmix64(state);
    keys.black_to_move = v;
    keys
}

pub static KEYS: Keys = generate();

#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.0 as usize][sq.index64() as usize]
}
