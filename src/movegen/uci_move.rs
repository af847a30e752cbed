//! Moves in UCI text (`e2e4`, `e7e8q`, `e1g1`), checked against the position.
//!
//! Castling has two spellings. The standard game's is the king's
//! two-square step, `e1g1`; Chess960's (`UCI_Chess960`, as Stockfish and
//! the GUIs use it) is king takes own rook, `e1h1`, since there the king
//! may move one square or none, and the step could also be a plain king
//! move. Both are read in either mode. `UciNotation` writes king takes rook
//! when `UCI_Chess960` is on, and also when it is off but the position's
//! castling is not the standard arrangement (king on e, rooks on a and h):
//! the two-square spelling would be ambiguous there, and an engine that
//! answers with a move the GUI reads as another one loses the game.

use super::legal_moves;
use crate::board::{Board, Color, Move, PieceKind, Square, castle, flag};
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
    let moves = legal_moves(b);
    let matching = |m: &&Move| m.from() == from && m.to() == to && m.promotion() == promo;
    // A plain king move before a castling move of the same squares (only
    // possible in Chess960, where `f1g1` may be either).
    if let Some(m) = moves
        .iter()
        .filter(|m| !m.is_castle())
        .find(matching)
        .or_else(|| moves.iter().find(matching))
    {
        return Ok(*m);
    }
    // King takes own rook: castling, as Chess960 writes it.
    if promo.is_none()
        && piece.kind() == Some(PieceKind::King)
        && let Some(m) = moves
            .iter()
            .find(|m| m.is_castle() && m.from() == from && b.castling_rook_squares(**m).0 == to)
    {
        return Ok(*m);
    }
    let last_rank = if b.side_to_move() == Color::White {
        7
    } else {
        0
    };
    let pawn_to_last = piece.kind() == Some(PieceKind::Pawn) && to.rank() == last_rank;
    if pawn_to_last && promo.is_none() && moves.iter().any(|m| m.from() == from && m.to() == to) {
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

/// How a game's moves are written in UCI text (the module comment): the
/// castling rooks of the game's position, and whether castling is written
/// as king takes rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciNotation {
    king_takes_rook: bool,
    /// The rook of each castling right at the root, `None` when not held
    /// (then no later position of the game castles that way).
    rooks: [Option<Square>; 4],
}

impl UciNotation {
    /// The notation for the game from `root` on; `chess960` is the
    /// `UCI_Chess960` option.
    pub fn new(root: &Board, chess960: bool) -> UciNotation {
        UciNotation {
            king_takes_rook: chess960 || root.has_chess960_castling(),
            rooks: [
                castle::WHITE_KING,
                castle::WHITE_QUEEN,
                castle::BLACK_KING,
                castle::BLACK_QUEEN,
            ]
            .map(|r| root.castling_rook(r)),
        }
    }

    /// True when castling is written king takes rook.
    pub fn king_takes_rook(&self) -> bool {
        self.king_takes_rook
    }

    /// The UCI text of `m`, a move of the game.
    pub fn write(&self, m: Move) -> String {
        if self.king_takes_rook && m.is_castle() {
            let black = m.from().rank() == 7;
            let index = usize::from(black) * 2 + usize::from(m.flags() == flag::CASTLE_QUEEN);
            if let Some(rook) = self.rooks[index] {
                return format!("{}{rook}", m.from());
            }
        }
        m.to_string()
    }
}
