//! FIDE end-of-game rules: the game record and its outcome.
//!
//! - [`game`]: the starting board, the moves, every position that occurred.
//! - [`outcome`]: the verdict by precedence (mate, stalemate, dead position,
//!   fivefold, 75 moves, threefold, fifty moves), time forfeit, resignation.
//! - [`dead`]: dead positions (5.2.2), material and beyond.
//! - [`blockade`]: the static proof that frozen pawns stop every check.
//! - [`helpmate`]: a quick search for a mate, to show a position alive.
//! - [`repetition`]: occurrences of a position (9.2.3 identity by key).
//! - [`draw`]: the cheap checks the search calls at every node.
//! - [`report`]: the line `ladya outcome` prints.

pub mod blockade;
pub mod dead;
pub mod draw;
pub mod game;
pub mod helpmate;
pub mod outcome;
pub mod repetition;
pub mod report;

pub use game::{Game, GameError};
pub use outcome::{
    Kind, Outcome, Verdict, outcome, verdict, verdict_on_flag, verdict_on_resignation,
};
