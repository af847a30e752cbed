//! The search: iterative deepening over alpha-beta, reporting typed events.
//!
//! Interface used by the UCI layer (and `bench`, datagen):
//! - [`Searcher`] owns the transposition table and the history tables (one
//!   per thread); it lives as long as the engine, `clear()` is
//!   `ucinewgame`, `set_threads` the `Threads` option.
//! - [`Limits`] says when to stop; [`SearchControl`] is shared with the
//!   front end (stop, ponder) and read with relaxed atomics;
//!   [`emergency_limit`] is the time manager's word on when the front end
//!   should stop a search that overruns.
//! - [`SearchEvent`]s come out as the search goes; [`SearchResult`] at the
//!   end (`report`: the types the search reports in).
//! - Beside them, for the commands and tools: `bench`, `params` (the
//!   tunable constants), `skill` (`UCI_LimitStrength`), `tablebase`,
//!   `value` (mate scores) and `see`.
//!
//! Inside: `pvs` (the alpha-beta node search), `probcut`, `singular`,
//! `reductions`, `quiescence`, `ordering` with `history`, `correction`
//! (the static evaluation's learnt errors), the transposition table `tt`
//! (with `prefetch` and `large_pages`), `time` management, `thread_data`,
//! one search thread's state, `aspiration` windows and `smp`, the helper
//! threads. Iterative deepening and MultiPV are below.

mod aspiration;
pub mod bench;
mod correction;
mod history;
mod large_pages;
mod limits;
mod ordering;
pub mod params;
mod prefetch;
mod probcut;
mod pvs;
mod quiescence;
mod reductions;
mod report;
pub mod see;
mod singular;
pub mod skill;
mod smp;
pub mod tablebase;
mod thread_data;
mod time;
mod tt;
pub mod value;

pub use limits::{Limits, SearchControl};
pub use report::{Bound, Iteration, Score, SearchEvent, SearchResult};
pub use smp::STACK_SIZE;
pub use time::emergency_limit;

use crate::board::Move;
use crate::eval::nnue::Network;
use crate::movegen::legal_moves;
use crate::rules::Game;
use aspiration::{Line, aspiration};
use history::History;
use smp::{DoneOnDrop, Shared};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tablebase::Tablebases;
use thread_data::ThreadData;
use time::TimeManager;
use tt::TranspositionTable;
use value::{MATE, is_mate, to_score};

/// The deepest iteration the search will start (`go depth` is clamped to it).
pub const MAX_DEPTH: u32 = 128;

pub struct Searcher {
    tt: TranspositionTable,
    /// The main thread's history tables.
    history: Box<History>,
    /// One set per helper thread (`Threads` - 1), kept between searches.
    helpers: Vec<History>,
    /// The evaluation network; `None`: the hand-crafted evaluation.
    net: Option<Arc<Network>>,
    tb: TbSettings,
}

/// The Syzygy options as the search applies them.
#[derive(Clone, Debug)]
pub struct TbSettings {
    /// The loaded tables (`None`: tablebases off), shared by all threads.
    pub tables: Option<Arc<Tablebases>>,
    /// `SyzygyProbeDepth`.
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: positions with more men are not probed.
    pub probe_limit: u32,
    /// `Syzygy50MoveRule`.
    pub rule50: bool,
}

impl Default for TbSettings {
    fn default() -> TbSettings {
        TbSettings {
            tables: None,
            probe_depth: 1,
            probe_limit: 7,
            rule50: true,
        }
    }
}

impl Searcher {
    /// A searcher with a `hash_mb` table (a minimal one if that much
    /// memory cannot be had; `resize_hash` reports such failures).
    pub fn new(hash_mb: usize) -> Searcher {
        let tt = TranspositionTable::new(hash_mb).unwrap_or_else(|e| {
            log::warn!("{e}; using a minimal table");
            TranspositionTable::minimal()
        });
        Searcher {
            tt,
            history: Box::new(History::new()),
            helpers: Vec::new(),
            net: Network::embedded(),
            tb: TbSettings::default(),
        }
    }

    /// Probes the tablebases with `tb` from now on.
    pub fn set_tablebases(&mut self, tb: TbSettings) {
        self.tb = tb;
    }

    pub fn tablebases(&self) -> &TbSettings {
        &self.tb
    }

    /// Evaluates with `net` from now on (`None`: the hand-crafted evaluation).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
    }

    /// Searches on `threads` threads from now on (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            self.helpers.push(History::new());
        }
    }

    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Resizes the transposition table; on failure keeps the old one.
    pub fn resize_hash(&mut self, mb: usize) -> Result<(), String> {
        // The old table stays until the new one is allocated.
        let new = TranspositionTable::new(mb)?;
        self.tt = new;
        Ok(())
    }

    /// Forgets everything learnt (transposition table, histories, killers).
    pub fn clear(&mut self) {
        self.tt.clear_on(self.threads());
        self.history.clear();
        self.helpers.iter_mut().for_each(|h| h.clear());
    }

    /// Searches the current position of `game` until `limits` or `control`
    /// say stop, with the helper threads alongside. Only the main thread's
    /// iterations are reported; node counts are those of all threads.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        control: &SearchControl,
        on_event: &mut dyn FnMut(SearchEvent),
    ) -> SearchResult {
        let start = Instant::now();
        let board = *game.board();
        let legal = legal_moves(&board);
        if legal.is_empty() {
            wait_while_infinite(limits, control);
            return SearchResult::default();
        }
        let mut root_moves: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| limits.searchmoves.contains(m))
            .collect();
        let mut restricted = !root_moves.is_empty() && root_moves.len() < legal.len();
        if root_moves.is_empty() {
            root_moves = legal.as_slice().to_vec();
        }

        // The root in the tablebases: rank the moves by DTZ (or WDL) and
        // search only those that keep the best result (Stockfish's root
        // filtering). The DTZ probe is not thread-safe: it runs here,
        // before the helpers start.
        let tables = self.tb.tables.as_deref();
        let cardinality = tables.map_or(0, |t| t.max_pieces().min(self.tb.probe_limit));
        let mut tb_cardinality = cardinality;
        let mut tb_root: Vec<(Move, i32)> = Vec::new();
        let mut root_tb_hits = 0;
        if let Some(t) = tables
            && tablebase::men(&board) <= cardinality
            && board.castling_rights() == 0
            && let Some(ranking) = t.rank_root(&board, self.tb.rule50)
        {
            root_tb_hits = ranking.moves.len() as u64;
            let ranked: Vec<_> = ranking
                .moves
                .iter()
                .filter(|m| root_moves.contains(&m.mv))
                .copied()
                .collect();
            if let Some(top) = ranked.first().map(|m| m.rank) {
                let kept: Vec<Move> = ranked
                    .iter()
                    .filter(|m| m.rank == top)
                    .map(|m| m.mv)
                    .collect();
                restricted |= kept.len() < legal.len();
                root_moves = kept;
            }
            tb_root = ranking.moves.iter().map(|m| (m.mv, m.score)).collect();
            // With DTZ the root's ranking is the plan; probing the tree
            // would only say "won" everywhere. Without DTZ, probes guide a
            // winning search towards conversion.
            if ranking.by_dtz || ranked.first().is_none_or(|m| m.score <= 0) {
                tb_cardinality = 0;
            }
        }
        let tb_probes = tables.filter(|_| tb_cardinality > 0);
        let tb_settings = (tb_cardinality, self.tb.probe_depth, self.tb.rule50);
        self.tt.new_search();
        self.history.age();
        self.helpers.iter_mut().for_each(|h| h.age());

        let time = if limits.infinite {
            TimeManager::new(&Limits::default(), board.side_to_move(), start)
        } else {
            TimeManager::new(limits, board.side_to_move(), start)
        };
        let keys: Vec<u64> = game.reversible_keys().collect();
        let max_depth = max_depth(limits);
        let fallback = root_moves[0];

        let shared = Shared::default();
        shared.tb_hits.store(root_tb_hits, Ordering::Relaxed);
        let tt = &self.tt;
        let (completed, nodes) = std::thread::scope(|scope| {
            let done = DoneOnDrop(&shared);
            for (i, history) in self.helpers.iter_mut().enumerate() {
                let keys = keys.clone();
                let root_moves = root_moves.clone();
                let (shared, side) = (&shared, board.side_to_move());
                let net = self.net.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("helper {}", i + 1))
                    .stack_size(smp::STACK_SIZE)
                    .spawn_scoped(scope, move || {
                        let time = TimeManager::new(&Limits::default(), side, start);
                        let mut w = ThreadData::new(
                            tt,
                            history,
                            control,
                            shared,
                            i + 1,
                            time,
                            limits.nodes,
                            keys,
                            root_moves,
                            net.map(|n| (n, &board)),
                        );
                        w.root_moves_restricted = restricted;
                        (w.tb, w.tb_cardinality) = (tb_probes, tb_settings.0);
                        (w.tb_probe_depth, w.tb_rule50) = (tb_settings.1, tb_settings.2);
                        smp::helper_search(&mut w, &board, max_depth);
                    });
                if let Err(e) = spawned {
                    log::warn!("cannot start search thread {}: {e}", i + 1);
                    break;
                }
            }
            let mut w = ThreadData::new(
                tt,
                &mut self.history,
                control,
                &shared,
                0,
                time,
                limits.nodes,
                keys,
                root_moves,
                self.net.clone().map(|n| (n, &board)),
            );
            w.root_moves_restricted = restricted;
            (w.tb, w.tb_cardinality) = (tb_probes, tb_settings.0);
            (w.tb_probe_depth, w.tb_rule50) = (tb_settings.1, tb_settings.2);
            w.tb_root = tb_root;

            w.events = Some(on_event);
            w.started = start;
            let completed = Self::iterative_deepening(&mut w, &board, limits, start);
            // The helpers stop, and their last nodes are counted.
            drop(done);
            (completed, w.nodes)
        });
        let nodes = nodes + shared.helper_nodes.load(Ordering::Relaxed);
        wait_while_infinite(limits, control);

        let best = completed.first().map_or(fallback, |l| l.pv[0]);
        let ponder = completed
            .first()
            .and_then(|l| l.pv.get(1).copied())
            .or_else(|| {
                let next = board.make(best);
                let m = self.tt.probe(next.key())?.mv;
                legal_moves(&next).contains(m).then_some(m)
            })
            .filter(|m| !m.is_null());
        SearchResult {
            best: Some(best),
            ponder,
            nodes,
        }
    }

    /// The main thread's iterative deepening: one iteration per depth, each
    /// with its MultiPV lines, reported as it completes, until a limit says
    /// stop. Returns the lines of the last completed iteration (or of the
    /// first, unfinished one when nothing else is known).
    fn iterative_deepening(
        w: &mut ThreadData,
        board: &crate::board::Board,
        limits: &Limits,
        start: Instant,
    ) -> Vec<Line> {
        let lines_wanted = limits.multipv.max(1).min(w.root_moves.len());
        let max_depth = max_depth(limits);
        let node_limit = limits.nodes;
        let mut completed: Vec<Line> = Vec::new();
        let mut stable_iterations = 0u32;
        for depth in 1..=max_depth {
            w.excluded.clear();
            w.root_best = None;
            w.seldepth = 0;
            let mut lines: Vec<Line> = Vec::with_capacity(lines_wanted);
            for index in 0..lines_wanted {
                let previous = completed.get(index).map(|l| l.score);
                let Some(line) = aspiration(w, board, depth as i32, previous) else {
                    break;
                };
                w.excluded.push(line.pv[0]);
                lines.push(line);
            }
            if w.stopped || lines.is_empty() {
                if keep_best_of_unfinished(&mut completed, lines, w.root_best.take()) {
                    // The GUI's last PV must start with the move played:
                    // report the new best line, a lower bound of the
                    // position (the other root moves were not finished).
                    w.sync_nodes();
                    let hashfull = w.tt.hashfull();
                    let line = &completed[0];
                    report(
                        w,
                        depth,
                        1,
                        line.score,
                        Bound::Lower,
                        &line.pv,
                        start,
                        hashfull,
                    );
                }
                break;
            }
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            let hashfull = w.tt.hashfull();
            w.sync_nodes();
            for (i, line) in lines.iter().enumerate() {
                // A root in the tablebases shows their verdict, unless the
                // search has proven a mate (which agrees with it).
                let tb_score = w
                    .tb_root
                    .iter()
                    .find(|(m, _)| *m == line.pv[0])
                    .map(|&(_, s)| s)
                    .filter(|_| !is_mate(line.score));
                let score = tb_score.unwrap_or(line.score);
                report(
                    w,
                    depth,
                    i + 1,
                    score,
                    Bound::Exact,
                    &line.pv,
                    start,
                    hashfull,
                );
            }
            let same_best = completed.first().map(|l| l.pv[0]) == Some(lines[0].pv[0]);
            let score_drop = completed.first().map_or(0, |l| l.score - lines[0].score);
            stable_iterations = if same_best { stable_iterations + 1 } else { 0 };
            completed = lines;
            // A first iteration always completes; limits apply from now on.
            w.limits_active = true;

            // Stop conditions between iterations.
            let best_score = completed[0].score;
            if let Some(n) = limits.mate
                && best_score >= MATE - 2 * n as i32
            {
                break;
            }
            if w.stop_requested()
                || node_limit.is_some_and(|n| w.total_nodes() >= n)
                || limits.soft_nodes.is_some_and(|n| w.total_nodes() >= n)
            {
                break;
            }
            // The soft limit, stretched while the best move keeps changing
            // or the score is falling (the time manager's rules).
            if !w.pondering()
                && !limits.infinite
                && w.time
                    .soft_expired(stable_iterations, score_drop, best_score)
            {
                break;
            }
        }
        completed
    }
}

/// Sends one line of an iteration to the front end.
#[allow(clippy::too_many_arguments)]
fn report(
    w: &mut ThreadData,
    depth: u32,
    multipv: usize,
    score: i32,
    bound: Bound,
    pv: &[Move],
    start: Instant,
    hashfull: u32,
) {
    w.emit(SearchEvent::Iteration(Iteration {
        depth,
        seldepth: w.seldepth as u32,
        multipv,
        score: to_score(score),
        bound,
        nodes: w.total_nodes(),
        time: start.elapsed(),
        hashfull,
        tbhits: w.tb_hits(),
        pv: pv.to_vec(),
    }));
}

/// What a stopped iteration leaves: its lines are void, unless nothing is
/// known yet; but a root move whose search finished in it and beat the
/// previous best (`root_best`: it raised alpha after or instead of the
/// first move) becomes the best line (Stockfish sorts its root moves
/// before it looks at the stop).
/// Returns true when the best line changed to the unfinished iteration's.
fn keep_best_of_unfinished(
    completed: &mut Vec<Line>,
    lines: Vec<Line>,
    root_best: Option<(i32, Vec<Move>)>,
) -> bool {
    if completed.is_empty() {
        if !lines.is_empty() {
            *completed = lines;
        }
        return false;
    }
    if lines.is_empty()
        && let Some((score, pv)) = root_best
        && pv.first().is_some_and(|&m| m != completed[0].pv[0])
    {
        completed[0] = Line { score, pv };
        return true;
    }
    false
}

/// The deepest iteration of a search with these limits.
fn max_depth(limits: &Limits) -> u32 {
    limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
}

/// `go infinite` and `go ponder` never end on their own: hold the result
/// until `stop` (or, when pondering, `ponderhit`).
fn wait_while_infinite(limits: &Limits, control: &SearchControl) {
    while !control.stop.load(Ordering::Relaxed)
        && (limits.infinite || control.pondering.load(Ordering::Relaxed))
    {
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests;
