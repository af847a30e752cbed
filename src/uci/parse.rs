//! One line of GUI input into a [`Command`]. vampirc-uci parses the
//! simple commands and `setoption`; for `go` and `position` our guards
//! have become the parser, and the crate's reading of them is only
//! compared with theirs.
//!
//! Every line goes through three steps:
//! 1. It is split on ASCII whitespace (spaces, tabs, a Windows `\r`), which
//!    alone removes the crate's spacing defects.
//! 2. `go` and `position` are read by our guards, straight from the
//!    tokens: every number of `go` at full width, the `go` flags, the move
//!    list up to its first malformed token, the FEN (with our own parser,
//!    which takes 4 or 6 fields and any counter). So are the commands the
//!    crate does not know (`d`, `bench`, `go perft`).
//! 3. The crate parses a normalised line (single spaces, numbers inside its
//!    range, a 6-field FEN with small counters, only well-formed moves),
//!    inside `catch_unwind`. For the simple commands and `setoption` its
//!    message becomes the [`Command`]; for `go` and `position` the guard's
//!    reading is the command, and where the crate reads the line otherwise
//!    the difference goes to the log.
//!
//! The vampirc-uci 0.11.1 defects that made the guards the parser of `go`
//! and `position`, each pinned by a test whose name starts with `vampirc_`:
//! - `go` numbers silently truncated (`depth`, `mate`, `movestogo` keep 3
//!   digits, `nodes` 12), and the rest of the line dropped after one;
//! - `go depth|mate|movestogo` 256..=999 panic inside the crate (u8);
//! - `go movetime N` lost when a clock field follows; `go ponder` (and
//!   `go infinite`) lost when a clock field follows;
//! - `position ... moves e2e4 xx e7e5` silently drops everything after `xx`;
//! - two spaces before the first move drop every move;
//! - a full-move number of 10000 or more truncates the FEN and drops the moves;
//! - 4-field FENs rejected;
//! - `go perft N`, `d`, `bench` unknown.

use super::command::{Command, Go, Position};
use crate::board::Board;
use std::panic::{AssertUnwindSafe, catch_unwind};
use vampirc_uci::{UciMessage, UciTimeControl};

/// Parses one line; never panics.
pub fn parse_line(line: &str) -> Command {
    let tokens: Vec<&str> = line.split_ascii_whitespace().collect();
    let Some(first) = tokens.first() else {
        return Command::Empty;
    };
    let keyword = first.to_ascii_lowercase();
    let args = &tokens[1..];
    match keyword.as_str() {
        // Our extensions: the crate does not know them.
        "d" => Command::Display,
        "bench" => parse_bench(line, args),
        "go" if args
            .first()
            .is_some_and(|a| a.eq_ignore_ascii_case("perft")) =>
        {
            parse_perft(line, &args[1..])
        }
        "go" => parse_go(args),
        "position" => parse_position(args),
        "setoption" => parse_setoption(line, &tokens),
        _ => parse_simple(line, &tokens),
    }
}

fn unknown(line: &str, reason: impl Into<String>) -> Command {
    Command::Unknown {
        line: line.trim().to_string(),
        reason: reason.into(),
    }
}

/// Runs the crate on a normalised line; its panics (none are known to get
/// past the guards) become an `Unknown` message.
fn crate_parse(normalised: &str) -> UciMessage {
    match catch_unwind(AssertUnwindSafe(|| vampirc_uci::parse_one(normalised))) {
        Ok(m) => m,
        Err(_) => {
            log::error!("vampirc-uci panicked on {normalised:?}");
            UciMessage::Unknown(normalised.to_string(), None)
        }
    }
}

/// The commands whose text the crate handles correctly once the spacing is
/// normalised.
fn parse_simple(line: &str, tokens: &[&str]) -> Command {
    let normalised = tokens.join(" ");
    match crate_parse(&normalised) {
        UciMessage::Uci => Command::Uci,
        UciMessage::Debug(on) => Command::Debug(on),
        UciMessage::IsReady => Command::IsReady,
        UciMessage::Register { .. } => Command::Register,
        UciMessage::UciNewGame => Command::UciNewGame,
        UciMessage::Stop => Command::Stop,
        UciMessage::PonderHit => Command::PonderHit,
        UciMessage::Quit => Command::Quit,
        UciMessage::Unknown(_, _) => unknown(line, "unknown command"),
        _ => unknown(line, "not a command a GUI sends to an engine"),
    }
}

fn parse_bench(line: &str, args: &[&str]) -> Command {
    match args {
        [] => Command::Bench(None),
        [d] => match d.parse::<u32>() {
            Ok(d) if d >= 1 => Command::Bench(Some(d)),
            _ => unknown(line, format!("bench: '{d}' is not a depth")),
        },
        _ => unknown(line, "usage: bench [depth]"),
    }
}

fn parse_perft(line: &str, args: &[&str]) -> Command {
    match args {
        [d] => match d.parse::<u32>() {
            Ok(d) if d <= 20 => Command::Perft(d),
            _ => unknown(line, format!("go perft: '{d}' is not a depth from 0 to 20")),
        },
        _ => unknown(line, "usage: go perft <depth>"),
    }
}

/// A non-negative integer at full width, saturating at `u64::MAX`.
fn read_unsigned(text: &str) -> Option<u64> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.bytes().fold(0u64, |n, b| {
        n.saturating_mul(10).saturating_add(u64::from(b - b'0'))
    }))
}

/// A clock value in ms; GUIs send negative remaining time when a clock has
/// run over, which counts as 0.
fn read_millis(text: &str) -> Option<u64> {
    match text.strip_prefix('-') {
        Some(rest) => read_unsigned(rest).map(|_| 0),
        None => read_unsigned(text),
    }
}

/// `e2e4`, `e7e8q`: squares in lower case, the promotion piece in either.
pub fn is_move_syntax(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => {
            square(b[0], b[1])
                && square(b[2], b[3])
                && matches!(b[4].to_ascii_lowercase(), b'q' | b'r' | b'b' | b'n')
        }
        _ => false,
    }
}

/// The largest values the crate can hold: `digits3` fields go into a u8,
/// `digits12` and `milliseconds` take 12 digits.
const CRATE_U8_MAX: u64 = 255;
const CRATE_DIGITS12_MAX: u64 = 999_999_999_999;

const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
];

/// `go ...`: the guard reads every field from the tokens; the crate parses
/// a normalised copy and must agree with it.
fn parse_go(args: &[&str]) -> Command {
    let mut go = Go::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i].to_ascii_lowercase();
        i += 1;
        match key.as_str() {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                go.searchmoves_given = true;
                while i < args.len()
                    && !GO_KEYWORDS.contains(&args[i].to_ascii_lowercase().as_str())
                {
                    if args[i] == "0000" {
                        // The null move: no move (see `Go::searchmoves_given`).
                    } else if is_move_syntax(args[i]) {
                        go.searchmoves.push(args[i].to_ascii_lowercase());
                    } else {
                        go.warnings
                            .push(format!("searchmoves: '{}' is not a move", args[i]));
                    }
                    i += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" | "movestogo" | "depth" | "nodes"
            | "mate" => {
                let Some(text) = args.get(i) else {
                    go.warnings.push(format!("{key}: the number is missing"));
                    continue;
                };
                let is_time = matches!(
                    key.as_str(),
                    "wtime" | "btime" | "winc" | "binc" | "movetime"
                );
                let value = if is_time {
                    read_millis(text)
                } else {
                    read_unsigned(text)
                };
                let Some(value) = value else {
                    go.warnings.push(format!("{key}: '{text}' is not a number"));
                    // Skip the bad value, unless it is the next parameter.
                    if !GO_KEYWORDS.contains(&text.to_ascii_lowercase().as_str()) {
                        i += 1;
                    }
                    continue;
                };
                i += 1;
                let slot = match key.as_str() {
                    "wtime" => &mut go.wtime,
                    "btime" => &mut go.btime,
                    "winc" => &mut go.winc,
                    "binc" => &mut go.binc,
                    "movetime" => &mut go.movetime,
                    "movestogo" => &mut go.movestogo,
                    "depth" => &mut go.depth,
                    "nodes" => &mut go.nodes,
                    _ => &mut go.mate,
                };
                *slot = Some(value);
            }
            _ => go
                .warnings
                .push(format!("'{}' is not a go parameter", args[i - 1])),
        }
    }
    check_go_with_crate(&normalise_go(&go), &go);
    Command::Go(go)
}

/// The `go` line the crate sees: single spaces, every number capped to
/// what the crate can hold.
fn normalise_go(go: &Go) -> String {
    let mut line = String::from("go");
    let fields = [
        ("wtime", go.wtime, CRATE_DIGITS12_MAX),
        ("btime", go.btime, CRATE_DIGITS12_MAX),
        ("winc", go.winc, CRATE_DIGITS12_MAX),
        ("binc", go.binc, CRATE_DIGITS12_MAX),
        ("movestogo", go.movestogo, CRATE_U8_MAX),
        ("movetime", go.movetime, CRATE_DIGITS12_MAX),
        ("depth", go.depth, CRATE_U8_MAX),
        ("nodes", go.nodes, CRATE_DIGITS12_MAX),
        ("mate", go.mate, CRATE_U8_MAX),
    ];
    for (key, value, cap) in fields {
        if let Some(v) = value {
            line.push_str(&format!(" {key} {}", v.min(cap)));
        }
    }
    if go.infinite {
        line.push_str(" infinite");
    }
    if go.ponder {
        line.push_str(" ponder");
    }
    if !go.searchmoves.is_empty() {
        line.push_str(" searchmoves ");
        line.push_str(&go.searchmoves.join(" "));
    }
    line
}

/// The crate parses the normalised `go` line, and must read it as the
/// guard did, except for what it is known to lose (movetime, ponder and
/// infinite next to clock fields) and for numbers past its range; a
/// disagreement goes to the log. The guard's reading is the one used.
fn check_go_with_crate(normalised: &str, go: &Go) {
    if let Err(e) = crate_reads_go_as(normalised, go) {
        log::warn!("vampirc-uci reads {normalised:?} differently: {e}");
    }
}

fn crate_reads_go_as(normalised: &str, go: &Go) -> Result<(), String> {
    let UciMessage::Go {
        time_control,
        search_control,
    } = crate_parse(normalised)
    else {
        return Err("not as go".into());
    };
    let u8_of = |v: Option<u64>| v.map(|v| v.min(CRATE_U8_MAX) as u8);
    let u64_of = |v: Option<u64>| v.map(|v| v.min(CRATE_DIGITS12_MAX));
    let ms = |d: &Option<vampirc_uci::Duration>| d.map(|d| d.num_milliseconds().max(0) as u64);
    let sc = search_control.unwrap_or_default();
    let searchmoves: Vec<String> = sc.search_moves.iter().map(|m| m.to_string()).collect();
    if (sc.depth, sc.mate) != (u8_of(go.depth), u8_of(go.mate))
        || sc.nodes != u64_of(go.nodes)
        || searchmoves != go.searchmoves
    {
        return Err(format!("search control {sc:?}"));
    }
    let clocks = [go.wtime, go.btime, go.winc, go.binc];
    let has_clock = clocks.iter().any(Option::is_some) || go.movestogo.is_some();
    match time_control {
        Some(UciTimeControl::TimeLeft {
            white_time,
            black_time,
            white_increment,
            black_increment,
            moves_to_go,
        }) => {
            let read = [white_time, black_time, white_increment, black_increment].map(|d| ms(&d));
            if !has_clock || read != clocks.map(u64_of) || moves_to_go != u8_of(go.movestogo) {
                return Err(format!("clocks {read:?}, movestogo {moves_to_go:?}"));
            }
        }
        // Without clock fields the crate keeps the one flag it saw last.
        Some(UciTimeControl::MoveTime(d)) if !has_clock && go.movetime == ms(&Some(d)) => {}
        Some(UciTimeControl::Ponder) if !has_clock && go.ponder => {}
        Some(UciTimeControl::Infinite) if !has_clock && go.infinite => {}
        None if !has_clock && go.movetime.is_none() && !go.ponder && !go.infinite => {}
        other => return Err(format!("time control {other:?}")),
    }
    Ok(())
}

/// `position startpos|fen <FEN> [moves ...]`.
fn parse_position(args: &[&str]) -> Command {
    let no_position = |reason: String| {
        Command::Position(Position {
            start: Err(reason),
            moves: Vec::new(),
            bad_move: None,
        })
    };
    let moves_at = args.iter().position(|t| t.eq_ignore_ascii_case("moves"));
    let (setup, move_tokens) = match moves_at {
        Some(k) => (&args[..k], &args[k + 1..]),
        None => (args, &args[..0]),
    };
    let (board, crate_fen) = match setup.split_first() {
        Some((kind, [])) if kind.eq_ignore_ascii_case("startpos") => {
            (Board::startpos(), "startpos".to_string())
        }
        Some((kind, fields)) if kind.eq_ignore_ascii_case("fen") => {
            let fen = fields.join(" ");
            match Board::from_fen(&fen) {
                // The crate takes 6 fields with counters of at most 4 digits:
                // it sees the placement, side, castling and en passant only.
                Ok(b) => {
                    let fen = b.to_fen();
                    let mut first4: Vec<&str> = fen.split_ascii_whitespace().take(4).collect();
                    // Its grammar knows only KQkq: a Chess960 castling field
                    // (rook files) is shown to it as '-', ours has read it.
                    if first4[2].chars().any(|c| !"KQkq-".contains(c)) {
                        first4[2] = "-";
                    }
                    (b, format!("fen {} 0 1", first4.join(" ")))
                }
                Err(e) => return no_position(format!("invalid FEN '{fen}': {e}")),
            }
        }
        Some((kind, _)) if kind.eq_ignore_ascii_case("startpos") => {
            return no_position(format!(
                "position: unexpected '{}' after startpos",
                setup[1..].join(" ")
            ));
        }
        _ => return no_position("position: expected 'startpos' or 'fen <FEN>'".to_string()),
    };
    let good = move_tokens
        .iter()
        .take_while(|t| is_move_syntax(t))
        .map(|t| t.to_ascii_lowercase())
        .collect::<Vec<_>>();
    let bad_move = move_tokens.get(good.len()).map(|t| t.to_string());
    let mut normalised = format!("position {crate_fen}");
    if !good.is_empty() {
        normalised.push_str(" moves ");
        normalised.push_str(&good.join(" "));
    }
    let start = match crate_parse(&normalised) {
        UciMessage::Position { moves, .. } if moves.len() == good.len() => Ok(board),
        UciMessage::Position { moves, .. } => {
            log::warn!(
                "vampirc-uci reads {} of {} moves in {normalised:?}",
                moves.len(),
                good.len()
            );
            Ok(board)
        }
        // A FEN our parser accepts but the crate's grammar does not (it
        // knows no more than we do): ours decides.
        other => {
            log::warn!("vampirc-uci does not read {normalised:?} as position: {other:?}");
            Ok(board)
        }
    };
    Command::Position(Position {
        start,
        moves: good,
        bad_move,
    })
}

/// `setoption name <name> [value <value>]`; the option table matches the
/// name case-insensitively.
fn parse_setoption(line: &str, tokens: &[&str]) -> Command {
    let normalised = tokens.join(" ");
    match crate_parse(&normalised) {
        UciMessage::SetOption { name, value } if !name.is_empty() => {
            // The crate reads "setoption name Hash value" as the name alone.
            let value = value
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty());
            Command::SetOption { name, value }
        }
        _ => unknown(line, "usage: setoption name <name> [value <value>]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match parse_line(line) {
            Command::Go(g) => g,
            other => panic!("{line:?} parsed as {other:?}"),
        }
    }

    fn position(line: &str) -> Position {
        match parse_line(line) {
            Command::Position(p) => p,
            other => panic!("{line:?} parsed as {other:?}"),
        }
    }

    #[test]
    fn chess960_positions_are_read_with_their_castling_rooks() {
        let p = position(
            "position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9 moves g1h1",
        );
        let b = p.start.unwrap();
        assert_eq!(
            b.to_fen(),
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
        );
        assert_eq!(p.moves, vec!["g1h1".to_string()]);
        assert_eq!(p.bad_move, None);
    }

    #[test]
    fn vampirc_truncated_numbers_keep_full_width() {
        assert_eq!(go("go depth 1000").depth, Some(1000));
        assert_eq!(go("go movestogo 1000").movestogo, Some(1000));
        assert_eq!(
            go("go nodes 1000000000000000").nodes,
            Some(1_000_000_000_000_000)
        );
        assert_eq!(
            go("go wtime 10000000000000").wtime,
            Some(10_000_000_000_000)
        );
    }

    #[test]
    fn vampirc_truncated_number_keeps_rest_of_line() {
        let g = go("go movestogo 1000 wtime 1000 btime 1000");
        assert_eq!(g.movestogo, Some(1000));
        assert_eq!(g.wtime, Some(1000));
        assert_eq!(g.btime, Some(1000));
    }

    #[test]
    fn vampirc_u8_overflow_panics_are_guarded() {
        assert_eq!(go("go depth 300").depth, Some(300));
        assert_eq!(go("go mate 300").mate, Some(300));
        assert_eq!(go("go movestogo 256").movestogo, Some(256));
        // And the crate itself, if it ever saw such a line, is contained.
        assert!(matches!(
            crate_parse("go depth 300"),
            UciMessage::Unknown(..)
        ));
    }

    #[test]
    fn vampirc_movetime_kept_next_to_clocks() {
        let g = go("go movetime 500 wtime 1000 btime 1000");
        assert_eq!(g.movetime, Some(500));
        assert_eq!(g.wtime, Some(1000));
    }

    #[test]
    fn vampirc_ponder_flag_kept() {
        assert!(go("go ponder wtime 1000 btime 1000 winc 10 binc 10").ponder);
        assert!(go("go ponder").ponder);
        assert!(go("go infinite wtime 1000").infinite);
    }

    #[test]
    fn vampirc_malformed_move_is_named_not_dropped_silently() {
        let p = position("position startpos moves e2e4 xx e7e5");
        assert_eq!(p.moves, vec!["e2e4"]);
        assert_eq!(p.bad_move.as_deref(), Some("xx"));
    }

    #[test]
    fn vampirc_two_spaces_before_first_move() {
        let p = position("position startpos moves  e2e4 e7e5");
        assert_eq!(p.moves, vec!["e2e4", "e7e5"]);
        let p = position("position\tstartpos \t moves e2e4   e7e5\r");
        assert_eq!(p.moves, vec!["e2e4", "e7e5"]);
    }

    #[test]
    fn vampirc_fullmove_number_over_9999() {
        let p = position("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 12345 moves e1g1 e8d8");
        let b = p.start.unwrap();
        assert_eq!(b.fullmove_number(), 12345);
        assert_eq!(p.moves, vec!["e1g1", "e8d8"]);
    }

    #[test]
    fn fuzz_crash_vertical_tab_inside_fen() {
        // Found by the fuzzer: a \x0b splits the FEN for our FEN parser but
        // not for the tokeniser, and the crate's FEN was cut from the tokens.
        let _ = parse_line("position fen 4k3/8/8/8/8/8/8/4K2R w K\u{b}- moves e1g1");
    }

    #[test]
    fn vampirc_four_field_fen() {
        let p = position("position fen 4k3/8/8/8/8/8/8/4K2R w K - moves e1g1");
        assert!(p.start.is_ok());
        assert_eq!(p.moves, vec!["e1g1"]);
    }

    #[test]
    fn vampirc_extensions_are_known() {
        assert_eq!(parse_line("go perft 3"), Command::Perft(3));
        assert_eq!(parse_line("d"), Command::Display);
        assert_eq!(parse_line("bench"), Command::Bench(None));
        assert_eq!(parse_line("bench 5"), Command::Bench(Some(5)));
    }

    /// The crate itself reads each normalised line as the guard does (up to
    /// its known losses): the guards feed it, they do not replace it.
    #[test]
    fn crate_agrees_with_the_guard_on_normalised_lines() {
        for line in [
            "go",
            "go depth 7",
            "go depth 1000 nodes 1000000000000000",
            "go mate 300",
            "go movetime 250",
            "go infinite",
            "go ponder",
            "go wtime 1000 btime 2000 winc 10 binc 20 movestogo 1000",
            "go wtime -5 btime 5",
            "go movetime 500 wtime 1000 btime 1000",
            "go ponder wtime 1000 btime 1000",
            "go searchmoves e2e4 d2d4 depth 3",
        ] {
            let args: Vec<&str> = line.split_whitespace().skip(1).collect();
            let Command::Go(go) = parse_go(&args) else {
                panic!("{line}")
            };
            let normalised = normalise_go(&go);
            assert_eq!(
                crate_reads_go_as(&normalised, &go),
                Ok(()),
                "{line} -> {normalised}"
            );
        }
    }

    #[test]
    fn negative_clock_counts_as_zero_and_garbage_is_named() {
        let g = go("go wtime -50 btime 1000 depth x");
        assert_eq!(g.wtime, Some(0));
        assert_eq!(g.depth, None);
        assert_eq!(g.warnings.len(), 1);
    }

    #[test]
    fn invalid_fen_leaves_no_position() {
        assert!(position("position fen 8/8/8 w - - 0 1").start.is_err());
        assert!(position("position").start.is_err());
        assert!(position("position startpos junk").start.is_err());
    }

    #[test]
    fn simple_commands_and_unknowns() {
        assert_eq!(parse_line("  isready  "), Command::IsReady);
        assert_eq!(parse_line("uci"), Command::Uci);
        assert_eq!(parse_line(""), Command::Empty);
        assert!(matches!(parse_line("hello"), Command::Unknown { .. }));
        assert!(matches!(
            parse_line("bestmove e2e4"),
            Command::Unknown { .. }
        ));
        assert_eq!(
            parse_line("setoption name Move Overhead value 100"),
            Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("100".into())
            }
        );
        assert_eq!(
            parse_line("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }
}
