//! `d`: the position as a person reads it (Stockfish's `d`).

use crate::board::{Board, PieceKind, Square};
use crate::rules::Game;

/// The board diagram, FEN, key, checkers and FIDE outcome of the game's
/// current position.
pub fn lines(game: &Game) -> Vec<String> {
    let b = game.board();
    let mut out: Vec<String> = b.diagram().lines().map(str::to_string).collect();
    out.push(String::new());
    out.push(format!("Fen: {}", b.to_fen()));
    out.push(format!("Key: {:016X}", b.key()));
    let checkers: Vec<String> = checkers(b).iter().map(|s| s.to_string()).collect();
    out.push(format!("Checkers: {}", checkers.join(" ")));
    // The FIDE verdict, in `ladya outcome`'s words.
    let start = game.start().to_fen();
    // King takes rook for castling: unambiguous in Chess960 too.
    let notation = crate::movegen::UciNotation::new(game.start(), true);
    let moves: Vec<String> = game.moves().iter().map(|m| notation.write(*m)).collect();
    match crate::pgn::verdict::outcome_line(Some(&start), &moves, None) {
        Ok(line) => out.push(format!("Outcome: {line}")),
        // The game's own start and moves always replay; shown, not hidden,
        // should one ever fail.
        Err(e) => out.push(format!("Outcome: unknown ({e})")),
    }
    out
}

/// The squares of the pieces that give check to the side to move.
fn checkers(b: &Board) -> Vec<Square> {
    let us = b.side_to_move();
    let king = b.king_square(us);
    let mut found = Vec::new();
    for (sq, p) in b.pieces() {
        if p.color() == us {
            continue;
        }
        let df = king.file() as i32 - sq.file() as i32;
        let dr = king.rank() as i32 - sq.rank() as i32;
        let clear_line = || {
            let (sf, sr) = (df.signum(), dr.signum());
            (1..df.abs().max(dr.abs())).all(|k| {
                let s = Square::new(
                    (sq.file() as i32 + sf * k) as u8,
                    (sq.rank() as i32 + sr * k) as u8,
                );
                b.piece_at(s).is_empty()
            })
        };
        let diagonal = df.abs() == dr.abs() && df != 0;
        let straight = (df == 0) != (dr == 0);
        let gives_check = match p.kind() {
            Some(PieceKind::Pawn) => df.abs() == 1 && dr == if us.forward() > 0 { -1 } else { 1 },
            Some(PieceKind::Knight) => df.abs() * dr.abs() == 2,
            Some(PieceKind::Bishop) => diagonal && clear_line(),
            Some(PieceKind::Rook) => straight && clear_line(),
            Some(PieceKind::Queen) => (diagonal || straight) && clear_line(),
            _ => false,
        };
        if gives_check {
            found.push(sq);
        }
    }
    debug_assert_eq!(!found.is_empty(), b.in_check(), "{}", b.to_fen());
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkers_are_found() {
        let b = Board::from_fen("4k3/8/8/8/8/3n4/8/R3K2r w - - 0 1").unwrap();
        let mut c: Vec<String> = checkers(&b).iter().map(|s| s.to_string()).collect();
        c.sort();
        assert_eq!(c, vec!["d3", "h1"]);
        let b = Board::from_fen("4k3/3P4/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(checkers(&b).len(), 1);
        assert!(checkers(&Board::startpos()).is_empty());
    }

    #[test]
    fn checkers_agree_with_in_check_along_random_games() {
        use crate::movegen::legal_moves;
        let mut seed = 0x243F_6A88_85A3_08D3u64;
        let mut checks = 0;
        for _ in 0..40 {
            let mut b = Board::startpos();
            for _ in 0..150 {
                let moves = legal_moves(&b);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                b = b.make(moves.as_slice()[(seed % moves.len() as u64) as usize]);
                let c = checkers(&b);
                assert_eq!(!c.is_empty(), b.in_check(), "{}", b.to_fen());
                checks += usize::from(!c.is_empty());
            }
        }
        assert!(checks > 10);
    }
}
