//! The state of one search thread: tables borrowed from the `Searcher`
//! (the transposition table shared with the other threads), the path's
//! keys for repetitions, the PV table, the per-ply stack, and the stop
//! logic (node and time limits, `stop`, ponder, the main thread's end).

use super::history::History;
use super::limits::SearchControl;
use super::ordering::MoveBuffer;
use super::report::SearchEvent;
use super::smp::Shared;
use super::tablebase::Tablebases;
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::value::MAX_PLY;
use crate::board::{Board, Move};
use crate::eval::nnue::{AccumulatorStack, Network};
use crate::eval::pawn_cache::PawnCache;
use crate::movegen::has_legal_move;
use crate::rules::draw::{is_dead_by_material, is_fifty_move_draw, is_repetition_draw};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Nodes between two looks at the clock and the stop flags (and between
/// two updates of the shared node count).
const CHECK_EVERY: u64 = 1024;

/// What the search remembers about each ply of the current path.
#[derive(Clone, Copy, Default)]
pub struct PlyState {
    /// The static evaluation (or `NO_EVAL` when in check).
    pub eval: i32,
    /// The move being searched from this ply (`NULL` for a null move).
    pub mv: Move,
    /// The code of the piece that made `mv` (0 for a null move).
    pub piece: u8,
    /// The move left out of the node at this ply while its singular
    /// search runs (`NULL` otherwise). Not to be confused with the
    /// thread's `excluded`, the root moves MultiPV has already given a line.
    pub excluded: Move,
    /// Double singular extensions on the path from the root to the node
    /// at this ply (set by its parent before each child search).
    pub double_extensions: u8,
    /// The node at this ply is, or has been, on a principal variation
    /// (its `tt_pv`, kept for its singular search).
    pub tt_pv: bool,
    /// With a null move made from this ply, the thread's `null_floor`
    /// before it (`unmake_null_move` restores it).
    pub outer_null_floor: usize,
}

pub const NO_EVAL: i32 = -super::value::INFINITE;

/// One search thread's state (Berserk's and Koivisto's `ThreadData`,
/// Stockfish's search `Worker`): the main thread's or a helper's. The
/// node search (`pvs`, `quiescence`, `probcut`) is written as its methods.
/// Not to be confused with the UCI layer's `SearchHandle`, the front
/// end's handle on the long-lived thread that runs the `Searcher`.
pub struct ThreadData<'a> {
    pub tt: &'a TranspositionTable,
    pub history: &'a mut History,
    control: &'a SearchControl,
    shared: &'a Shared,
    /// 0 for the main thread, which alone applies the limits; 1.. for helpers.
    pub thread: usize,
    pub time: TimeManager,
    node_limit: Option<u64>,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Main thread: the helpers' nodes at the last look. Helper: the
    /// nodes already added to the shared count.
    other_nodes: u64,
    pub seldepth: usize,
    /// Set when a limit or `stop` ends the search: results are then void.
    pub stopped: bool,
    /// Time and node limits only apply once a first iteration is done.
    pub limits_active: bool,
    was_pondering: bool,
    /// Game keys since the last irreversible move, then the search path.
    pub keys: Vec<u64>,
    /// The index in `keys` of the position after the latest null move on
    /// the path (0: none): no repetition reaches back past a null move.
    pub null_floor: usize,
    pub root_index: usize,
    /// Root moves that may be searched (`searchmoves`) ...
    pub root_moves: Vec<Move>,
    /// True when `searchmoves` left out some legal root moves.
    pub root_moves_restricted: bool,
    /// ... minus those already given a line in this iteration (MultiPV).
    pub excluded: Vec<Move>,
    /// The score and PV of the root move that last raised alpha in this
    /// iteration's first line, its search finished: the best move known
    /// should the iteration be stopped.
    pub root_best: Option<(i32, Vec<Move>)>,
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub stack: [PlyState; MAX_PLY + 4],
    /// Each ply's moves and their ordering scores.
    pub buffers: Vec<MoveBuffer>,
    /// The network's accumulators along the path (`None`: the hand-crafted
    /// evaluation).
    acc: Option<AccumulatorStack>,
    /// The hand-crafted evaluation's pawn-structure cache.
    pawn_cache: PawnCache,
    /// Where the main thread reports its events (`None` in helpers).
    pub events: Option<&'a mut dyn FnMut(SearchEvent)>,
    /// When this thread's search began.
    pub started: Instant,
    /// The tablebases, when probed inside the tree (`None`: off).
    pub tb: Option<&'a Tablebases>,
    /// The most men a position may have to be probed (0: no probes).
    pub tb_cardinality: u32,
    /// `SyzygyProbeDepth`: the least remaining depth for a probe.
    pub tb_probe_depth: i32,
    /// `Syzygy50MoveRule`.
    pub tb_rule50: bool,
    /// The tablebase scores of the root moves when the root is in the
    /// tables; they replace the search's score unless that is a mate.
    pub tb_root: Vec<(Move, i32)>,
    /// The depth of the iteration in progress: extensions stop at twice
    /// that many plies from the root (Stockfish's guard).
    pub root_depth: i32,
}

impl<'a> ThreadData<'a> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        tt: &'a TranspositionTable,
        history: &'a mut History,
        control: &'a SearchControl,
        shared: &'a Shared,
        thread: usize,
        time: TimeManager,
        node_limit: Option<u64>,
        keys: Vec<u64>,
        root_moves: Vec<Move>,
        net: Option<(Arc<Network>, &Board)>,
    ) -> ThreadData<'a> {
        let acc = net.map(|(net, root)| {
            let mut acc = AccumulatorStack::new(net, MAX_PLY + 4);
            acc.refresh(0, root);
            acc
        });
        let root_index = keys.len().saturating_sub(1);
        ThreadData {
            tt,
            history,
            control,
            shared,
            thread,
            time,
            node_limit,
            nodes: 0,
            other_nodes: 0,
            seldepth: 0,
            stopped: false,
            limits_active: false,
            was_pondering: control.pondering.load(Ordering::Relaxed),
            keys,
            null_floor: 0,
            root_index,
            root_moves,
            root_moves_restricted: false,
            excluded: Vec::new(),
            root_best: None,
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            stack: [PlyState::default(); MAX_PLY + 4],
            buffers: vec![MoveBuffer::new(); MAX_PLY + 1],
            acc,
            pawn_cache: PawnCache::new(),
            events: None,
            started: Instant::now(),
            tb: None,
            tb_cardinality: 0,
            tb_probe_depth: 1,
            tb_rule50: true,
            tb_root: Vec::new(),
            root_depth: 0,
        }
    }

    /// Counts a tablebase probe (for `tbhits`; shared by all threads).
    #[inline]
    pub fn count_tb_hit(&self) {
        self.shared.tb_hits.fetch_add(1, Ordering::Relaxed);
    }

    /// The tablebase probes of all threads so far.
    pub fn tb_hits(&self) -> u64 {
        self.shared.tb_hits.load(Ordering::Relaxed)
    }

    /// Reports `event` when this thread reports (the main thread).
    pub fn emit(&mut self, event: SearchEvent) {
        if let Some(on_event) = self.events.as_mut() {
            on_event(event);
        }
    }

    /// The static evaluation of `b`, the position at `ply` on the path.
    #[inline]
    pub fn evaluate(&mut self, b: &Board, ply: usize) -> i32 {
        match &mut self.acc {
            Some(acc) => acc.evaluate(ply, b),
            None => crate::eval::evaluate_cached(b, &mut self.pawn_cache),
        }
    }

    /// Plays `m` from `b`, the position at `ply`, on `child`, a copy of
    /// `b` the caller has just made (a move then costs one board copy).
    /// The one home of the path's per-ply bookkeeping (Stockfish's
    /// `ThreadData::do_move`, Carp's `make_move`): it prefetches the child's
    /// table entry, notes the move for the child's accumulators, records
    /// the move and its piece in the stack entry (the child's
    /// continuation history, counter-move and null-move tests read them),
    /// hands the path's double extensions on to the child (one more when
    /// `double_extension`), and records the child's key for repetitions.
    /// `unmake_move` undoes it.
    ///
    /// Nodes are counted where they are entered (`count_node_and_check`),
    /// not here: a child searched again (a re-search, a singular search)
    /// counts again, as `bench` has always counted.
    #[inline]
    pub fn make_move(
        &mut self,
        b: &Board,
        m: Move,
        ply: usize,
        double_extension: bool,
        child: &mut Board,
    ) {
        debug_assert!(!m.is_null(), "a null move is made by `make_null_move`");
        let piece = b.piece_at(m.from()).0;
        self.play(b, m, piece, ply, double_extension, child);
    }

    /// Takes back the move `make_move` made.
    #[inline]
    pub fn unmake_move(&mut self) {
        self.keys.pop();
    }

    /// Passes from `b`, the position at `ply`, on `child`, a copy of `b`
    /// (null-move pruning), with the bookkeeping of `make_move`; no
    /// repetition reaches back past the null move (Stockfish's
    /// pliesFromNull). `unmake_null_move` undoes it.
    #[inline]
    pub fn make_null_move(&mut self, b: &Board, ply: usize, child: &mut Board) {
        self.play(b, Move::NULL, 0, ply, false, child);
        self.stack[ply].outer_null_floor =
            std::mem::replace(&mut self.null_floor, self.keys.len() - 1);
    }

    /// Takes back the null move `make_null_move` made from the position at `ply`.
    #[inline]
    pub fn unmake_null_move(&mut self, ply: usize) {
        self.null_floor = self.stack[ply].outer_null_floor;
        self.keys.pop();
    }

    /// The body of `make_move` and `make_null_move`.
    #[inline(always)]
    fn play(
        &mut self,
        b: &Board,
        m: Move,
        piece: u8,
        ply: usize,
        double_extension: bool,
        child: &mut Board,
    ) {
        self.tt.prefetch(b.key_after(m));
        if let Some(acc) = &mut self.acc {
            acc.make(ply, b, m);
        }
        b.play_into(m, child);
        debug_assert!(child.check_invariants().is_ok(), "{m} from {}", b.to_fen());
        self.stack[ply].mv = m;
        self.stack[ply].piece = piece;
        self.stack[ply + 1].double_extensions =
            self.stack[ply].double_extensions + double_extension as u8;
        self.keys.push(child.key());
    }

    /// True while the front end is pondering; notes a `ponderhit` (the
    /// clock then starts counting from that moment).
    pub fn pondering(&mut self) -> bool {
        let now = self.control.pondering.load(Ordering::Relaxed);
        if self.was_pondering && !now {
            self.time.restart(Instant::now());
        }
        self.was_pondering = now;
        now
    }

    /// `stop` (or a limit the watchdog enforces), or, for a helper, the
    /// end of the main thread's search.
    pub fn stop_requested(&self) -> bool {
        self.control.stop.load(Ordering::Relaxed) || self.shared.done.load(Ordering::Relaxed)
    }

    /// The nodes of all threads (the helpers' as of the last look).
    pub fn total_nodes(&self) -> u64 {
        if self.thread == 0 {
            self.nodes + self.other_nodes
        } else {
            self.nodes
        }
    }

    /// Helpers add their new nodes to the shared count; the main thread
    /// reads it and publishes its own.
    pub fn sync_nodes(&mut self) {
        if self.thread == 0 {
            self.other_nodes = self.shared.helper_nodes.load(Ordering::Relaxed);
            self.shared.main_nodes.store(self.nodes, Ordering::Relaxed);
        } else {
            let new = self.nodes - self.other_nodes;
            self.shared.helper_nodes.fetch_add(new, Ordering::Relaxed);
            self.other_nodes = self.nodes;
        }
    }

    /// Counts a node and tells whether the search must end now.
    #[inline]
    pub fn count_node_and_check(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if ply + 1 > self.seldepth {
            self.seldepth = ply + 1;
        }
        if self.stopped {
            return true;
        }
        let over_nodes =
            self.limits_active && self.node_limit.is_some_and(|n| self.total_nodes() >= n);
        self.stopped = over_nodes || (self.nodes.is_multiple_of(CHECK_EVERY) && self.check_now());
        self.stopped
    }

    /// The look every `CHECK_EVERY` nodes: node count, stop flags, clock.
    #[cold]
    fn check_now(&mut self) -> bool {
        self.sync_nodes();
        // A helper also ends on the node limit by itself, with the count of
        // all threads: the main thread may not get the CPU to say so in time.
        let helper_over_nodes = self.thread != 0
            && self.limits_active
            && self.node_limit.is_some_and(|n| {
                self.shared.helper_nodes.load(Ordering::Relaxed)
                    + self.shared.main_nodes.load(Ordering::Relaxed)
                    >= n
            });
        helper_over_nodes
            || self.stop_requested()
            || (self.limits_active && !self.pondering() && self.time.hard_expired())
    }

    /// Root moves still to be given a line in this iteration.
    #[inline]
    pub fn root_move_allowed(&self, m: Move) -> bool {
        self.root_moves.contains(&m) && !self.excluded.contains(&m)
    }

    /// The draws that end the tree (rules module): a repetition in the
    /// path or a third occurrence, a claimable fifty-move draw (unless it
    /// is mate), and a position dead by material.
    #[inline]
    pub fn is_draw(&self, b: &Board, in_check: bool) -> bool {
        // A null move is not a move of the game: positions before it
        // cannot repeat (Stockfish's pliesFromNull).
        let since_null = (self.keys.len() - 1 - self.null_floor).min(u16::MAX as usize) as u16;
        let clock = b.halfmove_clock().min(since_null);
        if is_repetition_draw(&self.keys, clock, self.root_index) {
            return true;
        }
        if is_fifty_move_draw(b) && (!in_check || has_legal_move(b)) {
            return true;
        }
        let men = (b.occupied_by(crate::board::Color::White)
            | b.occupied_by(crate::board::Color::Black))
        .count_ones();
        men <= 6 && is_dead_by_material(b)
    }

    /// Whether `static_eval` at `ply` is better than the side's eval two
    /// plies up; when that node was in check (no eval), four plies up; when
    /// neither has one, true (Stockfish's rule). Next to the root, with no
    /// node of the side's above, false.
    #[inline]
    pub fn improving(&self, ply: usize, static_eval: i32) -> bool {
        if ply < 2 {
            return false;
        }
        let eval_at = |back: usize| {
            ply.checked_sub(back)
                .map(|p| self.stack[p].eval)
                .filter(|&e| e != NO_EVAL)
        };
        match eval_at(2).or_else(|| eval_at(4)) {
            Some(earlier) => static_eval > earlier,
            None => true,
        }
    }

    /// The continuation-history keys of the moves one and two plies before `ply`.
    #[inline]
    pub fn cont_keys(&self, ply: usize) -> [super::history::ContKey; 2] {
        let key = |back: usize| {
            if ply < back {
                return None;
            }
            let s = self.stack[ply - back];
            (!s.mv.is_null()).then(|| (s.piece as usize & 15) * 64 + s.mv.to().index64() as usize)
        };
        [key(1), key(2)]
    }

    /// Makes `m` the first move of the PV at `ply`, followed by the child's PV.
    #[inline]
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = m;
        for i in 0..child_len.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len.min(MAX_PLY - 1) + 1;
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::search::limits::{Limits, SearchControl};

    /// Runs `f` on the main thread's data for the start position with a small table.
    pub(crate) fn with_thread_data(keys: Vec<u64>, f: impl FnOnce(&mut ThreadData)) {
        with_thread(0, None, keys, Vec::new(), |w, _| f(w));
    }

    /// Runs `f` on search thread `thread` of the start position, with a
    /// node limit and root moves; `f` also sees the threads' shared counts.
    fn with_thread(
        thread: usize,
        node_limit: Option<u64>,
        keys: Vec<u64>,
        root_moves: Vec<Move>,
        f: impl FnOnce(&mut ThreadData, &Shared),
    ) {
        let tt = TranspositionTable::new(1).unwrap();
        let mut history = History::new();
        let control = SearchControl::default();
        let shared = Shared::default();
        let board = Board::startpos();
        let time = TimeManager::new(&Limits::default(), board.side_to_move(), Instant::now());
        let mut w = ThreadData::new(
            &tt,
            &mut history,
            &control,
            &shared,
            thread,
            time,
            node_limit,
            keys,
            root_moves,
            None,
        );
        f(&mut w, &shared);
    }

    #[test]
    fn a_helper_stops_at_the_node_limit_by_itself() {
        // A helper whose main thread never gets the CPU to say stop.
        let board = Board::startpos();
        let root_moves = crate::movegen::legal_moves(&board)
            .iter()
            .copied()
            .collect();
        with_thread(
            1,
            Some(5_000),
            vec![board.key()],
            root_moves,
            |w, shared| {
                crate::search::smp::helper_search(w, &board, 12);
                assert!(w.stopped);
                assert!(
                    (5_000..5_000 + CHECK_EVERY).contains(&w.nodes),
                    "{}",
                    w.nodes
                );
                assert_eq!(shared.helper_nodes.load(Ordering::Relaxed), w.nodes);
            },
        );
    }

    #[test]
    fn improving_looks_four_plies_up_past_a_check() {
        with_thread_data(vec![0], |w| {
            for (p, e) in [100, 40, 50, NO_EVAL, 10, 30].into_iter().enumerate() {
                w.stack[p].eval = e;
            }
            // Two plies up: 50 at ply 2 against 60 at ply 4.
            assert!(w.improving(4, 60));
            assert!(!w.improving(4, 50));
            // Ply 3 was in check: ply 5 compares with ply 1 (40).
            assert!(w.improving(5, 41));
            assert!(!w.improving(5, 39));
            // No eval two or four plies up: improving (Stockfish's rule).
            w.stack[1].eval = NO_EVAL;
            assert!(w.improving(5, -500));
            // Next to the root there is nothing to compare with.
            assert!(!w.improving(1, 500));
            assert!(!w.improving(2, 99));
            w.stack[0].eval = NO_EVAL;
            assert!(w.improving(2, -500));
        });
    }

    #[test]
    fn make_and_unmake_keep_the_per_ply_bookkeeping() {
        let b = Board::startpos();
        let m = crate::movegen::parse_uci_move(&b, "g1f3").unwrap();
        with_thread_data(vec![b.key()], |w| {
            w.stack[1].double_extensions = 2;
            let mut child = b;
            w.make_move(&b, m, 1, true, &mut child);
            assert_eq!(child, b.make(m));
            assert_eq!(
                (w.stack[1].mv, w.stack[1].piece),
                (m, b.piece_at(m.from()).0)
            );
            assert_eq!(w.stack[2].double_extensions, 3);
            assert_eq!(w.keys, [b.key(), child.key()]);
            w.unmake_move();
            assert_eq!(w.keys, [b.key()]);

            // A null move: no piece, and a floor for repetitions until
            // it is taken back.
            w.null_floor = 0;
            let mut passed = child;
            w.make_null_move(&child, 2, &mut passed);
            assert_eq!(passed, child.make(Move::NULL));
            assert_eq!((w.stack[2].mv, w.stack[2].piece), (Move::NULL, 0));
            assert_eq!(w.stack[3].double_extensions, w.stack[2].double_extensions);
            assert_eq!((w.keys.len(), w.null_floor), (2, 1));
            w.unmake_null_move(2);
            assert_eq!((&w.keys[..], w.null_floor), (&[b.key()][..], 0));
        });
    }

    #[test]
    fn no_repetition_reaches_back_past_a_null_move() {
        let b = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 10 30").unwrap();
        // Root, then four plies whose last repeats the second.
        with_thread_data(vec![1], |w| {
            w.keys.extend([2, 3, 4, 3]);
            assert!(w.is_draw(&b, false));
            // The same keys with a null move made from key 2's position.
            w.null_floor = 3;
            assert!(!w.is_draw(&b, false));
            // A repetition of the position after the null move still counts.
            w.keys.extend([5, 6, 4]);
            assert!(w.is_draw(&b, false));
        });
    }
}
