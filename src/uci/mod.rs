//! The UCI front end.
//!
//! The main thread reads stdin, parses each line into a [`Command`]
//! ([`parse`]: vampirc-uci for the simple commands, our own guards for
//! `go` and `position`, which the crate only cross-checks), owns the game
//! and the options, and answers `uci` and `isready` itself at once, even in
//! mid-search. One long-lived search thread ([`search_thread`]) runs each `go` and
//! writes its `info` lines and its one `bestmove`.

pub mod command;
pub mod display;
pub mod options;
pub mod output;
pub mod parse;
pub mod search_thread;
pub mod watchdog;

pub use command::Command;
pub use output::Sink;

use crate::board::Board;
use crate::eval::nnue::Network;
use crate::movegen::parse_uci_move;
use crate::perft;
use crate::rules::Game;
use crate::search::{Limits, MAX_DEPTH};
use command::{Go, Position};
use options::{Change, Options};
use search_thread::{Hold, SearchHandle, SearchJob, SyzygyJob};
use std::io::BufRead;
use std::sync::Arc;
use std::time::Duration;

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The engine as the GUI sees it: game, options and the handle on the search thread.
pub struct Engine {
    sink: Sink,
    /// The position of the last `position` command; `Err` with the reason
    /// when it was invalid (then `go` answers `bestmove 0000`).
    game: Result<Game, String>,
    options: Options,
    search: SearchHandle,
}

impl Engine {
    pub fn new(sink: Sink) -> Engine {
        let options = Options::default();
        Engine {
            search: SearchHandle::spawn(options.hash_mb, sink.clone()),
            sink,
            // `go` before any `position` searches the start position.
            game: Ok(Game::new(Board::startpos())),
            options,
        }
    }

    fn say(&self, line: &str) {
        (self.sink)(line);
    }

    fn info(&self, text: &str) {
        self.say(&output::info_string(text));
    }

    /// Parses and runs one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.handle(parse::parse_line(line))
    }

    /// Runs one command.
    ///
    /// Answered at once, even in mid-search: `uci`, `isready`, `debug`,
    /// `register`, `stop`, `ponderhit`, unknown lines. Everything else
    /// changes state or needs the board, so it first stops any search and
    /// waits for its `bestmove`.
    pub fn handle(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Empty | Command::Debug(_) | Command::Register => {}
            Command::Uci => self.uci(),
            Command::IsReady => self.say("readyok"),
            Command::Stop => self.search.stop(),
            Command::PonderHit => self.search.ponderhit(),
            Command::Unknown { line, reason } => self.info(&format!("{reason}: '{line}'")),
            Command::Quit => {
                self.search.quit();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.search.clear(),
            Command::Position(p) => self.position(p),
            Command::Go(g) => self.go(g),
            Command::Display => self.display(),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => self.bench(depth),
        }
        Flow::Continue
    }

    fn uci(&self) {
        self.say(&format!("id name Ladya {}", env!("CARGO_PKG_VERSION")));
        self.say("id author the Ladya developers");
        for line in options::declarations() {
            self.say(&line);
        }
        self.say("uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let accepted = match options::interpret(name, value) {
            Ok(a) => a,
            Err(e) => return self.info(&e),
        };
        if let Some(note) = &accepted.note {
            self.info(note);
        }
        self.search.stop_and_wait();
        match accepted.change {
            Change::Hash(mb) => match self.search.resize(mb) {
                Ok(()) => self.options.hash_mb = mb,
                Err(e) => self.info(&format!(
                    "Hash {mb} MiB failed ({e}); keeping {} MiB",
                    self.options.hash_mb
                )),
            },
            Change::ClearHash => self.search.clear(),
            Change::Threads(n) => {
                self.search.set_threads(n);
                self.options.threads = n;
            }
            Change::MultiPv(n) => self.options.multipv = n,
            Change::MoveOverhead(ms) => self.options.move_overhead_ms = ms,
            Change::Ponder(on) => self.options.ponder = on,
            Change::ShowWdl(on) => self.options.show_wdl = on,
            Change::LimitStrength(on) => self.options.limit_strength = on,
            Change::Elo(elo) => self.options.elo = elo,
            Change::SkillNodes(nodes) => self.options.skill_nodes = nodes,
            Change::Param(name, v) => {
                crate::search::params::set(name, v);
            }
            Change::Chess960(on) => self.options.chess960 = on,
            Change::SyzygyPath(path) => {
                self.options.syzygy_path = path.clone();
                self.apply_syzygy(Some(path));
            }
            Change::SyzygyProbeDepth(d) => {
                self.options.syzygy_probe_depth = d;
                self.apply_syzygy(None);
            }
            Change::SyzygyProbeLimit(n) => {
                self.options.syzygy_probe_limit = n;
                self.apply_syzygy(None);
            }
            Change::Syzygy50MoveRule(on) => {
                self.options.syzygy_50_move_rule = on;
                self.apply_syzygy(None);
            }
            Change::EvalFile(path) => {
                let net = if path.is_empty() {
                    Ok(Network::embedded())
                } else {
                    Network::load(&path).map(|n| Some(Arc::new(n)))
                };
                match net {
                    Ok(net) => {
                        let what = match &net {
                            Some(n) => n.describe(),
                            None => "the hand-crafted evaluation".to_string(),
                        };
                        self.search.set_network(net);
                        let name = if path.is_empty() {
                            "the embedded net"
                        } else {
                            &path
                        };
                        self.info(&format!("EvalFile: using {name}: {what}"));
                        self.options.eval_file = path;
                    }
                    Err(e) => {
                        let current = if self.options.eval_file.is_empty() {
                            "the embedded net"
                        } else {
                            &self.options.eval_file
                        };
                        self.info(&format!("EvalFile {path}: {e}; keeping {current}"));
                    }
                }
            }
        }
    }

    /// Hands the Syzygy options to the searcher; `path`: load those tables.
    fn apply_syzygy(&mut self, path: Option<String>) {
        let note = self.search.set_syzygy(SyzygyJob {
            path,
            probe_depth: self.options.syzygy_probe_depth,
            probe_limit: self.options.syzygy_probe_limit,
            rule50: self.options.syzygy_50_move_rule,
        });
        if let Some(note) = note {
            self.info(&note);
        }
    }

    fn position(&mut self, p: Position) {
        self.search.stop_and_wait();
        let board = match p.start {
            Ok(b) => b,
            Err(reason) => {
                self.info(&reason);
                self.game = Err(reason);
                return;
            }
        };
        let mut game = Game::new(board);
        // An illegal move: the position up to the last legal move, and the
        // bad move named.
        let legal = game.push_uci_moves(p.moves.iter().map(String::as_str));
        if let Err(e) = legal {
            self.info(&format!(
                "illegal {e}; position set up to the move before it"
            ));
        } else if let Some(bad) = p.bad_move {
            self.info(&format!(
                "'{bad}' is not a move in UCI notation; position set up to the move before it"
            ));
        }
        self.game = Ok(game);
    }

    fn go(&mut self, g: Go) {
        self.search.stop_and_wait();
        for w in &g.warnings {
            self.info(&format!("go: {w}"));
        }
        let limits = self.limits(&g);
        let search_nothing = g.searchmoves_given && limits.searchmoves.is_empty();
        if search_nothing && !g.searchmoves.is_empty() {
            self.info("searchmoves: no legal move named; searching nothing");
        }
        let hold = if g.infinite {
            Hold::UntilStop
        } else if g.ponder {
            Hold::UntilPonderhit
        } else {
            Hold::No
        };
        let (game, no_game_reason) = match &self.game {
            Ok(game) => (Some(game.clone()), String::new()),
            Err(reason) => (None, reason.clone()),
        };
        self.search.start(SearchJob {
            game,
            limits,
            hold,
            no_game_reason,
            show_wdl: self.options.show_wdl,
            search_nothing,
            skill: self.options.skill(),
            chess960: self.options.chess960,
        });
    }

    /// The search limits of a `go`, with the options applied.
    fn limits(&self, g: &Go) -> Limits {
        let ms = |v: Option<u64>| v.map(Duration::from_millis);
        let small = |v: Option<u64>| v.map(|v| v.min(u64::from(u32::MAX)) as u32);
        let depth = g.depth.map(|d| {
            let clamped = d.clamp(1, u64::from(MAX_DEPTH));
            if clamped != d {
                self.info(&format!("go depth {d} clamped to {clamped}"));
            }
            clamped as u32
        });
        let mut searchmoves = Vec::new();
        if let Ok(game) = &self.game {
            for text in &g.searchmoves {
                match parse_uci_move(game.board(), text) {
                    Ok(m) => searchmoves.push(m),
                    Err(e) => self.info(&format!("searchmoves: {e}; ignored")),
                }
            }
        }
        // `..default()`: a field the search adds later keeps its default.
        #[allow(clippy::needless_update)]
        Limits {
            depth,
            nodes: g.nodes.map(|n| n.max(1)),
            movetime: ms(g.movetime),
            mate: small(g.mate),
            wtime: ms(g.wtime),
            btime: ms(g.btime),
            winc: ms(g.winc),
            binc: ms(g.binc),
            movestogo: small(g.movestogo).filter(|&n| n > 0),
            infinite: g.infinite,
            searchmoves,
            multipv: self.options.multipv,
            move_overhead: Duration::from_millis(self.options.move_overhead_ms),
            ..Limits::default()
        }
    }

    fn display(&mut self) {
        self.search.stop_and_wait();
        match &self.game {
            Ok(game) => display::lines(game).iter().for_each(|l| self.say(l)),
            Err(reason) => self.info(&format!("no position: {reason}")),
        }
    }

    fn perft(&mut self, depth: u32) {
        self.search.stop_and_wait();
        let Ok(game) = &self.game else {
            return self.info("no position");
        };
        let start = std::time::Instant::now();
        let parts = perft::divide(game.board(), depth, self.options.chess960);
        for (m, n) in &parts {
            self.say(&format!("{m}: {n}"));
        }
        let total: u64 = if depth == 0 {
            1
        } else {
            parts.iter().map(|p| p.1).sum()
        };
        self.say("");
        self.say(&format!("Nodes searched: {total}"));
        log::info!("perft {depth}: {:?}", start.elapsed());
    }

    fn bench(&mut self, depth: Option<u32>) {
        self.search.stop_and_wait();
        let mut text = Vec::new();
        if let Err(e) = crate::search::bench::run(depth, self.search.network(), &mut text) {
            return self.info(&format!("bench failed: {e}"));
        }
        for line in String::from_utf8_lossy(&text).lines() {
            self.say(line);
        }
    }
}

/// Runs the UCI loop on stdin/stdout until `quit` or end of input.
pub fn run() -> std::io::Result<()> {
    let mut engine = Engine::new(output::stdout_sink());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // Bytes, not a String: invalid UTF-8 from a GUI is a bad line, not
        // the end of the session.
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        log::debug!("<< {}", line.trim_end());
        if engine.handle_line(&line) == Flow::Quit {
            return Ok(());
        }
    }
    // End of input: as `quit`.
    engine.handle(Command::Quit);
    Ok(())
}
