//! Conformance with a real UCI client: python-chess plays a few short games
//! of Ladya against Stockfish through `scripts/conformance.py`, which
//! checks every move and counts Ladya's illegal moves, time losses, crashes
//! and stalls. The games are written to a PGN file, and `ladya outcome
//! --pgn` must find every recorded result `ok` by the FIDE Laws.
//!
//! Ignored by default (it needs python3 with python-chess and Debian's
//! `stockfish`); `make test` runs it:
//! `cargo test --release --test conformance -- --ignored --nocapture --test-threads=1`.
//! The books are small excerpts kept in `tests/data/books/`.
//! `LADYA_CONFORMANCE_GAMES` (default 4) and `LADYA_CONFORMANCE_TC`
//! (default 8+0.08) change its size. The default clock is generous because
//! `make test` must stay green whatever the search is; the tournament
//! clocks are `LADYA_CONFORMANCE_TC=1+0.01` and `10+0.1`.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::cli::{ladya, stdout};

/// The opponent's strength: weak, so that the games are short.
const STOCKFISH_OPTIONS: &str = "UCI_LimitStrength=true,UCI_Elo=1350,Threads=1,Hash=16";

#[test]
#[ignore]
fn short_games_against_stockfish_have_no_faults() {
    games_against_stockfish("standard", &["--book", &book("openings.epd")], 4);
}

/// The same in Chess960 (python-chess sets `UCI_Chess960`, sends
/// Shredder-FEN and king-takes-rook castling), from a book of start
/// arrays, Double Chess960 ones among them.
#[test]
#[ignore]
fn chess960_games_against_stockfish_have_no_faults() {
    games_against_stockfish("chess960", &["--book", &book("frc.epd"), "--chess960"], 4);
}

/// Games in which Ladya ponders: python-chess sends `go ponder` on Ladya's
/// ponder move, then `ponderhit` or `stop`.
#[test]
#[ignore]
fn ponder_games_against_stockfish_have_no_faults() {
    let out = games_against_stockfish("ponder", &["--ponder"], 2);
    let searches = out
        .lines()
        .find_map(|l| l.strip_prefix("ponder searches: "))
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("no ponder count:\n{out}"));
    assert!(searches > 0, "Ladya never pondered:\n{out}");
}

fn book(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/books")
        .join(name);
    assert!(path.exists(), "{} is missing", path.display());
    path.display().to_string()
}

/// Plays the games; asserts no fault of Ladya's and lawful results. The
/// runner's output.
fn games_against_stockfish(kind: &str, extra: &[&str], default_games: u32) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("stockfish is not installed (apt-get install stockfish)");
    let games =
        std::env::var("LADYA_CONFORMANCE_GAMES").unwrap_or_else(|_| default_games.to_string());
    let tc = std::env::var("LADYA_CONFORMANCE_TC").unwrap_or_else(|_| "8+0.08".into());
    let pgn: PathBuf = std::env::temp_dir().join(format!(
        "ladya-conformance-{}-{kind}.pgn",
        std::process::id()
    ));
    let out = Command::new("python3")
        .arg(root.join("scripts/conformance.py"))
        .args(["--engine", env!("CARGO_BIN_EXE_ladya"), "--name", "ladya"])
        .args([
            "--opponent",
            stockfish,
            "--opponent-options",
            STOCKFISH_OPTIONS,
        ])
        .args(["--games", &games, "--tc", &tc])
        .arg("--pgn")
        .arg(&pgn)
        .args(extra)
        .output()
        .expect("cannot run python3");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}{stderr}");
    let faults = stdout
        .lines()
        .find(|l| l.starts_with("faults ladya:"))
        .unwrap_or_else(|| panic!("no fault summary from conformance.py:\n{stdout}\n{stderr}"));
    assert_eq!(
        faults, "faults ladya: illegal 0, time 0, crash 0, stall 0",
        "\n{stderr}"
    );
    assert!(out.status.success(), "conformance.py failed:\n{stderr}");
    every_result_is_lawful(&pgn);
    let _ = std::fs::remove_file(&pgn);
    stdout
}

/// `ladya outcome --pgn` on the games conformance.py wrote: every one `ok`.
fn every_result_is_lawful(pgn: &Path) {
    let out = ladya(&["outcome", "--pgn", &pgn.display().to_string()]);
    let stdout = stdout(&out);
    println!("{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let summary = lines.last().copied().unwrap_or("");
    assert!(summary.starts_with("games: "), "no summary:\n{stdout}");
    assert!(
        !summary.starts_with("games: 0,"),
        "no games in {}",
        pgn.display()
    );
    let not_ok: Vec<&&str> = lines[..lines.len() - 1]
        .iter()
        .filter(|l| !l.contains(": ok: "))
        .collect();
    assert!(
        not_ok.is_empty(),
        "results the Laws do not give:\n{not_ok:#?}"
    );
    assert!(out.status.success(), "{stdout}");
}
