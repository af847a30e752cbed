//! Moves in UCI text (`e2e4`, `e7e8q`, `e1g1`), checked against the position.

use super::legal_moves;
use crate::board::{Board, Color, Move, PieceKind, Square};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `e2e4` or `e7e8q`.
    Syntax(String),
    /// No piece stands on the from-square.
    NoPiece { text: String, from: Square },
    /// The piece on the from-square belongs to the side not to move.
    NotYourPiece { text: String, from: Square },
    /// A pawn reaches the last rank but the text names no promotion piece.
    MissingPromotion(String),
    /// A promotion piece is given for a move that is not a promotion.
    NotAPromotion(String),
    /// Well-formed, but not legal here.
    Illegal { text: String, in_check: bool },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(t) => write!(
                f,
                "'{t}' is not a move in UCI notation (from-square, to-square, optional promotion piece: e2e4, e7e8q)"
            ),
            MoveError::NoPiece { text, from } => write!(f, "{text}: there is no piece on {from}"),
            MoveError::NotYourPiece { text, from } => {
                write!(
                    f,
                    "{text}: the piece on {from} belongs to the side not to move"
                )
            }
            MoveError::MissingPromotion(t) => {
                write!(
                    f,
                    "{t}: a pawn reaching the last rank must name its promotion piece (q, r, b or n)"
                )
            }
            MoveError::NotAPromotion(t) => {
                write!(f, "{t}: names a promotion piece but is not a promotion")
            }
            MoveError::Illegal { text, in_check } => {
                if *in_check {
                    write!(f, "{text} is not legal here (the side to move is in check)")
                } else {
                    write!(f, "{text} is not legal here")
                }
            }
        }
    }
}

impl MoveError {
    /// The move text that was rejected.
    pub fn text(&self) -> &str {
        match self {
            MoveError::Syntax(t)
            | MoveError::MissingPromotion(t)
            | MoveError::NotAPromotion(t)
            | MoveError::NoPiece { text: t, .. }
            | MoveError::NotYourPiece { text: t, .. }
            | MoveError::Illegal { text: t, .. } => t,
        }
    }
}

impl std::error::Error for MoveError {}

/// Parses `text` as a move of `b` and checks that it is legal.
pub fn parse_uci_move(b: &Board, text: &str) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax(text.to_string());
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(syntax());
    }
    let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
    let promo = match text.as_bytes().get(4) {
        None => None,
        Some(b'q') | Some(b'Q') => Some(PieceKind::Queen),
        Some(b'r') | Some(b'R') => Some(PieceKind::Rook),
        Some(b'b') | Some(b'B') => Some(PieceKind::Bishop),
        Some(b'n') | Some(b'N') => Some(PieceKind::Knight),
        Some(_) => return Err(syntax()),
    };
    let text = text.to_string();
    let piece = b.piece_at(from);
    if piece.is_empty() {
        return Err(MoveError::NoPiece { text, from });
    }
    if piece.color() != b.side_to_move() {
        return Err(MoveError::NotYourPiece { text, from });
    }
    if let Some(m) = legal_moves(b)
        .iter()
        .copied()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promo)
    {
        return Ok(m);
    }
    let last_rank = if b.side_to_move() == Color::White {
        7
    } else {
        0
    };
    let pawn_to_last = piece.kind() == Some(PieceKind::Pawn) && to.rank() == last_rank;
    if pawn_to_last
        && promo.is_none()
        && legal_moves(b)
            .iter()
            .any(|m| m.from() == from && m.to() == to)
    {
        return Err(MoveError::MissingPromotion(text));
    }
    if promo.is_some() && !pawn_to_last {
        return Err(MoveError::NotAPromotion(text));
    }
    Err(MoveError::Illegal {
        text,
        in_check: b.in_check(),
    })
}
