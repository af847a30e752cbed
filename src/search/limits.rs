//! What bounds a search: the `go` parameters and the shared stop/ponder flags.

use crate::board::Move;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The limits of one `go`. All `None`/empty: search until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// No new iteration once this many nodes are searched (datagen).
    pub soft_nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Remaining clock time of white and black.
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    /// `go infinite`: no limit at all until `stop`.
    pub infinite: bool,
    /// Only these root moves (empty: all).
    pub searchmoves: Vec<Move>,
    /// Number of principal variations to report (MultiPV), at least 1.
    pub multipv: usize,
    /// Subtracted from every time budget (the GUI's and the pipe's lag).
    pub move_overhead: Duration,
}

/// Flags shared between the front end and the running search.
#[derive(Debug, Default)]
pub struct SearchControl {
    /// Set by `stop`, `quit` or a state-changing command: end the search now.
    pub stop: AtomicBool,
    /// True during `go ponder`: no time limit applies. `ponderhit` clears
    /// it; the search then applies its clock limits from that moment.
    pub pondering: AtomicBool,
}
