//! The search thread: one long-lived thread that owns the [`Searcher`] and
//! takes jobs over a crossbeam channel. It writes the `info` lines of a
//! search and its one `bestmove`.

use super::output::{self, Sink};
use super::watchdog::{Disarm, Watchdog};
use crate::board::Move;
use crate::eval::nnue::Network;
use crate::movegen::{UciNotation, legal_moves};
use crate::rules::Game;
use crate::search::skill::Skill;
use crate::search::tablebase::Tablebases;
use crate::search::{
    Limits, SearchControl, SearchEvent, SearchResult, Searcher, TbSettings, emergency_limit,
};
use crate::search::{Score, value};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender, unbounded};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::thread::JoinHandle;
use std::time::Duration;

/// The main search thread's stack, as big as the helpers'.
const WORKER_STACK: usize = crate::search::STACK_SIZE;

/// How long `quit` waits for a search to honour its stop flag.
const QUIT_GRACE: Duration = Duration::from_millis(60);

/// When the GUI must not get a `bestmove` before it says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// Answer as soon as the search ends.
    No,
    /// `go infinite`: hold the answer until `stop`.
    UntilStop,
    /// `go ponder`: hold it until `stop` or `ponderhit`.
    UntilPonderhit,
}

pub struct SearchJob {
    /// `None` when the GUI's last `position` was invalid.
    pub game: Option<Game>,
    pub limits: Limits,
    pub hold: Hold,
    /// Why there is no game, for the `info string`.
    pub no_game_reason: String,
    /// `UCI_ShowWDL`: `wdl W D L` after each score.
    pub show_wdl: bool,
    /// `searchmoves` named no legal move: no search, `bestmove 0000`.
    pub search_nothing: bool,
    /// `UCI_LimitStrength`: the strength to play at (`None`: full).
    pub skill: Option<Skill>,
    /// `UCI_Chess960`: castling written as king takes rook.
    pub chess960: bool,
}

enum Job {
    Search(Box<SearchJob>, Arc<SearchControl>),
    Resize(usize),
    Threads(usize),
    Clear,
    Network(Option<Arc<Network>>),
    Syzygy(SyzygyJob),
}

/// The Syzygy options for the searcher; `path: Some` (re)loads the tables.
pub struct SyzygyJob {
    pub path: Option<String>,
    pub probe_depth: i32,
    pub probe_limit: u32,
    pub rule50: bool,
}

enum Reply {
    SearchDone,
    Resized(Result<(), String>),
    ThreadsSet,
    Cleared,
    NetworkSet,
    /// What loading the tables found, for an `info string`.
    SyzygySet(Option<String>),
}

/// The front end's handle on the search thread (not to be confused with
/// the search's `ThreadData`, the state of each thread of one search).
pub struct SearchHandle {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Reply>,
    /// Wakes a search thread that holds its `bestmove` (after stop/ponderhit).
    wake: Sender<()>,
    thread: Option<JoinHandle<()>>,
    /// The flags of the search in progress, if one is.
    running: Option<Arc<SearchControl>>,
    /// The emergency time limit of the running search (armed at `go`, or at
    /// `ponderhit` for a ponder search).
    limit: Option<std::time::Duration>,
    watchdog: Watchdog,
    /// The net last handed to the search thread (`Settings::net` there).
    net: Option<Arc<Network>>,
}

impl SearchHandle {
    pub fn spawn(hash_mb: usize, sink: Sink) -> SearchHandle {
        let (jobs_tx, jobs_rx) = unbounded();
        let (replies_tx, replies_rx) = unbounded();
        let (wake_tx, wake_rx) = unbounded();
        let watchdog = Watchdog::spawn();
        let disarm = watchdog.disarmer();
        let net = Network::embedded();
        let first_net = net.clone();
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                search_thread_loop(
                    hash_mb, first_net, sink, jobs_rx, replies_tx, wake_rx, disarm,
                )
            })
            .expect("cannot start the search thread");
        SearchHandle {
            jobs: Some(jobs_tx),
            replies: replies_rx,
            wake: wake_tx,
            thread: Some(thread),
            running: None,
            limit: None,
            watchdog,
            net,
        }
    }

    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a search; the caller has made sure that none runs.
    pub fn start(&mut self, job: SearchJob) {
        debug_assert!(self.running.is_none());
        let control = Arc::new(SearchControl::default());
        control
            .pondering
            .store(job.hold == Hold::UntilPonderhit, Ordering::Relaxed);
        self.limit = job
            .game
            .as_ref()
            .and_then(|g| emergency_limit(&job.limits, g.board().side_to_move()));
        if let Some(limit) = self.limit
            && job.hold == Hold::No
        {
            self.watchdog.arm(limit, control.clone());
        }
        self.running = Some(control.clone());
        self.send(Job::Search(Box::new(job), control));
    }

    /// `stop`: ends the search now; its `bestmove` follows from the search thread.
    pub fn stop(&self) {
        if let Some(c) = &self.running {
            c.stop.store(true, Ordering::Relaxed);
            let _ = self.wake.send(());
        }
    }

    /// `ponderhit`: the ponder search goes on under the normal clock.
    pub fn ponderhit(&self) {
        if let Some(c) = &self.running {
            if c.pondering.swap(false, Ordering::Relaxed)
                && let Some(limit) = self.limit
            {
                self.watchdog.arm(limit, c.clone());
            }
            let _ = self.wake.send(());
        }
    }

    /// Stops any search and waits for its `bestmove` to be written.
    pub fn stop_and_wait(&mut self) {
        if self.running.is_none() {
            return;
        }
        self.stop();
        loop {
            match self.replies.recv() {
                Ok(Reply::SearchDone) | Err(_) => break,
                Ok(_) => {}
            }
        }
        self.running = None;
    }

    /// Resizes the transposition table (no search may run).
    pub fn resize(&mut self, mb: usize) -> Result<(), String> {
        self.stop_and_wait();
        self.send(Job::Resize(mb));
        loop {
            match self.replies.recv() {
                Ok(Reply::Resized(r)) => return r,
                Ok(_) => {}
                Err(_) => return Err("the search thread has gone".into()),
            }
        }
    }

    /// Searches on `n` threads from now on (no search may run).
    pub fn set_threads(&mut self, n: usize) {
        self.stop_and_wait();
        self.send(Job::Threads(n));
        while let Ok(r) = self.replies.recv() {
            if matches!(r, Reply::ThreadsSet) {
                break;
            }
        }
    }

    /// Evaluates with `net` from now on (no search may run).
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.stop_and_wait();
        self.net = net.clone();
        self.send(Job::Network(net));
        while let Ok(r) = self.replies.recv() {
            if matches!(r, Reply::NetworkSet) {
                break;
            }
        }
    }

    /// The net the searches evaluate with (`None`: the hand-crafted
    /// evaluation), before any strength limit.
    pub fn network(&self) -> Option<Arc<Network>> {
        self.net.clone()
    }

    /// Applies the Syzygy options (no search may run); with a path, the
    /// tables are loaded and the reply says what was found.
    pub fn set_syzygy(&mut self, job: SyzygyJob) -> Option<String> {
        self.stop_and_wait();
        self.send(Job::Syzygy(job));
        while let Ok(r) = self.replies.recv() {
            if let Reply::SyzygySet(note) = r {
                return note;
            }
        }
        None
    }

    /// Clears the transposition table and every history (no search may run).
    pub fn clear(&mut self) {
        self.stop_and_wait();
        self.send(Job::Clear);
        while let Ok(r) = self.replies.recv() {
            if matches!(r, Reply::Cleared) {
                break;
            }
        }
    }

    /// Stops any search, lets its `bestmove` out, ends the thread.
    ///
    /// A search that ignores its stop flag gets `QUIT_GRACE`, then the
    /// thread is left behind (the process ends with the main thread): the
    /// GUI asked to quit, and must not wait on a bug.
    pub fn quit(&mut self) {
        let mut finished = true;
        if self.running.is_some() {
            self.stop();
            finished = loop {
                match self.replies.recv_timeout(QUIT_GRACE) {
                    Ok(Reply::SearchDone) | Err(RecvTimeoutError::Disconnected) => break true,
                    Ok(_) => {}
                    Err(RecvTimeoutError::Timeout) => break false,
                }
            };
            self.running = None;
        }
        self.jobs = None;
        if let Some(t) = self.thread.take()
            && finished
        {
            let _ = t.join();
        }
    }

    fn send(&self, job: Job) {
        if let Some(jobs) = &self.jobs
            && jobs.send(job).is_err()
        {
            log::error!("the search thread has gone");
        }
    }
}

impl Drop for SearchHandle {
    fn drop(&mut self) {
        self.quit();
    }
}

/// The options the searcher has taken, to build a fresh one like it.
#[derive(Clone)]
struct Settings {
    hash_mb: usize,
    threads: usize,
    net: Option<Arc<Network>>,
    tb: TbSettings,
}

fn search_thread_loop(
    hash_mb: usize,
    net: Option<Arc<Network>>,
    sink: Sink,
    jobs: Receiver<Job>,
    replies: Sender<Reply>,
    wake: Receiver<()>,
    disarm: Disarm,
) {
    let mut searcher = Searcher::new(hash_mb);
    let mut settings = Settings {
        hash_mb,
        threads: 1,
        net,
        tb: TbSettings::default(),
    };
    for job in jobs {
        let reply = match job {
            Job::Search(job, control) => {
                while wake.try_recv().is_ok() {}
                run_search(
                    &mut searcher,
                    &settings,
                    &job,
                    &control,
                    &sink,
                    &wake,
                    &disarm,
                );
                Reply::SearchDone
            }
            Job::Resize(mb) => {
                let r = searcher.resize_hash(mb);
                if r.is_ok() {
                    settings.hash_mb = mb;
                }
                Reply::Resized(r)
            }
            Job::Threads(n) => {
                searcher.set_threads(n);
                settings.threads = n;
                Reply::ThreadsSet
            }
            Job::Clear => {
                searcher.clear();
                Reply::Cleared
            }
            Job::Network(net) => {
                // Handed to the searcher by each search.
                settings.net = net;
                Reply::NetworkSet
            }
            Job::Syzygy(job) => {
                let mut note = None;
                if let Some(path) = &job.path {
                    // pyrrhic-rs allows one set of tables at a time: the
                    // old one goes first (its last holders are these two).
                    settings.tb.tables = None;
                    searcher.set_tablebases(settings.tb.clone());
                    note = Some(load_tablebases(path, &mut settings.tb));
                }
                settings.tb.probe_depth = job.probe_depth;
                settings.tb.probe_limit = job.probe_limit;
                settings.tb.rule50 = job.rule50;
                searcher.set_tablebases(settings.tb.clone());
                Reply::SyzygySet(note)
            }
        };
        if replies.send(reply).is_err() {
            break;
        }
    }
}

/// Loads the tables of `path` into `tb`; the `info string` text says what
/// was found (or why nothing was).
fn load_tablebases(path: &str, tb: &mut TbSettings) -> String {
    if path.is_empty() {
        return "SyzygyPath: tablebases off".to_string();
    }
    match Tablebases::open(path) {
        Ok(t) => {
            let f = &t.found;
            let mut text = format!(
                "SyzygyPath: found {} tables ({} WDL, {} DTZ), up to {} pieces",
                f.wdl_files + f.dtz_files,
                f.wdl_files,
                f.dtz_files,
                t.max_pieces()
            );
            if !f.missing.is_empty() {
                text.push_str(&format!("; no such folder: {}", f.missing.join(", ")));
            }
            tb.tables = Some(Arc::new(t));
            text
        }
        Err(e) => format!("SyzygyPath {path}: {e}; tablebases off"),
    }
}

/// One `go`: its `info` lines, then, when the hold allows, its `bestmove`.
fn run_search(
    searcher: &mut Searcher,
    settings: &Settings,
    job: &SearchJob,
    control: &Arc<SearchControl>,
    sink: &Sink,
    wake: &Receiver<()>,
    disarm: &Disarm,
) {
    let notation = match &job.game {
        Some(game) => UciNotation::new(game.board(), job.chess960),
        None => UciNotation::new(&crate::board::Board::startpos(), job.chess960),
    };
    let (best, ponder) = match &job.game {
        Some(game) if job.search_nothing => {
            // Stockfish's answer when no root move is left to search.
            let score = if game.board().in_check() {
                "mate 0"
            } else {
                "cp 0"
            };
            sink(&format!("info depth 0 score {score}"));
            (None, None)
        }
        None => {
            sink(&output::info_string(&format!(
                "no position to search: {}",
                job.no_game_reason
            )));
            (None, None)
        }
        Some(game) => search_game(searcher, settings, game, job, control, sink, notation),
    };
    disarm.search_ended(control);
    // Exactly one bestmove per go, and after `go infinite`/`go ponder` not
    // before the GUI says so, even when the search has ended by itself.
    loop {
        let released = match job.hold {
            Hold::No => true,
            Hold::UntilStop => control.stop.load(Ordering::Relaxed),
            Hold::UntilPonderhit => {
                control.stop.load(Ordering::Relaxed) || !control.pondering.load(Ordering::Relaxed)
            }
        };
        if released {
            break;
        }
        let _ = wake.recv_timeout(Duration::from_millis(50));
    }
    sink(&output::bestmove(best, ponder, &notation));
}

fn search_game(
    searcher: &mut Searcher,
    settings: &Settings,
    game: &Game,
    job: &SearchJob,
    control: &SearchControl,
    sink: &Sink,
    notation: UciNotation,
) -> (Option<Move>, Option<Move>) {
    let (limits, show_wdl, skill) = (&job.limits, job.show_wdl, job.skill);
    let board = *game.board();
    let moves = legal_moves(&board);
    if moves.is_empty() {
        // Mated or stalemated at the root: say so, then `bestmove 0000`.
        let (score, wdl) = if board.in_check() {
            ("mate 0", " wdl 0 0 1000")
        } else {
            ("cp 0", " wdl 0 1000 0")
        };
        let wdl = if show_wdl { wdl } else { "" };
        sink(&format!("info depth 0 score {score}{wdl}"));
        return (None, None);
    }
    // A limited strength searches a few lines within its node budget and
    // then picks one of them (`skill`).
    let skill_limits;
    let limits = match skill {
        Some(s) => {
            skill_limits = Limits {
                nodes: Some(limits.nodes.map_or(s.nodes, |n| n.min(s.nodes))),
                multipv: limits.multipv.max(s.lines()),
                ..limits.clone()
            };
            &skill_limits
        }
        None => limits,
    };
    // The net at every strength: a limited search with it plays more natural
    // moves than the hand-crafted evaluation (docs/strength-limit.md).
    searcher.set_network(settings.net.clone());
    let mut last_pv: Vec<Move> = Vec::new();
    let mut lines: Vec<(i32, Vec<Move>)> = Vec::new();
    let result = catch_unwind(AssertUnwindSafe(|| {
        searcher.search(game, limits, control, &mut |event| match event {
            SearchEvent::Iteration(it) => {
                if it.multipv <= 1 {
                    last_pv = it.pv.clone();
                    lines.clear();
                }
                if skill.is_some() && !it.pv.is_empty() {
                    lines.push((centipawns(it.score), it.pv.clone()));
                }
                let wdl = show_wdl.then(|| output::wdl(it.score, &board));
                sink(&output::iteration(&it, wdl, &notation));
            }
            SearchEvent::CurrMove { depth, mv, number } => {
                sink(&format!(
                    "info depth {depth} currmove {} currmovenumber {number}",
                    notation.write(mv)
                ));
            }
        })
    }));
    let result = match result {
        Ok(r) => r,
        Err(_) => {
            // A bug in the search must not cost the game: answer with the
            // best move seen so far and start over with a fresh searcher.
            sink(&output::info_string("internal error in the search"));
            *searcher = Searcher::new(settings.hash_mb);
            searcher.set_threads(settings.threads);
            searcher.set_tablebases(settings.tb.clone());
            SearchResult::default()
        }
    };
    // Never send a move that is not legal here, nor one outside
    // `searchmoves`: fall back to the PV, then to an allowed legal move.
    let allowed: Vec<Move> = if limits.searchmoves.is_empty() {
        moves.as_slice().to_vec()
    } else {
        limits.searchmoves.clone()
    };
    if let Some(s) = skill {
        let candidates: Vec<(Move, i32)> = lines.iter().map(|(c, pv)| (pv[0], *c)).collect();
        if let Some(pick) = s.pick(&candidates, fresh_random())
            && let Some((_, pv)) = lines.iter().find(|(_, pv)| pv[0] == pick)
        {
            last_pv = pv.clone();
        }
    }
    let best = [
        skill.and(last_pv.first().copied()),
        result.best,
        last_pv.first().copied(),
    ]
    .into_iter()
    .flatten()
    .find(|m| allowed.contains(m))
    .unwrap_or(allowed[0]);
    let after = board.make(best);
    let pv_ponder = (last_pv.first() == Some(&best))
        .then(|| last_pv.get(1).copied())
        .flatten();
    let ponder = [result.ponder, pv_ponder]
        .into_iter()
        .flatten()
        .find(|m| legal_moves(&after).contains(*m));
    (Some(best), ponder)
}

/// A score as centipawns for comparing lines: mates beyond any evaluation,
/// the nearer the better.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(m) if m > 0 => value::MATE - m,
        Score::Mate(m) => -value::MATE - m,
    }
}

/// A random number from the standard library's per-process hash seed and
/// the clock: the strength limit's choices differ from game to game.
fn fresh_random() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}
