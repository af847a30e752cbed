//! Colours, piece kinds and coloured pieces.

use std::ops::Not;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The 0x88 step of a pawn of this colour.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 16,
            Color::Black => -16,
        }
    }

    /// The rank (0-based) this colour's pieces start on.
    #[inline]
    pub const fn back_rank(self) -> u8 {
        match self {
            Color::White => 0,
            Color::Black => 7,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece kind, without colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 1,
    Knight = 2,
    Bishop = 3,
    Rook = 4,
    Queen = 5,
    King = 6,
}

impl PieceKind {
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    #[inline]
    pub const fn from_u8(v: u8) -> Option<PieceKind> {
        match v {
            1 => Some(PieceKind::Pawn),
            2 => Some(PieceKind::Knight),
            3 => Some(PieceKind::Bishop),
            4 => Some(PieceKind::Rook),
            5 => Some(PieceKind::Queen),
            6 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Lower-case letter, as in FEN and UCI promotions.
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'p',
            PieceKind::Knight => 'n',
            PieceKind::Bishop => 'b',
            PieceKind::Rook => 'r',
            PieceKind::Queen => 'q',
            PieceKind::King => 'k',
        }
    }
}

/// A square's content: empty, or a piece of a colour.
///
/// Encoded as `kind | colour << 3`, so 0 is empty, 1..=6 white and 9..=14 black.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Piece(pub u8);

impl Piece {
    pub const EMPTY: Piece = Piece(0);

    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 | (color as u8) << 3)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colour of a non-empty square's piece.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 8 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// True when the square holds a piece of `color`.
    #[inline]
    pub const fn is_color(self, color: Color) -> bool {
        self.0 != 0 && (self.0 >> 3) == color as u8
    }

    /// The kind bits (1..=6), 0 for empty.
    #[inline]
    pub const fn kind_bits(self) -> u8 {
        self.0 & 7
    }

    #[inline]
    pub const fn kind(self) -> Option<PieceKind> {
        PieceKind::from_u8(self.0 & 7)
    }

    /// FEN letter: upper case for white.
    pub fn to_char(self) -> char {
        match self.kind() {
            None => '.',
            Some(k) => {
                let c = k.letter();
                if self.color() == Color::White {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            }
        }
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            _ => return None,
        };
        Some(Piece::new(color, kind))
    }
}
