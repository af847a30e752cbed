//! The search: iterative deepening over alpha-beta, reporting typed events.
//!
//! Interface used by the UCI layer (and `bench`):
//! - [`Searcher`] owns the transposition table and the history tables; it
//!   lives as long as the engine, `clear()` is `ucinewgame`.
//! - [`Limits`] says when to stop; [`SearchControl`] is shared with the
//!   front end (stop, ponder) and read with relaxed atomics.
//! - [`SearchEvent`]s come out as the search goes; [`SearchResult`] at the end.
//!
//! PLACEHOLDER: the body below is a minimal material-only alpha-beta so
//! that the front end can be built against the interface; the real search
//! replaces it.

pub mod bench;
pub mod limits;

pub use limits::{Limits, SearchControl};

use crate::board::{Board, Move, PieceKind};
use crate::movegen::legal_moves;
use crate::rules::Game;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The deepest iteration the search will start (`go depth` is clamped to it).
pub const MAX_DEPTH: u32 = 128;

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
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug)]
pub enum SearchEvent {
    Iteration(Iteration),
}

#[derive(Clone, Debug, Default)]
pub struct SearchResult {
    /// `None` only when the root has no legal move.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub nodes: u64,
}

pub struct Searcher {
    nodes: u64,
    hash_mb: usize,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher { nodes: 0, hash_mb }
    }

    /// Resizes the transposition table; on failure keeps the old one.
    pub fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        self.hash_mb = mb;
        Ok(())
    }

    /// Forgets everything learnt (transposition table, histories, killers).
    pub fn clear(&mut self) {}

    /// Searches the current position of `game` until `limits` or `control` say stop.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &SearchControl,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult {
        let start = Instant::now();
        self.nodes = 0;
        let board = *game.board();
        let moves = legal_moves(&board);
        if moves.is_empty() {
            return SearchResult::default();
        }
        let mut best = moves.as_slice()[0];
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let deadline = limits.movetime.map(|t| start + t);
        for depth in 1..=max_depth.min(4) {
            let mut alpha = -100_000;
            let mut iter_best = best;
            for &m in moves.iter() {
                let score = -self.negamax(&board.make(m), depth - 1, -100_000, -alpha);
                if score > alpha {
                    alpha = score;
                    iter_best = m;
                }
            }
            if control.stop.load(Ordering::Relaxed) {
                break;
            }
            best = iter_best;
            on_event(SearchEvent::Iteration(Iteration {
                depth,
                seldepth: depth,
                multipv: 1,
                score: Score::Cp(alpha),
                bound: Bound::Exact,
                nodes: self.nodes,
                time: start.elapsed(),
                hashfull: 0,
                pv: vec![best],
            }));
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        SearchResult {
            best: Some(best),
            ponder: None,
            nodes: self.nodes,
        }
    }

    fn negamax(&mut self, b: &Board, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let moves = legal_moves(b);
        if moves.is_empty() {
            return if b.in_check() { -99_000 } else { 0 };
        }
        if depth == 0 {
            return material(b);
        }
        for &m in moves.iter() {
            let s = -self.negamax(&b.make(m), depth - 1, -beta, -alpha);
            if s >= beta {
                return s;
            }
            alpha = alpha.max(s);
        }
        alpha
    }
}

fn material(b: &Board) -> i32 {
    let mut s = 0;
    for (_, p) in b.pieces() {
        let v = match p.kind() {
            Some(PieceKind::Pawn) => 100,
            Some(PieceKind::Knight) | Some(PieceKind::Bishop) => 300,
            Some(PieceKind::Rook) => 500,
            Some(PieceKind::Queen) => 900,
            _ => 0,
        };
        s += if p.color() == b.side_to_move() { v } else { -v };
    }
    s
}
