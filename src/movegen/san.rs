//! Standard Algebraic Notation (SAN) out: `Nf3`, `exd5`, `O-O`, `e8=Q+`, `Qh4#`.
//!
//! Written as the PGN standard (8.2.3) and FIDE Appendix C ask: the piece
//! letter (none for pawns), the from-file, from-rank or both when another
//! piece of the same kind could reach the same square, `x` for a capture,
//! `=Q` for a promotion, and `+` or `#` when the move checks or mates.

use super::{has_legal_move, legal_moves};
use crate::board::{Board, Color, Move, PieceKind, flag};

/// The SAN text of `m`, a legal move of `b`.
pub fn san(b: &Board, m: Move) -> String {
    let mut text = san_without_suffix(b, m);
    let after = b.make(m);
    if after.in_check() {
        text.push(if has_legal_move(&after) { '+' } else { '#' });
    }
    text
}

fn san_without_suffix(b: &Board, m: Move) -> String {
    if m.is_castle() {
        // By the flag: in Chess960 the king may not move at all.
        return if m.flags() == flag::CASTLE_KING {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let from = m.from();
    let to = m.to();
    let kind = b.piece_at(from).kind().unwrap_or(PieceKind::Pawn);
    let mut text = String::new();
    if kind == PieceKind::Pawn {
        if m.is_capture() {
            text.push((b'a' + from.file()) as char);
        }
    } else {
        text.push(kind.letter().to_ascii_uppercase());
        // Disambiguation: the other pieces of the same kind that can go to `to`.
        let rivals: Vec<Move> = legal_moves(b)
            .iter()
            .copied()
            .filter(|r| {
                r.to() == to && r.from() != from && b.piece_at(r.from()).kind() == Some(kind)
            })
            .collect();
        if !rivals.is_empty() {
            let same_file = rivals.iter().any(|r| r.from().file() == from.file());
            let same_rank = rivals.iter().any(|r| r.from().rank() == from.rank());
            if !same_file {
                text.push((b'a' + from.file()) as char);
            } else if !same_rank {
                text.push((b'1' + from.rank()) as char);
            } else {
                text.push_str(&from.to_string());
            }
        }
    }
    if m.is_capture() {
        text.push('x');
    }
    text.push_str(&to.to_string());
    if let Some(p) = m.promotion() {
        text.push('=');
        text.push(p.letter().to_ascii_uppercase());
    }
    text
}

/// `m` in SAN with its move number, as in a game score: `9.Nf3` for a
/// white move, `9...Ng8` for a black one (the number is `b`'s full-move
/// number).
pub fn numbered_san(b: &Board, m: Move) -> String {
    let dots = match b.side_to_move() {
        Color::White => ".",
        Color::Black => "...",
    };
    format!("{}{}{}", b.fullmove_number(), dots, san(b, m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::parse_uci_move;

    fn san_of(fen: &str, uci: &str) -> String {
        let b = Board::from_fen(fen).unwrap();
        let m = parse_uci_move(&b, uci).unwrap();
        san(&b, m)
    }

    #[test]
    fn pieces_pawns_and_captures() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(san_of(start, "g1f3"), "Nf3");
        assert_eq!(san_of(start, "e2e4"), "e4");
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        assert_eq!(san_of(fen, "e4d5"), "exd5");
        // En passant is a pawn capture named by the file it leaves.
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
        assert_eq!(san_of(fen, "e5d6"), "exd6");
    }

    #[test]
    fn castling_promotion_check_and_mate() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "e1g1"), "O-O");
        assert_eq!(san_of(fen, "e1c1"), "O-O-O");
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8q"), "c8=Q#");
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8r"), "c8=R#");
        assert_eq!(san_of("k7/2P5/1K6/8/8/8/8/8 w - - 0 1", "c7c8n"), "c8=N");
        assert_eq!(san_of("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8+");
        let fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
        assert_eq!(san_of(fool, "d8h4"), "Qh4#");
    }

    #[test]
    fn chess960_castling_is_o_o_whichever_way_it_is_written() {
        // The king already on g1: only the rook moves, still O-O.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1"), "O-O");
        // King b1 and rook a1: O-O-O, the king's step spelling too.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1"), "O-O-O");
        assert_eq!(san_of("4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1c1"), "Kc1");
        // King f1 takes rook h1: castling with check from the f1 rook.
        assert_eq!(san_of("5k2/8/8/8/8/8/8/5K1R w H - 0 1", "f1h1"), "O-O+");
        // King d1 and rook c1 swap squares; the rook on d1 checks d8.
        assert_eq!(san_of("3k4/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1"), "O-O-O+");
    }

    #[test]
    fn disambiguation_by_file_rank_or_both() {
        // Knights on b1 and f1 can both reach d2: the file tells them apart.
        assert_eq!(san_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "b1d2"), "Nbd2");
        // Rooks on a1 and a5 share the file: the rank tells them apart.
        assert_eq!(san_of("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
        // Three queens: one shares the file, another the rank.
        assert_eq!(san_of("8/8/7k/8/Q2Q4/8/8/Q3K3 w - - 0 1", "a4d1"), "Qa4d1");
    }

    #[test]
    fn move_numbers() {
        let b =
            Board::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 9").unwrap();
        let m = parse_uci_move(&b, "g1f3").unwrap();
        assert_eq!(numbered_san(&b, m), "9.Nf3");
        let b = b.make(m);
        let m = parse_uci_move(&b, "g8f6").unwrap();
        assert_eq!(numbered_san(&b, m), "9...Nf6");
    }
}
