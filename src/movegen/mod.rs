//! Legal move generation, and moves in UCI text and SAN (out and in).

pub mod count;
pub mod generator;
pub mod gives_check;
pub mod is_legal;
pub mod move_list;
pub mod san;
pub mod san_parse;
pub mod tally;
pub mod uci_move;

pub use gives_check::{CheckInfo, gives_check};
pub use is_legal::is_legal;
pub use move_list::{MAX_MOVES, MoveCounter, MoveList, MoveSink};
pub use san_parse::{SanError, parse_san};
pub use uci_move::{MoveError, UciNotation, parse_uci_move};

use crate::board::Board;

/// Appends every legal move of `b` to `list`.
#[inline]
pub fn generate_legal(b: &Board, list: &mut MoveList) {
    generator::generate::<MoveList, true, true>(b, list);
}

/// Appends only the legal captures and promotions of `b` to `list`.
#[inline]
pub fn generate_tactical(b: &Board, list: &mut MoveList) {
    generator::generate::<MoveList, false, true>(b, list);
}

/// Appends only the legal quiet moves of `b` (castling included; no
/// promotion) to `list`: with `generate_tactical`, every legal move.
#[inline]
pub fn generate_quiet(b: &Board, list: &mut MoveList) {
    generator::generate::<MoveList, true, false>(b, list);
}

/// The start positions of the named perft suites (`perft-suites/NAME.epd`:
/// the FEN before each line's first `;`), for the tests that check parts of
/// the generator against each other (`perft::parse_epd` is a layer above).
#[cfg(test)]
pub(crate) fn suite_fens(names: &[&str]) -> Vec<String> {
    let mut fens = Vec::new();
    for name in names {
        let path = format!("{}/perft-suites/{name}.epd", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        fens.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| l.split(';').next().unwrap_or("").trim().to_string()),
        );
    }
    fens
}

/// The standard-chess perft suites, for `suite_fens`.
#[cfg(test)]
pub(crate) const STANDARD_SUITES: [&str; 5] =
    ["standard", "tricky", "edge-cases", "random", "en-passant"];

/// All legal moves of `b`.
pub fn legal_moves(b: &Board) -> MoveList {
    let mut list = MoveList::new();
    generate_legal(b, &mut list);
    list
}

/// The number of legal moves of `b`, counted by sets without listing them.
#[inline]
pub fn count_legal(b: &Board) -> u64 {
    count::count_legal(b)
}

/// True when the side to move has at least one legal move.
pub fn has_legal_move(b: &Board) -> bool {
    count_legal(b) > 0
}
