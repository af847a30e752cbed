//! 0x88 squares.
//!
//! A square is `rank * 16 + file`: the files 8..15 of every rank are off the
//! board, so `sq & 0x88 != 0` tells at once that a step left the board. The
//! 64-square index (`rank * 8 + file`) is used for bit sets, Zobrist keys and
//! the compact move encoding.

use std::fmt;

/// A square of the 0x88 board (always on the board).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(pub u8);

impl Square {
    /// Builds a square from file (0 = a) and rank (0 = first rank).
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square(rank * 16 + file)
    }

    /// The square of a 64-square index (`rank * 8 + file`).
    #[inline]
    pub const fn from_index64(i: u8) -> Square {
        Square(i + (i & 56))
    }

    /// The 64-square index (`rank * 8 + file`).
    #[inline]
    pub const fn index64(self) -> u8 {
        (self.0 + (self.0 & 7)) >> 1
    }

    /// The bit of this square in a 64-square set.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.index64()
    }

    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 4
    }

    /// The square `delta` 0x88 steps away, or `None` off the board.
    #[inline]
    pub const fn offset(self, delta: i8) -> Option<Square> {
        let s = self.0.wrapping_add(delta as u8);
        if s & 0x88 == 0 { Some(Square(s)) } else { None }
    }

    /// True when the two squares have the same colour (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()) & 1 == 0
    }

    /// Parses algebraic text such as `e4`.
    pub fn parse(text: &str) -> Option<Square> {
        let b = text.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let (f, r) = (b[0], b[1]);
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return None;
        }
        Some(Square::new(f - b'a', r - b'1'))
    }

    /// Iterates over all 64 squares, a1, b1, ..., h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0u8..64).map(Square::from_index64)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

/// Iterates over the squares of a 64-square bit set.
#[inline]
pub fn squares_of(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(Square::from_index64(i))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trip() {
        for i in 0..64u8 {
            let s = Square::from_index64(i);
            assert_eq!(s.0 & 0x88, 0);
            assert_eq!(s.index64(), i);
        }
        assert_eq!(Square::parse("e4"), Some(Square::new(4, 3)));
        assert_eq!(Square::new(4, 3).to_string(), "e4");
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert!(Square::parse("a1").unwrap().is_dark());
        assert!(!Square::parse("h1").unwrap().is_dark());
    }
}
