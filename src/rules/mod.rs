//! FIDE end-of-game rules: the game record and its outcome.

pub mod draw;
pub mod game;
pub mod report;

pub use game::{Game, GameError};
