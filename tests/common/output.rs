//! Reading what the engine writes: the move of a `bestmove` line, a field
//! of an `info` line, the `info string` lines; and checking a move it
//! played against the rules (the library's move generator).

use ladya::board::Board;
use ladya::movegen::legal_moves;
use std::str::FromStr;

/// The move of a `bestmove <move> [ponder <move>]` line; panics on any
/// other line.
pub fn best_of(line: &str) -> &str {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["bestmove", mv] | ["bestmove", mv, "ponder", _] => mv,
        _ => panic!("not a bestmove line: {line:?}"),
    }
}

/// The value after the word `name` in an `info` line (`depth`, `tbhits`,
/// ...), when it is there and reads as a `T`.
pub fn field<T: FromStr>(line: &str, name: &str) -> Option<T> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == name)?;
    words.next()?.parse().ok()
}

/// The `info string` lines among `lines`.
pub fn info_strings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

/// Asserts that `mv` is a legal move of `board`.
pub fn assert_legal(board: &Board, mv: &str) {
    assert!(
        legal_moves(board).iter().any(|m| m.to_string() == mv),
        "{mv} is not legal in {}",
        board.to_fen()
    );
}

/// The board after `moves` (UCI text, each legal) from `board`.
pub fn after(board: Board, moves: &[&str]) -> Board {
    moves.iter().fold(board, |b, mv| {
        let m = ladya::movegen::parse_uci_move(&b, mv)
            .unwrap_or_else(|e| panic!("{mv} in {}: {e:?}", b.to_fen()));
        b.make(m)
    })
}
