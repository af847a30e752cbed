//! FIDE end-of-game rules: the game record and its outcome. Every rule's
//! threshold, name and article lives here; the other layers ask through
//! the re-exports below.
//!
//! - [`game`]: the starting board, the moves, every position that occurred.
//! - [`outcome`](mod@outcome): the verdict by precedence (mate, stalemate, dead position,
//!   fivefold, 75 moves, threefold, fifty moves), the first automatic end
//!   of a game, time forfeit, resignation, agreement.
//! - [`dead`]: dead positions (5.2.2), material and beyond.
//! - [`blockade`]: the static proof that frozen pawns stop every check.
//! - [`helpmate`]: a quick search for a mate, to show a position alive.
//! - [`repetition`]: occurrences of a position (9.2.3 identity by key).
//! - [`draw`]: the cheap checks the search calls at every node.
//!
//! The verdict in words (`ladya outcome`) is the arbiter's, in `pgn`.

pub mod blockade;
pub mod dead;
pub mod draw;
pub mod game;
pub mod helpmate;
pub mod outcome;
pub mod repetition;

pub use dead::{CannotMate, DeadReason};
pub use game::{Game, GameError};
pub use outcome::{
    Effort, FIFTY_MOVES, FIVEFOLD, Kind, Outcome, SEVENTY_FIVE_MOVES, THREEFOLD, Verdict,
    claimable_draw, first_automatic_end, flag_fall, outcome, verdict, verdict_on_flag,
    verdict_on_resignation,
};
