//! Lazy SMP: helper threads search the same root with the same iterative
//! deepening as the main thread and share only the transposition table,
//! so that each finds the others' results there (the scheme of Stockfish
//! since 2015, and of most engines since: Dan Homan's "lazy SMP").
//! Only the main thread reports and chooses the move; helpers end when it
//! sets [`Shared::done`], or by themselves at the node limit. For
//! diversity, odd helpers search one ply deeper than the main thread's iteration.

use super::aspiration::aspiration;
use super::thread_data::ThreadData;
use crate::board::Board;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Stack of each search thread: the search recurses once per ply, and its
/// frames must fit `MAX_DEPTH` and quiescence beyond it with room to spare.
pub const STACK_SIZE: usize = 64 << 20;

/// What the threads of one search share besides the table and the
/// front end's `SearchControl`.
#[derive(Debug, Default)]
pub struct Shared {
    /// Nodes searched by the helpers, added every few thousand nodes.
    pub helper_nodes: AtomicU64,
    /// Nodes searched by the main thread, as of its last look.
    pub main_nodes: AtomicU64,
    /// Tablebase probes of all threads (`tbhits`).
    pub tb_hits: AtomicU64,
    /// Set when the main thread has finished: the helpers stop.
    pub done: AtomicBool,
}

/// Sets [`Shared::done`] when dropped, so that helpers stop even when the
/// main thread's search unwinds from a panic (the scope would otherwise
/// wait for them forever).
pub struct DoneOnDrop<'a>(pub &'a Shared);

impl Drop for DoneOnDrop<'_> {
    fn drop(&mut self) {
        self.0.done.store(true, Ordering::Relaxed);
    }
}

/// A helper's iterative deepening: one line per iteration, results only in
/// the transposition table, until `max_depth` or the main thread is done.
pub fn helper_search(w: &mut ThreadData, board: &Board, max_depth: u32) {
    // A helper owes no first iteration: its node and time limits hold from
    // its first node, or a starved main thread that has not finished depth
    // 1 would let the helpers run far past `go nodes`.
    w.limits_active = true;
    let mut previous = None;
    let mut depth = 1 + (w.thread % 2) as u32;
    while depth <= max_depth {
        w.seldepth = 0;
        match aspiration(w, board, depth as i32, previous) {
            Some(line) => previous = Some(line.score),
            None if w.stopped => break,
            None => {}
        }
        depth += 1;
    }
    w.sync_nodes();
}
