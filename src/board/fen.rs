//! Forsyth-Edwards Notation in and out.
//!
//! Six fields, or four (the clocks then default to `0 1`). Anything that
//! cannot describe a position is an error; castling rights that the pieces
//! contradict and an en-passant square that no double push can explain are
//! dropped with a warning, as GUIs do send such FENs.
//!
//! The castling field comes in three forms, all read here: the standard
//! `KQkq`; X-FEN, where `K`/`Q` mean the outermost rook on that side of the
//! king (so `KQkq` reads the same in a standard game) and a rook that is not
//! the outermost is named by its file letter; and Shredder-FEN, which names
//! every castling rook by its file (`HAha`, upper case for White). Chess960
//! positions need the latter two. The board remembers whether the field
//! came as Shredder-FEN or not, and `to_fen` writes it back in that form
//! (X-FEN, which is `KQkq` whenever the rooks are the outermost ones).

use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::{Board, CastlingNotation, NO_SQUARE};
use std::fmt;

pub const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    Empty,
    FieldCount(usize),
    RankCount(usize),
    RankLength {
        rank: u8,
        squares: usize,
    },
    AdjacentDigits {
        rank: u8,
    },
    UnknownPiece(char),
    KingCount {
        color: Color,
        count: usize,
    },
    TooManyPieces {
        color: Color,
        count: usize,
    },
    TooManyPawns {
        color: Color,
        count: usize,
    },
    PawnOnBackRank(Square),
    OpponentInCheck,
    SideToMove(String),
    /// A character of the castling field that is not `K`, `Q`, `k`, `q` or
    /// a file letter (`A`-`H`, `a`-`h`); or `-` beside letters, or an empty field.
    CastlingLetter {
        field: String,
        letter: char,
    },
    /// Two letters of the castling field give the same right (`KK`, or
    /// `K` and `H` for the same rook).
    CastlingRepeated {
        field: String,
        letter: char,
    },
    /// A file letter names the file its own king stands on.
    CastlingKingFile {
        field: String,
        letter: char,
    },
    EnPassant(String),
    EnPassantRank {
        square: Square,
        side: Color,
    },
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
            FenError::CastlingLetter { field, letter } => write!(
                f,
                "castling field '{field}': '{letter}' is not a castling letter (the field is '-', or \
                 KQkq, or rook files A-H for White and a-h for Black as in X-FEN and Shredder-FEN)"
            ),
            FenError::CastlingRepeated { field, letter } => write!(
                f,
                "castling field '{field}': '{letter}' gives a castling right that an earlier letter gave"
            ),
            FenError::CastlingKingFile { field, letter } => write!(
                f,
                "castling field '{field}': '{letter}' names the file the {} king stands on, not a rook's",
                if letter.is_ascii_uppercase() {
                    "white"
                } else {
                    "black"
                }
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
            castling_rooks: [Square(0); 4],
            castling_stretch: [0; 4],
            castling_squares: 0,
            castling_notation: CastlingNotation::XFen,
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
        b.read_castling(fields[2])?;

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

    /// Reads the castling field in any of its three forms (the module
    /// comment); a right whose king or rook is missing is dropped with a
    /// warning.
    fn read_castling(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let error = |letter| FenError::CastlingLetter {
            field: field.to_string(),
            letter,
        };
        if field.is_empty() {
            return Err(error('-'));
        }
        let (mut kq_letters, mut file_letters) = (false, false);
        // The rights named so far, dropped ones included, to catch repeats.
        let mut named = 0u8;
        for letter in field.chars() {
            let color = if letter.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let rank = color.back_rank();
            let king = self.king[color.index()];
            let king_home = king.rank() == rank;
            let own_rook =
                |f: u8| self.piece_at(Square::new(f, rank)) == Piece::new(color, PieceKind::Rook);
            let upper = letter.to_ascii_uppercase();
            let (king_side, rook_file) = match upper {
                'K' | 'Q' => {
                    kq_letters = true;
                    let king_side = upper == 'K';
                    // X-FEN: the outermost rook on that side of the king.
                    let rook = if !king_home {
                        None
                    } else if king_side {
                        (king.file() + 1..8).rev().find(|&f| own_rook(f))
                    } else {
                        (0..king.file()).find(|&f| own_rook(f))
                    };
                    (king_side, rook)
                }
                'A'..='H' => {
                    file_letters = true;
                    let f = upper as u8 - b'A';
                    if king_home && f == king.file() {
                        return Err(FenError::CastlingKingFile {
                            field: field.to_string(),
                            letter,
                        });
                    }
                    (f > king.file(), (king_home && own_rook(f)).then_some(f))
                }
                _ => return Err(error(letter)),
            };
            let index = color.index() * 2 + usize::from(!king_side);
            let right = 1u8 << index;
            if named & right != 0 {
                return Err(FenError::CastlingRepeated {
                    field: field.to_string(),
                    letter,
                });
            }
            named |= right;
            match rook_file {
                Some(f) => {
                    self.castling |= right;
                    self.castling_rooks[index] = Square::new(f, rank);
                }
                None => log::warn!(
                    "FEN castling right '{letter}' dropped: {}",
                    if king_home {
                        format!(
                            "no {} rook on that square or side of the king",
                            if color == Color::White {
                                "white"
                            } else {
                                "black"
                            }
                        )
                    } else {
                        "the king is not on its first rank".to_string()
                    }
                ),
            }
        }
        if file_letters && !kq_letters {
            self.castling_notation = CastlingNotation::Shredder;
        }
        for index in 0..4 {
            self.castling_stretch[index] = self.stretch_of_castling(index);
        }
        self.castling_squares = self.squares_of_castling();
        Ok(())
    }

    /// True when no rook of the castling rook's colour stands on the back
    /// rank beyond it, away from the king: X-FEN's `K` or `Q` names it.
    fn is_outermost_rook(&self, index: usize) -> bool {
        let rook = self.castling_rooks[index];
        let color = if index < 2 {
            Color::White
        } else {
            Color::Black
        };
        let beyond: Vec<u8> = if index.is_multiple_of(2) {
            (rook.file() + 1..8).collect()
        } else {
            (0..rook.file()).collect()
        };
        beyond.into_iter().all(|f| {
            self.piece_at(Square::new(f, rook.rank())) != Piece::new(color, PieceKind::Rook)
        })
    }

    /// The castling field as `to_fen` writes it.
    fn castling_field(&self) -> String {
        if self.castling == 0 {
            return "-".to_string();
        }
        let mut out = String::new();
        for (index, letter) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if self.castling & (1 << index) == 0 {
                continue;
            }
            let shredder = self.castling_notation == CastlingNotation::Shredder;
            if !shredder && self.is_outermost_rook(index) {
                out.push(letter);
            } else {
                let file = (b'a' + self.castling_rooks[index].file()) as char;
                out.push(if index < 2 {
                    file.to_ascii_uppercase()
                } else {
                    file
                });
            }
        }
        out
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
        out.push_str(&self.castling_field());
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
