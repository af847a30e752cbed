//! What the search reports to its caller: scores and bounds, one line of
//! an iteration, the events that come out as it goes, and its result.
//! Leaf types, shared by the search's files and the UCI layer, which
//! alone turns them into text.

use crate::board::Move;
use std::time::Duration;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (not plies); negative: being mated. `Mate(0)`: mated now.
    Mate(i32),
}

/// Whether a score is exact or a bound (after an aspiration window failed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One line of the principal variation(s) after an iteration.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based line number (MultiPV).
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub time: Duration,
    /// Per mille of the transposition table in use.
    pub hashfull: u32,
    /// Tablebase probes so far (root and tree, all threads).
    pub tbhits: u64,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub enum SearchEvent {
    Iteration(Iteration),
    /// The main thread starts on root move `mv`, the `number`th of this
    /// iteration (reported once the search has run for a second).
    CurrMove {
        depth: u32,
        mv: Move,
        number: usize,
    },
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// `None` only when the root has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub nodes: u64,
}
