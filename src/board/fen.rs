//! Forsyth-Edwards Notation in and out.
//!
//! Six fields, or four (the clocks then default to `0 1`). Anything that
//! cannot describe a position is an error; castling rights that the pieces
//! contradict and an en-passant square that no double push can explain are
//! dropped with a warning, as GUIs do send such FENs.

use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::{Board, NO_SQUARE, castle};
use std::fmt;

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    FieldCount(usize),
    RankCount(usize),
    RankLength { rank: u8, squares: usize },
    AdjacentDigits { rank: u8 },
    UnknownPiece(char),
    KingCount { color: Color, count: usize },
    TooManyPieces { color: Color, count: usize },
    TooManyPawns { color: Color, count: usize },
    PawnOnBackRank(Square),
    OpponentInCheck,
    SideToMove(String),
    Castling(String),
    EnPassant(String),
    EnPassantRank { square: Square, side: Color },
    HalfmoveClock(String),
    FullmoveNumber(String),
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::FieldCount(n) => write!(
                f,
                "a FEN has 6 fields (or 4, without the clocks), this one has {n}"
            ),
            FenError::RankCount(n) => {
                write!(
                    f,
                    "the placement field has {n} ranks separated by '/', not 8"
                )
            }
            FenError::RankLength { rank, squares } => {
                write!(f, "rank {rank} describes {squares} squares, not 8")
            }
            FenError::AdjacentDigits { rank } => write!(
                f,
                "rank {rank} has two digits in a row; empty squares are one digit"
            ),
            FenError::UnknownPiece(c) => write!(f, "unknown piece letter '{c}' in the placement"),
            FenError::KingCount { color, count } => write!(
                f,
                "{} has {count} kings, needs exactly one",
                color_name(*color)
            ),
            FenError::TooManyPieces { color, count } => {
                write!(
                    f,
                    "{} has {count} pieces, at most 16 are possible",
                    color_name(*color)
                )
            }
            FenError::TooManyPawns { color, count } => {
                write!(
                    f,
                    "{} has {count} pawns, at most 8 are possible",
                    color_name(*color)
                )
            }
            FenError::PawnOnBackRank(s) => {
                write!(f, "a pawn stands on {s}, on the first or last rank")
            }
            FenError::OpponentInCheck => {
                write!(
                    f,
                    "the side not to move is in check (its king could be captured)"
                )
            }
            FenError::SideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::Castling(s) => write!(
                f,
                "castling field must be '-' or letters from KQkq, each at most once, not '{s}'"
            ),
            FenError::EnPassant(s) => {
                write!(
                    f,
                    "en-passant field must be '-' or a square such as e3, not '{s}'"
                )
            }
            FenError::EnPassantRank { square, side } => write!(
                f,
                "en-passant square {square} is impossible with {} to move (rank {} expected)",
                color_name(*side),
                if *side == Color::White { 6 } else { 3 }
            ),
            FenError::HalfmoveClock(s) => write!(
                f,
                "half-move clock must be a non-negative integer up to 65535, not '{s}'"
            ),
            FenError::FullmoveNumber(s) => write!(
                f,
                "full-move number must be a non-negative integer up to 4294967295, not '{s}'"
            ),
        }
    }
}

impl std::error::Error for FenError {}

/// Parses a clock field: ASCII digits only (no sign), fitting the type.
fn parse_clock<T: std::str::FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Board {
    /// Reads a FEN (6 fields, or 4 with clocks `0 1`).
    pub fn from_fen(text: &str) -> Result<Board, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }

        let mut b = Board {
            squares: [Piece::EMPTY; 128],
            occupied: [0; 2],
            diagonal: [0; 2],
            pawns: [0; 2],
            orthogonal: [0; 2],
            king: [Square(0); 2],
            side: Color::White,
            castling: 0,
            ep: NO_SQUARE,
            ep_in_key: false,
            halfmove: 0,
            fullmove: 1,
            key: 0,
        };

        // 1. Placement, from rank 8 down.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut kings = [0usize; 2];
        let mut counts = [0usize; 2];
        let mut pawns = [0usize; 2];
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file = 0usize;
            let mut after_digit = false;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(FenError::UnknownPiece(c));
                    }
                    if after_digit {
                        return Err(FenError::AdjacentDigits { rank: rank + 1 });
                    }
                    after_digit = true;
                    file += d as usize;
                    continue;
                }
                after_digit = false;
                let p = Piece::from_char(c).ok_or(FenError::UnknownPiece(c))?;
                if file < 8 {
                    let s = Square::new(file as u8, rank);
                    b.squares[s.0 as usize] = p;
                    let ci = p.color().index();
                    b.occupied[ci] |= s.bit();
                    if super::is_diagonal_slider(p) {
                        b.diagonal[ci] |= s.bit();
                    }
                    if super::is_orthogonal_slider(p) {
                        b.orthogonal[ci] |= s.bit();
                    }
                    counts[ci] += 1;
                    match p.kind() {
                        Some(PieceKind::King) => {
                            kings[ci] += 1;
                            b.king[ci] = s;
                        }
                        Some(PieceKind::Pawn) => {
                            pawns[ci] += 1;
                            b.pawns[ci] |= s.bit();
                            if rank == 0 || rank == 7 {
                                return Err(FenError::PawnOnBackRank(s));
                            }
                        }
                        _ => {}
                    }
                }
                file += 1;
            }
            if file != 8 {
                return Err(FenError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        for c in [Color::White, Color::Black] {
            let i = c.index();
            if kings[i] != 1 {
                return Err(FenError::KingCount {
                    color: c,
                    count: kings[i],
                });
            }
            if counts[i] > 16 {
                return Err(FenError::TooManyPieces {
                    color: c,
                    count: counts[i],
                });
            }
            if pawns[i] > 8 {
                return Err(FenError::TooManyPawns {
                    color: c,
                    count: pawns[i],
                });
            }
        }

        // 2. Side to move.
        b.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::SideToMove(s.to_string())),
        };
        if b.is_attacked(b.king[(!b.side).index()], b.side) {
            return Err(FenError::OpponentInCheck);
        }

        // 3. Castling rights.
        let cf = fields[2];
        if cf != "-" {
            for c in cf.chars() {
                let bit = match c {
                    'K' => castle::WHITE_KING,
                    'Q' => castle::WHITE_QUEEN,
                    'k' => castle::BLACK_KING,
                    'q' => castle::BLACK_QUEEN,
                    _ => return Err(FenError::Castling(cf.to_string())),
                };
                if b.castling & bit != 0 {
                    return Err(FenError::Castling(cf.to_string()));
                }
                b.castling |= bit;
            }
        }
        b.drop_contradicted_castling_rights();

        // 4. En passant.
        let ef = fields[3];
        if ef != "-" {
            let s = Square::parse(ef).ok_or_else(|| FenError::EnPassant(ef.to_string()))?;
            let expected_rank = if b.side == Color::White { 5 } else { 2 };
            if s.rank() != expected_rank {
                return Err(FenError::EnPassantRank {
                    square: s,
                    side: b.side,
                });
            }
            if b.double_push_explains(s) {
                b.ep = s.0;
                b.ep_in_key = b.en_passant_capture_is_legal(s.0);
            } else {
                log::warn!(
                    "FEN en-passant square {s} dropped: no pawn can just have made a double push past it"
                );
            }
        }

        // 5. and 6. Clocks.
        if fields.len() == 6 {
            b.halfmove = parse_clock::<u16>(fields[4])
                .ok_or_else(|| FenError::HalfmoveClock(fields[4].to_string()))?;
            let full = parse_clock::<u32>(fields[5])
                .ok_or_else(|| FenError::FullmoveNumber(fields[5].to_string()))?;
            b.fullmove = full.max(1);
        }

        b.key = b.compute_key();
        Ok(b)
    }

    /// Clears castling rights whose king or rook is not on its home square.
    fn drop_contradicted_castling_rights(&mut self) {
        let checks = [
            (castle::WHITE_KING, Color::White, 'K', 7u8),
            (castle::WHITE_QUEEN, Color::White, 'Q', 0u8),
            (castle::BLACK_KING, Color::Black, 'k', 7u8),
            (castle::BLACK_QUEEN, Color::Black, 'q', 0u8),
        ];
        for (bit, color, letter, rook_file) in checks {
            if self.castling & bit == 0 {
                continue;
            }
            let rank = color.back_rank();
            let king_ok = self.piece_at(Square::new(4, rank)) == Piece::new(color, PieceKind::King);
            let rook_ok =
                self.piece_at(Square::new(rook_file, rank)) == Piece::new(color, PieceKind::Rook);
            if !king_ok || !rook_ok {
                log::warn!(
                    "FEN castling right '{letter}' dropped: the {} is not on its home square",
                    if king_ok { "rook" } else { "king" }
                );
                self.castling &= !bit;
            }
        }
    }

    /// True when an enemy pawn stands just past `ep` and the square behind
    /// it (its start square) and `ep` itself are empty.
    fn double_push_explains(&self, ep: Square) -> bool {
        let them = !self.side;
        let pawn_sq = Square((ep.0 as i16 + them.forward() as i16) as u8);
        let start = Square((ep.0 as i16 - them.forward() as i16) as u8);
        self.piece_at(pawn_sq) == Piece::new(them, PieceKind::Pawn)
            && self.piece_at(ep).is_empty()
            && self.piece_at(start).is_empty()
    }

    /// Writes the six-field FEN.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let p = self.piece_at(Square::new(file, rank));
                if p.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(p.to_char());
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        if self.castling == 0 {
            out.push('-');
        } else {
            for (bit, c) in [
                (castle::WHITE_KING, 'K'),
                (castle::WHITE_QUEEN, 'Q'),
                (castle::BLACK_KING, 'k'),
                (castle::BLACK_QUEEN, 'q'),
            ] {
                if self.castling & bit != 0 {
                    out.push(c);
                }
            }
        }
        out.push(' ');
        match self.en_passant() {
            Some(s) => out.push_str(&s.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        let b = Board::from_fen(STARTPOS).unwrap();
        assert_eq!(b.to_fen(), STARTPOS);
        assert!(b.check_invariants().is_ok());
    }

    #[test]
    fn four_field_fen_gets_default_clocks() {
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn fullmove_zero_reads_as_one_and_big_clocks_are_kept() {
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 150 0").unwrap();
        assert_eq!(b.to_fen(), "4k3/8/8/8/8/8/8/4K3 b - - 150 1");
    }
}
