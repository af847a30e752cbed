//! A game: the starting board and the moves played, with the keys that
//! repetition needs.

use crate::board::{Board, Move};
use crate::movegen::{MoveError, parse_uci_move};
use std::fmt;

#[derive(Clone, Debug)]
pub struct Game {
    start: Board,
    moves: Vec<Move>,
    /// Every position that occurred on the board, the start included.
    boards: Vec<Board>,
}

/// A move of a move list that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// 1-based ply of the move in the list given.
    pub ply: usize,
    pub error: MoveError,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} (ply {}): {}",
            self.error.text(),
            self.ply,
            self.error
        )
    }
}

impl std::error::Error for GameError {}

impl Game {
    pub fn new(start: Board) -> Game {
        Game {
            start,
            moves: Vec::new(),
            boards: vec![start],
        }
    }

    /// The current position.
    #[inline]
    pub fn board(&self) -> &Board {
        self.boards
            .last()
            .expect("a game always has its start position")
    }

    pub fn start(&self) -> &Board {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position that occurred, the start first and the current last.
    pub fn boards(&self) -> &[Board] {
        &self.boards
    }

    /// Plays a move known to be legal.
    pub fn push(&mut self, m: Move) {
        let next = self.board().make(m);
        self.moves.push(m);
        self.boards.push(next);
    }

    /// Plays one move given in UCI text, checking it.
    pub fn push_uci(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = parse_uci_move(self.board(), text)?;
        self.push(m);
        Ok(m)
    }

    /// Plays moves in UCI text; stops at the first bad one, keeping the
    /// moves before it, and names it with its ply.
    pub fn push_uci_moves<'a>(
        &mut self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), GameError> {
        for (i, text) in moves.into_iter().enumerate() {
            self.push_uci(text)
                .map_err(|error| GameError { ply: i + 1, error })?;
        }
        Ok(())
    }

    /// The keys of the positions since the last irreversible move (capture,
    /// pawn move), oldest first, the current position last: all a
    /// repetition can match.
    pub fn reversible_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let n = self.board().halfmove_clock() as usize;
        let first = self.boards.len().saturating_sub(n + 1);
        self.boards[first..].iter().map(|b| b.key())
    }
}
