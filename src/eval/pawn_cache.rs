//! The pawn-structure cache: the search meets the same pawn structures over
//! and over, so the pawns-only part of the evaluation (`pawns::structure`)
//! is kept by structure, keyed by the two pawn sets themselves. A hit is
//! exact (the sets are compared, not a hash), so the evaluation is the one
//! computed from scratch, bit for bit.

use super::pawns;
use super::score::S;
use super::trace::NoTrace;
use crate::board::Color;

/// Entries: 8,192 of 48 bytes (384 KiB), a search thread's own.
const BITS: u32 = 13;

#[derive(Clone, Copy, Default)]
struct Entry {
    /// White's and Black's pawns. All zero in an empty entry, which is
    /// then right for a board without pawns.
    pawns: [u64; 2],
    /// Each side's `pawns::structure` score, from its own side.
    score: [S; 2],
    /// Each side's passed pawns.
    passed: [u64; 2],
}

pub struct PawnCache {
    entries: Box<[Entry]>,
}

impl PawnCache {
    pub fn new() -> PawnCache {
        PawnCache {
            entries: vec![Entry::default(); 1 << BITS].into_boxed_slice(),
        }
    }

    /// `pawns::structure` of both sides, from the cache or computed (and
    /// then kept): the scores from each side's own view, and the passed pawns.
    #[inline]
    pub fn structure(&mut self, pawns: [u64; 2]) -> ([S; 2], [u64; 2]) {
        let mix = pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ pawns[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        let e = &mut self.entries[(mix >> (64 - BITS)) as usize];
        if e.pawns != pawns {
            let (white, white_passed) = pawns::structure(&mut NoTrace, Color::White, pawns);
            let (black, black_passed) = pawns::structure(&mut NoTrace, Color::Black, pawns);
            *e = Entry {
                pawns,
                score: [white, black],
                passed: [white_passed, black_passed],
            };
        }
        (e.score, e.passed)
    }
}

impl Default for PawnCache {
    fn default() -> Self {
        PawnCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::movegen::{STANDARD_SUITES, suite_fens};

    /// Over the positions of the standard perft suites (the search's bench
    /// positions were a layer above) and every move from each.
    #[test]
    fn cached_evaluation_is_the_evaluation() {
        let mut cache = PawnCache::new();
        for fen in suite_fens(&STANDARD_SUITES) {
            let b = Board::from_fen(&fen).unwrap();
            for m in crate::movegen::legal_moves(&b).iter() {
                let child = b.make(*m);
                for _ in 0..2 {
                    assert_eq!(
                        crate::eval::evaluate_cached(&child, &mut cache),
                        crate::eval::evaluate(&child),
                        "{}",
                        child.to_fen()
                    );
                }
            }
        }
    }
}
