//! Standard Algebraic Notation (SAN) in: a move as a game score writes it,
//! resolved against the legal moves of the position.
//!
//! Read as the PGN standard (8.2.3) writes it, and as people and programs
//! actually write it:
//! - a piece letter (`KQRBN`, none for a pawn; `P` is tolerated), an
//!   optional from-file, from-rank or from-square, an optional capture
//!   mark `x` (or `:`, or the long form's `-`), the target square, and a
//!   promotion `=Q`, `Q`, `/Q` or `(Q)`;
//! - `O-O` and `O-O-O`, also written with zeros (`0-0`) or lower case.
//!   Castling is found by its kind, not by squares, so in Chess960 `O-O`
//!   is the king-side castling whatever the king's and rook's files;
//! - check and mate marks (`+`, `#`, `++`), annotation glyphs (`!`, `?`,
//!   `!?`, ...) and `e.p.` are ignored, right or wrong, missing or not;
//! - a wrong or missing capture mark does not matter either: the squares
//!   and the piece decide. A pawn move without a from-file is a push,
//!   as in SAN a pawn capture always names its file.
//!
//! A token that matches no legal move is [`SanError::Illegal`]; one that
//! matches several is [`SanError::Ambiguous`], with the moves it could be.

use super::legal_moves;
use super::san::san;
use crate::board::{Board, Move, PieceKind, Square};
use std::fmt;

/// Why a SAN token is not a move of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN at all (`Zf3`, `e9`, an empty token).
    Syntax(String),
    /// Well-formed, but no legal move matches it.
    Illegal { text: String, reason: IllegalReason },
    /// Several legal moves match it; their SAN is listed.
    Ambiguous { text: String, moves: Vec<String> },
}

/// What a person would want to know about an illegal SAN move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// The side to move has no legal move at all: the game was over.
    NoLegalMove { in_check: bool },
    /// No piece of that kind can go there (the side to move is in check
    /// when `in_check`).
    NoSuchMove { in_check: bool },
    /// The move exists but needs a promotion piece, or names one for a
    /// move that is not a promotion.
    Promotion,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(t) if t.is_empty() => write!(f, "an empty move"),
            SanError::Syntax(t) => write!(f, "'{t}' is not a move in SAN"),
            SanError::Illegal { text, reason } => match reason {
                IllegalReason::NoLegalMove { in_check: true } => write!(
                    f,
                    "{text} is illegal: the side to move is checkmated, the game was over"
                ),
                IllegalReason::NoLegalMove { in_check: false } => write!(
                    f,
                    "{text} is illegal: the side to move is stalemated, the game was over"
                ),
                IllegalReason::NoSuchMove { in_check: true } => {
                    write!(f, "{text} is illegal (the side to move is in check)")
                }
                IllegalReason::NoSuchMove { in_check: false } => write!(f, "{text} is illegal"),
                IllegalReason::Promotion => write!(
                    f,
                    "{text} is illegal: a pawn promotes exactly when it reaches the last rank"
                ),
            },
            SanError::Ambiguous { text, moves } => {
                write!(f, "{text} is ambiguous: it could be {}", moves.join(" or "))
            }
        }
    }
}

impl std::error::Error for SanError {}

impl SanError {
    /// The token that was rejected.
    pub fn text(&self) -> &str {
        match self {
            SanError::Syntax(t)
            | SanError::Illegal { text: t, .. }
            | SanError::Ambiguous { text: t, .. } => t,
        }
    }
}

/// What a SAN token asks for, before it meets the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    Castle {
        king_side: bool,
    },
    Move {
        kind: PieceKind,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        to: Square,
        promotion: Option<PieceKind>,
    },
}

/// Resolves `text`, a move in SAN, against the legal moves of `b`.
pub fn parse_san(b: &Board, text: &str) -> Result<Move, SanError> {
    let wanted = read_san(text).ok_or_else(|| SanError::Syntax(text.to_string()))?;
    let moves = legal_moves(b);
    if moves.is_empty() {
        return Err(SanError::Illegal {
            text: text.to_string(),
            reason: IllegalReason::NoLegalMove {
                in_check: b.in_check(),
            },
        });
    }
    let mut found: Option<Move> = None;
    let mut others: Vec<Move> = Vec::new();
    let mut wrong_promotion = false;
    for &m in moves.iter() {
        let fits = match wanted {
            Wanted::Castle { king_side } => {
                m.is_castle() && (m.flags() == crate::board::flag::CASTLE_KING) == king_side
            }
            Wanted::Move {
                kind,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                let from = m.from();
                let fits = !m.is_castle()
                    && m.to() == to
                    && b.piece_at(from).kind() == Some(kind)
                    && from_file.is_none_or(|f| f == from.file())
                    && from_rank.is_none_or(|r| r == from.rank())
                    // SAN names a pawn capture by its file: a bare `d5`
                    // is a push.
                    && (kind != PieceKind::Pawn || from_file.is_some() || !m.is_capture());
                if fits && m.promotion() != promotion {
                    // Remembered for the message; `e8` with four
                    // promotions is ambiguous, handled below.
                    if promotion.is_some() || m.promotion().is_none() {
                        wrong_promotion = true;
                        false
                    } else {
                        true
                    }
                } else {
                    fits
                }
            }
        };
        if fits {
            match found {
                None => found = Some(m),
                Some(_) => others.push(m),
            }
        }
    }
    match found {
        Some(m) if others.is_empty() => Ok(m),
        Some(m) => {
            let mut moves: Vec<String> = std::iter::once(m)
                .chain(others)
                .map(|m| san(b, m))
                .collect();
            moves.dedup();
            Err(SanError::Ambiguous {
                text: text.to_string(),
                moves,
            })
        }
        None => Err(SanError::Illegal {
            text: text.to_string(),
            reason: if wrong_promotion {
                IllegalReason::Promotion
            } else {
                IllegalReason::NoSuchMove {
                    in_check: b.in_check(),
                }
            },
        }),
    }
}

/// True when `text` has the shape of a SAN move (whether or not any
/// position has it).
pub fn looks_like_san(text: &str) -> bool {
    read_san(text).is_some()
}

/// The suffixes that say nothing about which move it is: check and mate
/// marks, annotation glyphs, and `e.p.`.
fn strip_suffixes(text: &str) -> &str {
    let mut t = text.trim_end_matches(['+', '#', '!', '?']);
    for ep in ["e.p.", "ep"] {
        if let Some(rest) = t.strip_suffix(ep) {
            // Only after the target square's rank.
            if rest.trim_end().ends_with(|c: char| c.is_ascii_digit()) {
                t = rest.trim_end();
            }
        }
    }
    t.trim_end_matches(['+', '#', '!', '?'])
}

fn piece_of_letter(c: u8) -> Option<PieceKind> {
    match c {
        b'N' => Some(PieceKind::Knight),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'Q' => Some(PieceKind::Queen),
        b'K' => Some(PieceKind::King),
        _ => None,
    }
}

/// A promotion piece, any case (`b` too: it follows a rank digit or `=`).
fn promotion_of_letter(c: u8) -> Option<PieceKind> {
    match c.to_ascii_uppercase() {
        b'N' => Some(PieceKind::Knight),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'Q' => Some(PieceKind::Queen),
        _ => None,
    }
}

/// The shape of a SAN token, or `None` when it is not SAN.
fn read_san(text: &str) -> Option<Wanted> {
    let t = strip_suffixes(text.trim());
    if !t.is_ascii() || t.is_empty() {
        return None;
    }
    // Castling: O-O, O-O-O, 0-0, 0-0-0, o-o.
    let castle: String = t
        .chars()
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    match castle.as_str() {
        "O-O" | "OO" => return Some(Wanted::Castle { king_side: true }),
        "O-O-O" | "OOO" => return Some(Wanted::Castle { king_side: false }),
        _ => {}
    }
    let mut s = t.as_bytes();
    // The piece letter; none for a pawn.
    let kind = match s.first().copied().and_then(piece_of_letter) {
        Some(k) => {
            s = &s[1..];
            k
        }
        None if s.first() == Some(&b'P') => {
            s = &s[1..];
            PieceKind::Pawn
        }
        None => PieceKind::Pawn,
    };
    // The promotion at the end: `=Q`, `Q`, `/Q`, `(Q)`.
    let mut promotion = None;
    if let [rest @ .., b'(', p, b')'] = s {
        promotion = Some(promotion_of_letter(*p)?);
        s = rest;
    } else if let [rest @ .., last] = s
        && last.is_ascii_alphabetic()
    {
        promotion = Some(promotion_of_letter(*last)?);
        s = rest;
        if let [rest @ .., b'=' | b'/'] = s {
            s = rest;
        }
    }
    if promotion.is_some() && kind != PieceKind::Pawn {
        return None;
    }
    // The target square.
    let [rest @ .., f, r] = s else {
        return None;
    };
    let to = Square::parse(std::str::from_utf8(&[*f, *r]).ok()?)?;
    s = rest;
    // A capture mark, or the long form's dash.
    if let [rest @ .., b'x' | b':' | b'-'] = s {
        s = rest;
    }
    // Disambiguation: file, rank, or both.
    let (mut from_file, mut from_rank) = (None, None);
    for &c in s {
        match c {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c - b'a'),
            b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
            _ => return None,
        }
    }
    Some(Wanted::Move {
        kind,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_uci_move;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn uci(fen: &str, text: &str) -> Result<String, SanError> {
        let b = Board::from_fen(fen).unwrap();
        parse_san(&b, text).map(|m| m.to_string())
    }

    #[test]
    fn pieces_pawns_and_suffixes() {
        assert_eq!(uci(START, "Nf3").unwrap(), "g1f3");
        assert_eq!(uci(START, "e4").unwrap(), "e2e4");
        assert_eq!(uci(START, "e4!?").unwrap(), "e2e4");
        assert_eq!(uci(START, "Nf3+").unwrap(), "g1f3");
        assert_eq!(uci(START, "Nf3#?!").unwrap(), "g1f3");
        assert_eq!(uci(START, "Ng1f3").unwrap(), "g1f3");
        assert_eq!(uci(START, "Ng1-f3").unwrap(), "g1f3");
        assert_eq!(uci(START, "e2-e4").unwrap(), "e2e4");
        assert_eq!(uci(START, "Pe4").unwrap(), "e2e4");
    }

    #[test]
    fn captures_with_and_without_their_mark() {
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(uci(fen, "exd5").unwrap(), "e4d5");
        assert_eq!(uci(fen, "ed5").unwrap(), "e4d5");
        assert_eq!(uci(fen, "e:d5").unwrap(), "e4d5");
        // A bare `d5` is a pawn push, and no pawn can push there.
        assert!(matches!(uci(fen, "d5"), Err(SanError::Illegal { .. })));
        // En passant, with its optional mark.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(uci(fen, "exd6").unwrap(), "e5d6");
        assert_eq!(uci(fen, "exd6e.p.").unwrap(), "e5d6");
    }

    #[test]
    fn promotions_in_every_spelling() {
        let fen = "k7/2P5/1K6/8/8/8/8/8 w - - 0 1";
        for t in ["c8=Q", "c8Q", "c8=Q#", "c8/Q", "c8(Q)", "c8q", "c8=q"] {
            assert_eq!(uci(fen, t).unwrap(), "c7c8q", "{t}");
        }
        assert_eq!(uci(fen, "c8=N").unwrap(), "c7c8n");
        assert_eq!(uci(fen, "c8=b").unwrap(), "c7c8b");
        assert_eq!(uci(fen, "c8b").unwrap(), "c7c8b");
        // No piece named: ambiguous among the four.
        match uci(fen, "c8") {
            Err(SanError::Ambiguous { moves, .. }) => assert_eq!(moves.len(), 4),
            other => panic!("{other:?}"),
        }
        // A promotion piece on a move that is not a promotion.
        assert_eq!(
            uci(START, "e4=Q"),
            Err(SanError::Illegal {
                text: "e4=Q".into(),
                reason: IllegalReason::Promotion
            })
        );
        assert!(matches!(uci(fen, "c8=K"), Err(SanError::Syntax(_))));
    }

    #[test]
    fn castling_and_its_slips() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        for t in ["O-O", "0-0", "o-o", "O-O+", "OO"] {
            assert_eq!(uci(fen, t).unwrap(), "e1g1", "{t}");
        }
        for t in ["O-O-O", "0-0-0", "O-O-O!"] {
            assert_eq!(uci(fen, t).unwrap(), "e1c1", "{t}");
        }
        // No right: illegal, not a king move.
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
        assert!(matches!(uci(fen, "O-O"), Err(SanError::Illegal { .. })));
    }

    #[test]
    fn chess960_castling_is_found_by_its_kind() {
        // The king already on g1: O-O moves only the rook.
        let b = Board::from_fen("4k3/8/8/8/8/8/8/6KR w H - 0 1").unwrap();
        let m = parse_san(&b, "O-O").unwrap();
        assert!(m.is_castle());
        assert_eq!(san(&b, m), "O-O");
        // King b1, rook a1: O-O-O; Kc1 is the plain king move.
        let b = Board::from_fen("4k3/8/8/8/8/8/8/RK6 w A - 0 1").unwrap();
        assert!(parse_san(&b, "O-O-O").unwrap().is_castle());
        let m = parse_san(&b, "Kc1").unwrap();
        assert!(!m.is_castle());
        assert_eq!(m, parse_uci_move(&b, "b1c1").unwrap());
    }

    #[test]
    fn disambiguation_by_file_rank_or_square() {
        let fen = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        assert_eq!(uci(fen, "Nbd2").unwrap(), "b1d2");
        assert_eq!(uci(fen, "Nfd2").unwrap(), "f1d2");
        assert_eq!(
            uci(fen, "Nd2"),
            Err(SanError::Ambiguous {
                text: "Nd2".into(),
                moves: vec!["Nbd2".into(), "Nfd2".into()]
            })
        );
        let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
        assert_eq!(uci(fen, "R1a3").unwrap(), "a1a3");
        assert_eq!(uci(fen, "R5a3").unwrap(), "a5a3");
        let fen = "8/8/7k/8/Q2Q4/8/8/Q3K3 w - - 0 1";
        assert_eq!(uci(fen, "Qa4d1").unwrap(), "a4d1");
        assert!(matches!(uci(fen, "Qad1"), Err(SanError::Ambiguous { .. })));
        // A pinned knight does not make the other one ambiguous.
        // (The e2 knight is pinned by the e7 rook.)
        let fen = "4k3/4r3/8/1N6/8/8/4N3/4K3 w - - 0 1";
        assert_eq!(uci(fen, "Nd4").unwrap(), "b5d4");
    }

    #[test]
    fn every_legal_move_reads_back_from_its_san() {
        let mut fens = crate::movegen::suite_fens(&crate::movegen::STANDARD_SUITES);
        fens.extend(crate::movegen::suite_fens(&["double-chess960"]));
        let mut checked = 0;
        for fen in &fens {
            let b = Board::from_fen(fen).unwrap();
            for &m in legal_moves(&b).iter() {
                let text = san(&b, m);
                assert_eq!(parse_san(&b, &text), Ok(m), "{fen}: {text}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn illegal_and_not_san() {
        assert!(matches!(
            uci(START, "Nf6"),
            Err(SanError::Illegal {
                reason: IllegalReason::NoSuchMove { in_check: false },
                ..
            })
        ));
        assert!(matches!(uci(START, "Ke2"), Err(SanError::Illegal { .. })));
        for t in ["", "Zf3", "e9", "xx", "N", "1-0", "Nf3f3f3", "K=Q", "e4 e5"] {
            assert!(matches!(uci(START, t), Err(SanError::Syntax(_))), "{t}");
        }
        // Mated: every move is illegal, and the message says why.
        let fool = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let e = uci(fool, "e4").unwrap_err();
        assert!(e.to_string().contains("checkmated"), "{e}");
    }
}
