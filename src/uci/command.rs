//! The commands a GUI sends, as our own types: the boundary between the
//! text protocol (and vampirc-uci) and the engine.

use crate::board::Board;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A blank line: ignored.
    Empty,
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `register ...`: accepted and ignored (Ladya needs no registration).
    Register,
    UciNewGame,
    Position(Position),
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, its FEN, key, checkers and outcome.
    Display,
    /// `go perft N`: divide of the current position.
    Perft(u32),
    /// `bench [depth]`.
    Bench(Option<u32>),
    /// Anything else: named back to the GUI in an `info string`.
    Unknown {
        line: String,
        reason: String,
    },
}

/// `position startpos|fen ... [moves ...]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The starting board, or why there is none (an invalid FEN, a
    /// malformed command): then the engine has no position at all.
    pub start: Result<Board, String>,
    /// Move texts, every one of UCI syntax; legality is checked when they
    /// are played.
    pub moves: Vec<String>,
    /// The first move token that is not UCI move syntax; it and everything
    /// after it are dropped.
    pub bad_move: Option<String>,
}

/// `go ...`, with every number at full width (vampirc-uci truncates them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Go {
    pub depth: Option<u64>,
    pub nodes: Option<u64>,
    /// Milliseconds; negative clock values arrive as 0.
    pub movetime: Option<u64>,
    pub mate: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Move texts of UCI syntax; legality is checked against the position.
    pub searchmoves: Vec<String>,
    /// `searchmoves` was given, even with no move (python-chess writes an
    /// empty list as `searchmoves 0000`): as in Stockfish, the search is
    /// then restricted to the legal moves named, and with none it searches
    /// nothing and answers `bestmove 0000`.
    pub searchmoves_given: bool,
    /// Tokens that could not be read; the search still runs (a `go` always
    /// gets its `bestmove`), and each is named in an `info string`.
    pub warnings: Vec<String>,
}
