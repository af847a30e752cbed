//! The compact move: 16 bits, `from` (6) | `to` (6) | flags (4).
//!
//! A castling move is the king's move, from its square to the g- or
//! c-file, flagged `CASTLE_KING` or `CASTLE_QUEEN`; the board knows where
//! the rook stands (`Board::castling_rook_squares`), which in Chess960 may
//! be any file. (Stockfish and Ethereal write "king takes rook" inside;
//! keeping the king's target keeps the standard game's codes, and so the
//! game files and the search, exactly as they were. In Chess960 the king
//! may already stand on its target: then `from == to`.)
//!
//! Squares are stored as 64-square indexes. The flags follow the
//! chessprogramming wiki's "encoding moves" layout: bit 14 marks a capture,
//! bit 15 a promotion, and the low two bits of the flags name the promotion
//! piece or the special move.

use super::piece::PieceKind;
use super::square::Square;
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

/// What kind of move it is, beyond its squares.
pub mod flag {
    pub const QUIET: u16 = 0;
    pub const DOUBLE_PUSH: u16 = 1;
    pub const CASTLE_KING: u16 = 2;
    pub const CASTLE_QUEEN: u16 = 3;
    pub const CAPTURE: u16 = 4;
    pub const EN_PASSANT: u16 = 5;
    /// Promotion to a knight; add 1, 2, 3 for bishop, rook, queen.
    pub const PROMOTION: u16 = 8;
    pub const PROMO_CAPTURE: u16 = 12;
}

impl Move {
    /// The null move (`0000`): no legal move has from == to == a1.
    pub const NULL: Move = Move(0);

    #[inline]
    pub const fn new(from: Square, to: Square, flags: u16) -> Move {
        Move(from.index64() as u16 | (to.index64() as u16) << 6 | flags << 12)
    }

    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index64((self.0 & 63) as u8)
    }

    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index64(((self.0 >> 6) & 63) as u8)
    }

    /// The origin's 64-square index (`from().index64()` without the
    /// round trip through the 0x88 square).
    #[inline]
    pub const fn from64(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The destination's 64-square index (`to().index64()`).
    #[inline]
    pub const fn to64(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }

    #[inline]
    pub const fn flags(self) -> u16 {
        self.0 >> 12
    }

    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags() & flag::CAPTURE != 0
    }

    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.flags() & flag::PROMOTION != 0
    }

    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flags() == flag::EN_PASSANT
    }

    #[inline]
    pub const fn is_castle(self) -> bool {
        let f = self.flags();
        f == flag::CASTLE_KING || f == flag::CASTLE_QUEEN
    }

    /// A capture or a promotion: a move that changes the material.
    #[inline]
    pub const fn is_tactical(self) -> bool {
        self.flags() & (flag::CAPTURE | flag::PROMOTION) != 0
    }

    /// The piece a promotion makes.
    #[inline]
    pub const fn promotion(self) -> Option<PieceKind> {
        if self.is_promotion() {
            PieceKind::from_u8(2 + (self.flags() & 3) as u8)
        } else {
            None
        }
    }
}

/// UCI long algebraic notation: `e2e4`, `e7e8q`, `e1g1`; `0000` for the null move.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_round_trip() {
        let e7 = Square::parse("e7").unwrap();
        let d8 = Square::parse("d8").unwrap();
        let m = Move::new(e7, d8, flag::PROMO_CAPTURE | 3);
        assert_eq!(m.from(), e7);
        assert_eq!(m.to(), d8);
        assert!(m.is_capture() && m.is_promotion());
        assert_eq!(m.promotion(), Some(PieceKind::Queen));
        assert_eq!(m.to_string(), "e7d8q");
        assert_eq!(Move::NULL.to_string(), "0000");
        assert_eq!(std::mem::size_of::<Move>(), 2);
    }
}
